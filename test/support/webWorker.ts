/**
 * The web server bundle (dist/web/server.js) run as a browser runs it in a Web Worker, inside a
 * `node:vm` context that holds only what a bare worker offers: `self`, `postMessage`, message
 * events, timers, `TextEncoder`/`TextDecoder`, `URL`, `crypto`, `performance` and `console`. No
 * `process`, `require`, `Buffer` or `setImmediate`: a bundle that needs one fails here.
 *
 * The harness speaks LSP over the worker's messages (each message crosses the boundary as a
 * structured clone would: a copy, made by the worker's own JSON) and serves a workspace held in
 * memory under any URI scheme on the server's three file requests.
 */
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import vm from 'node:vm';

export interface Message {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** A workspace in memory: URI of a folder (no trailing slash) and its files by relative path. */
export class MemoryWorkspace {
  readonly files = new Map<string, { text: string; mtime: number }>();
  /** Every URI the server asked about, to check it never asks outside the workspace's scheme. */
  readonly asked: { method: string; uri: string }[] = [];

  constructor(
    readonly root: string,
    files: Record<string, string>,
  ) {
    for (const [rel, text] of Object.entries(files)) this.files.set(`${root}/${rel}`, { text, mtime: 1000 });
  }

  uri(rel: string): string {
    return `${this.root}/${rel}`;
  }

  write(rel: string, text: string): void {
    this.files.set(this.uri(rel), { text, mtime: Date.now() });
  }

  private isDir(uri: string): boolean {
    const prefix = uri.endsWith('/') ? uri : `${uri}/`;
    for (const k of this.files.keys()) if (k.startsWith(prefix)) return true;
    return false;
  }

  /** Answers a server → client file request; undefined for any other method. */
  answer(method: string, params: unknown): { handled: boolean; result: unknown } {
    if (!method.startsWith('lmDescriptors/fs/')) return { handled: false, result: undefined };
    const uri = (params as { uri: string }).uri;
    this.asked.push({ method, uri });
    const file = this.files.get(uri);
    switch (method) {
      case 'lmDescriptors/fs/stat':
        if (file) return { handled: true, result: { type: 1, size: file.text.length, mtime: file.mtime } };
        return { handled: true, result: this.isDir(uri) ? { type: 2, size: 0, mtime: 0 } : null };
      case 'lmDescriptors/fs/readDirectory': {
        if (!this.isDir(uri)) return { handled: true, result: null };
        const prefix = `${uri}/`;
        const out = new Map<string, number>();
        for (const k of this.files.keys()) {
          if (!k.startsWith(prefix)) continue;
          const rest = k.slice(prefix.length);
          const slash = rest.indexOf('/');
          out.set(slash < 0 ? rest : rest.slice(0, slash), slash < 0 ? 1 : 2);
        }
        return { handled: true, result: [...out] };
      }
      case 'lmDescriptors/fs/readFile':
        return { handled: true, result: file ? { text: file.text } : null };
      default:
        return { handled: true, result: null };
    }
  }
}

/** The bundle running in a bare worker context, with an LSP client on its messages. */
export class WorkerServer {
  private readonly context: vm.Context;
  private readonly onmessageOf: () => ((ev: { data: unknown }) => void) | null;
  private readonly listeners = new Set<(ev: { data: unknown }) => void>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextId = 1;
  readonly notifications: Message[] = [];
  private readonly waiters: { test: () => boolean; resolve(): void }[] = [];
  /** Uncaught errors thrown in the worker (a bare worker would report them as error events). */
  readonly errors: unknown[] = [];

