/**
 * The warm-start cache of the Node host: the index's summaries (format and checks in
 * `index/cache.ts`) kept in one file per set of workspace roots.
 *
 * The directory is created 0700 and the file 0600 (it lists absolute paths); the cache is read
 * only if it is a regular file (never through a link, never a FIFO or device), and written to a
 * temporary file with a random name, created exclusively without following links, then renamed
 * over the cache in one step.
 *
 * Loading reads the headers at the end of the file only; a summary is read from the file when the
 * index first needs it (`DiskSource`). The file is held open while summaries are being read and
 * closed after a pause; reopened, it must still be the file that was loaded (same device, inode,
 * size and time), else its summaries read as unusable and the index reads those files again. After
 * a save, the summaries the index had not read yet point at the new file.
 */
import { closeSync, constants, fstatSync, openSync, readSync, writeSync, promises as fsp, type Stats } from 'node:fs';
import * as path from 'node:path';
import {
  FIRST_LINE,
  parseCache,
  serialiseCache,
  StoredSummary,
  type CachedEntry,
  type CachedFolder,
  type CacheSource,
  type Checksum,
  type StoredJson,
  type SummarySink,
  type SummaryStore,
} from '../index/cache.js';
import type { DiagnosticsStore } from './serverHost.js';
import { holdSmallGrowth } from './heapGrowth.js';

/** The cache file of a set of workspace roots in `dir` (one file per set, named by its hash). */
export function cacheFileFor(dir: string, roots: readonly string[]): string {
  return path.join(dir, `index-${fnv64(roots.join('\n'))}.cache`);
}

/**
 * FNV-1a, 64 bits, in hex: a name for a set of roots, not a security boundary (the cache checks each
 * line itself), and synchronous without node:crypto (see `crypto` below).
 */
