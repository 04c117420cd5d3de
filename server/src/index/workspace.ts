/**
 * The workspace index: every descriptor and lmproject file under the workspace roots, summarised.
 *
 * - uri/path -> summary (open documents override what is on disk);
 * - descriptor name -> files (explicit `name:` or the name lmctl derives from the project);
 * - reverse edges: descriptor name -> files whose components reference it.
 *
 * Building is incremental and cooperative: files are processed in small batches with a yield to
 * the event loop in between, so requests about the current file are answered while it runs.
 */
import * as path from '../util/path.js';
import { summariseFile, summaryTree, type DocumentModel, type MemoKey } from '../model/document.js';
import type { IndexSymbol } from '../model/indexSymbols.js';
import { isBehaviourPath, isDescriptorKind, YAML_FILE, type FileKind } from '../model/kinds.js';
import type { DialectName } from '../model/tosca/dialects.js';
import type { ToscaImportFacts } from '../model/tosca/importFacts.js';
import {
  isLegacyProjectSchema,
  summariseDescriptorHeadline,
  type DescriptorSummary,
  type LmProjectSummary,
} from '../model/lm/summary.js';
import { summarise, type FileSummary } from '../model/summary.js';
import { encodeSummary } from '../model/summaryCodec.js';
import type { ImportMapEntry } from '../model/tosca/urlMap.js';
import {
  CacheContents,
  headerOf,
  LazySummary,
  RACY_MS,
  StoredSummary,
  toscaTreeHeader,
  descriptorHeaderOf,
  type CachedEntry,
  type CachedFolder,
  type EntryNames,
  type StoredJson,
  type SummaryHeader,
  type SummarySink,
  type SummaryStore,
} from './cache.js';
import { readWithStatSync, type FileStat, type FileSystem } from './fileSystem.js';
import { excludeMatcher, type ExcludeMatcher } from './exclude.js';
import { ToscaModels } from './toscaModels.js';
import { nextTurn } from '../util/turn.js';
import { derivedNameOf, parseLmctlPath, projectContextOf, resolveLmctlChain, type ProjectContext } from './projects.js';

export interface IndexEntry {
  readonly path: string;
  readonly kind: FileKind;
  readonly summary: FileSummary;
  stat?: FileStat;
  /** True while an editor holds the file open; its text then comes from the editor. */
  open: boolean;
  /** Changes whenever the entry's summary is replaced: what caches derived from it compare. */
  readonly stamp: number;
  /**
   * The file's workspace symbols, from the entry's header: listing them never parses a cached
   * summary (see model/indexSymbols.ts).
   */
  readonly symbols: readonly IndexSymbol[];
  /** A TOSCA file's imports and declared names, from the entry's header (see `SummaryHeader.tosca`). */
  readonly toscaFacts?: ToscaImportFacts | undefined;
}

/** Whether two versions of an entry give the same names (`namesOf`): same kind, explicit name and types. */
function sameNameInputs(prev: Entry | undefined, next: Entry): boolean {
  const a = prev?.header;
  const b = next.header;
  if (!prev || !a || !b || prev.kind !== next.kind || a.explicitName !== b.explicitName) return false;
  if (a.types.length !== b.types.length) return false;
  for (let i = 0; i < a.types.length; i++) if (a.types[i] !== b.types[i]) return false;
  return true;
}

/** An index entry whose summary may still be the JSON loaded from the warm-start cache. */
class Entry implements IndexEntry {
  stat?: FileStat;
  constructor(
    readonly stamp: number,
    readonly path: string,
    readonly kind: FileKind,
    private readonly source: FileSummary | LazySummary,
    readonly header: SummaryHeader | null,
    public open: boolean,
    /** The index's log of the summaries parsed lately, while a workspace pass keeps one (`trackParsed`). */
    private readonly parses?: { list: Entry[] | undefined },
  ) {}

  get summary(): FileSummary {
    const s = this.source;
    if (!(s instanceof LazySummary)) return s;
    // A TOSCA file that declares types is read by the check of every file that imports it, which the pass does not
    // check together (the bench's 50 TOSCA 2.0 app profiles, each imported by every 50th template): dropped when a
    // period of 32 files did not read it, each was parsed again 30 times (1,500 parses over the pass), every copy held
    // long enough to be promoted. Not logged, so kept until the pass's release points.
    if (!s.parsed && !this.declaresToscaTypes()) this.parses?.list?.push(this);
    return s.get();
  }

  /** True for a TOSCA file whose header names a type it declares. */
  private declaresToscaTypes(): boolean {
    if (this.kind !== 'tosca') return false;
    for (const x of this.symbols) if (x[1].startsWith('type:')) return true;
    return false;
  }

  get symbols(): readonly IndexSymbol[] {
    return this.header?.symbols ?? [];
  }

  get toscaFacts(): ToscaImportFacts | undefined {
    return this.header?.tosca;
  }

  /** Drops the parsed summary when it can be parsed again from its JSON (see `LazySummary.release`). */
  release(): void {
    if (this.source instanceof LazySummary) this.source.release();
  }

  /** Takes `summary` as the parsed form while none is held (see `WorkspaceIndex.adoptSummary`); true when taken. */
  adopt(summary: () => FileSummary): boolean {
    return this.source instanceof LazySummary && this.source.adopt(summary);
  }

  /** See `LazySummary.releaseIfUnreadLately`. */
  releaseIfUnreadLately(): boolean {
    return this.source instanceof LazySummary && this.source.releaseIfUnreadLately();
  }

  /** See `LazySummary.unreadLately`. */
  unreadLately(): void {
    if (this.source instanceof LazySummary) this.source.unreadLately();
  }

  /** `release` unless the summary was read since the last call (see `LazySummary.releaseIfUnused`). */
  releaseIfUnused(): void {
    if (this.source instanceof LazySummary) this.source.releaseIfUnused();
  }

  summaryJson(): string | StoredJson {
    return this.source instanceof LazySummary ? this.source.toJson() : encodeSummary(this.source);
  }
}

/**
 * What the index keeps of a file nobody has open: the mappings a component makes into its own
 * properties only matter inside that file, so they are dropped (they are most of an assembly).
 */
function forIndex(summary: FileSummary): FileSummary {
  if (!('components' in summary)) return summary;
  return { ...summary, components: summary.components.map((c) => ({ ...c, properties: [] })) };
}

/** What `deriveFromEntries` keeps: every item, and each entry's items with what they came from. */
export interface EntryItems<T> {
  all: T[];
  byPath: Map<string, EntryItemsOf<T>>;
}

interface EntryItemsOf<T> {
  stamp: number;
  name: string | undefined;
  items: T[];
}

export interface DescriptorEntry extends IndexEntry {
  summary: DescriptorSummary;
}

export interface TypeResolution {
  /** The descriptor name the type designates (after `$lmctl` resolution). */
  name?: string;
  /** Descriptors in the workspace with that name (usually one). */
  targets: DescriptorEntry[];
  /** Set for `$lmctl:/` types that cannot be resolved, with the reason. */
  lmctlError?: string;
  isLmctl: boolean;
}

/** One entry added, changed or removed (`changesSince`): its kind before and after (undefined: not in the index). */
export interface EntryChange {
  /** The index's `generation` right after the change. */
  generation: number;
  path: string;
  before: FileKind | undefined;
  after: FileKind | undefined;
}

/** Entry changes `changesSince` can name (a burst of typing is one change per analysed version). */
const RECENT_CHANGES = 64;

/**
 * What changed in the index: the files, and why: an open document was re-analysed (`open`), a
 * file changed or disappeared on disk (`disk`), a build finished (`build`), a root was removed
 * (`roots`).
 */
export interface IndexChange {
  paths: string[];
  reason: 'open' | 'disk' | 'build' | 'roots';
}

