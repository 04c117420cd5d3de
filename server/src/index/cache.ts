/**
 * Persisted summaries for a warm start.
 *
 * Each entry keeps the file's stat, its kind, a small header (the facts the index needs for its
 * name and reference maps) and the full summary as JSON. The headers sit together at the end of the
 * store, the summaries before them: loading reads and checks the headers only (about 5% of the
 * store), and a summary is read from the store and parsed the first time a request needs it (see
 * `StoredSummary`, `LazySummary`). So the warm start neither reads nor keeps in memory the summaries
 * nobody asks for, and saving copies the ones nobody looked at without parsing them.
 *
 * The cache is data the server did not just compute, so nothing in it is trusted:
 * - every header line carries a checksum of its content, which includes a checksum of its summary;
 *   a header line that does not match (truncated, edited, corrupted) is dropped and its file is read
 *   again; a summary that does not match its checksum when read reads as unusable (below); one
 *   checksum of all header lines comes first, and while it matches the lines' own are not computed;
 * - headers and kinds are shape-checked on load, summaries when first decoded (`decodeSummary`); a
 *   summary that fails reads as an empty one and the index is told to read the file again;
 * - a bad first line or trailer, a missing file or anything else only costs the warm start.
 *
 * This module holds the format and the checks; where the entries are kept is a `SummaryStore` the
 * host gives the index (the Node host: `host/diskCache.ts`, which also says how the file is kept
 * private; none: no warm start). The checksum is the store's too, so this layer does no hashing.
 */
import { descriptorSymbols, isIndexSymbols, toscaSymbols, type IndexSymbol } from '../model/indexSymbols.js';
import type { FileKind } from '../model/kinds.js';
import { importFactsOf, isToscaImportFacts, type ToscaImportFacts } from '../model/tosca/importFacts.js';
import { summarise, type FileSummary } from '../model/summary.js';
import { decodeSummary, encodeSummary } from '../model/summaryCodec.js';
import type { ToscaHeadline } from '../model/tosca/summary.js';
import { toscaTreeFacts } from '../model/tosca/treeFacts.js';
import type { YNode } from '../syntax/tree.js';
import type { DescriptorHeadline } from '../model/lm/summary.js';

/** Bump when the summary or line shape changes so old caches are dropped. */
// 16: summaries in the compact form of model/summaryCodec.ts (a store of 15 or before is dropped, never misread);
// 13, 14: TOSCA headers keep the import facts (15: and whether the file is a stub profile); 12: summaries on demand
// 17: an Alien4Cloud archive's `template_name:template_version` is its file's profile name in the header
export const CACHE_FORMAT = 17;

/** What the index needs without parsing the summary. */
export interface SummaryHeader {
  explicitName?: string;
  /** Component and reference `type` values, for reverse edges. */
  types: string[];
  /** The file's workspace symbols (descriptors, components, TOSCA types and templates). */
  symbols: IndexSymbol[];
  /**
   * A TOSCA file's imports and declared profile / namespace names: the workspace-wide import and profile
   * maps (index/toscaModels.ts) come from these without parsing every TOSCA file's summary.
   */
  tosca?: ToscaImportFacts;
}

/** A summary's JSON that the store keeps and hands over when first needed. */
export interface StoredJson {
  /** The JSON text; undefined when the store can no longer give it or it fails its checksum. */
  read(): string | undefined;
}

export interface CachedEntry {
  mtimeMs: number;
  size: number;
  kind: FileKind;
  header: SummaryHeader | null;
  /** The summary as JSON (in memory, or kept by the store), parsed on first use. */
  json: string | StoredJson;
  /** The descriptor name and references the index gave the file when saved (see `EntryNames`). */
  names?: EntryNames;
}

/**
 * The name map of the index as it was saved, per file: its effective descriptor name and the
 * descriptor names its components reference. These follow from the saved entries alone when the
 * index that saved them held no open document that names others (an lmproject file, a legacy
 * project's root assembly: WorkspaceIndex decides), so a warm start that installs exactly the saved
 * entries takes them instead of deriving every name again (a third of its time on the bench).
 * Written only when every saved entry has them; read only when every entry line passed its checks.
 */