function fnv64(s: string): string {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(s)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

/** The cache file is never read past this size. */
const MAX_CACHE_BYTES = 1024 * 1024 * 1024;

/**
 * node:crypto, loaded when a cache is first read or written: processes without a cache (the
 * command-line checker) never pay for loading it. `process.getBuiltinModule` (node 20.16+) loads
 * it synchronously, also in the checker's code-cached bundle, where `import()` is unavailable.
 */
async function crypto(): Promise<typeof import('node:crypto')> {
  const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  return get ? (get('node:crypto') as typeof import('node:crypto')) : await import('node:crypto');
}

/** The line checksum. */
async function checksummer(): Promise<Checksum> {
  const { hash, createHash } = await crypto();
  const ofPieces = (pieces: readonly string[]) => {
    // The hash as a stream, as the stored findings' save uses it: its one read after `end` is the checksum.
    const h = createHash('sha1').setEncoding('base64url');
    for (const p of pieces) h.update(p, 'utf8');
    h.end();
    return String(h.read()).slice(0, 16);
  };
  return Object.assign((s: string) => hash('sha1', s, 'base64url').slice(0, 16), { ofPieces });
}

/** An open cache file is closed after this long without a read. */
const IDLE_CLOSE_MS = 5000;

/** The identity of a file as loaded: a file put in its place later is not it. */
const identity = (st: Stats) => `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;

/** A cache file read by byte ranges (see the module comment). */
/** `length` bytes of an open file from `offset` as UTF-8; undefined when the file ends first. Throws on errors. */
function readRange(fd: number, offset: number, length: number): string | undefined {
  const buf = new Uint8Array(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buf, done, length - done, offset + done);
    if (n === 0) return undefined;
    done += n;
  }
  return Buffer.from(buf.buffer, buf.byteOffset, length).toString('utf8');
}

class DiskSource implements CacheSource {
  private fd: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastUse = 0;

  constructor(
    private readonly file: string,
    private readonly id: string,
    fd?: number,
  ) {
    this.fd = fd;
    if (fd !== undefined) this.closeLater();
  }

  read(offset: number, length: number): string | undefined {
    try {
      if (this.fd === undefined) {
        const fd = openSync(this.file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
        const st = fstatSync(fd);
        if (!st.isFile() || identity(st) !== this.id) {
          closeSync(fd);
          return undefined;
        }
        this.fd = fd;
      }
      this.closeLater();
      return readRange(this.fd, offset, length);
    } catch {
      return undefined;
    }
  }

  /**
   * Closes the file once it has not been read for `IDLE_CLOSE_MS`. One timer, re-armed when it fires
   * early (a warm start reads thousands of summaries: a timer per read showed in its profile).
   */
  private closeLater(): void {
    this.lastUse = Date.now();
    if (this.timer) return;
    const arm = (ms: number) => {
      this.timer = setTimeout(() => {
        const idle = Date.now() - this.lastUse;
        if (idle < IDLE_CLOSE_MS) {
          arm(IDLE_CLOSE_MS - idle);
          return;
        }
        this.timer = undefined;
        const fd = this.fd;
        this.fd = undefined;
        if (fd !== undefined) closeSync(fd);
      }, ms);
      // A process that is done does not wait for the file to close.
      this.timer.unref?.();
    };
    arm(IDLE_CLOSE_MS);
  }
}

/** The entries of the cache at `file` that pass every check; an empty map when there is none. */
export async function loadCache(file: string): Promise<Map<string, CachedEntry>> {
  let fd: number | undefined;
  try {
    // Never through a link, never blocking on a special file.
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_CACHE_BYTES) {
      closeSync(fd);
      return new Map();
    }
    const source = new DiskSource(file, identity(st), fd);
    fd = undefined;
    return parseCache(source, st.size, await checksummer());
  } catch {
    if (fd !== undefined) closeSync(fd);
    return new Map(); // no cache yet (or not a plain file): start cold
  }
}

/** The index cache's writes, in bytes. */
const WRITE_BUFFER_BYTES = 1 << 20;

/** Longest stretch of a save's work without a turn of the event loop (see `writeCache`). */
const SAVE_SLICE_MS = 10;

/** A save's loop giving the event loop a turn once SAVE_SLICE_MS went by since the last one. */
class SaveSlices {
  private at = Date.now();
  get due(): boolean {
    return Date.now() - this.at >= SAVE_SLICE_MS;
  }
  async turn(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.at = Date.now();
  }
}

/** The heap's growth while a large index cache is saved (see `saveCache`). */
const SAVE_GROWING_PERCENT = 10;

/** Writes the cache atomically and privately (see the module comment). Failures only cost the warm start. */
export async function saveCache(
  file: string,
  entries: Iterable<[string, CachedEntry]>,
  folders?: Iterable<[string, CachedFolder]>,
  sink?: SummarySink,
): Promise<void> {
  // A sink of this file whose texts are all written goes on as the save's file; any other is dropped.
  const begun = sink instanceof DiskSink && sink.file === file && sink.take() ? sink : undefined;
  if (sink !== begun) sink?.drop();
  const checksum = begun?.checksum ?? (await checksummer());
  // The save of a large cache (the first session's cold build) keeps most of what it writes alive until it is
  // done, a burst of half a second: under a growth smaller still than the pass's (host/heapGrowth.ts) it does
  // not stretch the heap before the first workspace pass (docs/performance.md).
  const release = holdSmallGrowth(true, SAVE_GROWING_PERCENT);
  try {
    await writeCache(file, entries, folders, checksum, begun);
  } finally {
    release();
  }
}

/**
 * A save begun while a cold build reads (`SummaryStore.begin`): its temporary file gets the first line at once and
 * each summary text as the build makes it, through one 1 MB buffer written synchronously when full (the build reads
 * its files synchronously too); the texts written are then read back through a descriptor of their own (as the
 * save's own early moves, `WrittenSource`), so the build's texts do not pile up until its save. The save goes on
 * with the same file (`writeCache`). A failed write ends the sink: its texts not written stay held, the save
 * writes a new file.
 */
class DiskSink implements SummarySink {
  readonly early = new WrittenSource();
  /** Bytes written to the file. */
  written = 0;
  private readonly out = new Uint8Array(WRITE_BUFFER_BYTES);
  private readonly buf = Buffer.from(this.out.buffer);
  private used = 0;
  /** The summaries in the buffer, with their offsets and lengths in bytes. */
  private pending: [StoredSummary, string, number, number][] = [];
  private failed = false;
  private ended = false;

  constructor(
    readonly file: string,
    readonly fh: fsp.FileHandle,
    readonly name: string,
    readonly checksum: Checksum,
  ) {
    this.put(FIRST_LINE);
  }

  hold(text: string): StoredSummary {
    const s = StoredSummary.held(text);
    if (this.failed || this.ended) return s;
    const at = this.written + this.used;
    const length = this.put(text);
    if (length > 0) this.pending.push([s, text, at, length]);
    return s;
  }

  /** Writes the buffer and moves the summaries in it to the file (for the save: before it goes on). */
  flush(): void {
    if (this.failed || this.used === 0) return;
    try {
      let done = 0;
      while (done < this.used) done += writeSync(this.fh.fd, this.out, done, this.used - done);
    } catch {
      this.failed = true;
      return;
    }
    this.written += this.used;
    this.used = 0;
    const pending = this.pending;
    this.pending = [];
    if (!this.early.open(this.name)) return;
    for (const [s, text, offset, length] of pending)
      s.moveTo(this.early, offset, length, this.checksum(text), this.checksum);
  }

  drop(): void {
    if (this.ended) return;
    this.ended = true;
    this.pending = [];
    // The moved summaries stay readable through the early descriptor (the removed file lives while it is open).
    void this.fh
      .close()
      .catch(() => undefined)
      .then(() => fsp.rm(this.name, { force: true }))
      .catch(() => undefined);
  }

  /**
   * Ends the sink for the save, which goes on with its file: true when every text given is in the file (a failed
   * write may have left part of a buffer there: the sink is then only fit to drop).
   */
  take(): boolean {
    if (this.ended) return false;
    this.flush();
    if (this.failed) return false;
    this.ended = true;
    return true;
  }

  /** Puts `text` in the buffer (written first when full; a text larger than the buffer written alone): its bytes. */
  private put(text: string): number {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (this.used > 0 && this.used + bytes > this.buf.length) this.flush();
    if (this.failed) return 0;
    if (bytes > this.buf.length) {
      try {
        const data = new TextEncoder().encode(text);
        let done = 0;
        while (done < bytes) done += writeSync(this.fh.fd, data, done, bytes - done);
      } catch {
        this.failed = true;
        return 0;
      }
      this.written += bytes;
      return bytes;
    }
    this.used += this.buf.write(text, this.used, 'utf8');
    return bytes;
  }
}

/** Begins a save of `file` (see `DiskSink`); undefined when its temporary file cannot be made. */
async function beginCache(file: string): Promise<SummarySink | undefined> {
  try {
    const checksum = await checksummer();
    const opened = await openPrivately(file);
    return opened && new DiskSink(file, opened.fh, opened.name, checksum);
  } catch {
    return undefined;
  }
}

/** `saveCache` proper; with a `sink`, the save goes on with the sink's file after the texts it wrote. */
async function writeCache(
  file: string,
  entries: Iterable<[string, CachedEntry]>,
  folders: Iterable<[string, CachedFolder]> | undefined,
  checksum: Checksum,
  sink?: DiskSink,
): Promise<void> {
  const moved: [StoredSummary, number, number, string][] = [];
  const placed = (json: StoredJson | string, offset: number, length: number, sum: string) => {
    if (json instanceof StoredSummary) moved.push([json, offset, length, sum]);
  };
  // The summaries already on disk are read from the new file while the rest is written (a read fd of its own,
  // valid across the rename), so their texts go as they are written, not all at the end (docs/performance.md).
  const early = sink?.early ?? new WrittenSource();
  const prefix = sink && { source: early, length: sink.written };
  let next = 0;
  const write = async (fh: fsp.FileHandle, name: string) => {
    // Written through one buffer, piece by piece (each summary's text, each line), so the whole cache never sits
    // in memory as one string, nor as joined strings that each write would copy once more on the heap.
    const measure = (s: string) => Buffer.byteLength(s, 'utf8');
    const out = new Uint8Array(WRITE_BUFFER_BYTES);
    const buf = Buffer.from(out.buffer);
    let used = 0;
    let written = prefix?.length ?? 0;
    // The header lines of a save whose texts are mostly written already are built with no write between them:
    // the event loop gets a turn every SAVE_SLICE_MS, as it did at each write.
    const slices = new SaveSlices();
    const flushed = () => {
      if (!early.open(name)) return;
      for (; next < moved.length; next++) {
        const [json, offset, length, sum] = moved[next]!;
        if (offset + length > written) break;
        // Those of the sink's texts are there already.
        if (json.placedIn(early) === undefined) json.moveTo(early, offset, length, sum, checksum);
      }
    };
    for (const piece of serialiseCache(entries, checksum, 0, measure, placed, folders, prefix)) {
      if (slices.due) await slices.turn();
      const bytes = measure(piece);
      if (used > 0 && used + bytes > buf.length) {
        await fh.write(out, 0, used);
        written += used;
        used = 0;
        flushed();
      }
      if (bytes > buf.length) {
        await fh.write(piece);
        written += bytes;
        flushed();
      } else used += buf.write(piece, used, 'utf8');
    }
    if (used > 0) await fh.write(out, 0, used);
    return identity(await fh.stat());
  };
  // A read-only or hostile cache location only costs the warm start.
  const id = sink ? await finishPrivately(file, sink.fh, sink.name, write) : await writePrivately(file, write);
  // After a failed save the summaries moved early stay readable through the early descriptor (the temporary
  // file, removed, lives on while it is open): it is then never closed, a rare path.
  if (id === undefined) return;
  // The summaries nobody has read yet are now read from the new file (the old one is gone), and
  // those held in memory since they were indexed leave it.
  try {
    const source = new DiskSource(file, id);
    for (const [json, offset, length, sum] of moved) json.moveTo(source, offset, length, sum, checksum);
  } catch {
    // As before the move: a summary not moved keeps its text (or its early source) and is read as it was.
    return;
  }
  early.close();
}

/**
 * The cache file being written, read through a descriptor of its own (opened by the temporary name, checked to
 * be a regular file), so it stays the same file after the rename. Undefined past its end or once closed.
 */
class WrittenSource implements CacheSource {
  private fd: number | undefined;
  private failed = false;

  /** True when the file is open for reading (opened at the first call). */
  open(name: string): boolean {
    if (this.fd !== undefined) return true;
    if (this.failed) return false;
    try {
      const fd = openSync(name, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
      if (!fstatSync(fd).isFile()) {
        closeSync(fd);
        throw new Error('not a file');
      }
      this.fd = fd;
      return true;
    } catch {
      this.failed = true;
      return false;
    }
  }

  read(offset: number, length: number): string | undefined {
    if (this.fd === undefined) return undefined;
    try {
      return readRange(this.fd, offset, length);
    } catch {
      return undefined;
    }
  }

  close(): void {
    const fd = this.fd;
    this.fd = undefined;
    this.failed = true;
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes `file` privately (0600, in a 0700 folder) and atomically: `write` fills a new temporary file
 * beside it (created exclusively, never through a link), which then replaces `file` by rename (which
 * replaces whatever sits there, a link included, without following it). Undefined when anything
 * failed; the temporary file is removed then.
 */
async function writePrivately<T>(
  file: string,
  write: (fh: fsp.FileHandle, name: string) => Promise<T>,
): Promise<T | undefined> {
  const opened = await openPrivately(file);
  return opened && finishPrivately(file, opened.fh, opened.name, write);
}

/** The new temporary file of `writePrivately` (undefined when it cannot be made). */
async function openPrivately(file: string): Promise<{ fh: fsp.FileHandle; name: string } | undefined> {
  try {
    const { randomBytes } = await crypto();
    const dir = path.dirname(file);
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    await removeAbandoned(dir, path.basename(file));
    const name = path.join(dir, `.${path.basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
    const fh = await fsp.open(
      name,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    return { fh, name };
  } catch {
    return undefined;
  }
}

/** The rest of `writePrivately`: `write` fills the open temporary file `name`, which then replaces `file`. */
async function finishPrivately<T>(
  file: string,
  fh: fsp.FileHandle,
  name: string,
  write: (fh: fsp.FileHandle, name: string) => Promise<T>,
): Promise<T | undefined> {
  let tmp: string | undefined = name;
  try {
    let out: T;
    try {
      out = await write(fh, name);
    } finally {
      await fh.close();
    }
    await fsp.rename(name, file);
    tmp = undefined;
    return out;
  } catch {
    return undefined;
  } finally {
    if (tmp !== undefined) await fsp.rm(tmp, { force: true }).catch(() => undefined);
  }
}

/** A temporary file this old was left by a process that ended while writing it (a save takes seconds). */
const ABANDONED_MS = 10 * 60_000;

/**
 * Removes the temporary files of `base` that a server killed in the middle of a save left behind
 * (the cache of a large workspace is tens of MB, and each killed save would leave one more). Only
 * old ones: a younger one may be another window's save of the same workspace, still going.
 */
async function removeAbandoned(dir: string, base: string, now = Date.now()): Promise<void> {
  const prefix = `.${base}.`;
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const p = path.join(dir, name);
    const st = await fsp.lstat(p).catch(() => undefined);
    if (st?.isFile() && now - st.mtimeMs > ABANDONED_MS) await fsp.rm(p, { force: true }).catch(() => undefined);
  }
}