export interface IndexOptions {
  /**
   * What the walk skips: folder or file names at any depth (`node_modules`), or globs against the
   * root-relative path (`**\/generated`, `build/**`), see exclude.ts. Default: DEFAULT_EXCLUDED_DIRS.
   */
  exclude?: readonly string[];
  /** Where to persist summaries for a warm start (the host's store); no persistence when undefined. */
  summaryStore?: SummaryStore;
  /** Files processed between two yields to the event loop. */
  batchSize?: number;
  /** Files larger than this are never read for cross-file analysis (default 4 MB). */
  maxFileBytes?: number;
  /**
   * Analyses a file the build reads, in place of the summary-only reading, when it returns a
   * model: the command-line checker analyses the files it reports on here, so each file is read
   * and parsed once.
   */
  analyse?(path: string, text: string): DocumentModel | undefined;
  /**
   * Files do not change while the index lives (the command-line checker): what is looked up
   * outside the index (TOSCA.meta files above TOSCA files) is remembered.
   */
  unchanging?: boolean;
  /** Import URL prefix → folder (lmDescriptors.tosca.importMap, --import-map), see model/tosca/urlMap.ts. */
  importMap?: readonly ImportMapEntry[];
  /**
   * How many bytes of files a build without a summary store may hold as their text until idle instead of
   * encoding their summaries (`LazySummary.fromSource`; default KEPT_SOURCE_BYTES). 0: encode at once.
   */
  keptSourceBytes?: number;
}

export const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;

export const DEFAULT_EXCLUDED_DIRS = ['node_modules', '.git', '_lmctl', '.svn', '.hg'];

const yieldToEventLoop = nextTurn;
/** Longest stretch of a build's file reading without a turn of the event loop (requests wait that long at most). */
const BUILD_SLICE_MS = 10;

/**
 * The default of `IndexOptions.keptSourceBytes`: 64 MB of YAML, the bench's 12,000-file LM workspace (47 MB) and its
 * 2,000-file TOSCA ones (3-4 MB). A TOSCA file's text is smaller than its summary's compact form, an LM file's about
 * 1.2 times it. At 8 MB the LM workspace's cold build (the checker's, the browser's) encoded 39 MB of its
 * summaries as it read: about a tenth of its main thread, and with that garbage its peak RSS was no lower (five
 * alternated runs: 1.54-2.11 s and 163-173 MB at 8 MB, 1.19-1.79 s and 157-168 MB at 64 MB).
 */
const KEPT_SOURCE_BYTES = 64 * 1024 * 1024;
/** Longest stretch of the idle encoding of summaries held as their source without a turn of the event loop. */
const ENCODE_SLICE_MS = 4;

/** More files than this changed under a warm start's feet are announced as a rebuild (see `verifyCached`). */
const MANY_CHANGES = 256;