export interface EntryNames {
  name?: string;
  refs: string[];
}

/**
 * Where a store's serialised text is: `read` returns the text of `length` units at `offset` (the
 * units the store measured it in when writing: bytes on a disk, characters in memory).
 */
export interface CacheSource {
  read(offset: number, length: number): string | undefined;
}

/*
 * Layout, so summaries are stored verbatim (JSON in a JSON string would escape every quote and
 * double the parse work) and headers can be read without them:
 *   lm-descriptors-cache <format>\n
 *   <summary JSON><summary JSON>...                                    (the data section)
 *   <checksum of all the lines below, up to the trailer>\t@all\n           (see `ALL_TAG`)
 *   <checksum>\t<path>\t<mtimeMs>\t<size>\t<kind>\t<header JSON or ->\t<offset>\t<length>\t<summary checksum>\n
 *   ...                                                                (one header line per entry)
 *   <checksum>\t@folders\t<JSON of the folder listings>\n              (see `parseFolders`)
 *   <header section offset, 15 digits> <its length, 15 digits>\n       (the trailer)
 * Offsets and lengths are in the store's units. The line checksum covers everything after the first
 * tab. Paths never contain tabs or newlines here (entries with them are not saved).
 */
const MAGIC = 'lm-descriptors-cache';
/** The store's first line (a store that writes its texts ahead of its save starts with it: `SummarySink`). */
export const FIRST_LINE = `${MAGIC} ${CACHE_FORMAT}\n`;
const TRAILER_DIGITS = 15;
const TRAILER_LENGTH = 2 * TRAILER_DIGITS + 2;

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
  /**
   * `folders`: the folder listings of the walk, kept when the store can (see `CachedFolder`). `sink`: the one
   * `begin` gave this build, whose texts are already written (a store that did not give it ignores it).
   */
  save(
    entries: Iterable<[string, CachedEntry]>,
    folders?: Iterable<[string, CachedFolder]>,
    sink?: SummarySink,
  ): Promise<void>;
  /**
   * Begins a save while a build reads (optional; undefined when the store cannot): the build gives the sink each
   * summary text it makes, and the store writes them ahead of `save` (a cold build's texts were most of the heap
   * alive at its save: docs/performance.md). Never throws.
   */
  begin?(): Promise<SummarySink | undefined>;
}

/** The texts of a save begun while a build reads (see `SummaryStore.begin`). */
export interface SummarySink {
  /** `text` held until the store writes it, then read back from where it wrote it (checked by its checksum). */
  hold(text: string): StoredSummary;
  /** Ends a sink no `save` took (a failed build): what it wrote is dropped; its summaries stay readable. */
  drop(): void;
}

/**
 * A folder's listing as the index walk saw it: its subfolders and the files the index reads. A warm
 * start takes it instead of listing the folder again while the folder's mtime is unchanged (adding,
 * removing or renaming an entry changes it); listing the 30,000 folders of the bench's workspace
 * was half of its warm start. Only listings of folders unchanged for `RACY_MS` before they were taken
 * are kept: a change within the same tick of a coarse clock would leave the mtime as it was.
 */
export interface CachedFolder {
  mtimeMs: number;
  dirs: string[];
  files: string[];
}

export const RACY_MS = 2000;

/**
 * The entries of a store, with the folder listings it kept. The listings are parsed when first
 * asked for: a warm start that is ready before it walks the folders (WorkspaceIndex.verifyCached)
 * does not pay for them before it is ready, and parses them a line at a time (`foldersInSlices`).
 */
export class CacheContents extends Map<string, CachedEntry> {
  private listings: Map<string, CachedFolder> | undefined;
  private foldersText: string[] = [];
  private checksum: Checksum | undefined;

  get folders(): Map<string, CachedFolder> {
    if (!this.listings) {
      const paths: (string | undefined)[] = [];
      this.listings = new Map();
      for (const line of this.foldersText) parseFolders(line, this.checksum!, this.listings, paths);
      this.foldersText = [];
    }
    return this.listings;
  }

