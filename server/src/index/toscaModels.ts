/**
 * The TOSCA models of documents, owned by the workspace index. A model needs the summaries of the
 * files a document imports (and of the files that import it, for type fragments), which the index
 * holds for every indexed TOSCA file; files the index does not hold (outside the roots, or not
 * classified as TOSCA, e.g. an imported type file without `tosca_definitions_version`) are read on
 * demand through the index's FileSystem and summarised here. Never fetches remote URLs.
 *
 * Both caches are bounded. A model is reused while the document is the same analysed text and
 * every file it loaded is unchanged: same index stamp for indexed files, same stat for files read
 * on demand, still absent for missing imports.
 */
import * as path from '../util/path.js';
import { isOnce, memo, memoKey, type DocumentModel, type MemoKey } from '../model/document.js';
import { YAML_FILE } from '../model/kinds.js';
import { isNormativeCopy, wineryRoot } from '../model/tosca/winery.js';
import { detectDialect, type DialectName } from '../model/tosca/dialects.js';
import { FolderConfigs } from './folderConfig.js';
import { findCsar, type CsarInfo } from '../model/tosca/csar.js';
import {
  resolveImportTarget,
  type ImportStatus,
  type LoadedToscaFile,
  type ToscaFileSource,
} from '../model/tosca/imports.js';
import { buildToscaModel, linkKey, relinkToscaModel, type ToscaModel } from '../model/tosca/model.js';
import { TypeTable, type TypeSourceFile } from '../model/tosca/typeTable.js';
import type { ToscaVersion } from '../model/tosca/catalog/types.js';
import { NormativeViews } from '../model/tosca/normativeView.js';
import { builtinFile } from '../model/tosca/sol001/builtin.js';
import { isToscaSummary, summariseTosca, type ToscaSummary } from '../model/tosca/summary.js';
import { importSpecsOf, type ToscaImportFacts } from '../model/tosca/importFacts.js';
import { ImporterLookup, walkImport, type Walk } from './toscaImporterLookup.js';
import { parseYaml } from '../syntax/parse.js';
import { mapByImportMap, mapByRepository, type ImportMapEntry, type UrlMapping } from '../model/tosca/urlMap.js';
import * as upath from '../util/path.js';
import { Checkouts } from './checkouts.js';
import type { DirEntry, FileSystem } from './fileSystem.js';
import type { IndexEntry } from './workspace.js';

/**
 * What the models need of the index (an interface, so the index and this class do not import each other's internals).
 */
export interface ToscaIndexView {
  get(path: string): IndexEntry | undefined;
  allEntries(): Iterable<IndexEntry>;
  /** Changes whenever a TOSCA file enters, changes or leaves the index. */
  readonly toscaGeneration: number;
  /** Changes when a file enters or leaves the index (or changes kind). */
  readonly fileSetGeneration: number;
  /** Changes when any entry changes. */
  readonly generation: number;
  /** The entries changed after `generation`, or undefined when that is too long ago (WorkspaceIndex.changesSince). */
  changesSince?(generation: number): readonly { path: string; before?: string; after?: string }[] | undefined;
  /** The dialect setting (`lmDescriptors.tosca.dialect`, `--tosca-dialect`); `standard` when unset. */
  readonly toscaDialect?: DialectName;
  /** The workspace roots (relative folders of the import map resolve against each). */
  readonly roots: readonly string[];
}

/** One resolved import of a file: the imported file and the `namespace_prefix` the import itself gives. */
export interface ImportEdge {
  path: string;
  prefix?: string;
}

/** Importers followed upwards for a file's importer context (as the model builder does). */
const MAX_IMPORTERS = 8;

/** Folders looked at, upwards from a file, for importers the index does not hold (inside a CSAR: up to its root). */
const NEARBY_LEVELS = 2;
const NEARBY_CSAR_LEVELS = 4;
/** YAML files read per folder at most for that. */
const NEARBY_FILES = 200;

/** Type files of one Winery repository made visible to each of its files at most. */
const MAX_WINERY_FILES = 2000;

/**
 * Lookups (`ImporterLookup`) built before the walk over every TOSCA file runs once: each answers for any file until
 * an edit changes some file's imports (or files come and go); after that many such edits the walk builds the map.
 */
const MAX_LOOKUP_BUILDS = 8;

/** Models kept (one per open TOSCA document in practice). */
const MAX_MODELS = 64;
/** A once-checked file's model, kept with its document (`modelOf`). */
const ONCE_MODEL = memoKey<ToscaModel>('tosca.onceModel');
/** Type tables shared by once-checked files (`sharedTable`). */
const MAX_SHARED_TABLES = 64;
/** Summaries of files read on demand. */
const MAX_ON_DEMAND = 500;

/** What a loaded file looked like when a model was built: an index stamp, a disk stat, or absent. */
type Seen = { stamp: number } | { stat: string } | { absent: true };

interface Memo {
  doc: DocumentModel;
  model: ToscaModel;
  seen: Map<string, Seen>;
  /** The files that (transitively) import the document, when the model was built, and at which TOSCA generation. */
  importers: string;
  generation: number;
  /** `linkKey` of the document's summary, and the index's generation and file-set generation, at the build. */
  link: string;
  indexGeneration: number;
  fileSet: number;
}

