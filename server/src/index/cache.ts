/**
 * Persisted summaries for a warm start.
 *
 * Each entry keeps the file's stat, its kind, a small header (the facts the index needs for its
 * name and reference maps) and the full summary as a JSON *string*. Loading therefore parses only
 * the headers; a summary is parsed the first time a request needs it (see `LazySummary`), and
 * saving reuses the strings of entries nobody looked at.
 *
 * The cache is data the server did not just compute, so nothing in it is trusted:
 * - every line carries a checksum of its content; a line that does not match (truncated, edited,
 *   corrupted) is dropped and its file is read again;
 * - headers and kinds are shape-checked on load, summaries when first parsed (`isSummaryOf`); a
 *   summary that fails reads as an empty one and the index is told to read the file again;
 * - a bad first line, a missing file or anything else only costs the warm start;
 * - the directory is created 0700 and the file 0600 (it lists absolute paths); the cache is read
 *   only if it is a regular file (never through a link, never a FIFO or device), and written to a
 *   temporary file with a random name, created exclusively without following links, then renamed
 *   over the cache in one step.
 */
import { constants, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { descriptorSymbols, isIndexSymbols, toscaSymbols, type IndexSymbol } from '../model/indexSymbols.js';
import type { FileKind } from '../model/kinds.js';
import { summarise, type FileSummary } from '../model/summary.js';
import { isSummaryOf } from '../model/summaryShape.js';

/** Bump when the summary or line shape changes so old caches are dropped. */
export const CACHE_FORMAT = 10;

/** What the index needs without parsing the summary. */
export interface SummaryHeader {
  explicitName?: string;
  /** Component and reference `type` values, for reverse edges. */
  types: string[];
  /** The file's workspace symbols (descriptors, components, TOSCA types and templates). */
  symbols: IndexSymbol[];
}

export interface CachedEntry {
  mtimeMs: number;
  size: number;
  kind: FileKind;
  header: SummaryHeader | null;
  /** The summary as JSON, parsed on first use. */
  json: string;
}

/*
 * File layout, one line per entry after a header line, so summaries are stored verbatim (JSON in a
 * JSON string would escape every quote and double the parse work):
 *   lm-descriptors-cache <format>
 *   <checksum>\t<path>\t<mtimeMs>\t<size>\t<kind>\t<header JSON or ->\t<summary JSON>
 * The checksum covers everything after the first tab. Paths never contain tabs or newlines here
 * (entries with them are not saved).
 */
const MAGIC = 'lm-descriptors-cache';

const KINDS: ReadonlySet<string> = new Set([
  'assembly',
  'resource',
  'assembly-template',
  'type',
  'lmproject',
  'behaviour',
  'tosca',
  'other',
]);

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
async function checksummer(): Promise<(s: string) => string> {
  const { hash } = await crypto();
  return (s) => hash('sha1', s, 'base64url').slice(0, 16);
}

/** The header of a descriptor or TOSCA summary; null for other kinds (nothing to keep). */
export function headerOf(summary: FileSummary): SummaryHeader | null {
  if (summary.kind === 'tosca') return { types: [], symbols: toscaSymbols(summary) };
  if (summary.kind === 'behaviour')
    return { types: summary.descriptorName ? [summary.descriptorName.text] : [], symbols: [] };
  if (!('components' in summary)) return null;
  const h: SummaryHeader = { types: [], symbols: descriptorSymbols(summary) };
  if (summary.explicitName) h.explicitName = summary.explicitName.text;
  for (const c of summary.components) if (c.type) h.types.push(c.type);
  return h;
}

/** Kinds whose entries always have a header (a cache line without one is not trusted). */
const HEADED_KINDS: ReadonlySet<string> = new Set([
  'assembly',
  'resource',
  'assembly-template',
  'type',
  'behaviour',
  'tosca',
]);

function isHeader(v: unknown): v is SummaryHeader {
  if (typeof v !== 'object' || v === null) return false;
  const h = v as Record<string, unknown>;
  return (
    (h['explicitName'] === undefined || typeof h['explicitName'] === 'string') &&
    Array.isArray(h['types']) &&
    h['types'].every((t) => typeof t === 'string') &&
    isIndexSymbols(h['symbols'])
  );
}

/** Reads a regular file without following a link or blocking on a special file; undefined otherwise. */
async function readRegular(file: string): Promise<string | undefined> {
  let fh: import('node:fs/promises').FileHandle | undefined;
  try {
    fh = await fsp.open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const st = await fh.stat();
    if (!st.isFile() || st.size > MAX_CACHE_BYTES) return undefined;
    return await fh.readFile('utf8');
  } catch {
    return undefined;
  } finally {
    await fh?.close().catch(() => undefined);
  }
}

/** The entries of the cache at `file` that pass every check; an empty map when there is none. */
export async function loadCache(file: string): Promise<Map<string, CachedEntry>> {
  const out = new Map<string, CachedEntry>();
  const text = await readRegular(file);
  if (text === undefined) return out; // no cache yet (or not a plain file): start cold
  const firstNl = text.indexOf('\n');
  if (firstNl < 0 || text.slice(0, firstNl) !== `${MAGIC} ${CACHE_FORMAT}`) return out;
  const checksum = await checksummer();
  let pos = firstNl + 1;
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    const line = text.slice(pos, nl);
    pos = nl + 1;
    const entry = parseLine(line, checksum);
    if (entry) out.set(entry[0], entry[1]);
    // Anything else costs one file a re-read.
  }
  return out;
}