  /**
   * The same as `folders`, parsed one line (FOLDER_ROWS rows) per `pause()`: parsed at once, the
   * 30,000 listings of the bench's workspace held the event loop for 150-300 ms.
   */
  async foldersInSlices(pause: () => Promise<void>): Promise<Map<string, CachedFolder>> {
    if (this.listings) return this.listings;
    const paths: (string | undefined)[] = [];
    const out = new Map<string, CachedFolder>();
    const lines = this.foldersText;
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) await pause();
      parseFolders(lines[i]!, this.checksum!, out, paths);
    }
    // `folders` asked for meanwhile parsed them itself: one result for both.
    if (this.listings) return this.listings;
    this.foldersText = [];
    return (this.listings = out);
  }

  /** One of the store's folders lines, in order, parsed on first use of `folders`. */
  keepFolders(line: string, checksum: Checksum): void {
    this.foldersText.push(line);
    this.checksum = checksum;
    this.listings = undefined;
  }
}

/** A short checksum of a line's content (the store provides it: hashing belongs to the host). */
export type Checksum = ((s: string) => string) & {
  /** The checksum of the pieces joined, without joining them (the save's header lines: megabytes). */
  readonly ofPieces?: (pieces: readonly string[]) => string;
};

/** The header of a descriptor or TOSCA summary; null for other kinds (nothing to keep). */
export function headerOf(summary: FileSummary): SummaryHeader | null {
  if (summary.kind === 'tosca') return toscaHeaderOf(summary);
  if (summary.kind === 'behaviour')
    return { types: summary.descriptorName ? [summary.descriptorName.text] : [], symbols: [] };
  if (!('components' in summary)) return null;
  return descriptorHeaderOf(summary);
}

/** The header of a descriptor, from its summary or its headline (`summariseDescriptorHeadline`: the same header). */
export function descriptorHeaderOf(s: DescriptorHeadline): SummaryHeader {
  const h: SummaryHeader = { types: [], symbols: descriptorSymbols(s) };
  if (s.explicitName) h.explicitName = s.explicitName.text;
  for (const c of s.components) if (c.type) h.types.push(c.type);
  return h;
}

/** The header of a TOSCA file, from its summary (`toscaTreeHeader` gives the same from its tree). */
export function toscaHeaderOf(s: ToscaHeadline): SummaryHeader {
  return { types: [], symbols: toscaSymbols(s), tosca: importFactsOf(s) };
}

/** The header of a TOSCA file from its tree (`toscaTreeFacts`: what `toscaHeaderOf` gives for its summary). */
export function toscaTreeHeader(root: YNode | null): SummaryHeader {
  const { symbols, tosca } = toscaTreeFacts(root);
  return { types: [], symbols, tosca };
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
    isIndexSymbols(h['symbols']) &&
    (h['tosca'] === undefined || isToscaImportFacts(h['tosca']))
  );
}

/**
 * A summary's JSON kept in a store (read and checked against its checksum when first needed), or
 * held in memory until a store has written it (a file indexed from disk): the store then points it
 * at what it wrote, so the text leaves memory.
 */
export class StoredSummary implements StoredJson {
  private text: string | undefined;
  private constructor(
    private source: CacheSource | undefined,
    private offset: number,
    private length: number,
    private sumOf: string | undefined,
    private checksum: Checksum | undefined,
  ) {}

  /** A summary at `offset` of `source`, `length` long, whose text has checksum `sum`. */
  static stored(source: CacheSource, offset: number, length: number, sum: string, checksum: Checksum): StoredSummary {
    return new StoredSummary(source, offset, length, sum, checksum);
  }

  /** A summary held in memory until a store writes it. */
  static held(text: string): StoredSummary {
    const s = new StoredSummary(undefined, 0, 0, undefined, undefined);
    s.text = text;
    return s;
  }

  /** The checksum of the text, when known without computing it. */
  get sum(): string | undefined {
    return this.text === undefined ? this.sumOf : undefined;
  }

  read(): string | undefined {
    if (this.text !== undefined) return this.text;
    const text = this.source?.read(this.offset, this.length);
    return text !== undefined && this.checksum?.(text) === this.sumOf ? text : undefined;
  }

  /** Where the text lives in `source` (offset, length, checksum) when the store moved it there and holds it no more. */
  placedIn(source: CacheSource): [number, number, string] | undefined {
    return this.text === undefined && this.source === source && this.sumOf !== undefined
      ? [this.offset, this.length, this.sumOf]
      : undefined;
  }