export class WorkspaceIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly byName = new Map<string, Set<string>>();
  private readonly nameOfPath = new Map<string, string>();
  private readonly projects = new Map<string, { file: string; summary: LmProjectSummary }>();
  private readonly contexts = new Map<string, ProjectContext | null>();
  private readonly refsOfPath = new Map<string, Set<string>>();
  private readonly referencedBy = new Map<string, Set<string>>();
  private readonly listeners: ((change: IndexChange) => void)[] = [];
  private bulk = false;
  /** Summaries a build held as their source, with their files' sizes, until `encodeAtIdle` (see `indexText`). */
  private readonly unencoded: [LazySummary, number][] = [];
  private unencodedBytes = 0;
  private encodingAtIdle: Promise<void> | undefined;
  /** True while a warm start installs the cached entries (see `upsert`, `verifyCached`). */
  private installing = false;
  /** Source of entry stamps. */
  private clock = 0;
  /** Bumped whenever a TOSCA file enters, changes or leaves the index (import graph caches compare it). */
  toscaGeneration = 0;
  private readonly derived = new Map<MemoKey<unknown>, { generation: number; value: unknown }>();
  /**
   * Component types resolved since the last change (`generation`), by file and type text: a big
   * assembly names the same few types in hundreds of references, and each rule resolves them again.
   * Two maps rather than one keyed by the joined strings: a joined key is a new string to flatten
   * and hash on every lookup (hundreds per keystroke); these two strings keep their hashes.
   */
  private readonly resolved = {
    generation: -1,
    byFile: new Map<string, Map<string, TypeResolution>>(),
    /** The files some resolution in `byFile` names as a target (their entries are in it). */
    targets: new Set<string>(),
  };
  /** Counts every change to the entries (see `generation`). */
  private changes = 0;
  /**
   * The last entry changes (see `changesSince`), oldest first; every change after `from` is in it.
   * A change with no single path (names linked or derived again for the whole index) empties it.
   */
  private readonly recent = { from: 0, list: [] as EntryChange[] };
  /** Counts the changes that may change what a type resolves to (see `resolutionGeneration`). */
  private resolutionChanges = 0;
  /** Counts files entering or leaving the index, or changing kind (see `fileSetGeneration`). */
  private fileSetChanges = 0;
  /** The TOSCA models of documents, built from this index's summaries. */
  readonly tosca: ToscaModels;
  /** The dialect setting (`lmDescriptors.tosca.dialect`, `--tosca-dialect`): see ToscaModels.dialectOf. */
  toscaDialect: DialectName = 'standard';
  private building: Promise<void> | undefined;
  /** The store's sink of the build under way, when it gave one: the summaries' texts go to it as they are made. */
  private sink: SummarySink | undefined;
  readonly roots: string[] = [];
  state: 'idle' | 'building' | 'ready' = 'idle';
  /** True while a warm start's entries are being checked against the disk (see `verifyCached`). */
  verifying = false;
  /**
   * What a warm start's background verification waits for between slices, besides a turn of the
   * event loop (the server: no open document waiting for its check, as the workspace pass does).
   */
  deferTo: (() => Promise<void>) | undefined;
  /**
   * What a warm start's background verification waits for before it starts (the server: a short
   * pause after ready, then `deferTo`): the first opens and requests of a session come right after
   * ready, and met its first steps (and the garbage collections they cause) there.
   */
  verifyAfter: (() => Promise<void>) | undefined;
  /** Figures of the last build, for the log and the benchmark. */
  lastBuild: BuildFigures = { files: 0, indexed: 0, fromCache: 0, bytes: 0, ms: 0, skipped: 0 };
  /** YAML files the last walks found over the size cap (never read), so the checker can say which. */
  readonly oversized = new Set<string>();

  constructor(
    private readonly fs: FileSystem,
    private readonly options: IndexOptions = {},
  ) {
    this.tosca = new ToscaModels(this, fs, () => this.maxFileBytes, options.unchanging);
    if (options.importMap?.length) this.tosca.setImportMap(options.importMap);
  }

  /** Registers a callback run with the paths whose summaries changed, and why. */
  onDidChange(fn: (change: IndexChange) => void): void {
    this.listeners.push(fn);
  }

  addRoot(root: string): void {
    const r = normalise(root);
    if (!this.roots.includes(r)) this.roots.push(r);
  }

  /**
   * Forgets a root (a workspace folder the editor closed): its files leave the index unless another
   * root holds them or an editor has them open. Listeners hear about every file that left.
   */
  removeRoot(root: string): void {
    const r = normalise(root);
    const i = this.roots.indexOf(r);
    if (i < 0) return;
    this.roots.splice(i, 1);
    const gone: string[] = [];
    for (const [p, e] of this.entries) {
      if (!e.open && isUnder(p, r) && !this.underRoots(p)) gone.push(p);
    }
    this.bulk = true;
    try {
      for (const p of gone) this.removeEntry(p);
    } finally {
      this.bulk = false;
      this.recomputeAllNames();
    }
    if (gone.length) this.emit(gone, 'roots');
  }

  /** The exclude list (lmDescriptors.exclude): the next walk skips what it names. */
  set exclude(patterns: readonly string[]) {
    this.options.exclude = patterns;
    this.excluded = undefined;
  }

  private excluded: ExcludeMatcher | undefined;

  /**
   * True when the exclude list names `p` or a folder above it, relative to the root holding it
   * (the walks of both hosts ask this; a path under no root is never excluded).
   */
  isExcluded(filePath: string): boolean {
    const p = normalise(filePath);
    const match = (this.excluded ??= excludeMatcher(this.options.exclude ?? DEFAULT_EXCLUDED_DIRS));
    let root: string | undefined;
    for (const r of this.roots) if (isUnder(p, r) && (!root || r.length > root.length)) root = r;
    if (root === undefined || p === root) return false;
    const rel = p.slice(root === '/' ? 1 : root.length + 1);
    const parts = rel.split('/');
    for (let i = 1; i <= parts.length; i++) if (match(parts.slice(0, i).join('/'), parts[i - 1]!)) return true;
    return false;
  }

  /** The size cap (lmDescriptors.maxFileSizeMB): larger files are never read. */
  get maxFileBytes(): number {
    return this.options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  set maxFileBytes(bytes: number) {
    this.options.maxFileBytes = bytes;
    this.tosca.clear();
  }

  /** Import URL prefix → folder (relative folders resolve against each root); imports resolve again. */
  set importMap(entries: readonly ImportMapEntry[]) {
    this.tosca.setImportMap(entries);
  }

  get size(): number {
    return this.entries.size;
  }

  descriptorCount(): number {
    let n = 0;
    for (const e of this.entries.values()) if (isDescriptorKind(e.kind)) n++;
    return n;
  }

  toscaCount(): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.kind === 'tosca') n++;
    return n;
  }

  /**
   * Builds (or rebuilds) the index for all roots. Concurrent calls share one build.
   *
   * `onReady`, when given, may be called before the promise resolves: on a first build from a warm
   * cache, as soon as the cache's entries are installed (see `verifyCached`); the promise resolves
   * once every file was checked against the disk. Without it the promise resolves at the same point.
   */
  build(onProgress?: (done: number, total: number) => void, onReady?: () => void): Promise<void> {
    if (this.building) return this.building;
    this.building = this.doBuild(onProgress, onReady).finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  /** Resolves when the current build (if any) is done. */
  whenReady(): Promise<void> {
    return this.building ?? Promise.resolve();
  }

  private async doBuild(onProgress?: (done: number, total: number) => void, onReady?: () => void): Promise<void> {
    // Date.now: the `performance` global loads perf_hooks on first use, a cost to the checker's start.
    const t0 = Date.now();
    this.state = 'building';
    const figures: BuildFigures = { files: 0, indexed: 0, fromCache: 0, bytes: 0, ms: 0, skipped: 0 };
    // The store's load never throws.
    const cache = this.options.summaryStore ? await this.options.summaryStore.load() : new Map<string, CachedEntry>();
    // A first build from a warm cache for a caller that can be told early (the server): see `verifyCached`.
    if (onReady && !this.options.analyse && cache.size > 0 && !this.hasDiskEntries())
      return this.verifyCached(cache, figures, t0, onReady);
    this.bulk = true;
    // Taken by the save below; dropped when the build ends without it (see `SummaryStore.begin`).
    let sink = this.options.summaryStore?.begin ? await this.options.summaryStore.begin() : undefined;
    this.sink = sink;
    try {
      const files: string[] = [];
      // Folder listings: those the store kept are taken while their folder is unchanged; the walk's
      // own are saved with the summaries (only when there is a store to keep them).
      const listings: Listings | undefined = this.options.summaryStore
        ? { kept: cache instanceof CacheContents ? cache.folders : new Map<string, CachedFolder>(), seen: new Map() }
        : undefined;
      for (const root of this.roots) await this.walk(root, files, listings);
      figures.files = files.length;
      const seen = new Set(files);
      // Files that disappeared since the last build.
      let removed = 0;
      for (const p of [...this.entries.keys()]) {
        if (!seen.has(p) && !this.entries.get(p)!.open && this.underRoots(p)) {
          this.removeEntry(p);
          removed++;
        }
      }
      for (const p of cache.keys()) if (!seen.has(p)) removed++;
      // Files are read synchronously (`indexFromDisk`), so the build gives the event loop a turn
      // itself: after `batch` files or BUILD_SLICE_MS of work, whichever comes first.
      const batch = this.options.batchSize ?? 64;
      let sliceStart = Date.now();
      for (let i = 0; i < files.length; i++) {
        this.indexFromDisk(files[i]!, cache, figures);
        const done = i + 1;
        if (done === files.length || done % batch === 0 || Date.now() - sliceStart >= BUILD_SLICE_MS) {
          onProgress?.(done, files.length);
          await yieldToEventLoop();
          sliceStart = Date.now();
        }
      }
      // The names first: the cache keeps them (`cacheEntries`).
      this.bulk = false;
      this.recomputeAllNames();
      // Nothing read and nothing gone: the cache on disk is already right.
      if (this.options.summaryStore && (figures.indexed > 0 || removed > 0 || listings?.fresh)) {
        const out = this.cacheEntries(cache);
        this.sink = undefined;
        const taken = sink;
        sink = undefined;
        await this.options.summaryStore.save(out, listings?.seen, taken);
      }
    } finally {
      this.sink = undefined;
      sink?.drop();
      if (this.bulk) {
        this.bulk = false;
        this.recomputeAllNames();
      }
      this.state = 'ready';
      figures.ms = Date.now() - t0;
      this.lastBuild = figures;
    }
    this.emit([...this.entries.keys()], 'build');
    // The checker's index lives as long as its one check: what it holds stays as it is.
    if (this.unencoded.length && !this.options.analyse) void this.encodeAtIdle();
  }

  /** Resolves when the summaries held as their source are encoded (see `encodeAtIdle`; for tests). */
  encoded(): Promise<void> {
    return this.encodingAtIdle ?? Promise.resolve();
  }

  /** How many entries' summaries are still held as their file's text (see `heldSummary`). */
  get heldAsSource(): number {
    let n = 0;
    for (const [s] of this.unencoded) if (s.unencoded) n++;
    return n;
  }

  /**
   * Encodes the summaries a build held as their source, a few milliseconds at a time while nothing waits (as
   * the warm start's verification does), so that after ready the index holds what it held before: compact texts.
   */
  private encodeAtIdle(): Promise<void> {
    // A summary that failed to encode stays held as its source, which still reads right.
    return (this.encodingAtIdle ??= this.encodeInSlices()
      .catch(() => undefined)
      .finally(() => (this.encodingAtIdle = undefined)));
  }

  private async encodeInSlices(): Promise<void> {
    // A turn first: the build's caller goes on before any encoding (without it the first slice ran in a
    // microtask right after the build, and on a fast machine it encoded every held summary before ready was heard).
    await yieldToEventLoop();
    await this.verifyAfter?.();
    while (this.unencoded.length) {
      const start = Date.now();
      let n = 0;
      while (this.unencoded.length && (++n % 16 !== 0 || Date.now() - start < ENCODE_SLICE_MS)) {
        const [summary, bytes] = this.unencoded.pop()!;
        this.unencodedBytes -= bytes;
        summary.encode();
      }
      if (this.unencoded.length) await this.verifyTurn();
    }
  }

  /**
   * The warm start of a first build: the cache's entries are installed as they were saved and the
   * index is ready (`onReady`, state 'ready', a 'build' change) before anything on disk is looked
   * at; the walk and a stat of every file follow in the background (`verifying` meanwhile), and
   * what changed since the cache was saved is applied in one step, heard as a 'disk' change.
   *
   * Why the result is the index a cold build gives: the cache holds, per file, the summary of the
   * text it had at a (mtime, size) the save recorded. The verification is the same walk and the
   * same per-file test a build from the cache makes (a file is taken from the cache only while its
   * stat is the one recorded, else read again; a file not found by the walk leaves the index; a
   * file found and not cached is read), so once it is applied each entry is exactly what a build
   * would hold. Until then requests see the index as it was when the cache was saved. An entry
   * replaced meanwhile (an editor opened the file, a watched-file event re-read it) is newer than
   * what the verification saw and is left alone (compared by identity).
   */
  private async verifyCached(
    cache: Map<string, CachedEntry>,
    figures: BuildFigures,
    t0: number,
    onReady: () => void,
  ): Promise<void> {
    this.bulk = true;
    // The saved names stand when every saved entry is installed, and nothing else (see `EntryNames`).
    let savedNames = this.entries.size === 0;
    this.installing = true;
    try {
      for (const [p, c] of cache) {
        if (c.size > this.maxFileBytes || !this.underRoots(p) || this.entries.get(p)?.open) {
          savedNames = false;
          continue;
        }
        const summary = new LazySummary(c.json, c.kind, () => void this.refreshFromDisk(p));
        this.upsert(p, c.kind, summary, { mtimeMs: c.mtimeMs, size: c.size, isFile: true }, false, c.header);
        if (!c.names) savedNames = false;
        figures.fromCache++;
      }
    } finally {
      this.bulk = false;
      this.installing = false;
      if (savedNames) {
        this.changes++;
        this.logWholeIndex();
        this.contexts.clear();
        for (const [p, c] of cache) this.linkNames(p, c.names!);
      } else this.recomputeAllNames();
    }
    figures.files = figures.fromCache;
    figures.ms = Date.now() - t0;
    this.lastBuild = { ...figures };
    this.state = 'ready';
    this.verifying = true;
    this.emit([...this.entries.keys()], 'build');
    onReady();
    // What the ready callback sent leaves before the walk starts.
    await yieldToEventLoop();
    await this.verifyAfter?.();

    const files: string[] = [];
    const changed: string[] = [];
    try {
      const listings: Listings = {
        kept:
          cache instanceof CacheContents
            ? await cache.foldersInSlices(() => this.verifyTurn())
            : new Map<string, CachedFolder>(),
        seen: new Map(),
      };
      for (const root of this.roots) await this.walk(root, files, listings);
      const seen = new Set(files);
      const gone: [string, Entry][] = [];
      for (const [p, e] of this.entries) if (!seen.has(p) && !e.open && this.underRoots(p)) gone.push([p, e]);
      // Stat every file; read again what changed (nothing in the index changes yet).
      const read: { p: string; was: Entry | undefined; stat: FileStat; kind: FileKind; summary: FileSummary }[] = [];
      let fromCache = 0;
      const batch = this.options.batchSize ?? 64;
      for (let i = 0; i < files.length; i += batch) {
        for (const p of files.slice(i, i + batch)) {
          const was = this.entries.get(p);
          if (was?.open) continue;
          const stat = this.indexableStat(p, figures);
          if (!stat) {
            if (was) gone.push([p, was]);
            continue;
          }
          if (was?.stat && was.stat.mtimeMs === stat.mtimeMs && was.stat.size === stat.size) {
            fromCache++;
            continue;
          }
          let text: string;
          try {
            text = await this.fs.readFile(p);
          } catch {
            if (was) gone.push([p, was]);
            continue;
          }
          figures.bytes += text.length;
          figures.indexed++;
          const { kind, summary } = summariseFile(p, text);
          read.push({ p, was, stat, kind, summary: forIndex(summary) });
        }
        await this.verifyTurn();
      }
      figures.files = files.length;
      figures.fromCache = fromCache;
      // One step, so no request sees half of it; entries replaced meanwhile are newer (see above), and
      // a file of a root removed meanwhile stays out.
      this.bulk = true;
      try {
        for (const [p, was] of gone)
          if (this.entries.get(p) === was) {
            this.removeEntry(p);
            changed.push(p);
          }
        for (const r of read) {
          if (this.entries.get(r.p) !== r.was || !this.underRoots(r.p)) continue;
          const lazy =
            r.kind === 'lmproject' ? r.summary : new LazySummary(StoredSummary.held(encodeSummary(r.summary)), r.kind);
          this.upsert(r.p, r.kind, lazy, r.stat, false, headerOf(r.summary));
          changed.push(r.p);
        }
      } finally {
        this.bulk = false;
        if (changed.length) this.recomputeAllNames();
      }
      // A cache without names (written by a version before them) is written again with them.
      if (this.options.summaryStore && (changed.length > 0 || listings.fresh || !savedNames)) {
        const out = this.cacheEntries(cache);
        await this.options.summaryStore.save(out, listings.seen);
      }
    } finally {
      this.verifying = false;
      figures.verifiedMs = Date.now() - t0;
      this.lastBuild = figures;
    }
    // Many changes (a checkout while the server was down) are a rebuild to the listeners.
    if (changed.length) this.emit(changed, changed.length > MANY_CHANGES ? 'build' : 'disk');
  }

  /**
   * The entries the cache keeps: every file read from disk that no editor holds open, with the names
   * the index gave it (`EntryNames`) when those follow from the saved entries alone: no open
   * document is an lmproject file or a root assembly (the files other descriptors' names derive from).
   */
  private cacheEntries(previous?: Map<string, CachedEntry>): [string, CachedEntry][] {
    let namesHold = true;
    for (const e of this.entries.values())
      if (e.open && (e.kind === 'lmproject' || isProjectFile(e.path) || this.versionsLegacyProject(e.path)))
        namesHold = false;
    const out: [string, CachedEntry][] = [];
    for (const e of this.entries.values()) {
      if (e.open) {
        // A file an editor holds open keeps its previous cache entry while the file on disk is the
        // one it describes (a warm start's verification saves while documents are open).
        const c = previous?.get(e.path);
        const stat = c && this.fs.statSync(e.path);
        if (!c || !stat || stat.mtimeMs !== c.mtimeMs || stat.size !== c.size) continue;
        const kept: CachedEntry = { mtimeMs: c.mtimeMs, size: c.size, kind: c.kind, header: c.header, json: c.json };
        if (namesHold) {
          const names = this.namesOf(e.path, c.kind, c.header, (path) =>
            projectContextOf(path, c.kind, (dir) => this.projectAt(dir)),
          );
          kept.names = names ?? { refs: [] };
        }
        out.push([e.path, kept]);
        continue;
      }
      if (!e.stat) continue;
      const c: CachedEntry = {
        mtimeMs: e.stat.mtimeMs,
        size: e.stat.size,
        kind: e.kind,
        header: e.header,
        json: e.summaryJson(),
      };
      if (namesHold) {
        // The maps hold what `namesOf` gives (`recomputeName`).
        const name = this.nameOfPath.get(e.path);
        const refs = this.refsOfPath.get(e.path);
        c.names = name === undefined ? { refs: refs ? [...refs] : [] } : { name, refs: refs ? [...refs] : [] };
      }
      out.push([e.path, c]);
    }
    return out;
  }

  /** Links the saved names of an entry (see `EntryNames`), as `recomputeName` would derive them. */
  private linkNames(p: string, names: EntryNames): void {
    if (names.name) {
      this.nameOfPath.set(p, names.name);
      let set = this.byName.get(names.name);
      if (!set) this.byName.set(names.name, (set = new Set()));
      set.add(p);
    }
    if (names.refs.length) {
      const refs = new Set(names.refs);
      this.refsOfPath.set(p, refs);
      for (const n of refs) {
        let set = this.referencedBy.get(n);
        if (!set) this.referencedBy.set(n, (set = new Set()));
        set.add(p);
      }
    }
  }

  /** A yield of the background verification: a turn, then whatever the host says to defer to. */
  private async verifyTurn(): Promise<void> {
    await yieldToEventLoop();
    await this.deferTo?.();
  }

  /** True when some entry came from the disk (not only documents an editor opened). */
  private hasDiskEntries(): boolean {
    for (const e of this.entries.values()) if (e.stat) return true;
    return false;
  }

  /** True when `p` is inside one of the roots. */
  covers(p: string): boolean {
    return this.underRoots(normalise(p));
  }

  private underRoots(p: string): boolean {
    return this.roots.some((r) => isUnder(p, r));
  }

  /**
   * Lists the YAML files under `root`. Synchronous directory reads are several times cheaper than
   * one promise per folder; a yield every few hundred folders keeps requests flowing meanwhile. With
   * `listings`, a folder whose mtime is that of a kept listing is not read again (one stat instead of
   * a listing, see `CachedFolder`); every listing used or made goes to `seen`, and `fresh` is set when
   * one was made that a later start could take.
   */
  private async walk(root: string, out: string[], listings?: Listings): Promise<void> {
    const excluded = (this.excluded ??= excludeMatcher(this.options.exclude ?? DEFAULT_EXCLUDED_DIRS));
    const stack: [string, string][] = [[root, '']];
    let n = 0;
    // The root-relative paths only for an exclude list with globs (the default list has names only).
    const readsPath = excluded.readsPath;
    while (stack.length) {
      const [dir, rel] = stack.pop()!;
      const relativeOf = (name: string) => (!readsPath ? '' : rel ? `${rel}/${name}` : name);
      const listing = listings ? this.listFolder(dir, listings) : undefined;
      if (listing) {
        // A kept listing holds every subfolder and every indexable file: the exclude list applies here.
        for (const name of listing.dirs)
          if (!excluded(relativeOf(name), name)) stack.push([joinPath(dir, name), relativeOf(name)]);
        for (const name of listing.files) if (!excluded(relativeOf(name), name)) out.push(joinPath(dir, name));
      } else {
        for (const e of this.fs.readDirSync(dir)) {
          const relative = relativeOf(e.name);
          if (excluded(relative, e.name)) continue;
          const full = joinPath(dir, e.name);
          if (e.isDirectory) stack.push([full, relative]);
          else if (e.isFile && indexable(e.name, full)) out.push(full);
        }
      }
      if (++n % (this.verifying ? 100 : 500) === 0) await (this.verifying ? this.verifyTurn() : yieldToEventLoop());
    }
    out.sort();
  }

  /** A folder's listing: the kept one while the folder is unchanged, else a fresh one (see `walk`). */
  private listFolder(dir: string, listings: Listings): CachedFolder | undefined {
    // The stat comes before the listing: a change after it gives the folder a newer mtime.
    const stat = this.fs.statSync(dir);
    if (!stat || stat.isFile) return undefined;
    const kept = listings.kept.get(dir);
    if (kept && kept.mtimeMs === stat.mtimeMs) {
      listings.seen.set(dir, kept);
      return kept;
    }
    const listedAt = Date.now();
    const listing: CachedFolder = { mtimeMs: stat.mtimeMs, dirs: [], files: [] };
    for (const e of this.fs.readDirSync(dir)) {
      if (e.isDirectory) listing.dirs.push(e.name);
      else if (e.isFile && indexable(e.name, joinPath(dir, e.name))) listing.files.push(e.name);
    }
    // Kept only when the folder had been still for a while (see `CachedFolder`).
    if (listing.mtimeMs < listedAt - RACY_MS) {
      listings.seen.set(dir, listing);
      listings.fresh = true;
    }
    return listing;
  }

  /**
   * The stat of a file the index may read; undefined when it is gone, not a regular file, or over the
   * size cap (counted in `figures.skipped` and remembered as oversized): such a file is never read.
   */
  private indexableStat(p: string, figures: { skipped: number }): FileStat | undefined {
    const stat = this.fs.statSync(p);
    return stat && this.indexable(p, stat, figures);
  }

  /** `stat` when the file may be read; counts and remembers it when it is over the cap. */
  private indexable(p: string, stat: FileStat, figures: { skipped: number }): FileStat | undefined {
    if (stat.isFile && stat.size <= this.maxFileBytes) {
      this.oversized.delete(p);
      return stat;
    }
    if (stat.size > this.maxFileBytes) {
      figures.skipped++;
      this.oversized.add(p);
    }
    return undefined;
  }

  private indexFromDisk(
    p: string,
    cache: Map<string, CachedEntry>,
    figures: { indexed: number; fromCache: number; bytes: number; skipped: number },
  ): void {
    const existing = this.entries.get(p);
    if (existing?.open) return;
    const cached = cache.get(p);
    if (!existing && !cached) {
      // Nothing to compare a stat with: the stat comes with the read (one open instead of a stat,
      // an existence check and an open: docs/performance.md, the TOSCA cold index).
      const r = readWithStatSync(this.fs, p, this.maxFileBytes);
      const stat = r && this.indexable(p, r.stat, figures);
      if (stat && r.text !== undefined) this.indexText(p, r.text, stat, figures);
      else this.removeEntry(p);
      return;
    }
    const stat = this.indexableStat(p, figures);
    if (!stat) {
      this.removeEntry(p);
      return;
    }
    if (existing?.stat && existing.stat.mtimeMs === stat.mtimeMs && existing.stat.size === stat.size) return;
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) {
      figures.fromCache++;
      // A cached summary that fails its shape check when first used makes the index read the file again.
      const summary = new LazySummary(cached.json, cached.kind, () => void this.refreshFromDisk(p));
      this.upsert(p, cached.kind, summary, stat, false, cached.header);
      return;
    }
    // One synchronous read: the thread-pool read (open, fstat, read and close, each a round trip)
    // cost the cold index a fifth of its CPU (docs/performance.md). Undefined: deleted, or no
    // longer a regular file within the cap, since the stat above.
    const text = this.fs.readTextSync(p, this.maxFileBytes);
    if (text === undefined) {
      this.removeEntry(p);
      return;
    }
    this.indexText(p, text, stat, figures);
  }

  /** Summarises a file read from disk into its entry. */
  private indexText(p: string, text: string, stat: FileStat, figures: { indexed: number; bytes: number }): void {
    figures.bytes += text.length;
    figures.indexed++;
    const model = this.options.analyse?.(p, text);
    let kind: FileKind;
    let summary: FileSummary;
    if (model) ({ kind, summary } = model);
    else {
      const tree = summaryTree(p, text);
      kind = tree.kind;
      // A TOSCA file held as its text needs nothing of its summary before that is asked for but the header, read
      // from the tree (`toscaTreeFacts`): its types and templates by name only, not their bodies.
      if (kind === 'tosca' && this.mayHold(text)) {
        const header = toscaTreeHeader(tree.root);
        this.upsert(p, kind, this.hold(p, text, kind), stat, false, header);
        return;
      }
      // A descriptor's likewise: its name and its components' names and types, not their properties.
      if (isDescriptorKind(kind) && this.mayHold(text)) {
        const header = descriptorHeaderOf(summariseDescriptorHeadline(tree.root));
        this.upsert(p, kind, this.hold(p, text, kind), stat, false, header);
        return;
      }
      summary = kind === 'other' ? { kind } : summarise(kind, tree.root);
    }
    // Kept as text until a request needs it (the compact form of model/summaryCodec.ts, far smaller than
    // the object form), and the warm-start cache is written from these strings as they are. Analysed files
    // are about to be checked: their summaries are used at once.
    const compact = forIndex(summary);
    let entry: FileSummary | LazySummary = compact;
    if (kind !== 'lmproject' && !model) entry = this.heldSummary(p, text, kind, compact);
    this.upsert(p, kind, entry, stat, false, headerOf(compact));
  }

  /**
   * The index's form of a summary a build computed: its compact text, or, within the budget of a build that
   * saves no cache, the file's text until idle (`encodeAtIdle`). The encoder's code runs unoptimised through a
   * cold build, a fifth of a TOSCA build's main thread, and an object graph kept until idle cost the collector
   * more than that (docs/performance.md); the file's text is one string, and summarising it again gives the
   * same object. A build that saves a cache needs every compact text before ready: it encodes at once.
   */
  private heldSummary(p: string, text: string, kind: FileKind, compact: FileSummary): LazySummary {
    if (!this.mayHold(text)) {
      const encoded = encodeSummary(compact);
      return new LazySummary(this.sink?.hold(encoded) ?? StoredSummary.held(encoded), kind);
    }
    return this.hold(p, text, kind);
  }

  /** True when the build may hold the summary of a file with this text as the text (see `heldSummary`). */
  private mayHold(text: string): boolean {
    const budget = this.options.summaryStore ? 0 : (this.options.keptSourceBytes ?? KEPT_SOURCE_BYTES);
    // `budget > 0`: a budget of 0 holds nothing, not even an empty file.
    return budget > 0 && this.unencodedBytes + text.length <= budget;
  }

  /** The summary of `p` held as its text until idle (`encodeAtIdle`). */
  private hold(p: string, text: string, kind: FileKind): LazySummary {
    const held = LazySummary.fromSource(kind, () => forIndex(summariseFile(p, text).summary));
    this.unencoded.push([held, text.length]);
    this.unencodedBytes += text.length;
    return held;
  }

  /** Re-reads one file after a watched-file event (created or changed). */
  async refreshFromDisk(filePath: string): Promise<void> {
    const p = normalise(filePath);
    const e = this.entries.get(p);
    if (e?.open) return;
    // The watcher sees the whole workspace; what the exclude list names stays out of the index.
    if (this.isExcluded(p)) {
      if (e) this.remove(p);
      return;
    }
    // Never block on whatever an event names (a FIFO, a link to a device) and never read past the cap.
    const text = await this.fs.readText(p, this.maxFileBytes);
    const stat = text === undefined ? undefined : await this.fs.stat(p);
    if (this.entries.get(p)?.open) return;
    if (text === undefined || !stat) {
      this.remove(p);
      return;
    }
    // Re-check after the awaits: a document reopened meanwhile must keep the editor's text.
    if (this.entries.get(p)?.open) return;
    const { kind, summary } = summariseFile(p, text);
    this.upsert(p, kind, forIndex(summary), stat, false);
    this.emit([p], 'disk');
  }

  /** Removes a file (deleted on disk). */
  remove(filePath: string): void {
    const p = normalise(filePath);
    if (!this.entries.has(p)) return;
    this.removeEntry(p);
    this.emit([p], 'disk');
  }

  /** Installs the analysis of an open document; it overrides the disk state until closed. */
  setOpen(model: DocumentModel): void {
    const p = normalise(model.path);
    const prev = this.entries.get(p);
    this.upsert(p, model.kind, model.summary, prev?.stat, true);
    this.emit([p], 'open');
  }

  /** The editor closed the document: go back to what is on disk. */
  async closeOpen(filePath: string): Promise<void> {
    const p = normalise(filePath);
    const e = this.entries.get(p);
    if (!e) return;
    e.open = false;
    if (this.underRoots(p) || e.stat) await this.refreshFromDisk(p);
    else this.remove(p);
  }

  get(filePath: string): IndexEntry | undefined {
    return this.entries.get(normalise(filePath));
  }

  /**
   * Gives the entry of `filePath` the summary of a text the caller read from disk with `stat` and summarised as
   * `summariseFile` does (`analyseDocument`'s outline path), when the entry's summary was made from that version
   * of the file: same kind, same mtime and size, which is the test a warm start takes a cached summary on. The
   * workspace pass checks a project's resources before the assembly that reads their summaries: their cached
   * JSON was read and parsed again for that (0.4 s of the bench's pass, docs/performance.md).
   */
  adoptSummary(filePath: string, kind: FileKind, stat: FileStat, summary: FileSummary): void {
    const e = this.entries.get(normalise(filePath));
    if (!e || e.open || e.kind !== kind || !e.stat) return;
    if (e.stat.mtimeMs !== stat.mtimeMs || e.stat.size !== stat.size) return;
    if (e.adopt(() => forIndex(summary))) this.parses.list?.push(e);
  }

  /**
   * The entries whose summary was parsed or adopted (`adoptSummary`) during the current short period of a workspace
   * pass (`list`, undefined outside one), and those of earlier periods still parsed (`older`). An adopted summary holds
   * slices of its checked file's text, and a parsed one (a project's lmproject, an assembly read by its resources'
   * checks) is read by the files of its project, checked together: held until the pass's next release point (up to
   * 1,000 files later), they were promoted to the old generation, the texts with them.
   */
  private parses: { list: Entry[] | undefined; older: Entry[] } = { list: undefined, older: [] };

  /** Starts (or stops) logging the summaries parsed and adopted, for `releaseParsedLately`. */
  trackParsed(on: boolean): void {
    this.parses.list = on ? [] : undefined;
    this.parses.older = [];
  }

  /**
   * Ends a short period of the workspace pass (it calls this every few dozen files): of the summaries parsed or adopted
   * before the period that ends, drops the adopted ones and those not read in it (see
   * `LazySummary.releaseIfUnreadLately`); a later reader parses the JSON again, an equal value.
   */
  releaseParsedLately(): void {
    const log = this.parses;
    if (!log.list) return;
    const older: Entry[] = [];
    for (const e of log.older) if (!e.open && e.releaseIfUnreadLately()) older.push(e);
    for (const e of log.list) {
      e.unreadLately();
      older.push(e);
    }
    log.older = older;
    log.list = [];
  }

  /** Changes whenever any entry is added, replaced or removed: what workspace-wide caches compare. */
  get generation(): number {
    return this.changes;
  }

  /**
   * The entries changed after `generation` (a value `generation` had), oldest first, or undefined
   * when the log no longer reaches back that far: caches that follow the whole index (the TOSCA
   * reverse import edges) update those files instead of walking every entry after a keystroke.
   */
  changesSince(generation: number): readonly EntryChange[] | undefined {
    const r = this.recent;
    if (generation < r.from || generation > this.changes) return undefined;
    let i = r.list.length;
    while (i > 0 && r.list[i - 1]!.generation > generation) i--;
    return r.list.slice(i);
  }

  private logChange(path: string, before: FileKind | undefined, after: FileKind | undefined): void {
    const r = this.recent;
    r.list.push({ generation: this.changes, path, before, after });
    if (r.list.length > RECENT_CHANGES) r.from = r.list.shift()!.generation;
  }

  /** A change the log cannot name (see `recent`). */
  private logWholeIndex(): void {
    this.recent.list.length = 0;
    this.recent.from = this.changes;
  }

  /**
   * Changes whenever what a component type resolves to (`resolveType`: the names, the project
   * contexts, the target entries and their summaries) may have changed. Unlike `generation`, a
   * keystroke in an open descriptor leaves it as it was when the file keeps its kind and its
   * effective name and no resolution kept since the last change has that file as a target: then
   * every resolution gives the same entries. What is keyed by it (resolved types here, the LM
   * pack's per-component results) survives typing.
   */
  get resolutionGeneration(): number {
    return this.resolutionChanges;
  }

  /**
   * Changes only when a file enters or leaves the index or changes kind (not when one is edited):
   * what caches of import resolution compare, since whether an import target exists is what they
   * depend on. (A profile import by `namespace` follows another file's content; it is re-resolved
   * when the importing file changes.)
   */
  get fileSetGeneration(): number {
    return this.fileSetChanges;
  }

  allEntries(): IterableIterator<IndexEntry> {
    return this.entries.values();
  }

  /**
   * Drops the parsed summaries of the files nobody has open (they are parsed again from their JSON
   * when next needed): after the workspace pass, which parses most of them once.
   */
  releaseSummaries(): void {
    for (const e of this.entries.values()) if (!e.open) e.release();
    if (this.parses.list) this.trackParsed(true);
  }

  /**
   * Drops the parsed summaries of files nobody has open that were not read since the last call:
   * called periodically during the workspace pass, it keeps what the files checked lately use (the
   * descriptors of the same project, the widely shared ones) and lets the rest go.
   */
  releaseUnusedSummaries(): void {
    for (const e of this.entries.values()) if (!e.open) e.releaseIfUnused();
  }

  /**
   * A value computed from the whole index (a pack's workspace symbols), kept until an entry or a
   * descriptor name changes: repeated workspace-wide queries do not rebuild it. `compute` gets the
   * previous value, to reuse what did not change.
   */
  derive<T>(key: MemoKey<T>, compute: (previous: T | undefined) => T): T {
    const d = this.derived.get(key);
    if (d && d.generation === this.generation) return d.value as T;
    const value = compute(d?.value as T | undefined);
    this.derived.set(key, { generation: this.generation, value });
    return value;
  }

  /**
   * The items `convert` derives from each entry `accept`s, concatenated and kept like `derive`;
   * after a change only the entries whose summary (stamp) or effective name changed are converted
   * again, so the first query after an edit costs a walk over the entries, not a rebuild.
   */
  deriveFromEntries<T>(
    key: MemoKey<EntryItems<T>>,
    accept: (e: IndexEntry) => boolean,
    convert: (e: IndexEntry, name: string | undefined) => T[],
  ): T[] {
    return this.derive(key, (previous) => {
      // The previous table is replaced, so its map is updated in place rather than copied.
      const byPath = previous?.byPath ?? new Map<string, EntryItemsOf<T>>();
      const all: T[] = [];
      let accepted = 0;
      for (const e of this.entries.values()) {
        if (!accept(e)) continue;
        accepted++;
        const name = this.nameOfPath.get(e.path);
        let items = byPath.get(e.path);
        if (!items || items.stamp !== e.stamp || items.name !== name) {
          items = { stamp: e.stamp, name, items: convert(e, name) };
          byPath.set(e.path, items);
        }
        for (const x of items.items) all.push(x);
      }
      // Entries that left the index (or changed kind) leave the table too.
      if (byPath.size > accepted)
        for (const p of byPath.keys()) {
          const e = this.entries.get(p);
          if (!e || !accept(e)) byPath.delete(p);
        }
      return { all, byPath };
    }).all;
  }

  /** All descriptor names known in the workspace, sorted. */
  descriptorNames(): string[] {
    return [...this.byName.keys()].sort();
  }

  /** Descriptors with exactly this name. */
  lookup(name: string): DescriptorEntry[] {
    const paths = this.byName.get(name);
    if (!paths) return [];
    const out: DescriptorEntry[] = [];
    for (const p of paths) {
      const e = this.entries.get(p);
      if (e && isDescriptorKind(e.kind)) out.push(e as DescriptorEntry);
    }
    return out;
  }

  /** The name the index files a descriptor under (explicit, else derived), if any. */
  effectiveName(filePath: string): string | undefined {
    return this.nameOfPath.get(normalise(filePath));
  }

  /** The lmctl project context of a descriptor file (cached until an lmproject file changes). */
  projectContext(filePath: string): ProjectContext | undefined {
    const p = normalise(filePath);
    if (this.contexts.has(p)) return this.contexts.get(p) ?? undefined;
    const e = this.entries.get(p);
    const kind = e?.kind;
    const ctx = kind ? projectContextOf(p, kind, (dir) => this.projectAt(dir)) : undefined;
    this.contexts.set(p, ctx ?? null);
    return ctx;
  }

  private projectAt(dir: string): { file: string; summary: LmProjectSummary } | undefined {
    const p = this.projects.get(dir);
    if (!p || p.summary.version !== undefined || !isLegacyProjectSchema(p.summary.schema)) return p;
    // lmctl rewrites a schema 1.0 project file before reading it, with the version of the root assembly's name
    // (`Descriptor/assembly.yml`), else 1.0; names derive from that version.
    const version = versionOfName(this.entries.get(`${dir}/Descriptor/assembly.yml`)) || '1.0';
    return { file: p.file, summary: { ...p.summary, version } };
  }

  /** True when `p` is the root assembly a schema 1.0 project without `version` takes its version from. */
  private versionsLegacyProject(p: string): boolean {
    // Every file of a build comes here: the pattern only for the paths that can match it.
    if (!p.endsWith('/Descriptor/assembly.yml')) return false;
    const m = /^(.*)\/Descriptor\/assembly\.yml$/.exec(p);
    const project = m ? this.projects.get(m[1]!) : undefined;
    return !!project && project.summary.version === undefined && isLegacyProjectSchema(project.summary.schema);
  }

  /**
   * Resolves a component `type` written in `fromPath`: a literal descriptor name, a name with a
   * version range (`^1.0`, references only) or an `$lmctl:/` path.
   */
  resolveType(typeText: string, fromPath: string): TypeResolution {
    if (this.resolved.generation !== this.resolutionChanges) {
      this.resolved.generation = this.resolutionChanges;
      this.resolved.byFile.clear();
      this.resolved.targets.clear();
    }
    let inFile = this.resolved.byFile.get(fromPath);
    if (!inFile) this.resolved.byFile.set(fromPath, (inFile = new Map()));
    let r = inFile.get(typeText);
    if (!r) {
      r = this.resolveUncached(typeText, fromPath);
      inFile.set(typeText, r);
      for (const t of r.targets) this.resolved.targets.add(t.path);
    }
    return r;
  }

  private resolveUncached(typeText: string, fromPath: string): TypeResolution {
    const t = typeText.trim();
    const lm = parseLmctlPath(t);
    if (lm) {
      if (lm.error) return { targets: [], lmctlError: lm.error, isLmctl: true };
      const ctx = this.projectContext(fromPath);
      if (!ctx)
        return {
          targets: [],
          lmctlError: 'the file is not inside an lmctl project (no lmproject.yml above it)',
          isLmctl: true,
        };
      const chain = resolveLmctlChain(ctx.root, lm.steps);
      if (!chain) {
        const known = ctx.root.contains.map((c) => c.name);
        return {
          targets: [],
          lmctlError:
            `no subproject path \`${lm.steps.join(' / ')}\` in ` +
            `${path.posix.basename(ctx.projectFile)} (top-level subprojects: ${known.join(', ') || 'none'})`,
          isLmctl: true,
        };
      }
      const name = derivedNameOf(ctx.root, chain);
      return name
        ? { name, targets: this.lookup(name), isLmctl: true }
        : { targets: [], lmctlError: 'the root lmproject.yml has no name or version', isLmctl: true };
    }
    const exact = this.lookup(t);
    if (exact.length) return { name: t, targets: exact, isLmctl: false };
    // Version ranges in references (`^1.0`, `[1.0,)`): match any version of the same type::name.
    const parts = t.split('::');
    if (parts.length === 3 && !/^\d+(\.\d+)*$/.test(parts[2]!)) {
      const prefix = `${parts[0]}::${parts[1]}::`;
      const targets: DescriptorEntry[] = [];
      for (const n of this.byName.keys()) if (n.startsWith(prefix)) targets.push(...this.lookup(n));
      return { name: t, targets, isLmctl: false };
    }
    return { name: t, targets: [], isLmctl: false };
  }

  /** Files whose components reference a descriptor defined in `filePath` (reverse edges). */
  dependentsOf(filePath: string): string[] {
    const name = this.nameOfPath.get(normalise(filePath));
    if (!name) return [];
    return [...(this.referencedBy.get(name) ?? [])];
  }

  /**
   * Files whose components reference the descriptor name `name` (literal or `$lmctl:/` types), for
   * names that may have no file in the workspace (catalog types) and for renames that change them.
   */
  dependentsOfName(name: string): string[] {
    return [...(this.referencedBy.get(name) ?? [])];
  }

  /** Names of descriptors `filePath` references through component types. */
  referencesOf(filePath: string): string[] {
    return [...(this.refsOfPath.get(normalise(filePath)) ?? [])];
  }

  private upsert(
    p: string,
    kind: FileKind,
    summary: FileSummary | LazySummary,
    stat: FileStat | undefined,
    open: boolean,
    header?: SummaryHeader | null,
  ): void {
    const prev = this.entries.get(p);
    const nameBefore = this.nameOfPath.get(p);
    if (kind === 'tosca' || prev?.kind === 'tosca') this.toscaGeneration++;
    const entry = new Entry(
      ++this.clock,
      p,
      kind,
      summary,
      header !== undefined ? header : summary instanceof LazySummary ? null : headerOf(summary),
      open,
      this.parses,
    );
    if (stat) entry.stat = stat;
    this.entries.set(p, entry);
    this.changes++;
    this.logChange(p, prev?.kind, kind);
    if (!prev || prev.kind !== kind) this.fileSetChanges++;
    const projectChanged =
      kind === 'lmproject' ||
      prev?.kind === 'lmproject' ||
      // A warm start installing its cache links the saved names or derives them all at the end and
      // clears every context, and nothing is analysed meanwhile: the check, which parses a project
      // summary, is not needed then (it would parse them all).
      (!this.installing && this.versionsLegacyProject(p) && versionOfName(prev) !== versionOfName(entry));
    if (projectChanged) {
      const dir = path.posix.dirname(p);
      // Parsed when a project context first needs it (a warm start that takes the saved names never does).
      if (kind === 'lmproject')
        this.projects.set(dir, {
          file: p,
          get summary() {
            return entry.summary as LmProjectSummary;
          },
        });
      else if (prev?.kind === 'lmproject') this.projects.delete(dir);
      this.contexts.clear();
      this.resolutionChanges++;
      if (!this.bulk) this.recomputeAllNames();
      return;
    }
    this.contexts.delete(p);
    // A keystroke rarely changes what the names follow from (the kind, the project context, which the
    // same kind keeps, and the header's explicit name and types): then the linked names stand.
    if (!this.bulk && !sameNameInputs(prev, entry)) this.recomputeName(p);
    // Resolutions read names (`byName`), project contexts and the target entries. The same kind keeps
    // the project context (which depends on the path and kind only); the same effective name keeps
    // `byName`; a file no kept resolution targets is in none of their results. In bulk, names are
    // recomputed later: count the change.
    const sameForResolution =
      !this.bulk &&
      prev !== undefined &&
      prev.kind === kind &&
      this.nameOfPath.get(p) === nameBefore &&
      !this.resolved.targets.has(p);
    if (!sameForResolution) this.resolutionChanges++;
  }

  private removeEntry(p: string): void {
    const prev = this.entries.get(p);
    if (!prev) return;
    if (prev.kind === 'tosca') this.toscaGeneration++;
    this.entries.delete(p);
    this.changes++;
    this.logChange(p, prev.kind, undefined);
    this.resolutionChanges++;
    this.fileSetChanges++;
    this.contexts.delete(p);
    this.unlinkName(p);
    this.unlinkRefs(p);
    if (prev.kind === 'lmproject' || this.versionsLegacyProject(p)) {
      if (prev.kind === 'lmproject') this.projects.delete(path.posix.dirname(p));
      this.contexts.clear();
      if (!this.bulk) this.recomputeAllNames();
    }
  }

  private unlinkName(p: string): void {
    const old = this.nameOfPath.get(p);
    if (old === undefined) return;
    this.nameOfPath.delete(p);
    const set = this.byName.get(old);
    set?.delete(p);
    if (set && set.size === 0) this.byName.delete(old);
  }

  private unlinkRefs(p: string): void {
    const old = this.refsOfPath.get(p);
    if (!old) return;
    for (const n of old) {
      const set = this.referencedBy.get(n);
      set?.delete(p);
      if (set && set.size === 0) this.referencedBy.delete(n);
    }
    this.refsOfPath.delete(p);
  }

  /** `projectContext` as `namesOf` takes it (one function for every entry). */
  private readonly entryContext = (p: string): ProjectContext | undefined => this.projectContext(p);

  private recomputeName(p: string): void {
    this.unlinkName(p);
    this.unlinkRefs(p);
    const e = this.entries.get(p);
    if (!e) return;
    // The header has what we need, so cached summaries stay unparsed.
    // Only descriptors and behaviour files have names (`namesOf`): no header read, no context closure, for the rest.
    if (!(isDescriptorKind(e.kind) || e.kind === 'behaviour')) return;
    const names = this.namesOf(p, e.kind, e.header ?? headerOf(e.summary), this.entryContext);
    if (names) this.linkNames(p, names);
  }

  /**
   * A file's effective descriptor name and the names its components reference, from its header
   * and the projects in the index; `context` gives its project context (`projectContext` for an
   * entry, a fresh one for a file the index holds in another form: see `cacheEntries`).
   */
  private namesOf(
    p: string,
    kind: FileKind,
    header: SummaryHeader | null,
    context: (p: string) => ProjectContext | undefined,
  ): EntryNames | undefined {
    // Behaviour files name a descriptor too (`descriptorName`): they are its dependents, never named themselves.
    if (!(isDescriptorKind(kind) || kind === 'behaviour')) return undefined;
    const h = header ?? { types: [], symbols: [] };
    const name = kind === 'behaviour' ? undefined : h.explicitName?.trim() || context(p)?.derivedName;
    const refs = new Set<string>();
    for (const type of h.types) {
      const lm = parseLmctlPath(type);
      if (lm) {
        const ctx = context(p);
        const chain = ctx && !lm.error ? resolveLmctlChain(ctx.root, lm.steps) : undefined;
        const n = ctx && chain ? derivedNameOf(ctx.root, chain) : undefined;
        if (n) refs.add(n);
      } else refs.add(type.trim());
    }
    return name ? { name, refs: [...refs] } : { refs: [...refs] };
  }

  private recomputeAllNames(): void {
    // Effective names may change: lists derived from the index (`derive`) are out of date.
    this.changes++;
    this.logWholeIndex();
    this.resolutionChanges++;
    this.contexts.clear();
    for (const p of this.entries.keys()) this.recomputeName(p);
  }

  private emit(paths: string[], reason: IndexChange['reason']): void {
    const change: IndexChange = { paths, reason };
    for (const l of this.listeners) {
      try {
        l(change);
      } catch {
        // A listener's failure must not break indexing.
      }
    }
  }
}