/** The persisted workspace findings of a set of roots in `dir` (beside the index cache). */
export function diagnosticsFileFor(dir: string, roots: readonly string[]): string {
  return path.join(dir, `diagnostics-${fnv64(roots.join('\n'))}.cache`);
}

/**
 * A text kept in `file`, read only when it is a regular file of sane size (never through a link or
 * from a FIFO) whose last line is the SHA-1 of the rest, written privately and atomically like the
 * index cache. Failures read as no text.
 */
export function diskTextStore(file: string, build: string): DiagnosticsStore {
  return {
    build,
    async load() {
      let fd: number | undefined;
      try {
        fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
        const st = fstatSync(fd);
        if (!st.isFile() || st.size > MAX_CACHE_BYTES) return undefined;
        // The last line is the SHA-1 of everything before it.
        const text = readRange(fd, 0, st.size);
        if (text === undefined) return undefined;
        const cut = text.lastIndexOf('\n');
        if (cut < 0) return undefined;
        const { hash } = await crypto();
        const body = text.slice(0, cut);
        return hash('sha1', body, 'base64url') === text.slice(cut + 1) ? body : undefined;
      } catch {
        return undefined;
      } finally {
        if (fd !== undefined) closeSync(fd);
      }
    },
    async save(chunks) {
      // A failure only costs the next start's pass.
      await writePrivately(file, async (fh) => {
        // The SHA-1 of the chunks as they go (the one-shot `hash` of the loader would need them joined):
        // the hash used as a stream, whose one read after `end` is the checksum line.
        // Written and hashed through one buffer, piece by piece (a row each: lsp/workspaceDiagnostics.ts), as the
        // index cache is: no 1 MB joined strings, each flattened and copied once more by its write and its hash at
        // the end of the first pass, the first session's peak (docs/performance.md). The hash of the UTF-8 bytes
        // is the hash of the text.
        const sha = (await crypto()).createHash('sha1').setEncoding('base64url');
        const out = new Uint8Array(WRITE_BUFFER_BYTES);
        const buf = Buffer.from(out.buffer);
        let used = 0;
        const flush = async () => {
          sha.update(out.subarray(0, used));
          await fh.write(out, 0, used);
          used = 0;
        };
        const slices = new SaveSlices();
        for (const chunk of chunks) {
          // A turn every SAVE_SLICE_MS, as the index cache's save has: the chunks are made as they are pulled (the
          // findings' rows, 300 ms of the main thread on the bench), and a pipe takes the 2.7 MB answer to
          // `workspace/diagnostic` written just before only while the event loop turns (between two writes of
          // 1 MB it waited 50 ms stretches: the client had its reports 330 ms after the pass ended, not 65 ms).
          if (slices.due) await slices.turn();
          const bytes = Buffer.byteLength(chunk, 'utf8');
          if (used > 0 && used + bytes > buf.length) await flush();
          if (bytes > buf.length) {
            sha.update(chunk);
            await fh.write(chunk);
          } else used += buf.write(chunk, used, 'utf8');
        }
        if (used > 0) await flush();
        sha.end();
        await fh.write('\n' + String(sha.read()));
      });
    },
  };
}

/** The index's summary store kept in `file` (see `cacheFileFor`). */
export function diskSummaryStore(file: string): SummaryStore {
  return {
    load: () => loadCache(file),
    save: (entries, folders, sink) => saveCache(file, entries, folders, sink),
    begin: () => beginCache(file),
  };
}
