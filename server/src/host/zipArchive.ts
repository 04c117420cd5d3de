/**
 * A `.csar` / `.zip` read in place: the central directory is read once, entries are inflated on
 * demand with node's zlib, nothing is written to disk. What could hurt the reader is refused with
 * a clear error before anything is read: too many entries, entries too large, compression ratios
 * only a zip bomb has, entries that overlap (the overlapping-file bomb), names that climb out of
 * the archive (`../`, absolute paths, drive letters), encrypted entries, archives on several disks.
 * ZIP64 records are read (any writer may use them); the limits on sizes and counts stay the same.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type * as Zlib from 'node:zlib';
import type { HashAlgorithm } from '../model/tosca/package/files.js';
import { hexOf, startHash } from './packageHash.js';
import { lazyBuiltin } from './lazyBuiltin.js';

/** Loaded when an archive is first inflated (see lazyBuiltin.ts). */
const zlib = lazyBuiltin<typeof Zlib>('node:zlib');

export interface ZipLimits {
  maxEntries: number;
  /** Uncompressed size of one entry and of all of them together. */
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of an entry over 1 MiB. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxEntryBytes: 4 * 1024 ** 3 - 1,
  maxTotalBytes: 16 * 1024 ** 3,
  maxRatio: 1000,
};

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Offset of the local header. */
  offset: number;
}

export class ZipError extends Error {}

/** A 64-bit size or offset as a number, when exact. */
function safe(n: bigint): number | undefined {
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : undefined;
}

/** The values of a central entry's ZIP64 extended information field (id 1), in order; undefined if absent. */
function zip64Extra(v: DataView, start: number, length: number): number[] | undefined {
  for (let p = start; p + 4 <= start + length;) {
    const id = v.getUint16(p, true);
    const len = v.getUint16(p + 2, true);
    if (id === 1) {
      const out: number[] = [];
      for (let q = p + 4; q + 8 <= p + 4 + len && q + 8 <= start + length; q += 8) {
        const n = safe(v.getBigUint64(q, true));
        if (n === undefined) return undefined;
        out.push(n);
      }
      return out;
    }
    p += 4 + len;
  }
  return undefined;
}

const CHUNK = 1024 * 1024;

export class ZipArchive {
  /** File entries by name (folders left out). */
  readonly entries = new Map<string, ZipEntry>();
  private fd: number | undefined;
  private readonly fileSize: number;

  private constructor(
    readonly file: string,
    fd: number,
  ) {
    this.fd = fd;
    this.fileSize = fstatSync(fd).size;
  }

