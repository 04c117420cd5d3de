/**
 * The index reads files through this interface so tests can give it an in-memory workspace and
 * each host its own storage (the disk implementation is `host/nodeFileSystem.ts`).
 */
import { posix } from '../util/path.js';

export interface FileStat {
  mtimeMs: number;
  size: number;
  /** A regular file (after following links): only those are ever read. */
  isFile: boolean;
}

export interface DirEntry {
  name: string;
  isDirectory: boolean;
  isFile: boolean;
}

export interface FileSystem {
  /**
   * The text of a file the caller has just stat'ed as a regular file of acceptable size (the
   * warm start's check of changed files). The cold index reads with `readTextSync`.
   */
  readFile(path: string): Promise<string>;
  stat(path: string): Promise<FileStat | undefined>;
  readDir(path: string): Promise<DirEntry[]>;
  exists(path: string): Promise<boolean>;
  /** Synchronous existence check for rules about package layout (cheap, one stat). */
  existsSync(path: string): boolean;
  /** Synchronous variants used by the index walk: far cheaper than thousands of promises. */
  statSync(path: string): FileStat | undefined;
  readDirSync(path: string): DirEntry[];
  /**
   * The text of a regular file of at most `maxBytes` bytes, read synchronously (for cross-file
   * ranges and imported files a request needs now); undefined for anything else: missing,
   * unreadable, a folder, a device, a FIFO, or too large. Never blocks on special files.
   */
  readTextSync(path: string, maxBytes: number): string | undefined;
  /** The asynchronous form of `readTextSync`: same guarantees, for files nobody vetted (watched-file events). */
  readText(path: string, maxBytes: number): Promise<string | undefined>;
  /**
   * A file's stat and, for a regular file of at most `maxBytes` bytes, its text, from one open
   * (the stat is the open file's): for the cold index, which reads every file it has no entry for
   * and would otherwise stat it first. Undefined when the file cannot be opened or read. Optional:
   * `readWithStatSync` below stats, then reads, where a file system does not have it.
   */
  readWithStatSync?(path: string, maxBytes: number): TextWithStat | undefined;
  /**
   * As `readWithStatSync`, with the text decoded as `readFile` decodes it (a leading byte-order mark
   * kept): the workspace pass's read, where a file system reads the disk synchronously. Optional: the
   * pass stats, then reads with `readFile`, where a file system does not have it.
   */
  readFileWithStatSync?(path: string, maxBytes: number): TextWithStat | undefined;
}

/** A stat and, for a regular file within the size cap, the text read with it. */
export interface TextWithStat {
  stat: FileStat;
  text?: string;
}

/** `fs.readWithStatSync`, or a stat then a read where `fs` has no single-open form. */
export function readWithStatSync(fs: FileSystem, path: string, maxBytes: number): TextWithStat | undefined {
  return fs.readWithStatSync ? fs.readWithStatSync(path, maxBytes) : statThenReadSync(fs, path, maxBytes);
}

/** `readWithStatSync` as a stat, then a read: for a file system (or a wrapper's path) without a single-open form. */
export function statThenReadSync(fs: FileSystem, path: string, maxBytes: number): TextWithStat | undefined {
  const stat = fs.statSync(path);
  if (!stat || !stat.isFile || stat.size > maxBytes) return stat && { stat };
  const text = fs.readTextSync(path, maxBytes);
  return text === undefined ? undefined : { stat, text };
}

/** A file system held in memory: path -> text. Paths use `/`. */
export class MemoryFileSystem implements FileSystem {
  readonly files = new Map<string, { text: string; mtimeMs: number }>();
  private clock = 1;

  constructor(files: Record<string, string> = {}) {
    for (const [p, t] of Object.entries(files)) this.write(p, t);
  }

  write(path: string, text: string): void {
    this.files.set(posix.normalize(path), { text, mtimeMs: this.clock++ });
  }

  delete(path: string): void {
    this.files.delete(posix.normalize(path));
  }

  async readFile(p: string): Promise<string> {
    const f = this.files.get(posix.normalize(p));
    if (!f) throw new Error(`ENOENT: ${p}`);
    return f.text;
  }

  async stat(p: string): Promise<FileStat | undefined> {
    return this.statSync(p);
  }

  statSync(p: string): FileStat | undefined {
    const f = this.files.get(posix.normalize(p));
    return f ? { mtimeMs: f.mtimeMs, size: f.text.length, isFile: true } : undefined;
  }

  async readDir(p: string): Promise<DirEntry[]> {
    return this.readDirSync(p);
  }

  readDirSync(p: string): DirEntry[] {
    const dir = posix.normalize(p).replace(/\/$/, '') + '/';
    const seen = new Map<string, DirEntry>();
    for (const path of this.files.keys()) {
      if (!path.startsWith(dir)) continue;
      const rest = path.slice(dir.length);
      const slash = rest.indexOf('/');
      const name = slash < 0 ? rest : rest.slice(0, slash);
      if (!seen.has(name)) seen.set(name, { name, isDirectory: slash >= 0, isFile: slash < 0 });
    }
    return [...seen.values()];
  }

  async exists(p: string): Promise<boolean> {
    return this.existsSync(p);
  }

  readTextSync(p: string, maxBytes: number): string | undefined {
    const f = this.files.get(posix.normalize(p));
    return f && f.text.length <= maxBytes ? f.text : undefined;
  }

  async readText(p: string, maxBytes: number): Promise<string | undefined> {
    return this.readTextSync(p, maxBytes);
  }

  readFileWithStatSync(p: string, maxBytes: number): TextWithStat | undefined {
    const stat = this.statSync(p);
    if (!stat) return undefined;
    return stat.size <= maxBytes ? { stat, text: this.files.get(posix.normalize(p))!.text } : { stat };
  }

  existsSync(p: string): boolean {
    const n = posix.normalize(p);
    if (this.files.has(n)) return true;
    const dir = n.replace(/\/$/, '') + '/';
    for (const k of this.files.keys()) if (k.startsWith(dir)) return true;
    return false;
  }
}
