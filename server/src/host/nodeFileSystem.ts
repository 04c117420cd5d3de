/**
 * The file system of the Node host: the disk, read through node:fs.
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
import { Buffer } from 'node:buffer';
import type { FileSystem, TextWithStat } from '../index/fileSystem.js';
// Node's way of yielding between slices of work (see util/turn.ts).
import './nodeTurn.js';

/** One decoder for every read (creating one per file showed up in the checker's profile). */
const UTF8 = new TextDecoder();

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
      // A missing file is the common answer (imports tried in several folders, package-layout probes):
      // without `throwIfNoEntry` node builds an exception with a stack trace for each.
      const s = statSync(p, { throwIfNoEntry: false });
      if (!s) return undefined;
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
    return readOpen(p, maxBytes)?.text;
  },
  // Called for files a folder listing just returned: no existence check first.
  readWithStatSync: readOpen,
  // Decoded as `readFile(p, 'utf8')` decodes: TextDecoder would drop a leading byte-order mark.
  readFileWithStatSync: (p, maxBytes) =>
    readOpen(p, maxBytes, (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8')),
};

/**
 * What `readRegular` found: the open file's stat, and its bytes when it is a regular file within the limit. The bytes
 * are valid until the next `readRegular` (they may be a view of its scratch buffer): decode them before that.
 */
export interface RegularRead {
  mtimeMs: number;
  size: number;
  isFile: boolean;
  bytes?: Uint8Array;
}

/**
 * The buffer `readRegular` reads files of up to SCRATCH_MAX bytes into, grown as needed: a new buffer per file was a
 * tenth of a cold build's reading (every file of a workspace is read once, and decoded at once).
 */
let scratch = new Uint8Array(64 * 1024);
const SCRATCH_MAX = 1024 * 1024;

/**
 * Opens `p` once, takes its stat from the open file and reads it when it is a regular file within
 * `maxBytes` (the index's reads and the checker's); undefined when it cannot be opened or read.
 */
export function readRegular(p: string, maxBytes: number): RegularRead | undefined {
  let fd: number | undefined;
  try {
    // O_NONBLOCK: opening a FIFO for reading must not wait for a writer; fstat then rejects it.
    fd = openSync(p, constants.O_RDONLY | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    const read: RegularRead = { mtimeMs: st.mtimeMs, size: st.size, isFile: st.isFile() };
    if (!read.isFile || st.size > maxBytes) return read;
    if (st.size > scratch.length && st.size <= SCRATCH_MAX)
      scratch = new Uint8Array(Math.min(SCRATCH_MAX, Math.max(st.size, scratch.length * 2)));
    const buf = st.size <= scratch.length ? scratch : new Uint8Array(st.size);
    let n = 0;
    while (n < st.size) {
      const r = readSync(fd, buf, n, st.size - n, n);
      if (r === 0) break;
      n += r;
    }
    read.bytes = buf.subarray(0, n);
    return read;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `readRegular` as the index's FileSystem answers it: the stat, and the text decoded (as UTF-8 by `UTF8`). */
function readOpen(
  p: string,
  maxBytes: number,
  decode: (bytes: Uint8Array) => string = (b) => UTF8.decode(b),
): TextWithStat | undefined {
  const r = readRegular(p, maxBytes);
  if (!r) return undefined;
  const stat = { mtimeMs: r.mtimeMs, size: r.size, isFile: r.isFile };
  return r.bytes ? { stat, text: decode(r.bytes) } : { stat };
}