  /** Opens and vets an archive; throws ZipError saying what is wrong. */
  static open(file: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipArchive {
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch (e) {
      throw new ZipError(`cannot open it (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
    const z = new ZipArchive(file, fd);
    try {
      z.readDirectory(limits);
    } catch (e) {
      z.close();
      throw e;
    }
    return z;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private read(pos: number, length: number): Uint8Array {
    if (this.fd === undefined) throw new ZipError('the archive is closed');
    const buf = new Uint8Array(length);
    let n = 0;
    while (n < length) {
      const r = readSync(this.fd, buf, n, length - n, pos + n);
      if (r <= 0) break;
      n += r;
    }
    if (n < length) throw new ZipError('it ends before its central directory says (truncated?)');
    return buf;
  }

  private readDirectory(limits: ZipLimits): void {
    // The end-of-central-directory record is in the last 22 bytes + up to 64 KiB of comment.
    const tailLen = Math.min(this.fileSize, 22 + 0xffff);
    if (tailLen < 22) throw new ZipError('it is not a zip archive (too short)');
    const tail = this.read(this.fileSize - tailLen, tailLen);
    const tv = new DataView(tail.buffer);
    let eocd = -1;
    for (let i = tailLen - 22; i >= 0; i--) {
      if (tv.getUint32(i, true) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ZipError('it is not a zip archive (no end of central directory)');
    let count = tv.getUint16(eocd + 10, true);
    let cdSize = tv.getUint32(eocd + 12, true);
    let cdOffset = tv.getUint32(eocd + 16, true);
    // ZIP64 (APPNOTE 4.3.14, 4.3.15): a locator just before the end record points to the ZIP64 end
    // record, which holds the real count, size and offset (writers may use it for any archive).
    const eocdAt = this.fileSize - tailLen + eocd;
    const zip64 = eocdAt >= 20 ? this.zip64End(eocdAt) : undefined;
    if (zip64) ({ count, cdSize, cdOffset } = zip64);
    else if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
      throw new ZipError('it is a ZIP64 archive whose ZIP64 end of central directory record is missing or damaged');
    }
    if (count > limits.maxEntries) {
      throw new ZipError(`it has ${count} entries, more than the ${limits.maxEntries} a package is allowed here`);
    }
    if (cdOffset + cdSize > this.fileSize) throw new ZipError('its central directory lies outside the file');
    const cd = this.read(cdOffset, cdSize);
    const v = new DataView(cd.buffer);
    const utf8 = new TextDecoder();
    let p = 0;
    let total = 0;
    const spans: [number, number, string][] = [];
    for (let i = 0; i < count; i++) {
      if (p + 46 > cdSize || v.getUint32(p, true) !== 0x02014b50)
        throw new ZipError('its central directory is damaged');
      const flags = v.getUint16(p + 8, true);
      const method = v.getUint16(p + 10, true);
      let compressedSize = v.getUint32(p + 20, true);
      let size = v.getUint32(p + 24, true);
      const nameLen = v.getUint16(p + 28, true);
      const extraLen = v.getUint16(p + 30, true);
      const commentLen = v.getUint16(p + 32, true);
      let offset = v.getUint32(p + 42, true);
      const name = utf8.decode(cd.subarray(p + 46, p + 46 + nameLen));
      if (size === 0xffffffff || compressedSize === 0xffffffff || offset === 0xffffffff) {
        const x = zip64Extra(v, p + 46 + nameLen, Math.min(extraLen, cdSize - (p + 46 + nameLen)));
        const take = (marked: boolean, was: number) => (marked ? x?.shift() : was);
        const s64 = take(size === 0xffffffff, size);
        const c64 = take(compressedSize === 0xffffffff, compressedSize);
        const o64 = take(offset === 0xffffffff, offset);
        if (s64 === undefined || c64 === undefined || o64 === undefined)
          throw new ZipError(`entry \`${name}\` has no ZIP64 extra field for its sizes or offset`);
        [size, compressedSize, offset] = [s64, c64, o64];
      }
      p += 46 + nameLen + extraLen + commentLen;
      if (unsafeName(name)) {
        throw new ZipError(`entry \`${name}\` names a path outside the archive (absolute, a drive, or \`..\`)`);
      }
      if (name.endsWith('/')) continue;
      if (flags & 1) throw new ZipError(`entry \`${name}\` is encrypted`);
      if (method !== 0 && method !== 8) {
        throw new ZipError(`entry \`${name}\` uses compression method ${method}; only stored and deflated are read`);
      }
      if (size > limits.maxEntryBytes) throw new ZipError(`entry \`${name}\` is larger than the limit`);
      if (method === 8 && size > CHUNK && size / Math.max(1, compressedSize) > limits.maxRatio) {
        throw new ZipError(
          `entry \`${name}\` expands ${Math.round(size / Math.max(1, compressedSize))} times (a zip bomb?)`,
        );
      }
      if (method === 0 && size !== compressedSize) throw new ZipError(`entry \`${name}\` has inconsistent sizes`);
      total += size;
      if (total > limits.maxTotalBytes)
        throw new ZipError('its entries together are larger than the limit (a zip bomb?)');
      const norm = name.replace(/^\.\//, '');
      if (this.entries.has(norm)) throw new ZipError(`entry \`${name}\` appears twice`);
      this.entries.set(norm, { name, method, compressedSize, size, offset });
      spans.push([offset, offset + 30 + nameLen + compressedSize, name]);
    }
    // Entries sharing bytes: the overlapping-file zip bomb.
    spans.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) {
      if (spans[i]![0] < spans[i - 1]![1]) {
        throw new ZipError(`entries \`${spans[i - 1]![2]}\` and \`${spans[i]![2]}\` overlap (a zip bomb?)`);
      }
    }
  }