export class ToscaModels {
  private readonly models = new Map<string, Memo>();
  private readonly onDemand = new Map<string, { stat: string; file: LoadedToscaFile }>();
  /**
   * Resolved imports per summary object or per index entry's import facts (a new summary or entry is a new
   * key, so edits need no bookkeeping) and per file-set generation (an import may start or stop resolving
   * when files come and go).
   */
  private edges = new WeakMap<object, { gen: number; path: string; edges: ImportEdge[] }>();
  /** Reverse import edges (see `importersOf`), brought up to date file by file when the index changes. */
  private readonly reverse = {
    generation: -1,
    /** The index's file-set generation when the edges were last brought up to date. */
    fileSet: -1,
    edgesOf: new Map<string, readonly ImportEdge[]>(),
    importers: new Map<string, Set<string>>(),
  };
  /** A walk of `walkSteps` left unfinished, at index generation `generation`, to resume at `queue[i]`. */
  private pendingWalk:
    | { generation: number; queue: string[]; indexed: IndexEntry[]; seen: Set<string>; walk: Walk; i: number }
    | undefined;
  /** The importers of single files before the first walk (`lookupImportersOf`), per index generation. */
  private lookup: { generation: number; fileSet: number; lookup: ImporterLookup; walk: Walk } | undefined;
  private lookupBuilds = 0;
  /** Values derived from one summary alone (see `derivedOf`). */
  private readonly derived = new WeakMap<ToscaSummary, Map<MemoKey<unknown>, unknown>>();
  /** Files read on demand that have no `imports` key, by stat (see mayImport). */
  private readonly noImports = new Map<string, string>();
  /**
   * Folder listings for nearby importers, per file-set generation (a file that comes or goes under
   * a root changes it); for good when files do not change (the command-line checker). Without it
   * every file asked about lists its folder again: hundreds of listings for one references request.
   */
  private listings = { generation: -1, map: new Map<string, DirEntry[]>() };
  /** Importers found next to a file outside the index (see nearbyImportersOf), per TOSCA generation. */
  private nearby:
    | {
        generation: number;
        map: Map<string, string[]>;
        candidates: Map<string, string[]>;
        /**
         * What each folder holds as a CSAR root, for the files whose nearby importers this
         * generation computes: the answers are kept as long as those importers are, and a reference
         * search asks for thousands of files in the same few folders.
         */
        csarProbes: Map<string, CsarInfo | null>;
      }
    | undefined;
  /** The dialect each document says it is written in (see dialectOf). */
  private readonly detected = new WeakMap<DocumentModel, DialectName>();
  /** The folder config files (`.lm-descriptors.json`) that apply to folders. */
  private readonly folderConfigs: FolderConfigs;
  /** The `.tosca` files of each Winery repository (see wineryFiles), per TOSCA generation. */
  private winery = { generation: -1, map: new Map<string, string[]>() };
  /** Indexed files by declared namespace or profile name, per TOSCA generation (see namespaceFiles). */
  private namespaces = { generation: -1, fileSet: -1, entryGeneration: -1, map: new Map<string, string[]>() };
  /** Read-only views of normative types (go to definition targets). */
  readonly normative = new NormativeViews();
  /**
   * What each folder holds as a CSAR root, when files do not change while the index lives (the
   * command-line checker): every model otherwise looks for TOSCA.meta files again, up the tree.
   */
  private readonly csarProbes: Map<string, CsarInfo | null> | undefined;
  /** The type tables of once-checked files, by what they are made of (`sharedTable`), for one index generation. */
  private tables: { generation: number; byKey: Map<string, TypeTable> } = { generation: -1, byKey: new Map() };
  /** Where imports resolved, kept under the same condition. */
  private readonly resolvedImports: Map<string, ImportStatus> | undefined;
  /** The importers' closures of the models' importer contexts, kept under the same condition. */
  private readonly contextClosures: Map<string, readonly TypeSourceFile[] | undefined> | undefined;
  /** `importersOf`'s answers, kept under the same condition (per index generation all the same). */
  private readonly importerMemo: { generation: number; map: Map<string, string[]> } | undefined;
  /** URL prefix → folder (lmDescriptors.tosca.importMap, --import-map); relative folders against each root. */
  private importMap: readonly ImportMapEntry[] = [];
  private resolvedMap = { roots: '', entries: [] as ImportMapEntry[] };
  /** The git checkouts files belong to, for their repository's own raw-file URLs. */
  private readonly checkouts: Checkouts;

  constructor(
    private readonly index: ToscaIndexView,
    private readonly fs: FileSystem,
    private readonly maxFileBytes: () => number,
    private readonly unchanging = false,
  ) {
    this.folderConfigs = new FolderConfigs(fs);
    if (unchanging) {
      this.csarProbes = new Map();
      this.resolvedImports = new Map();
      this.importerMemo = { generation: -1, map: new Map() };
      this.contextClosures = new Map();
    }
    this.checkouts = new Checkouts(fs);
  }

  /** Sets the import map (URL prefix → folder); every import resolves again. */
  setImportMap(entries: readonly ImportMapEntry[]): void {
    this.importMap = entries.filter((e) => e.prefix && e.folder);
    this.resolvedMap = { roots: '', entries: [] };
    this.clear();
  }

  /** Where an import URL is in the workspace: the import map first (longest prefix), else the checkout's remote. */
  private mapUrl(url: string, from: string): UrlMapping | undefined {
    if (this.importMap.length) {
      const roots = this.index.roots.join('\n');
      if (this.resolvedMap.roots !== roots || !this.resolvedMap.entries.length) {
        const entries: ImportMapEntry[] = [];
        for (const e of this.importMap) {
          if (upath.isAbsolute(e.folder)) entries.push(e);
          else for (const r of this.index.roots) entries.push({ prefix: e.prefix, folder: upath.resolve(r, e.folder) });
        }
        this.resolvedMap = { roots, entries };
      }
      const m = mapByImportMap(url, this.resolvedMap.entries);
      if (m) return m;
    }
    const checkout = this.checkouts.of(from);
    return checkout ? mapByRepository(url, checkout.remotes, checkout.root) : undefined;
  }