  /** The same text now lives at `offset` of `source`, `length` long, with checksum `sum` (the store wrote it there). */
  moveTo(source: CacheSource, offset: number, length: number, sum: string, checksum: Checksum): void {
    this.source = source;
    this.offset = offset;
    this.length = length;
    this.sumOf = sum;
    this.checksum = checksum;
    this.text = undefined;
  }
}

/** A source over a text held in memory (units: characters). */
export function textSource(text: string): CacheSource {
  return {
    read: (offset, length) => (offset + length <= text.length ? text.slice(offset, offset + length) : undefined),
  };
}

/**
 * The entries of a store of `size` units read through `source` that pass every check; their
 * summaries stay in the store until first read.
 */
export function parseCache(source: CacheSource, size: number, checksum: Checksum): CacheContents {
  const out = new CacheContents();
  if (size < FIRST_LINE.length + TRAILER_LENGTH || source.read(0, FIRST_LINE.length) !== FIRST_LINE) return out;
  const trailer = /^(\d+) (\d+)\n$/.exec(source.read(size - TRAILER_LENGTH, TRAILER_LENGTH) ?? '');
  if (!trailer) return out;
  const headerAt = Number(trailer[1]);
  const headerLength = Number(trailer[2]);
  if (headerAt < FIRST_LINE.length || headerAt + headerLength !== size - TRAILER_LENGTH) return out;
  const text = source.read(headerAt, headerLength);
  if (text === undefined) return out;
  let pos = 0;
  // All lines checked at once (see ALL_TAG); else each line on its own.
  let checked = false;
  const first = text.indexOf('\n');
  const tab0 = text.indexOf('\t');
  if (first > 0 && tab0 > 0 && tab0 < first && text.slice(tab0, first) === ALL_TAG) {
    checked = text.slice(0, tab0) === checksum(text.slice(first + 1));
    pos = first + 1;
  }
  /** Each entry line's entry (undefined: it failed a check), for the names line. */
  const lines: (CachedEntry | undefined)[] = [];
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    const line = text.slice(pos, nl);
    pos = nl + 1;
    const tab = line.indexOf('\t');
    if (line.startsWith(FOLDERS_TAG, tab)) {
      out.keepFolders(line, checksum);
      continue;
    }
    if (line.startsWith(NAMES_TAG, tab)) {
      if (lines.every((e) => e !== undefined)) parseNames(line, checksum, lines as CachedEntry[], checked);
      continue;
    }
    const entry = parseLine(line, checksum, source, headerAt, checked);
    lines.push(entry?.[1]);
    if (entry) out.set(entry[0], entry[1]);
    // Anything else costs one file a re-read.
  }
  return out;
}

/**
 * The first line of the header section, `<checksum>\t@all`: the checksum of every line after it. When it
 * matches, no line's own checksum is computed (12,000 hashes of short lines were a tenth of a warm start's
 * CPU before ready); when it does not, each line is checked on its own, so damage costs only its lines.
 */
const ALL_TAG = '\t@all';

/** The names line: `<checksum>\t@names\t<JSON>`, `[name or "", [references]]` per entry line, in their order. */
const NAMES_TAG = '\t@names\t';

function parseNames(line: string, checksum: Checksum, entries: CachedEntry[], checked: boolean): void {
  const t0 = line.indexOf('\t');
  if (t0 < 0 || (!checked && line.slice(0, t0) !== checksum(line.slice(t0 + 1)))) return;
  let rows: unknown;
  try {
    rows = JSON.parse(line.slice(t0 + NAMES_TAG.length));
  } catch {
    return;
  }
  const isRow = (r: unknown): r is [string, string[]] =>
    Array.isArray(r) &&
    r.length === 2 &&
    typeof r[0] === 'string' &&
    Array.isArray(r[1]) &&
    (r[1] as unknown[]).every((n) => typeof n === 'string');
  if (!Array.isArray(rows) || rows.length !== entries.length || !rows.every(isRow)) return;
  entries.forEach((e, i) => {
    const [name, refs] = rows[i] as [string, string[]];
    e.names = name ? { name, refs } : { refs };
  });
}