function parseLine(line: string, checksum: (s: string) => string): [string, CachedEntry] | undefined {
  const t0 = line.indexOf('\t');
  if (t0 < 0 || line.slice(0, t0) !== checksum(line.slice(t0 + 1))) return undefined;
  const f = line.slice(t0 + 1).split('\t');
  if (f.length < 6) return undefined;
  const [p, mtime, size, kind, headerText] = f as [string, string, string, string, string];
  const json = f.slice(5).join('\t');
  const mtimeMs = Number(mtime);
  const bytes = Number(size);
  if (!p.startsWith('/') || !Number.isFinite(mtimeMs) || !Number.isInteger(bytes) || bytes < 0) return undefined;
  if (!KINDS.has(kind) || !json.startsWith(`{"kind":"${kind}"`)) return undefined;
  let header: SummaryHeader | null = null;
  // Without its header an entry would have to parse its summary for names and symbols: read the file again.
  if (headerText === '-' && HEADED_KINDS.has(kind)) return undefined;
  if (headerText !== '-') {
    try {
      const h: unknown = JSON.parse(headerText);
      if (!isHeader(h)) return undefined;
      header = h;
    } catch {
      return undefined;
    }
  }
  return [p, { mtimeMs, size: bytes, kind: kind as FileKind, header, json }];
}

/** Writes the cache atomically and privately (see the module comment). Failures only cost the warm start. */
export async function saveCache(file: string, entries: Iterable<[string, CachedEntry]>): Promise<void> {
  const dir = path.dirname(file);
  const { randomBytes } = await crypto();
  const checksum = await checksummer();
  const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
  let created = false;
  try {
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    const fh = await fsp.open(
      tmp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    created = true;
    try {
      // Written in chunks so the whole cache never sits in memory as one string.
      let chunk = `${MAGIC} ${CACHE_FORMAT}\n`;
      for (const [p, e] of entries) {
        if (/[\t\n]/.test(p) || e.json.includes('\n')) continue;
        const header = e.header ? JSON.stringify(e.header) : '-';
        const body = `${p}\t${e.mtimeMs}\t${e.size}\t${e.kind}\t${header}\t${e.json}`;
        chunk += `${checksum(body)}\t${body}\n`;
        if (chunk.length > 1 << 20) {
          await fh.write(chunk);
          chunk = '';
        }
      }
      await fh.write(chunk);
    } finally {
      await fh.close();
    }
    // rename() replaces whatever sits at `file` (a link included) without following it.
    await fsp.rename(tmp, file);
    created = false;
  } catch {
    // A read-only or hostile cache location only costs the warm start.
  } finally {
    if (created) await fsp.rm(tmp, { force: true }).catch(() => undefined);
  }
}

/**
 * A summary held as JSON until first use. A summary that fails its shape check reads as an empty
 * summary of its kind, and `onInvalid` is called once so the owner can read the file again.
 */
export class LazySummary {
  private value: FileSummary | undefined;
  constructor(
    private json: string,
    private readonly kind: FileKind,
    private readonly onInvalid?: () => void,
  ) {}

  get(): FileSummary {
    if (this.value === undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(this.json);
      } catch {
        parsed = undefined;
      }
      if (isSummaryOf(this.kind, parsed)) this.value = parsed;
      else {
        this.value = summarise(this.kind, null);
        this.json = JSON.stringify(this.value);
        this.onInvalid?.();
      }
    }
    return this.value;
  }

  /** The JSON form, without parsing (or re-stringifying) when it was never used. */
  toJson(): string {
    return this.value === undefined ? this.json : JSON.stringify(this.value);
  }
}