  /** The TOSCA model of `doc` (a document of kind `tosca`), built or reused. */
  modelOf(doc: DocumentModel): ToscaModel {
    // A file the workspace pass checks once: its model lives as long as its document, not in the models kept for
    // the files being edited. Kept there, each held on for the next 64 files' checks (its type table with the
    // imported types it merged), long enough to be copied by two young collections and promoted: over the bench's
    // TOSCA 2.0 pass the young collections took 5.3 ms each.
    if (isOnce(doc)) return memo(doc, ONCE_MODEL, () => this.build(doc, undefined, undefined, true));
    const m = this.models.get(doc.path);
    const dialect = this.dialectOf(doc);
    if (
      m &&
      m.doc === doc &&
      m.model.dialect === dialect &&
      this.sameImporters(m) &&
      [...m.seen].every(([p, s]) => this.same(p, s))
    ) {
      // Refresh its place in the LRU order.
      this.models.delete(doc.path);
      this.models.set(doc.path, m);
      return m.model;
    }
    const summary = toscaSummaryOf(doc);
    const link = linkKey(summary);
    const relinked = m && this.relinked(m, doc, summary, link, dialect);
    if (relinked) return relinked;
    const model = this.build(doc, summary, dialect);
    const seen = new Map<string, Seen>();
    for (const f of [...model.closure.files, ...model.contextFiles])
      if (f.path !== doc.path) seen.set(f.path, this.now(f.path));
    for (const r of model.closure.imports) {
      const st = r.status;
      if (st.kind === 'missing') seen.set(st.path, this.now(st.path));
      // A URL mapped to local files none of which is there yet: resolves once one appears.
      if ((st.kind === 'missing' && st.mapped) || st.kind === 'remote')
        for (const t of st.tried ?? []) seen.set(t, this.now(t));
    }
    this.models.delete(doc.path);
    const generation = this.index.toscaGeneration;
    const importers = this.importerClosure(doc.path).join('\n');
    const indexGeneration = this.index.generation;
    const fileSet = this.index.fileSetGeneration;
    this.models.set(doc.path, { doc, model, seen, importers, generation, link, indexGeneration, fileSet });
    if (this.models.size > MAX_MODELS) this.models.delete(this.models.keys().next().value!);
    return model;
  }

  /** The model of `doc` built afresh; `once`: a file the workspace pass checks once (its type table may be shared). */
  private build(doc: DocumentModel, summary = toscaSummaryOf(doc), dialect = this.dialectOf(doc), once = false) {
    return buildToscaModel(doc.path, summary, this.sourceFor(doc), {
      csarOf: (p) => this.csarOf(p),
      dialect,
      ...(once ? { sharedTypes: (catalog, files) => this.sharedTable(catalog, files) } : {}),
    });
  }

  /**
   * One type table for the once-checked files that see the same indexed type files (each file's path, prefix and
   * whether only an importer sees it): the workspace pass's 1,948 service templates of the
   * bench's TOSCA 2.0 workspace import the same two profiles and one of 50, and each built the same table and merged
   * the same types again. Kept for the index's generation (any change of an entry empties it), at most
   * MAX_SHARED_TABLES. A table's types carry no trace of the file that asked for it (`buildToscaModel` asks only for
   * files declaring no type), so every sharer gets the answers of its own table.
   */
  private sharedTable(catalog: ToscaVersion | undefined, files: readonly TypeSourceFile[]): TypeTable {
    if (this.tables.generation !== this.index.generation)
      this.tables = { generation: this.index.generation, byKey: new Map() };
    let key = catalog ?? '';
    for (const f of files) {
      if (!f.summary.types.length) continue;
      // An indexed file's summary is the same for the whole generation (parsed again or not); a file read from the
      // disk on demand may change without a generation: its table is not shared.
      if (!this.index.get(f.path)) return new TypeTable(catalog, files);
      key += `\n${f.path}\0${f.prefix ?? ''}\0${f.viaImporter ? 1 : 0}`;
    }
    const byKey = this.tables.byKey;
    let table = byKey.get(key);
    if (table) {
      byKey.delete(key);
    } else {
      table = new TypeTable(catalog, files);
      if (byKey.size >= MAX_SHARED_TABLES) byKey.delete(byKey.keys().next().value!);
    }
    byKey.set(key, table);
    return table;
  }

  /**
   * The model of a new text of `m`'s document from `m`'s, when that is what a full build would give: the text keeps
   * its imports, repositories, version and declared names (`linkKey`), no other entry of the index changed since
   * `m` was built (so every import resolves, and every importer imports, as then), the files read from the disk
   * are unchanged and the CSAR root is the same. A keystroke then skips resolving the import closure and the
   * importer context again (about a third of a TOSCA 2.0 keystroke). Undefined: build afresh.
   */
  private relinked(m: Memo, doc: DocumentModel, summary: ToscaSummary, link: string, dialect: DialectName) {
    if (m.link !== link || m.model.dialect !== dialect || m.fileSet !== this.index.fileSetGeneration) return undefined;
    const changed = this.index.changesSince?.(m.indexGeneration);
    if (!changed?.every((c) => c.path === doc.path && c.before === 'tosca' && c.after === 'tosca')) return undefined;
    if (![...m.seen].every(([p, s]) => this.same(p, s))) return undefined;
    const csar = this.csarOf(doc.path);
    if (csar?.root !== m.model.csar?.root) return undefined;
    const model = relinkToscaModel(m.model, summary, csar);
    this.models.delete(doc.path);
    this.models.set(doc.path, {
      ...m,
      doc,
      model,
      generation: this.index.toscaGeneration,
      indexGeneration: this.index.generation,
    });
    return model;
  }

