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
 * - a bad first line, a missing file or anything else only costs the warm start.
 *
 * This module holds the format and the checks; where the entries are kept is a `SummaryStore` the
 * host gives the index (the Node host: `host/diskCache.ts`, which also says how the file is kept
 * private; none: no warm start). The line checksum is the store's too, so this layer does no hashing.
 */
import { descriptorSymbols, isIndexSymbols, toscaSymbols, type IndexSymbol } from '../model/indexSymbols.js';
import type { FileKind } from '../model/kinds.js';
import { summarise, type FileSummary } from '../model/summary.js';
import { isSummaryOf } from '../model/summaryShape.js';

/** Bump when the summary or line shape changes so old caches are dropped. */
export const CACHE_FORMAT = 11; // 11: behaviour files; TOSCA `derivedFromAlso` (Unfurl types with several parents)

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

/** Where the index keeps summaries between runs; `load` and `save` never throw (a failure costs the warm start). */
export interface SummaryStore {
  /** The entries that pass every check; an empty map when there are none. */
  load(): Promise<Map<string, CachedEntry>>;
  save(entries: Iterable<[string, CachedEntry]>): Promise<void>;
}

/** A short checksum of a line's content (the store provides it: hashing belongs to the host). */
export type Checksum = (s: string) => string;

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

/** The entries of a cache file's text that pass every check. */
export function parseCache(text: string, checksum: Checksum): Map<string, CachedEntry> {
  const out = new Map<string, CachedEntry>();
  const firstNl = text.indexOf('\n');
  if (firstNl < 0 || text.slice(0, firstNl) !== `${MAGIC} ${CACHE_FORMAT}`) return out;
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

function parseLine(line: string, checksum: Checksum): [string, CachedEntry] | undefined {
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

/** The text of a cache file, in chunks of about `chunkSize` characters, so it never sits in memory as one string. */
export function* serialiseCache(
  entries: Iterable<[string, CachedEntry]>,
  checksum: Checksum,
  chunkSize = 1 << 20,
): Generator<string> {
  let chunk = `${MAGIC} ${CACHE_FORMAT}\n`;
  for (const [p, e] of entries) {
    if (/[\t\n]/.test(p) || e.json.includes('\n')) continue;
    const header = e.header ? JSON.stringify(e.header) : '-';
    const body = `${p}\t${e.mtimeMs}\t${e.size}\t${e.kind}\t${header}\t${e.json}`;
    chunk += `${checksum(body)}\t${body}\n`;
    if (chunk.length > chunkSize) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
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
