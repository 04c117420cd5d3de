/**
 * The index reads the disk through this interface so tests can give it an in-memory workspace.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  promises as fsp,
  readFile,
  readSync,
  readdirSync,
  statSync,
  constants,
} from 'node:fs';
import * as nodePath from 'node:path';

/** One decoder for every read (creating one per file showed up in the checker's profile). */
const UTF8 = new TextDecoder();

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
   * index walk, watched-file refreshes): one thread-pool round trip, which the cold index needs.
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
}

export const nodeFileSystem: FileSystem = {
  async readFile(p) {
    // The callback API costs one thread-pool round trip; fs.promises costs four (open, stat,
    // read, close), which dominated the cold index.
    return new Promise<string>((resolve, reject) =>
      readFile(p, 'utf8', (err, data) => (err ? reject(err) : resolve(data))),
    );
  },
  async stat(p) {
    try {
      const s = await fsp.stat(p);
      return { mtimeMs: s.mtimeMs, size: s.size, isFile: s.isFile() };
    } catch {
      return undefined;
    }
  },
  async readDir(p) {
    try {
      const ents = await fsp.readdir(p, { withFileTypes: true });
      return ents.map((e) => ({ name: e.name, isDirectory: e.isDirectory(), isFile: e.isFile() }));
    } catch {
      return [];
    }
  },
  async exists(p) {
    try {
      await fsp.access(p);
      return true;
    } catch {
      return false;
    }
  },
  existsSync(p) {
    return existsSync(p);
  },
  statSync(p) {
    try {
      const s = statSync(p);
      return { mtimeMs: s.mtimeMs, size: s.size, isFile: s.isFile() };
    } catch {
      return undefined;
    }
  },
  readDirSync(p) {
    try {
      return readdirSync(p, { withFileTypes: true }).map((e) => ({
        name: e.name,
        isDirectory: e.isDirectory(),
        isFile: e.isFile(),
      }));
    } catch {
      return [];
    }
  },
  async readText(p, maxBytes) {
    let fh: import('node:fs/promises').FileHandle | undefined;
    try {
      fh = await fsp.open(p, constants.O_RDONLY | constants.O_NONBLOCK);
      const st = await fh.stat();
      if (!st.isFile() || st.size > maxBytes) return undefined;
      const buf = new Uint8Array(st.size);
      let n = 0;
      while (n < st.size) {
        const { bytesRead } = await fh.read(buf, n, st.size - n, n);
        if (bytesRead === 0) break;
        n += bytesRead;
      }
      return UTF8.decode(buf.subarray(0, n));
    } catch {
      return undefined;
    } finally {
      await fh?.close().catch(() => undefined);
    }
  },
  readTextSync(p, maxBytes) {
    // Most calls probe for files that are not there (TOSCA.meta above every TOSCA file): no
    // exception for those.
    if (!existsSync(p)) return undefined;
    let fd: number | undefined;
    try {
      // O_NONBLOCK: opening a FIFO for reading must not wait for a writer; fstat then rejects it.
      fd = openSync(p, constants.O_RDONLY | constants.O_NONBLOCK);
      const st = fstatSync(fd);
      if (!st.isFile() || st.size > maxBytes) return undefined;
      const buf = new Uint8Array(st.size);
      let n = 0;
      while (n < st.size) {
        const r = readSync(fd, buf, n, st.size - n, n);
        if (r === 0) break;
        n += r;
      }
      return UTF8.decode(buf.subarray(0, n));
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  },
};

/** A file system held in memory: path -> text. Paths use `/`. */
export class MemoryFileSystem implements FileSystem {
  readonly files = new Map<string, { text: string; mtimeMs: number }>();
  private clock = 1;

  constructor(files: Record<string, string> = {}) {
    for (const [p, t] of Object.entries(files)) this.write(p, t);
  }

  write(path: string, text: string): void {
    this.files.set(nodePath.posix.normalize(path), { text, mtimeMs: this.clock++ });
  }

  delete(path: string): void {
    this.files.delete(nodePath.posix.normalize(path));
  }

  async readFile(p: string): Promise<string> {
    const f = this.files.get(nodePath.posix.normalize(p));
    if (!f) throw new Error(`ENOENT: ${p}`);
    return f.text;
  }

  async stat(p: string): Promise<FileStat | undefined> {
    return this.statSync(p);
  }

  statSync(p: string): FileStat | undefined {
    const f = this.files.get(nodePath.posix.normalize(p));
    return f ? { mtimeMs: f.mtimeMs, size: f.text.length, isFile: true } : undefined;
  }

  async readDir(p: string): Promise<DirEntry[]> {
    return this.readDirSync(p);
  }

  readDirSync(p: string): DirEntry[] {
    const dir = nodePath.posix.normalize(p).replace(/\/$/, '') + '/';
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
    const f = this.files.get(nodePath.posix.normalize(p));
    return f && f.text.length <= maxBytes ? f.text : undefined;
  }

  async readText(p: string, maxBytes: number): Promise<string | undefined> {
    return this.readTextSync(p, maxBytes);
  }

  existsSync(p: string): boolean {
    const n = nodePath.posix.normalize(p);
    if (this.files.has(n)) return true;
    const dir = n.replace(/\/$/, '') + '/';
    for (const k of this.files.keys()) if (k.startsWith(dir)) return true;
    return false;
  }
}