  /** The summary of a TOSCA file as models load it: the index's, else the file read on demand. */
  summaryOf(p: string): ToscaSummary | undefined {
    // The index first without building a source: cross-file features call this for every file.
    const e = this.index.get(p);
    if (e && e.kind === 'tosca' && isToscaSummary(e.summary)) return e.summary;
    const builtin = builtinFile(p);
    if (builtin) return builtin.summary;
    return p.endsWith('/') ? undefined : this.loadOnDemand(p)?.summary;
  }

  /**
   * The imports of a file that resolve to a readable file, in order (the same resolution the models
   * use): what cross-file features walk to find the files that can see a type, without building a
   * type table per file. (A missing target outside the index that appears later is seen once the
   * importing file changes.)
   */
  importsOf(p: string): readonly ImportEdge[] {
    return this.edgesFrom(p);
  }

  /**
   * `importsOf`, resolving through `walk` when given (see `walkSource`). An indexed file's imports come from its
   * entry's import facts, so its summary is not parsed.
   */
  private edgesFrom(p: string, walk?: Walk, entry?: IndexEntry): readonly ImportEdge[] {
    const e = entry ?? this.index.get(p);
    const facts = e?.kind === 'tosca' ? e.toscaFacts : undefined;
    const summary = facts ? undefined : this.summaryOf(p);
    const key: object | undefined = facts ?? summary;
    if (!key) return [];
    const gen = this.index.fileSetGeneration;
    const cached = this.edges.get(key);
    if (cached && cached.gen === gen && cached.path === p) return cached.edges;
    const edges =
      walk && facts
        ? walkEdges(p, facts, walk)
        : this.resolvedEdges(p, facts ?? summary!, walk?.source ?? this.sourceFor());
    this.edges.set(key, { gen, path: p, edges });
    return edges;
  }

  /** The imports of `p` that resolve to a readable file, resolved one by one (outside a walk). */
  private resolvedEdges(p: string, of: ToscaImportFacts | ToscaSummary, source: ToscaFileSource): ImportEdge[] {
    const { imports, repositories } = 'stub' in of ? importSpecsOf(of) : of;
    const edges: ImportEdge[] = [];
    for (const imp of imports) {
      const status = resolveImportTarget(p, imp, repositories, source);
      if (status.kind !== 'ok') continue;
      const edge: ImportEdge = { path: status.path };
      if (imp.namespacePrefix) edge.prefix = imp.namespacePrefix.name;
      edges.push(edge);
    }
    return edges;
  }

  /**
   * The YAML files of a folder that may import a TOSCA file without being TOSCA files of the index
   * themselves (an `imports`-only file, a file outside the roots), once per folder and TOSCA
   * generation: every file asked about in that folder would otherwise go through the whole listing.
   */
  private candidatesIn(dir: string): string[] {
    const nearby = this.nearby!;
    const known = nearby.candidates.get(dir);
    if (known) return known;
    let listing = this.listings.map.get(dir);
    if (!listing) {
      try {
        listing = this.fs.readDirSync(dir);
      } catch {
        listing = [];
      }
      this.listings.map.set(dir, listing);
    }
    const out: string[] = [];
    for (const e of listing.slice(0, NEARBY_FILES)) {
      if (!e.isFile || !YAML_FILE.test(e.name)) continue;
      const f = path.posix.join(dir, e.name);
      if (this.index.get(f)?.kind !== 'tosca') out.push(f);
    }
    nearby.candidates.set(dir, out);
    return out;
  }

  /**
   * The files that import `p` directly, sorted: every indexed TOSCA file and every file they reach
   * (type files read on demand import others too). After an edit only the files whose imports
   * changed are re-linked, so a workspace-wide reverse walk stays cheap while someone types.
   */
  private indexedImportersOf(p: string): string[] {
    this.reverseUpToDate(() => false);
    return [...(this.reverse.importers.get(p) ?? [])].sort();
  }

  /**
   * Brings the reverse edges up to the index's generation: from the changes since (`relinkChanged`), else by the
   * walk over every TOSCA file, run until `stop()` says so (`walkSteps`); true once they are up to date.
   */
  private reverseUpToDate(stop: () => boolean): boolean {
    const r = this.reverse;
    if (r.generation === this.index.generation) return true;
    if (!this.relinkChanged() && !this.walkSteps(stop)) return false;
    r.generation = this.index.generation;
    r.fileSet = this.index.fileSetGeneration;
    return true;
  }

