/**
 * What one run of the checker asked the disk, as questions the next run can ask again: the inputs of
 * the run cache (host/runCache.ts). Recording wraps the functions of node's `fs` module for the run,
 * so every read is seen whatever part of the checker makes it (the index, the archive reader, the
 * package hashes, the workspace-root search), and a run that touches the disk in a way this module
 * does not know how to ask again (a write, an fs function it has no question for, a warning or a
 * console line outside the checker's output) is marked unsafe and never stored.
 *
 * Questions are asked before the call they stand for, as `RecordingFileSystem` does: a file read
 * is its stat taken first, so a change during the run shows at the next run as a new answer. Each
 * question is kept once, with its first answer.
 */
// The module object itself (a default import): a namespace import is a copy with read-only getters.
import fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash64 } from '../util/hash.js';

/**
 * `s` a stat (a read or an open is its stat), `l` an lstat, `e` an existence check, `d` a folder
 * listing, `r` a real path, `k` a link's target.
 */
export type ProbeKind = 's' | 'l' | 'e' | 'd' | 'r' | 'k';
export type Probe = [kind: ProbeKind, path: string, answer: string];

/**
 * The functions asking, taken before any wrapping. A file's answer is its size, mtime, ctime and
 * inode: an edit that keeps the size and puts the mtime back (`touch -d`, `cp -p`) still moves the
 * ctime, which no user call can set.
 */
const real = {
  stat: fs.statSync,
  lstat: fs.lstatSync,
  readdir: fs.readdirSync,
  realpath: fs.realpathSync,
  readlink: fs.readlinkSync,
};

/** A stat's or a listing entry's type. */
function typeOf(st: Pick<fs.Stats, 'isFile' | 'isDirectory' | 'isSymbolicLink'>): string {
  return st.isFile() ? 'f' : st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : 'o';
}

function fileAnswer(st: fs.Stats): string {
  return st.isFile() ? `f${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}` : typeOf(st);
}