/**
 * The folder listings are lines `<checksum>\t@folders\t<JSON>` of FOLDER_ROWS rows each: one checksum
 * and one JSON.parse per line (a line per folder cost more than it saved; one line for all held the
 * event loop too long). The JSON is an array of rows `[parent, name, mtimeMs, [subfolder names],
 * [file names]]` in walk order: `parent` is the index of the parent folder's row among all the lines'
 * rows (the path is its path, `/`, `name`), or -1 with `name` the full path. A mismatch only means
 * listing the folders again (a row whose parent's row failed fails too).
 */
const FOLDERS_TAG = '\t@folders\t';
const FOLDER_ROWS = 2000;

/** Parses one folders line into `out`; `paths` holds the path of every row of the lines before (undefined: failed). */
function parseFolders(
  line: string,
  checksum: Checksum,
  out: Map<string, CachedFolder>,
  paths: (string | undefined)[],
): void {
  const t0 = line.indexOf('\t');
  let rows: unknown;
  try {
    rows =
      t0 >= 0 && line.slice(0, t0) === checksum(line.slice(t0 + 1))
        ? JSON.parse(line.slice(t0 + FOLDERS_TAG.length))
        : undefined;
  } catch {
    rows = undefined;
  }
  // The rows of a line that fails keep their places, as failed rows, so later lines' parents still line up.
  if (!Array.isArray(rows)) {
    paths.push(...new Array<undefined>(FOLDER_ROWS));
    return;
  }
  const isName = (n: unknown) => typeof n === 'string' && n !== '' && !n.includes('/');
  const names = (v: unknown): v is string[] => Array.isArray(v) && v.every(isName);
  for (const r of rows as unknown[]) {
    let p: string | undefined;
    if (Array.isArray(r) && r.length === 5) {
      const [parent, name, mtimeMs, dirs, files] = r as unknown[];
      const base = typeof parent === 'number' && parent >= 0 && parent < paths.length ? paths[parent] : undefined;
      if (parent === -1 && typeof name === 'string' && name.startsWith('/')) p = name;
      else if (base !== undefined && isName(name))
        p = base === '/' ? `/${name as string}` : `${base}/${name as string}`;
      if (p !== undefined && typeof mtimeMs === 'number' && names(dirs) && names(files))
        out.set(p, { mtimeMs, dirs, files });
      else p = undefined;
    }
    paths.push(p);
  }
}

function foldersLines(folders: Iterable<[string, CachedFolder]>, checksum: Checksum): string[] {
  const rows: [number, string, number, string[], string[]][] = [];
  const rowOf = new Map<string, number>();
  for (const [p, f] of folders) {
    const slash = p.lastIndexOf('/');
    const parent = rowOf.get(slash === 0 ? '/' : p.slice(0, slash));
    rowOf.set(p, rows.length);
    rows.push([parent ?? -1, parent === undefined ? p : p.slice(slash + 1), f.mtimeMs, f.dirs, f.files]);
  }
  const lines: string[] = [];
  for (let i = 0; i < rows.length; i += FOLDER_ROWS) {
    const body = `@folders\t${JSON.stringify(rows.slice(i, i + FOLDER_ROWS))}`;
    lines.push(`${checksum(body)}\t${body}\n`);
  }
  return lines;
}

function parseLine(
  line: string,
  checksum: Checksum,
  source: CacheSource,
  dataEnd: number,
  checked: boolean,
): [string, CachedEntry] | undefined {
  const t0 = line.indexOf('\t');
  if (t0 < 0 || (!checked && line.slice(0, t0) !== checksum(line.slice(t0 + 1)))) return undefined;
  const f = line.slice(t0 + 1).split('\t');
  if (f.length !== 8) return undefined;
  const [p, mtime, size, kind, headerText, offsetText, lengthText, sum] = f as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const mtimeMs = Number(mtime);
  const bytes = Number(size);
  const offset = Number(offsetText);
  const length = Number(lengthText);
  if (!p.startsWith('/') || !Number.isFinite(mtimeMs) || !Number.isInteger(bytes) || bytes < 0) return undefined;
  if (!KINDS.has(kind) || !Number.isInteger(offset) || !Number.isInteger(length) || length <= 0) return undefined;
  if (offset < FIRST_LINE.length || offset + length > dataEnd) return undefined;
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
  const json = StoredSummary.stored(source, offset, length, sum, checksum);
  return [p, { mtimeMs, size: bytes, kind: kind as FileKind, header, json }];
}

