/**
 * A small typed LSP client for protocol tests: spawns `node dist/server.js --stdio` and talks
 * JSON-RPC to it with vscode-jsonrpc. Every wait is event driven (resolved by the notification
 * that satisfies it) and bounded by a timeout; a server that exits makes every pending wait fail
 * with its exit code and the tail of its stderr, so a crash never shows up as a mere timeout.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as rpc from 'vscode-jsonrpc/node';
import type {
  CompletionItem,
  CompletionList,
  Definition,
  Diagnostic as LspDiagnostic,
  FileEvent,
  Hover,
  InitializeResult,
  LocationLink,
  Position,
  PublishDiagnosticsParams,
  Range,
} from 'vscode-languageserver-protocol';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_JS = path.join(REPO_ROOT, 'dist', 'server.js');
export const CLI_JS = path.join(REPO_ROOT, 'dist', 'cli.js');

export interface StatusParams {
  state: 'indexing' | 'ready';
  done: number;
  total: number;
  descriptors: number;
  /** With `ready`: true while a warm start checks its cached entries against the disk. */
  verifying?: boolean;
}

export interface InitOptions {
  cacheDir?: string;
  disableCache?: boolean;
  triggerSuggestCommand?: string;
  settings?: {
    diagnostics?: { debounceMs?: number; severity?: Record<string, string> };
    maxFileSizeMB?: number;
    exclude?: string[];
  };
}

/** A diagnostic as this client stores it: the message is always plain text. */
export type Diagnostic = Omit<LspDiagnostic, 'message'> & { message: string };

export interface Publication extends Omit<PublishDiagnosticsParams, 'diagnostics'> {
  diagnostics: Diagnostic[];
  /** Global arrival number (1-based), to tell "before" from "after" an action. */
  seq: number;
  /** Milliseconds since the client started. */
  at: number;
}

export interface StatusEvent extends StatusParams {
  seq: number;
  at: number;
}

export const FileChange = { Created: 1, Changed: 2, Deleted: 3 } as const;

export const DiagnosticSeverity = { Error: 1, Warning: 2, Information: 3, Hint: 4 } as const;

export function fileUri(p: string): string {
  return pathToFileURL(p).href;
}

export function uriToPath(u: string): string {
  return fileURLToPath(u);
}

interface Waiter {
  check: () => boolean;
  reject: (e: Error) => void;
}

/** Diagnostics with the given code. */
export function withCode(diags: readonly Diagnostic[], code: string): Diagnostic[] {
  return diags.filter((d) => d.code === code);
}

/** Zero-based position of the `occurrence`-th `needle` in `text`, plus `delta` characters. */
export function positionOf(text: string, needle: string, delta = 0, occurrence = 0): Position {
  let idx = -1;
  for (let i = 0; i <= occurrence; i++) {
    idx = text.indexOf(needle, idx + 1);
    if (idx < 0) throw new Error(`'${needle}' (occurrence ${occurrence}) not found in the text`);
  }
  const offset = idx + delta;
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  const character = offset - (before.lastIndexOf('\n') + 1);
  return { line, character };
}

export class LspClient {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly conn: rpc.MessageConnection;
  readonly publications: Publication[] = [];
  readonly statuses: StatusEvent[] = [];
  readonly logs: string[] = [];
  /** Server -> client requests received, by method. */
  readonly serverRequests: { method: string; params: unknown }[] = [];
  private stderrText = '';
  private seq = 0;
  private readonly t0 = Date.now();
  private readonly waiters = new Set<Waiter>();
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private versions = new Map<string, number>();