  constructor(
    bundle: string,
    private readonly workspace: MemoryWorkspace,
    /** Answers to other server → client requests (configuration, registrations, progress). */
    private readonly otherRequest: (method: string, params: unknown) => unknown = () => null,
  ) {
    const timers = this.timers;
    const track =
      <A extends unknown[]>(fn: (cb: () => void, ms?: number, ...a: A) => ReturnType<typeof setTimeout>) =>
      (cb: () => void, ms?: number, ...a: A) => {
        const t = fn(
          () => {
            timers.delete(t);
            try {
              cb();
            } catch (e) {
              this.errors.push(e);
            }
          },
          ms,
          ...a,
        );
        timers.add(t);
        return t;
      };
    const worker: Record<string, unknown> = {
      // A worker posts to the page; here the page is this harness.
      postMessage: (data: unknown) => this.fromWorker(data),
      addEventListener: (type: string, fn: (ev: { data: unknown }) => void) => {
        if (type === 'message') this.listeners.add(fn);
      },
      removeEventListener: (type: string, fn: (ev: { data: unknown }) => void) => {
        if (type === 'message') this.listeners.delete(fn);
      },
      onmessage: null,
      setTimeout: track(setTimeout),
      clearTimeout: (t: ReturnType<typeof setTimeout>) => {
        timers.delete(t);
        clearTimeout(t);
      },
      setInterval: track(setInterval),
      clearInterval: (t: ReturnType<typeof setInterval>) => {
        timers.delete(t);
        clearInterval(t);
      },
      TextEncoder,
      TextDecoder,
      URL,
      crypto: webcrypto,
      performance,
      console,
    };
    worker['self'] = worker;
    this.context = vm.createContext(worker, { name: 'web worker' });
    this.onmessageOf = () => worker['onmessage'] as ((ev: { data: unknown }) => void) | null;
    vm.runInContext(bundle, this.context, { filename: 'dist/web/server.js' });
  }

  /** What the worker's own global scope has (to check nothing Node-only leaked in). */
  globalNames(): string[] {
    return vm.runInContext('Object.getOwnPropertyNames(globalThis)', this.context) as string[];
  }

  private toWorker(msg: Message): void {
    // A structured clone: the worker gets its own copy, made in its own realm.
    const parse = vm.runInContext('JSON.parse', this.context) as (s: string) => unknown;
    const ev = { data: parse(JSON.stringify(msg)) };
    this.onmessageOf()?.(ev);
    for (const l of this.listeners) l(ev);
  }

  private fromWorker(data: unknown): void {
    const msg = JSON.parse(JSON.stringify(data)) as Message;
    if (msg.method !== undefined && msg.id !== undefined) {
      const fs = this.workspace.answer(msg.method, msg.params);
      const result = fs.handled ? fs.result : this.otherRequest(msg.method, msg.params);
      // Answered on a later turn, as a real client's answer arrives.
      setTimeout(() => this.toWorker({ jsonrpc: '2.0', id: msg.id!, result: result ?? null }), 0);
      return;
    }
    if (msg.method !== undefined) {
      this.notifications.push(msg);
      for (const w of [...this.waiters]) {
        if (w.test()) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve();
        }
      }
      return;
    }
    const p = this.pending.get(Number(msg.id));
    if (!p) return;
    this.pending.delete(Number(msg.id));
    if (msg.error) p.reject(new Error(`${msg.error.code}: ${msg.error.message}`));
    else p.resolve(msg.result);
  }

  request<R>(method: string, params: unknown): Promise<R> {
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.toWorker({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.toWorker({ jsonrpc: '2.0', method, params });
  }

  /** Resolves when a notification satisfying `test` has arrived (counting those already in). */
  async waitFor(test: (m: Message) => boolean, timeoutMs: number, what: string, since = 0): Promise<Message> {
    const find = () => this.notifications.slice(since).find(test);
    const found = find();
    if (found) return found;
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      this.waiters.push({
        test: () => find() !== undefined,
        resolve: () => {
          clearTimeout(t);
          resolve();
        },
      });
    });
    return find()!;
  }

  /** Stops every timer the worker left (a browser ends a worker the same way: terminate). */
  terminate(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

export function readBundle(file: string): string {
  return readFileSync(file, 'utf8');
}