/**
 * The text of a store, in chunks of about `chunkSize` characters, so it never sits in memory as one
 * string. `measure` gives the length of a text in the store's units (default: characters); `placed`
 * hears where each entry's summary went (offset and length in those units, checksum), so a store can
 * point the summaries it kept or held at the new text once it is in place. Entries whose summary the old store can no
 * longer give are left out.
 */
export function* serialiseCache(
  entries: Iterable<[string, CachedEntry]>,
  checksum: Checksum,
  chunkSize = 1 << 20,
  measure: (s: string) => number = (s) => s.length,
  placed?: (json: StoredJson | string, offset: number, length: number, sum: string) => void,
  folders: Iterable<[string, CachedFolder]> = [],
  prefix?: { source: CacheSource; length: number },
): Generator<string> {
  // A prefix: the first line and texts the store already wrote (`SummarySink`), `length` units; the summaries
  // it holds are placed where they are, not read and written again.
  let chunk = prefix ? '' : FIRST_LINE;
  let at = prefix ? prefix.length : measure(FIRST_LINE);
  const lines: string[] = [];
  let names: [string, string[]][] | undefined = [];
  for (const [p, e] of entries) {
    if (/[\t\n]/.test(p)) continue;
    let place = prefix && e.json instanceof StoredSummary ? e.json.placedIn(prefix.source) : undefined;
    if (!place) {
      const json = typeof e.json === 'string' ? e.json : e.json.read();
      if (json === undefined || json.length === 0) continue;
      const length = measure(json);
      place = [at, length, (e.json instanceof StoredSummary ? e.json.sum : undefined) ?? checksum(json)];
      chunk += json;
      at += length;
    }
    const [offset, length, sum] = place;
    const header = e.header ? JSON.stringify(e.header) : '-';
    const body = `${p}\t${e.mtimeMs}\t${e.size}\t${e.kind}\t${header}\t${offset}\t${length}\t${sum}`;
    lines.push(`${checksum(body)}\t${body}\n`);
    placed?.(e.json, offset, length, sum);
    if (e.names && names) names.push([e.names.name ?? '', e.names.refs]);
    else names = undefined;
    // A chunk size of 0 yields at every entry, also one placed in the prefix (''), so the writer can give the
    // event loop a turn between entries (host/diskCache.ts).
    if (chunk.length > chunkSize || chunkSize === 0) {
      yield chunk;
      chunk = '';
    }
  }
  const headerAt = at;
  if (names?.length) {
    const body = `@names\t${JSON.stringify(names)}`;
    lines.push(`${checksum(body)}\t${body}\n`);
  }
  lines.push(...foldersLines(folders, checksum));
  // One checksum of every line after it first (see ALL_TAG).
  // Without joining them when the checksum can (megabytes of header lines, one more flat copy at the save's peak).
  const all = checksum.ofPieces ? checksum.ofPieces(lines) : checksum(lines.join(''));
  lines.unshift(`${all}${ALL_TAG}\n`);
  for (const line of lines) {
    chunk += line;
    at += measure(line);
    if (chunk.length > chunkSize) {
      yield chunk;
      chunk = '';
    }
  }
  const digits = (n: number) => String(n).padStart(TRAILER_DIGITS, '0');
  yield `${chunk}${digits(headerAt)} ${digits(at - headerAt)}\n`;
}

/**
 * A summary held as JSON until first use. A summary that fails its shape check reads as an empty
 * summary of its kind, and `onInvalid` is called once so the owner can read the file again.
 *
 * A cold build may hold a summary as the text of its file instead (`fromSource`: a function that summarises
 * it again, which gives the very object the build computed), so the build does not pay for the encoding; the
 * index encodes it after ready (`encode`), and so do `release` and a store that needs its text (`toJson`).
 */