/** The answer to a question now; never throws (a failure is an answer too). */
export function answer(kind: ProbeKind, p: string): string {
  try {
    switch (kind) {
      case 's': {
        const st = real.stat(p, { throwIfNoEntry: false });
        return st ? fileAnswer(st) : '-';
      }
      case 'l': {
        const st = real.lstat(p, { throwIfNoEntry: false });
        return st ? (st.isSymbolicLink() ? `l${real.readlink(p)}` : fileAnswer(st)) : '-';
      }
      case 'e': {
        const st = real.stat(p, { throwIfNoEntry: false });
        return st ? typeOf(st) : '-';
      }
      case 'd': {
        const rows = real.readdir(p, { withFileTypes: true }).map((e) => `${e.name}/${typeOf(e)}`);
        return hash64(rows.sort().join('\n'));
      }
      case 'r':
        return real.realpath(p);
      case 'k':
        return real.readlink(p);
    }
  } catch (e) {
    return `x${(e as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

/** The newest change time (ms) a file answer holds; 0 for any other answer. */
export function changedAt(a: string): number {
  const m = /^f\d+:([\d.]+):([\d.]+):/.exec(a);
  return m ? Math.max(Number(m[1]), Number(m[2])) : 0;
}

/** `fs` functions taking a path (or an fd, passed through), and the question each stands for. */
const ASKING: Record<string, ProbeKind> = {
  statSync: 's',
  stat: 's',
  lstatSync: 'l',
  lstat: 'l',
  existsSync: 'e',
  exists: 'e',
  accessSync: 'e',
  access: 'e',
  readFileSync: 's',
  readFile: 's',
  openSync: 's',
  open: 's',
  createReadStream: 's',
  readdirSync: 'd',
  readdir: 'd',
  opendirSync: 'd',
  opendir: 'd',
  realpathSync: 'r',
  realpath: 'r',
  readlinkSync: 'k',
  readlink: 'k',
};

/** Functions on descriptors or handles only: what they read comes from an open already asked. */
const ON_DESCRIPTORS = new Set(['fstatSync', 'fstat', 'readSync', 'read', 'readvSync', 'readv', 'closeSync', 'close']);

const WRITE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_TRUNC;

type AnyFunction = (...args: unknown[]) => unknown;

/** The questions a run asked and the output it wrote, while it runs. */
export class RunRecorder {
  private readonly asked = new Map<string, Probe>();
  private readonly undo: (() => void)[] = [];
  /** Why this run cannot be stored (the first reason seen); undefined while it can. */
  unsafe: string | undefined;
  /** Standard output and error as written, in order. */
  readonly output: [fd: 1 | 2, bytes: Uint8Array][] = [];

  get probes(): Probe[] {
    return [...this.asked.values()];
  }

  /** Wraps `fs`, `fs/promises`, `process.emitWarning` and `console` until `stop`. */
  start(): void {
    const fsObject = fs as unknown as Record<string, unknown>;
    for (const name of Object.keys(fsObject)) this.wrap(fsObject, name, 'fs');
    const promises = fs.promises as unknown as Record<string, unknown>;
    for (const name of Object.keys(promises)) this.wrap(promises, name, 'fs.promises');
    this.trap(process as unknown as Record<string, unknown>, 'emitWarning', 'a warning');
    const con = console as unknown as Record<string, unknown>;
    for (const name of ['log', 'info', 'warn', 'error', 'debug', 'dir', 'trace', 'table'])
      this.trap(con, name, `console.${name}`);
  }

  /** Puts every wrapped function back. */
  stop(): void {
    for (const f of this.undo.splice(0).reverse()) f();
  }

  private ask(kind: ProbeKind, target: unknown): void {
    if (typeof target !== 'string' && !(target instanceof URL)) {
      this.unsafe ??= `a ${kind} question about something that is not a path`;
      return;
    }
    const p = path.resolve(typeof target === 'string' ? target : fileURLToPath(target));
    const key = kind + p;
    if (!this.asked.has(key)) this.asked.set(key, [kind, p, answer(kind, p)]);
  }

  private wrap(obj: Record<string, unknown>, name: string, owner: string): void {
    const original = obj[name];
    // Classes (Stats, Dirent, streams) and constants stay as they are.
    if (typeof original !== 'function' || !/^[a-z]/.test(name) || ON_DESCRIPTORS.has(name)) return;
    const fn = original as AnyFunction;
    const kind = ASKING[name];
    let wrapper: AnyFunction;
    if (name === 'writeSync' || name === 'write') {
      wrapper = (...args: unknown[]) => this.written(fn, args);
    } else if (kind) {
      wrapper = (...args: unknown[]) => {
        const [target, flags] = args;
        // A descriptor or a handle: what it reads was asked when it was opened.
        if (typeof target !== 'number' && !(typeof target === 'object' && target && 'fd' in target)) {
          if ((name === 'openSync' || name === 'open') && opensForWriting(flags)) this.unsafe ??= `${owner}.${name}`;
          this.ask(kind, target);
        }
        return fn(...args);
      };
    } else {
      wrapper = (...args: unknown[]) => {
        this.unsafe ??= `${owner}.${name}`;
        return fn(...args);
      };
    }
    // `util.promisify.custom` and other symbol-keyed extras stay reachable.
    for (const sym of Object.getOwnPropertySymbols(original)) {
      const d = Object.getOwnPropertyDescriptor(original, sym);
      if (d) Object.defineProperty(wrapper, sym, d);
    }
    // realpathSync.native and friends: the same question.
    const native = (original as { native?: unknown }).native;
    if (typeof native === 'function' && kind) {
      (wrapper as { native?: unknown }).native = (...args: unknown[]) => {
        this.ask(kind, args[0]);
        return (native as AnyFunction)(...args);
      };
    }
    obj[name] = wrapper;
    this.undo.push(() => (obj[name] = original));
  }

  private trap(obj: Record<string, unknown>, name: string, what: string): void {
    const original = obj[name];
    if (typeof original !== 'function') return;
    obj[name] = (...args: unknown[]) => {
      this.unsafe ??= what;
      return (original as AnyFunction).apply(obj, args);
    };
    this.undo.push(() => (obj[name] = original));
  }

  /** Standard output and error are kept as written; any other write makes the run unsafe. */
  private written(fn: AnyFunction, args: unknown[]): unknown {
    const [fd, data, offset] = args;
    if ((fd !== 1 && fd !== 2) || !(data instanceof Uint8Array) || args.length > 3) {
      this.unsafe ??= `a write to ${String(fd)}`;
      return fn(...args);
    }
    let n: unknown;
    try {
      n = fn(...args);
    } catch (e) {
      this.unsafe ??= 'a failed write to standard output or error';
      throw e;
    }
    const from = typeof offset === 'number' ? offset : 0;
    if (typeof n === 'number') this.output.push([fd, data.slice(from, from + n)]);
    else this.unsafe ??= 'an asynchronous write';
    return n;
  }
}

function opensForWriting(flags: unknown): boolean {
  if (flags === undefined || flags === null) return false;
  if (typeof flags === 'number') return (flags & WRITE_FLAGS) !== 0;
  return typeof flags !== 'string' || !/^r[s]?$|^sr$/.test(flags);
}