  /**
   * Runs the walk over every TOSCA file that builds the reverse edges until `stop()` says so (asked every few
   * files), resuming the one a previous call left while the index is the same; true when it is done. The edges of
   * each file walked are applied at once, so a walk left unfinished leaves every file's edges as they were or as
   * they are now: a later walk compares with either.
   */
  private walkSteps(stop: () => boolean): boolean {
    const r = this.reverse;
    let w = this.pendingWalk;
    if (w?.generation !== this.index.generation) {
      const queue: string[] = [];
      // The indexed files first, with their entries: the files the walk reaches beyond them are looked up by path.
      const indexed: IndexEntry[] = [];
      for (const e of this.index.allEntries()) {
        if (e.kind !== 'tosca') continue;
        queue.push(e.path);
        indexed.push(e);
      }
      w = { generation: this.index.generation, queue, indexed, seen: new Set(queue), walk: this.walkSource(), i: 0 };
      this.pendingWalk = w;
    }
    const { queue, indexed, seen, walk } = w;
    const first = w.i;
    for (; w.i < queue.length; w.i++) {
      if (w.i > first && (w.i - first) % 50 === 0 && stop()) return false;
      const from = queue[w.i]!;
      const edges = this.edgesFrom(from, walk, indexed[w.i]);
      const before = r.edgesOf.get(from);
      if (before !== edges) {
        for (const e of before ?? []) r.importers.get(e.path)?.delete(from);
        for (const e of edges) {
          let set = r.importers.get(e.path);
          if (!set) r.importers.set(e.path, (set = new Set()));
          set.add(from);
        }
        r.edgesOf.set(from, edges);
      }
      for (const e of edges) {
        if (seen.has(e.path)) continue;
        seen.add(e.path);
        queue.push(e.path);
      }
    }
    for (const [from, edges] of r.edgesOf) {
      if (seen.has(from)) continue;
      for (const e of edges) r.importers.get(e.path)?.delete(from);
      r.edgesOf.delete(from);
    }
    this.pendingWalk = undefined;
    return true;
  }

  /**
   * Brings the reverse edges up to date from the entries changed since they were built, when that
   * cannot change them: no file came, went or changed kind, every changed TOSCA file imports the
   * same files under the same prefixes as before (a keystroke that leaves `imports` alone), and no
   * other changed file is one the walk reached. Then the walk over every TOSCA file of the index
   * (2,000 of them on the bench, after each keystroke) would find the same edges. False otherwise:
   * the walk runs.
   */
  private relinkChanged(): boolean {
    const r = this.reverse;
    if (r.generation < 0 || r.fileSet !== this.index.fileSetGeneration) return false;
    const changed = this.index.changesSince?.(r.generation);
    if (!changed) return false;
    const renewed: [string, readonly ImportEdge[]][] = [];
    for (const c of changed) {
      const before = r.edgesOf.get(c.path);
      if (c.before !== 'tosca' || c.after !== 'tosca') {
        if (before !== undefined) return false;
        continue;
      }
      if (before === undefined) return false;
      const edges = this.importsOf(c.path);
      if (edges === before) continue;
      if (edges.length !== before.length) return false;
      for (let i = 0; i < edges.length; i++)
        if (edges[i]!.path !== before[i]!.path || edges[i]!.prefix !== before[i]!.prefix) return false;
      renewed.push([c.path, edges]);
    }
    // Only now: a `false` above leaves the edges as they were for the walk to compare with.
    for (const [p, edges] of renewed) r.edgesOf.set(p, edges);
    return true;
  }

  /**
   * A value derived from a summary alone, computed once per summary object: the counterpart of
   * `memo` for files nobody has open (a summary is replaced, never changed, when its file changes).
   */
  derivedOf<T>(summary: ToscaSummary, key: MemoKey<T>, compute: () => T): T {
    let m = this.derived.get(summary);
    if (!m) this.derived.set(summary, (m = new Map()));
    if (m.has(key)) return m.get(key) as T;
    const v = compute();
    m.set(key, v);
    return v;
  }

  /** Forgets everything (settings that change what is read, e.g. the size cap). */
  clear(): void {
    this.models.clear();
    this.onDemand.clear();
    this.reverse.generation = -1;
    this.noImports.clear();
    this.nearby = undefined;
    this.lookup = undefined;
    this.pendingWalk = undefined;
    this.edges = new WeakMap();
    this.resolvedImports?.clear();
    this.importerMemo?.map.clear();
    this.contextClosures?.clear();
    this.checkouts.clear();
  }

  /** `prepareSlice` in one step: the importer and profile-name maps built at once. */
  prepare(): void {
    this.prepareSlice(() => false);
  }

  /**
   * Builds the importer and profile-name maps in slices, for the host's idle turns after ready: walks until
   * `stop()` says so; true once the maps are built (a later call resumes the walk while the index is unchanged,
   * else starts it again). Before that, the first opens find their importers without the walk (`ImporterLookup`);
   * later changes update the maps as usual.
   */
  prepareSlice(stop: () => boolean): boolean {
    if (!this.reverseUpToDate(stop)) return false;
    this.namespaceFiles();
    return true;
  }

  /**
   * The files whose resolved imports point at `p` (relative paths, repositories, CSAR roots and
   * namespaces resolved exactly as the model builder does), from reverse edges rebuilt when a TOSCA
   * file changed.
   */
  importersOf(p: string): string[] {
    // Files that do not change (the checker): one answer per file and index generation. A model asks for its
    // file's importers and theirs, the version and the model's memo ask again: 140 calls for xOpera's 37 files.
    const memo = this.importerMemo;
    if (memo && memo.generation !== this.index.generation) {
      memo.generation = this.index.generation;
      memo.map.clear();
    }
    const known = memo?.map.get(p);
    if (known) return known;
    const indexed = this.lookupImportersOf(p) ?? this.indexedImportersOf(p);
    const nearby = this.nearbyImportersOf(p);
    const out = nearby.length ? [...new Set([...indexed, ...nearby])].sort() : indexed;
    memo?.map.set(p, out);
    return out;
  }