export class LazySummary {
  private value: FileSummary | undefined;
  /** Read since the last `releaseIfUnused` (a second chance: see there). */
  private used = false;
  /** The parsed form was taken from the workspace pass (`adopt`): no second chance. */
  private adopted = false;
  /** Read since the last `releaseIfUnreadLately` (the pass's short period). */
  private readLately = false;
  /** Summarises the file's text again, while the summary has no JSON yet (see `fromSource`). */
  private compute: (() => FileSummary) | undefined;
  constructor(
    private json: string | StoredJson | undefined,
    private readonly kind: FileKind,
    private readonly onInvalid?: () => void,
  ) {}

  /** A summary without its JSON until `encode`: `compute` gives it from the file's text (see the class's comment). */
  static fromSource(kind: FileKind, compute: () => FileSummary): LazySummary {
    const s = new LazySummary(undefined, kind);
    s.compute = compute;
    return s;
  }

  /** True while the summary has no JSON yet (`fromSource`, not yet encoded). */
  get unencoded(): boolean {
    return this.json === undefined;
  }

  /** Gives a summary held as its source its compact text (held until a store writes it), and lets the source go. */
  encode(): void {
    if (this.json !== undefined) return;
    const value = this.value ?? this.compute!();
    this.json = StoredSummary.held(encodeSummary(value));
    this.value = undefined;
    this.compute = undefined;
  }

  /** True while the parsed form is held. */
  get parsed(): boolean {
    return this.value !== undefined;
  }

  get(): FileSummary {
    this.used = true;
    this.readLately = true;
    if (this.value === undefined && this.json === undefined) this.value = this.compute!();
    if (this.value === undefined) {
      const text = typeof this.json === 'string' ? this.json : this.json!.read();
      const decoded = text === undefined ? undefined : decodeSummary(this.kind, text);
      if (decoded) this.value = decoded;
      else {
        this.value = summarise(this.kind, null);
        this.json = encodeSummary(this.value);
        this.onInvalid?.();
      }
    }
    return this.value;
  }

  /**
   * Takes `value` as the parsed form when none is held: the caller summarised the text this summary was made
   * from (`WorkspaceIndex.adoptSummary`), so parsing the JSON again would give an equal value. It goes at the
   * next `releaseIfUnused` even when read by then (no second chance): its strings are slices of the checked
   * file's text, which stays alive with them, and its readers (the project's assembly) come right after it.
   */
  adopt(value: () => FileSummary): boolean {
    if (this.value !== undefined) return false;
    this.value = value();
    this.adopted = true;
    return true;
  }

  /**
   * The pass's short period (`WorkspaceIndex.releaseParsedLately`): forgets a parsed form taken by `adopt` (no second
   * chance), or one parsed from JSON and not read since the last call; true when the parsed form is still held. A
   * later `get` parses the JSON again, an equal value.
   */
  releaseIfUnreadLately(): boolean {
    const read = this.readLately;
    this.readLately = false;
    if (this.value === undefined) return false;
    if (!this.adopted && read) return true;
    this.adopted = false;
    this.release();
    return false;
  }

  /** Starts a short period (see `releaseIfUnreadLately`). */
  unreadLately(): void {
    this.readLately = false;
  }

  /**
   * Forgets the parsed form; the next `get` parses the JSON again (read from the cache file when the
   * store keeps it there). The workspace pass parses most summaries once: kept, they were the
   * largest part of the server's heap after it.
   */
  release(): void {
    if (this.json === undefined) this.encode();
    else this.value = undefined;
  }

  /**
   * Releases the parsed form unless it was read since the last call (which starts a new period):
   * during the workspace pass, the summaries the files checked lately still use stay parsed, the
   * others go, so the pass does not hold every summary it parsed until it ends.
   */
  releaseIfUnused(): void {
    if (!this.used || this.adopted) this.release();
    this.used = false;
    this.adopted = false;
  }

  /**
   * The JSON form (or where the store keeps it), without parsing or re-stringifying it when never used. A
   * summary held as its source is encoded here, once, into a held text the store can then point at what it wrote.
   */
  toJson(): string | StoredJson {
    if (this.json === undefined) this.encode();
    return this.value === undefined ? this.json! : encodeSummary(this.value);
  }
}
