/**
 * A minimal JSON-RPC client for the benchmark: spawns `node dist/server.js --stdio`, records
 * status notifications, diagnostics and log messages, and offers bounded waits.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as rpc from 'vscode-jsonrpc/node';

export interface Status {
  state: 'indexing' | 'ready';
  done: number;
  total: number;
  descriptors: number;
  /** With `ready`: the index answers from the warm-start cache while its files are checked (protocol.ts). */
  verifying?: boolean;
}

export interface Publication {
  uri: string;
  version?: number;
  diagnostics: { code?: string | number; severity?: number; message: string }[];
  /** performance.now() at arrival. */
  at: number;
}

interface Waiter {
  check(): void;
}

export class BenchClient {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly conn: rpc.MessageConnection;
  readonly spawnedAt = performance.now();
  /** Each status with its arrival time and the server's CPU time then (see `cpuMs`). */
  readonly statuses: (Status & { at: number; cpuMs?: number })[] = [];
  readonly publications: Publication[] = [];
  readonly logs: string[] = [];
  private stderrTail = '';
  private readonly waiters = new Set<Waiter>();
  exited = false;

  constructor(serverJs: string, cwd: string, nodeArgs: string[] = []) {
    this.proc = spawn(process.execPath, [...nodeArgs, serverJs, '--stdio'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (d: string) => {
      this.stderrTail = (this.stderrTail + d).slice(-4000);
    });
    this.proc.stdin.on('error', () => undefined);
    this.proc.on('exit', () => {
      this.exited = true;
      this.poke();
    });
    this.conn = rpc.createMessageConnection(
      new rpc.StreamMessageReader(this.proc.stdout),
      new rpc.StreamMessageWriter(this.proc.stdin),
    );
    this.conn.onError(() => undefined);
    this.conn.onNotification('textDocument/publishDiagnostics', (p: Omit<Publication, 'at'>) => {
      this.publications.push({ ...p, at: performance.now() });
      this.poke();
    });
    this.conn.onNotification('lmDescriptors/status', (s: Status) => {
      this.statuses.push({ ...s, at: performance.now(), cpuMs: this.cpuMs() });
      this.poke();
    });
    this.conn.onNotification('window/logMessage', (m: { message: string }) => {
      this.logs.push(m.message);
    });
    this.conn.onRequest(() => null);
    this.conn.listen();
  }

  get pid(): number | undefined {
    return this.proc.pid;
  }

  get stderr(): string {
    return this.stderrTail;
  }

  private poke(): void {
    for (const w of [...this.waiters]) w.check();
  }

  /** Resolves with probe()'s first defined value (checked now and on every message); rejects on timeout or exit. */
  waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const w: Waiter = {
        check: () => {
          if (this.exited) {
            cleanup();
            reject(new Error(`server exited while waiting for ${what}; stderr: ${this.stderrTail.slice(-1000)}`));
            return;
          }
          const v = probe();
          if (v !== undefined) {
            cleanup();
            resolve(v);
          }
        },
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(w);
      };
      this.waiters.add(w);
      w.check();
    });
  }

  /** A request bounded by a timeout. */
  request<R>(method: string, params: unknown, timeoutMs: number): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method} timed out after ${timeoutMs} ms`)), timeoutMs);
      this.conn.sendRequest<R>(method, params).then(
        (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  /** A request cancelled (`$/cancelRequest`) when it has not answered after `ms`: undefined then. */
  async requestOrCancel<R>(method: string, params: unknown, ms: number): Promise<R | undefined> {
    const source = new rpc.CancellationTokenSource();
    const timer = setTimeout(() => source.cancel(), ms);
    try {
      return await this.conn.sendRequest<R>(method, params, source.token);
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
      source.dispose();
    }
  }

  notify(method: string, params: unknown): void {
    void this.conn.sendNotification(method, params);
  }

  /** Sends `initialize` for one workspace folder at `root`, then `initialized`. */
  async initializeWorkspace(
    root: string,
    opts: { capabilities?: object; initializationOptions?: object; name?: string } = {},
  ): Promise<void> {
    const rootUri = pathToFileURL(root).href;
    await this.request(
      'initialize',
      {
        processId: process.pid,
        rootUri,
        capabilities: opts.capabilities ?? {},
        workspaceFolders: [{ uri: rootUri, name: opts.name ?? path.basename(root) }],
        ...(opts.initializationOptions ? { initializationOptions: opts.initializationOptions } : {}),
      },
      30_000,
    );
    this.notify('initialized', {});
  }

  /**
   * Types over one digit per edit, `count` times (a `1` becomes `2`, anything else `1`), at `at`
   * in turn, each edit a didChange of the next version after `version`; the ms from each to the
   * publication of its version. `lines` is the open text, changed in place.
   */
  async toggleDigits(
    uri: string,
    lines: string[],
    at: readonly { line: number; character: number }[],
    count: number,
    version: number,
  ): Promise<{ times: number[]; version: number }> {
    const times: number[] = [];
    for (let i = 0; i < count && at.length; i++) {
      const e = at[i % at.length]!;
      const next = lines[e.line]!.charAt(e.character) === '1' ? '2' : '1';
      lines[e.line] = lines[e.line]!.slice(0, e.character) + next + lines[e.line]!.slice(e.character + 1);
      const v = ++version;
      const t0 = performance.now();
      this.notify('textDocument/didChange', {
        textDocument: { uri, version: v },
        contentChanges: [{ range: { start: e, end: { line: e.line, character: e.character + 1 } }, text: next }],
      });
      const p = await this.waitFor(
        () => this.publications.find((x) => x.uri === uri && x.version === v),
        20_000,
        `diagnostics for didChange v${v}`,
      );
      times.push(p.at - t0);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    return { times, version };
  }

  /**
   * Closes `uri` and waits until its diagnostics were cleared, then a little more: the next open of a
   * didOpen measurement never overlaps the close.
   */
  async closeAndWaitCleared(uri: string): Promise<void> {
    const before = this.publications.length;
    this.notify('textDocument/didClose', { textDocument: { uri } });
    await this.waitFor(
      () => (this.publications.slice(before).some((p) => p.uri === uri && p.version === undefined) ? true : undefined),
      10_000,
      'diagnostics cleared on close',
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
  }

  /**
   * User + system CPU time of the server process so far, in ms (Linux only; 10 ms ticks): on a shared
   * machine the CPU a start-up costs moves far less than its wall time. `main`: the main (JS) thread's alone,
   * which a quiet machine's wall time follows (the rest is V8's helpers and the thread pool).
   */
  cpuMs(thread?: 'main'): number | undefined {
    try {
      const file = thread ? `/proc/${this.proc.pid}/task/${this.proc.pid}/stat` : `/proc/${this.proc.pid}/stat`;
      const stat = readFileSync(file, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
    } catch {
      return undefined;
    }
  }

  /** User + system CPU time of the server's main thread so far, in ms (as `cpuMs`, for that thread alone). */
  mainCpuMs(): number | undefined {
    try {
      const stat = readFileSync(`/proc/${this.proc.pid}/task/${this.proc.pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
    } catch {
      return undefined;
    }
  }

  /** VmHWM / VmRSS of the server process in MB (Linux only). */
  memory(): { hwmMB?: number; rssMB?: number } {
    try {
      const s = readFileSync(`/proc/${this.proc.pid}/status`, 'utf8');
      const kb = (k: string) => {
        const m = new RegExp(`^${k}:\\s+(\\d+)\\s+kB`, 'm').exec(s);
        return m ? Number(m[1]) / 1024 : undefined;
      };
      const out: { hwmMB?: number; rssMB?: number } = {};
      const h = kb('VmHWM');
      const r = kb('VmRSS');
      if (h !== undefined) out.hwmMB = h;
      if (r !== undefined) out.rssMB = r;
      return out;
    } catch {
      return {};
    }
  }

  /** Polite shutdown, then a kill of this one process if it does not go. */
  async close(): Promise<void> {
    if (this.exited) return;
    try {
      await this.request('shutdown', null, 2000);
      this.notify('exit', null);
    } catch {
      // Fall through to the kill.
    }
    const gone = new Promise<void>((r) => {
      if (this.exited) r();
      else this.proc.once('exit', () => r());
    });
    const timer = setTimeout(() => {
      if (!this.exited) this.proc.kill('SIGKILL');
    }, 2000);
    await gone;
    clearTimeout(timer);
    this.conn.dispose();
  }
}