  /**
   * `indexedImportersOf(p)` without the walk over every TOSCA file, while that has not run yet in this session (see
   * `ImporterLookup`; at most MAX_LOOKUP_BUILDS of them); undefined: the walk answers.
   * Once the walk has run, its map is brought up to date file by file (`relinkChanged`), cheaper than a lookup.
   * When files do not change (the checker), every file's importers are asked, and one walk resolves each import once:
   * the lookups resolved again, per file asked, the imports that could lead to it (xOpera's 37 files: 3 million
   * instructions more; the bench's 2,000-file TOSCA 1.3 workspace: about 190 ms of main thread more).
   */
  private lookupImportersOf(p: string): string[] | undefined {
    if (this.reverse.generation >= 0 || this.unchanging) return undefined;
    return this.currentLookup(this.lookupBuilds < MAX_LOOKUP_BUILDS)?.lookup.importersOf(p);
  }

  /**
   * The files that import `p` directly, as the walk over every TOSCA file finds them, from an `ImporterLookup` of
   * the index as it is now (undefined where the lookup cannot answer). `importersOf` uses it before the first walk;
   * public for the test that compares both.
   */
  importersWithoutWalk(p: string): string[] | undefined {
    return this.currentLookup(true)?.lookup.importersOf(p);
  }

  /** The lookup of the index as it is now: the one built before when the changes since carry it over, else new. */
  private currentLookup(mayBuild: boolean) {
    const generation = this.index.generation;
    const l = this.lookup;
    if (l && l.generation !== generation && l.fileSet === this.index.fileSetGeneration) {
      const changes = this.index.changesSince?.(l.generation);
      if (changes && l.lookup.carriesOver(changes)) l.generation = generation;
    }
    if (this.lookup?.generation === generation) return this.lookup;
    if (!mayBuild) return undefined;
    this.lookupBuilds++;
    const walk = this.walkSource();
    const lookup = new ImporterLookup({
      entries: this.index.allEntries(),
      get: (f) => this.index.get(f),
      walk,
      exists: (f) => this.fs.statSync(f) !== undefined,
      readDir: (dir) => this.fs.readDirSync(dir),
      roots: this.index.roots,
      edgesOf: (f) => this.edgesFrom(f, walk),
    });
    this.lookup = { generation, fileSet: this.index.fileSetGeneration, lookup, walk };
    return this.lookup;
  }