  constructor(opts: { cwd?: string; args?: string[]; env?: NodeJS.ProcessEnv } = {}) {
    if (!existsSync(SERVER_JS)) throw new Error(`${SERVER_JS} is missing: run \`npm run build\` first`);
    this.proc = spawn(process.execPath, [SERVER_JS, '--stdio', ...(opts.args ?? [])], {
      cwd: opts.cwd ?? REPO_ROOT,
      ...(opts.env ? { env: opts.env } : {}),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (d: string) => {
      this.stderrText = (this.stderrText + d).slice(-20000);
    });
    this.exited = new Promise((resolve) => {
      this.proc.on('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        const err = new Error(
          `language server exited (code ${code}, signal ${signal}); stderr ` +
            `tail:\n${this.stderrText.slice(-3000)}\nlog tail:\n${this.logs.slice(-20).join('\n')}`,
        );
        for (const w of [...this.waiters]) w.reject(err);
        this.waiters.clear();
        resolve({ code, signal });
      });
    });
    // Writing to a dead process must not crash the test runner.
    this.proc.stdin.on('error', () => undefined);
    this.conn = rpc.createMessageConnection(
      new rpc.StreamMessageReader(this.proc.stdout),
      new rpc.StreamMessageWriter(this.proc.stdin),
    );
    this.conn.onError(() => undefined);
    this.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      const diagnostics = p.diagnostics.map((d) => ({
        ...d,
        message: typeof d.message === 'string' ? d.message : d.message.value,
      }));
      this.publications.push({ ...p, diagnostics, seq: ++this.seq, at: Date.now() - this.t0 });
      this.poke();
    });
    this.conn.onNotification('lmDescriptors/status', (s: StatusParams) => {
      this.statuses.push({ ...s, seq: ++this.seq, at: Date.now() - this.t0 });
      this.poke();
    });
    this.conn.onNotification('window/logMessage', (m: { message: string }) => {
      this.logs.push(m.message);
      this.poke();
    });
    this.conn.onNotification((method: string) => {
      this.logs.push(`(notification ${method})`);
    });
    // client/registerCapability, window/workDoneProgress/create, workspace/configuration...
    this.conn.onRequest((method: string, params: unknown) => {
      this.serverRequests.push({ method, params });
      this.poke();
      return null;
    });
    this.conn.listen();
  }

  get stderr(): string {
    return this.stderrText;
  }

  get alive(): boolean {
    return this.exitInfo === undefined;
  }

  /** Current arrival number: pass it as `since` to wait for something that arrives later. */
  mark(): number {
    return this.seq;
  }

  elapsed(): number {
    return Date.now() - this.t0;
  }

  private poke(): void {
    for (const w of [...this.waiters]) w.check();
  }

  /**
   * Resolves with `probe()`'s value as soon as it is not undefined; probe runs now and after
   * every message from the server. Rejects after `timeoutMs` or when the server exits.
   */
  waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.exitInfo) {
        reject(
          new Error(
            `waiting for ${what}: the language server has exited (code ${this.exitInfo.code}); ` +
              `stderr:\n${this.stderrText.slice(-3000)}`,
          ),
        );
        return;
      }
      // eslint-disable-next-line prefer-const -- assigned after the waiter that clears it is built
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        check: () => {
          let v: T | undefined;
          try {
            v = probe();
          } catch (e) {
            this.waiters.delete(waiter);
            clearTimeout(timer);
            reject(e as Error);
            return true;
          }
          if (v === undefined) return false;
          this.waiters.delete(waiter);
          clearTimeout(timer);
          resolve(v);
          return true;
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(new Error(`waiting for ${what}: ${e.message}`));
        },
      };
      if (waiter.check()) return;
      this.waiters.add(waiter);
      timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
    });
  }

  /** Publications for `uri`, oldest first. */
  diagnosticsFor(uri: string): Publication[] {
    return this.publications.filter((p) => p.uri === uri);
  }

  latestDiagnostics(uri: string): Publication | undefined {
    const all = this.diagnosticsFor(uri);
    return all[all.length - 1];
  }

  /**
   * Waits for a publishDiagnostics for `uri` whose diagnostics satisfy `predicate`. With `since`
   * (from `mark()`), only publications that arrived after that mark count; without it, the latest
   * publication so far counts too, then every later one.
   */
  waitForDiagnostics(
    uri: string,
    predicate: (diags: Diagnostic[], p: Publication) => boolean,
    timeoutMs = 10000,
    since?: number,
  ): Promise<Publication> {
    const floor = since ?? (this.latestDiagnostics(uri)?.seq ?? 1) - 1;
    const latest = this.latestDiagnostics(uri)?.diagnostics.map(
      (d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`,
    );
    return this.waitFor(
      () => {
        for (const p of this.publications) if (p.uri === uri && p.seq > floor && predicate(p.diagnostics, p)) return p;
        return undefined;
      },
      timeoutMs,
      `diagnostics for ${uri} matching ${predicate.toString().slice(0, 160)} (latest: ${JSON.stringify(latest)})`,
    );
  }

  /** Waits for a status notification with the given state (the first one after `since`). */
  waitForStatus(state: 'indexing' | 'ready', timeoutMs = 15000, since = 0): Promise<StatusEvent> {
    return this.waitFor(
      () => this.statuses.find((s) => s.seq > since && s.state === state),
      timeoutMs,
      `lmDescriptors/status ${state}`,
    );
  }

  async initialize(
    workspaceFolder: string | undefined,
    initializationOptions: InitOptions = { disableCache: true },
    capabilities: Record<string, unknown> = {},
  ): Promise<InitializeResult> {
    const folderUri = workspaceFolder ? fileUri(workspaceFolder) : null;
    const result = await this.request<InitializeResult>(
      'initialize',
      {
        processId: process.pid,
        clientInfo: { name: 'protocol-tests', version: '1' },
        rootUri: folderUri,
        workspaceFolders: folderUri ? [{ uri: folderUri, name: path.basename(workspaceFolder!) }] : null,
        initializationOptions,
        capabilities: {
          workspace: {
            configuration: false,
            workspaceFolders: true,
            didChangeWatchedFiles: { dynamicRegistration: true },
          },
          textDocument: {
            synchronization: { dynamicRegistration: false, didSave: false },
            publishDiagnostics: { relatedInformation: true, versionSupport: true },
            completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
            hover: { contentFormat: ['markdown', 'plaintext'] },
            definition: { linkSupport: true },
          },
          window: { workDoneProgress: true },
          ...capabilities,
        },
      },
      15000,
    );
    void this.conn.sendNotification('initialized', {});
    return result;
  }

  /** Sends a request and fails if no answer comes within `timeoutMs` or the server dies. */
  async request<R>(method: string, params: unknown, timeoutMs = 10000): Promise<R> {
    if (this.exitInfo) throw new Error(`${method}: the language server has exited (code ${this.exitInfo.code})`);
    const cts = new rpc.CancellationTokenSource();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        cts.cancel();
        reject(new Error(`${method} got no answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    const died = this.exited.then((e) => {
      throw new Error(
        `${method}: the language server exited (code ${e.code}, signal ${e.signal}) before answering; ` +
          `stderr:\n${this.stderrText.slice(-3000)}`,
      );
    });
    try {
      return await Promise.race([this.conn.sendRequest<R>(method, params, cts.token), timeout, died]);
    } finally {
      clearTimeout(timer);
      cts.dispose();
    }
  }

  notify(method: string, params: unknown): void {
    if (this.exitInfo) throw new Error(`${method}: the language server has exited (code ${this.exitInfo.code})`);
    void this.conn.sendNotification(method, params);
  }

  open(uri: string, text: string, languageId = 'yaml'): void {
    this.versions.set(uri, 1);
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Replaces the whole text of an open document (a range-less content change). */
  change(uri: string, text: string): number {
    const v = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, v);
    this.notify('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ text }] });
    return v;
  }

  /**
   * Sends incremental (range) content changes in one didChange, applied by the server in order,
   * each against the text left by the previous one. Returns the new version.
   */
  changeIncremental(uri: string, changes: { range: Range; text: string }[]): number {
    const v = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, v);
    this.notify('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: changes });
    return v;
  }

  /** The version last sent for an open document (undefined when it is not open). */
  versionOf(uri: string): number | undefined {
    return this.versions.get(uri);
  }

  /**
   * Sends a request that the caller may cancel (`cancel()` sends `$/cancelRequest`). The promise
   * settles with the server's answer (a result or a ResponseError such as RequestCancelled), and
   * rejects if no answer comes within `timeoutMs` or the server dies.
   */
  requestCancellable<R>(method: string, params: unknown, timeoutMs = 10000): { promise: Promise<R>; cancel(): void } {
    const cts = new rpc.CancellationTokenSource();
    const run = async (): Promise<R> => {
      if (this.exitInfo) throw new Error(`${method}: the language server has exited (code ${this.exitInfo.code})`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${method} got no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      const died = this.exited.then((e) => {
        throw new Error(
          `${method}: the language server exited (code ${e.code}, signal ${e.signal}) before answering; ` +
            `stderr:\n${this.stderrText.slice(-3000)}`,
        );
      });
      try {
        return await Promise.race([this.conn.sendRequest<R>(method, params, cts.token), timeout, died]);
      } finally {
        clearTimeout(timer);
      }
    };
    const promise = run();
    // The caller may attach its handlers later; never let a rejection go unhandled meanwhile.
    promise.catch(() => undefined);
    return { promise, cancel: () => cts.cancel() };
  }

  close(uri: string): void {
    this.versions.delete(uri);
    this.notify('textDocument/didClose', { textDocument: { uri } });
  }

  watchedFilesChanged(changes: FileEvent[]): void {
    this.notify('workspace/didChangeWatchedFiles', { changes });
  }

  hover(uri: string, position: Position, timeoutMs = 10000): Promise<Hover | null> {
    return this.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position }, timeoutMs);
  }

  async completion(uri: string, position: Position, timeoutMs = 10000): Promise<CompletionItem[]> {
    const r = await this.request<CompletionItem[] | CompletionList | null>(
      'textDocument/completion',
      { textDocument: { uri }, position },
      timeoutMs,
    );
    if (!r) return [];
    return Array.isArray(r) ? r : r.items;
  }

  async definition(uri: string, position: Position, timeoutMs = 10000): Promise<LocationLink[]> {
    const r = await this.request<Definition | LocationLink[] | null>(
      'textDocument/definition',
      { textDocument: { uri }, position },
      timeoutMs,
    );
    if (!r) return [];
    const arr = Array.isArray(r) ? r : [r];
    // Normalise plain Locations to links so tests can check one shape.
    return arr.map((l) =>
      'targetUri' in l ? l : { targetUri: l.uri, targetRange: l.range, targetSelectionRange: l.range },
    );
  }

  /** Orderly shutdown (shutdown request + exit notification), then a kill if it lingers. */
  async shutdown(timeoutMs = 3000): Promise<void> {
    if (this.exitInfo) return;
    try {
      await this.request('shutdown', null, timeoutMs);
      this.notify('exit', null);
    } catch {
      // Fall through to kill.
    }
    const done = await Promise.race([
      this.exited.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs).unref()),
    ]);
    if (!done) this.kill();
    this.conn.dispose();
  }

  kill(): void {
    if (this.exitInfo) return;
    this.proc.kill('SIGKILL');
  }
}

/** Hover contents as one string, whatever shape the server sent. */
export function hoverText(h: Hover | null): string {
  if (!h) return '';
  const c = h.contents as unknown;
  const one = (x: unknown): string =>
    typeof x === 'string'
      ? x
      : x && typeof x === 'object' && 'value' in x
        ? String((x as { value: unknown }).value)
        : '';
  return Array.isArray(c) ? c.map(one).join('\n') : one(c);
}