/** The version part of an entry's explicit descriptor name, if any. */
function versionOfName(e: Entry | undefined): string | undefined {
  const name = e ? (e.header ?? headerOf(e.summary))?.explicitName : undefined;
  return name?.split('::')[2]?.trim();
}

/** What a build did: files found, read, taken from the cache, their bytes, its time, files over the cap. */
export interface BuildFigures {
  files: number;
  indexed: number;
  fromCache: number;
  bytes: number;
  /** Until the index was ready (with a warm start that verifies in the background: before verifying). */
  ms: number;
  skipped: number;
  /** Until a warm start's background verification was done (see `verifyCached`). */
  verifiedMs?: number;
}

/** The folder listings of one walk: those the store kept, those used or made, and whether one is new. */
interface Listings {
  kept: Map<string, CachedFolder>;
  seen: Map<string, CachedFolder>;
  fresh?: boolean;
}

/** An lmproject file, whatever the editor made of it (see `cacheEntries`). */
function isProjectFile(p: string): boolean {
  return /\/lmproject\.ya?ml$/.test(p);
}

/** `name` in folder `dir`. */
function joinPath(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

/** The files the walk gives the index: YAML files, and the JSON of behaviour folders. */
function indexable(name: string, full: string): boolean {
  return YAML_FILE.test(name) || (name.endsWith('.json') && isBehaviourPath(full));
}

/** True when `p` is `root` or inside it. */
export function isUnder(p: string, root: string): boolean {
  return p === root || p.startsWith(root.endsWith('/') ? root : root + '/');
}

/** Index keys use `/` separators and no trailing slash. */
export function normalise(p: string): string {
  const s = p.replace(/\\/g, '/');
  return s.length > 1 && s.endsWith('/') ? s.slice(0, -1) : s;
}