  /**
   * Importers the index does not hold: TOSCA files in the folders from `p`'s up to its CSAR root
   * (at most NEARBY_LEVELS up outside a CSAR), read on demand. So a type file checks the same
   * whether the workspace root is its package, its repository or only its own folder.
   */
  private nearbyImportersOf(p: string): string[] {
    const generation = this.index.toscaGeneration;
    if (this.nearby?.generation !== generation)
      this.nearby = { generation, map: new Map(), candidates: new Map(), csarProbes: new Map() };
    const known = this.nearby.map.get(p);
    if (known) return known;
    const files = this.index.fileSetGeneration;
    if (!this.unchanging && this.listings.generation !== files) this.listings = { generation: files, map: new Map() };
    const out: string[] = [];
    const csarRoot = findCsar(p, (f) => this.readText(f), undefined, this.csarProbes ?? this.nearby.csarProbes)?.root;
    // Made only when a folder has candidates (most have none: their YAML files are all indexed).
    let source: ToscaFileSource | undefined;
    let dir = path.posix.dirname(p);
    for (let level = 0; level < (csarRoot ? NEARBY_CSAR_LEVELS : NEARBY_LEVELS); level++) {
      for (const f of this.candidatesIn(dir)) {
        if (f === p) continue;
        const loaded = this.mayImport(f) ? this.loadOnDemand(f) : undefined;
        if (!loaded) continue;
        for (const imp of loaded.summary.imports) {
          const st = resolveImportTarget(f, imp, loaded.summary.repositories, (source ??= this.sourceFor(undefined)));
          if (st.kind === 'ok' && st.path === p && !out.includes(f)) out.push(f);
        }
      }
      if (dir === csarRoot) break;
      const parent = path.posix.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    out.sort();
    this.nearby.map.set(p, out);
    return out;
  }

  /** The files that import `p`, and those that import them, breadth first, at most MAX_IMPORTERS. */
  private importerClosure(p: string): string[] {
    const out: string[] = [];
    const seen = new Set([p]);
    const queue = [p];
    while (queue.length && out.length < MAX_IMPORTERS) {
      for (const imp of this.importersOf(queue.shift()!)) {
        if (seen.has(imp) || out.length >= MAX_IMPORTERS) continue;
        seen.add(imp);
        out.push(imp);
        queue.push(imp);
      }
    }
    return out;
  }

  /** False when the set of files importing the document changed since its model was built. */
  private sameImporters(m: Memo): boolean {
    if (m.generation === this.index.toscaGeneration) return true;
    if (this.importerClosure(m.doc.path).join('\n') !== m.importers) return false;
    m.generation = this.index.toscaGeneration;
    return true;
  }

  private readText(p: string): string | undefined {
    return this.fs.readTextSync(p, this.maxFileBytes());
  }

  private csarOf(p: string): CsarInfo | undefined {
    return findCsar(p, (f) => this.readText(f), undefined, this.csarProbes);
  }

  private statKey(p: string): string | undefined {
    const st = this.fs.statSync(p);
    return st ? `${st.mtimeMs}:${st.size}` : undefined;
  }

  private now(p: string): Seen {
    const e = this.index.get(p);
    if (e) return { stamp: e.stamp };
    const st = this.statKey(p);
    return st === undefined ? { absent: true } : { stat: st };
  }

  private same(p: string, s: Seen): boolean {
    const n = this.now(p);
    if ('stamp' in s) return 'stamp' in n && n.stamp === s.stamp;
    if ('stat' in s) return 'stat' in n && n.stat === s.stat;
    return 'absent' in n;
  }

  /**
   * False for a file that cannot import anything (no `imports` key in its text), remembered while its
   * stat is unchanged: folders next to TOSCA files hold playbooks and other YAML that need no parse.
   */
  private mayImport(p: string): boolean {
    if (this.onDemand.has(p)) return true;
    const stat = this.statKey(p);
    if (stat === undefined || this.noImports.get(p) === stat) return false;
    const text = this.readText(p);
    if (text === undefined) return false;
    if (/\bimports\s*:/.test(text)) return true;
    this.noImports.delete(p);
    this.noImports.set(p, stat);
    if (this.noImports.size > MAX_ON_DEMAND) this.noImports.delete(this.noImports.keys().next().value!);
    return false;
  }

  /** A summary of a file the index does not hold as TOSCA, read on demand and kept while its stat is unchanged. */
  private loadOnDemand(p: string): LoadedToscaFile | undefined {
    const stat = this.statKey(p);
    if (stat === undefined) return undefined;
    const cached = this.onDemand.get(p);
    if (cached && cached.stat === stat) return cached.file;
    const text = this.readText(p);
    if (text === undefined) return undefined;
    let summary: ToscaSummary;
    try {
      summary = summariseTosca(parseYaml(text).root);
    } catch {
      summary = summariseTosca(null);
    }
    const file: LoadedToscaFile = { path: p, summary };
    if (!summary.version) file.notTosca = true;
    this.onDemand.delete(p);
    this.onDemand.set(p, { stat, file });
    if (this.onDemand.size > MAX_ON_DEMAND) this.onDemand.delete(this.onDemand.keys().next().value!);
    return file;
  }

  /** A `ToscaFileSource` for building the model of `doc` (or any file): the index first, then the disk. */
  /**
   * The dialect a file is read in: the setting when it names one, else the nearest folder config file, else what the
   * file itself says (its version name, an import of the orchestrator's types), else standard TOSCA.
   */
  dialectOf(doc: DocumentModel): DialectName {
    const setting = this.index.toscaDialect ?? 'standard';
    if (setting !== 'standard') return setting;
    const p = doc.path;
    const dir = p.slice(0, Math.max(p.lastIndexOf('/'), 0)) || '/';
    const config = this.folderConfigs.of(dir, this.unchanging ? 0 : this.index.generation);
    if (config?.toscaDialect) return config.toscaDialect;
    // What the document says, once per document model (features ask for the model on every request).
    let detected = this.detected.get(doc);
    if (detected === undefined) {
      detected = detectDialect(toscaSummaryOf(doc)) ?? 'standard';
      this.detected.set(doc, detected);
    }
    return detected;
  }

  /** Forgets the folder config files read (one changed): the next models read them again. */
  forgetFolderConfigs(): void {
    this.folderConfigs.forget();
  }

  /** The other `.tosca` files of the Winery repository of `p` in the index, per TOSCA generation. */
  private wineryFiles(p: string): string[] {
    const root = wineryRoot(p);
    if (root === undefined) return [];
    if (this.winery.generation !== this.index.toscaGeneration)
      this.winery = { generation: this.index.toscaGeneration, map: new Map() };
    let files = this.winery.map.get(root);
    if (!files) {
      files = [];
      for (const e of this.index.allEntries())
        if (
          e.kind === 'tosca' &&
          wineryRoot(e.path) === root &&
          !isNormativeCopy(e.path) &&
          files.length < MAX_WINERY_FILES
        )
          files.push(e.path);
      this.winery.map.set(root, files);
    }
    return files.filter((f) => f !== p);
  }

  /**
   * The indexed TOSCA files by the namespace or profile name they declare (a 1.x `namespace:`, a
   * TOSCA 2.0 `profile:`, §6.7), each list best first: several files of a profile may declare the
   * name, and the CSAR entry / profile file is preferred. Built once per TOSCA generation: an import
   * by profile name looked through every entry of the index, and a 2.0 workspace resolves one for
   * nearly every file (2,000 files importing 3 profiles: 12 million entry checks).
   */
  private namespaceFiles(): Map<string, string[]> {
    const generation = this.index.toscaGeneration;
    if (this.namespaces.generation === generation) return this.namespaces.map;
    if (this.sameNamespaces()) {
      this.namespaces.generation = generation;
      this.namespaces.entryGeneration = this.index.generation;
      return this.namespaces.map;
    }
    const map = new Map<string, string[]>();
    const add = (name: string | undefined, p: string) => {
      if (name === undefined) return;
      const list = map.get(name);
      if (!list) map.set(name, [p]);
      else if (list[list.length - 1] !== p) list.push(p);
    };
    for (const e of this.index.allEntries()) {
      const names = declaredNames(e);
      if (!names) continue;
      add(names.namespace, e.path);
      add(names.profile, e.path);
    }
    for (const list of map.values()) list.sort((a, b) => rankProfile(a) - rankProfile(b) || a.localeCompare(b));
    this.namespaces = {
      generation,
      fileSet: this.index.fileSetGeneration,
      entryGeneration: this.index.generation,
      map,
    };
    return map;
  }

  /**
   * True when the files changed since the namespace map was built still declare the names it holds
   * for them (a keystroke that leaves `namespace:` and `profile:` alone) and no file came, went or
   * changed kind: the map would be built again the same.
   */
  private sameNamespaces(): boolean {
    const n = this.namespaces;
    if (n.entryGeneration < 0 || n.fileSet !== this.index.fileSetGeneration) return false;
    const changed = this.index.changesSince?.(n.entryGeneration);
    if (!changed) return false;
    for (const c of changed) {
      if (c.after !== 'tosca') continue;
      const e = this.index.get(c.path);
      const names = e && declaredNames(e);
      if (!names) return false;
      for (const name of [names.namespace, names.profile])
        if (name !== undefined && !n.map.get(name)?.includes(c.path)) return false;
      for (const [name, list] of n.map)
        if (list.includes(c.path) && name !== names.namespace && name !== names.profile) return false;
    }
    return true;
  }

  /**
   * What one walk over every TOSCA file resolves through (`indexedImportersOf`): what it found on the disk is kept
   * for the whole walk, which runs in one step, so 2,000 files in a hundred folders probe each missing candidate
   * path and each folder's TOSCA.meta once instead of once per file.
   */
  private walkSource(): Walk {
    // What the lookups of this generation resolved holds for the walk too.
    if (this.lookup?.generation === this.index.generation) return this.lookup.walk;
    return { source: this.sourceFor(undefined, this.csarProbes ?? new Map()), resolved: new Map() };
  }

  private sourceFor(doc?: DocumentModel, csarProbes = this.csarProbes): ToscaFileSource {
    const csarRoots = new Map<string, string | undefined>();
    // Files outside the index as this source found them: one model build asks for the same paths many times (a
    // profile name is tried as a file in the importing file's folder and its ancestors, for every file of the
    // closure that imports it: 60 stats of the same absent path per keystroke on the bench's 2.0 workspace).
    const onDisk = new Map<string, LoadedToscaFile | undefined>();
    return {
      ...(this.resolvedImports ? { resolved: this.resolvedImports } : {}),
      ...(this.contextClosures ? { contextClosures: this.contextClosures } : {}),
      mapUrl: (url, from) => this.mapUrl(url, from),
      load: (p) => {
        if (doc && p === doc.path && isToscaSummary(doc.summary)) return { path: p, summary: doc.summary };
        const e = this.index.get(p);
        // Resolving an import only asks whether its target loads: an indexed file's summary is parsed when read.
        if (e && e.kind === 'tosca' && e.toscaFacts) return indexedFile(e, e.toscaFacts);
        if (e && e.kind === 'tosca' && isToscaSummary(e.summary)) return { path: e.path, summary: e.summary };
        if (p.endsWith('/')) return undefined;
        if (onDisk.has(p)) return onDisk.get(p);
        const f = this.loadOnDemand(p);
        onDisk.set(p, f);
        return f;
      },
      byNamespace: (ns) => [...(this.namespaceFiles().get(ns) ?? [])],
      importersOf: (p) => this.importersOf(p),
      repositoryFiles: (p) => this.wineryFiles(p),
      csarRootOf: (p) => {
        const dir = path.posix.dirname(p);
        if (!csarRoots.has(dir)) csarRoots.set(dir, findCsar(p, (f) => this.readText(f), undefined, csarProbes)?.root);
        return csarRoots.get(dir);
      },
    };
  }
}

/**
 * The imports of an indexed file that resolve to a readable file, during a walk: where an import leads depends on the
 * importing file's folder (relative paths, CSAR root, checkout) and version (`/`-rooted paths, built-in fallbacks)
 * only, so the files of one folder resolve each distinct import once, and a file whose imports are all known in its
 * folder builds no import specs.
 */
function walkEdges(p: string, facts: ToscaImportFacts, walk: Walk): ImportEdge[] {
  const specs: { of?: ReturnType<typeof importSpecsOf> } = {};
  const edges: ImportEdge[] = [];
  for (let i = 0; i < facts.imports.length; i++) {
    const f = facts.imports[i]!;
    const status = walkImport(p, facts, i, walk, specs);
    if (status.kind !== 'ok') continue;
    edges.push(f.prefix === undefined ? { path: status.path } : { path: status.path, prefix: f.prefix });
  }
  return edges;
}

/** An indexed TOSCA file whose summary is read (and, from the warm-start cache, parsed) only when asked for. */
function indexedFile(e: IndexEntry, facts: ToscaImportFacts): LoadedToscaFile {
  return {
    path: e.path,
    stub: facts.stub,
    get summary(): ToscaSummary {
      const s = e.summary;
      return isToscaSummary(s) ? s : summariseTosca(null);
    },
  };
}

/**
 * The namespace and profile names an indexed TOSCA file declares (undefined: not a TOSCA entry), from its import
 * facts when the entry has them: the profile map is built from every TOSCA file of the workspace.
 */
function declaredNames(e: IndexEntry): Pick<ToscaImportFacts, 'namespace' | 'profile'> | undefined {
  if (e.kind !== 'tosca') return undefined;
  if (e.toscaFacts) return e.toscaFacts;
  const s = e.summary;
  return isToscaSummary(s) ? { namespace: s.namespace?.name, profile: s.profile?.name } : undefined;
}

function rankProfile(p: string): number {
  const base = path.posix.basename(p);
  return /^(profile|main|index)\.ya?ml$/.test(base) ? 0 : 1;
}

function toscaSummaryOf(doc: DocumentModel): ToscaSummary {
  return isToscaSummary(doc.summary) ? doc.summary : summariseTosca(doc.root);
}