  /** The ZIP64 end of central directory record, when a locator precedes the end record at `eocdAt`. */
  private zip64End(eocdAt: number): { count: number; cdSize: number; cdOffset: number } | undefined {
    const loc = new DataView(this.read(eocdAt - 20, 20).buffer);
    if (loc.getUint32(0, true) !== 0x07064b50) return undefined;
    if (loc.getUint32(4, true) !== 0 || loc.getUint32(16, true) > 1)
      throw new ZipError('it spans several disks, which this reader does not support');
    const at = safe(loc.getBigUint64(8, true));
    if (at === undefined || at + 56 > eocdAt) throw new ZipError('its ZIP64 end of central directory lies outside it');
    const rec = new DataView(this.read(at, 56).buffer);
    if (rec.getUint32(0, true) !== 0x06064b50) throw new ZipError('its ZIP64 end of central directory is damaged');
    const count = safe(rec.getBigUint64(32, true));
    const cdSize = safe(rec.getBigUint64(40, true));
    const cdOffset = safe(rec.getBigUint64(48, true));
    if (count === undefined || cdSize === undefined || cdOffset === undefined)
      throw new ZipError('its ZIP64 end of central directory gives sizes beyond what this reader handles');
    return { count, cdSize, cdOffset };
  }

  /** Where an entry's data starts (after its local header). */
  private dataStart(e: ZipEntry): number {
    const h = this.read(e.offset, 30);
    const v = new DataView(h.buffer);
    if (v.getUint32(0, true) !== 0x04034b50) throw new ZipError(`entry \`${e.name}\` has no local header`);
    const start = e.offset + 30 + v.getUint16(26, true) + v.getUint16(28, true);
    if (start + e.compressedSize > this.fileSize) throw new ZipError(`entry \`${e.name}\` lies outside the file`);
    return start;
  }

  /** An entry's bytes, or undefined when larger than `maxBytes` or unreadable. */
  readBytes(name: string, maxBytes: number): Uint8Array | undefined {
    const e = this.entries.get(name);
    if (!e || e.size > maxBytes) return undefined;
    try {
      const raw = this.read(this.dataStart(e), e.compressedSize);
      if (e.method === 0) return raw;
      // The declared size bounds the output: an entry that lies about it stops there.
      const out = zlib().inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size) });
      return new Uint8Array(out.buffer, out.byteOffset, out.length);
    } catch {
      return undefined;
    }
  }

  /** An entry's hex hash, streamed (stored: read in chunks; deflated: through an inflate stream). */
  async hashOf(name: string, algorithm: HashAlgorithm): Promise<string | undefined> {
    const e = this.entries.get(name);
    if (!e) return undefined;
    try {
      const h = startHash(algorithm);
      const start = this.dataStart(e);
      if (e.method === 0) {
        for (let pos = 0; pos < e.size; pos += CHUNK) h.update(this.read(start + pos, Math.min(CHUNK, e.size - pos)));
        return hexOf(h);
      }
      let produced = 0;
      const inflate = zlib().createInflateRaw();
      const done = new Promise<void>((resolve, reject) => {
        inflate.on('data', (chunk: Uint8Array) => {
          produced += chunk.length;
          if (produced > e.size) inflate.destroy(new ZipError('inflates past its declared size'));
          else h.update(chunk);
        });
        inflate.on('end', resolve);
        inflate.on('error', reject);
      });
      for (let pos = 0; pos < e.compressedSize; pos += CHUNK) {
        const chunk = this.read(start + pos, Math.min(CHUNK, e.compressedSize - pos));
        if (!inflate.write(chunk)) await new Promise((r) => inflate.once('drain', r));
      }
      inflate.end();
      await done;
      return hexOf(h);
    } catch {
      return undefined;
    }
  }
}

function unsafeName(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name)) return true;
  return name.split('/').some((s) => s === '..');
}
