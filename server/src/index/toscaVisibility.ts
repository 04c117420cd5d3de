/**
 * Which TOSCA files can see which: import closures (with namespace prefixes) and their reverse, from
 * the index's summaries and resolved import edges (`ToscaModels.importsOf`), never from type tables.
 * A type file is typically imported by many service templates; finding the files that can see one
 * of its types is a reverse walk over these edges, not a model per file.
 *
 * The closure, the importer context and the version of a version-less file are the model layer's
 * (`walkClosure`, `importerContext`, `fileVersion` in model/tosca/closure.ts), walked here over the
 * index's import edges, so a name resolves here to what it resolves to in the file's own type table.
 *
 * Owned by the index layer, below the features: references, rename and the code lenses resolve
 * names here, diagnostics, completion and hover in the file's type table, by the same rules.
 *
 * An `ImportGraph` caches what it computes (closures, importer lists, name tables) while the index
 * does not change: `importGraphFor` shares one between the requests of an index generation, so a
 * reference search for a type used by thousands of files resolves each file's visible names once,
 * not once per type asked about. An edit anywhere starts a new graph.
 */
import { memoKey, type DocumentModel } from '../model/document.js';
import { isToscaSummary, type ToscaSummary } from '../model/tosca/summary.js';
import type { WorkspaceIndex } from './workspace.js';
import { FileTypeNames, NameTable, type CatalogCache } from './toscaTypeNames.js';
import type { ToscaVersion } from '../model/tosca/catalog/index.js';
import {
  catalogFor,
  fileVersion,
  importerContext,
  MAX_CLOSURE,
  MAX_CONTEXT_CLOSURE,
  walkClosure,
  type ClosureEdge,
} from '../model/tosca/closure.js';
import type { ImportEdge } from './toscaModels.js';

export interface VisibleFile {
  path: string;
  summary: ToscaSummary;
  /** The namespace prefix its types are visible under. */
  prefix?: string;
}

export class ImportGraph {
  private readonly closures = new Map<string, VisibleFile[]>();
  private readonly visibles = new Map<string, VisibleFile[]>();
  private readonly importerLists = new Map<string, readonly string[]>();
  private readonly tables = new Map<string, NameTable>();
  private readonly catalogCache: CatalogCache = new Map();
  private readonly edgeLists = new Map<string, ClosureEdge<ImportEdge>[]>();

  /** `current`: the document asking, whose own summary is used for its path (its spans are the ones shown). */
  constructor(
    private readonly ws: { readonly index: WorkspaceIndex },
    private readonly current?: DocumentModel,
  ) {}

  summaryOf(path: string): ToscaSummary | undefined {
    const doc = this.current;
    if (doc && path === doc.path && isToscaSummary(doc.summary)) return doc.summary;
    return this.ws.index.tosca.summaryOf(path);
  }

  /** Every TOSCA file of the index. */
  toscaFiles(): string[] {
    const out: string[] = [];
    for (const e of this.ws.index.allEntries()) if (e.kind === 'tosca') out.push(e.path);
    return out;
  }

  /** The import closure of `root`, root first (a file imported under two prefixes appears twice). */
  closure(root: string, max = MAX_CLOSURE): VisibleFile[] {
    const memoKey = `${max}:${root}`;
    const known = this.closures.get(memoKey);
    if (known) return known;
    // A walk under the other bound that stopped short of both bounds is this walk: a bound only
    // cuts a closure that reaches it (a type file's importer context asks for the closures of the
    // service templates under MAX_CONTEXT_CLOSURE, their own names under MAX_CLOSURE).
    for (const other of [MAX_CLOSURE, MAX_CONTEXT_CLOSURE]) {
      const files = other === max ? undefined : this.closures.get(`${other}:${root}`);
      if (files && files.length < Math.min(max, other)) {
        this.closures.set(memoKey, files);
        return files;
      }
    }
    const summary = this.summaryOf(root);
    const files = summary
      ? walkClosure(
          root,
          summary,
          (cur) => this.edgesOf(cur.path),
          (p) => this.summaryOf(p),
          max,
        )
      : [];
    this.closures.set(memoKey, files);
    return files;
  }

  /** The import edges of `path` as closure walks take them, made once per graph (every closure walks the profiles). */
  private edgesOf(path: string): ClosureEdge<ImportEdge>[] {
    let list = this.edgeLists.get(path);
    if (!list) this.edgeLists.set(path, (list = this.ws.index.tosca.importsOf(path).map((e) => ({ ...e, data: e }))));
    return list;
  }

  /** Files that import `path` directly (indexed TOSCA files and the files they reach). */
  importers(path: string): readonly string[] {
    let list = this.importerLists.get(path);
    if (!list) this.importerLists.set(path, (list = this.ws.index.tosca.importersOf(path)));
    return list;
  }

  /**
   * The files whose types `path` sees, in resolution order: its closure, then the closures of the
   * files that import it (type files often rely on types their importer brings in).
   */
  visible(path: string): VisibleFile[] {
    const known = this.visibles.get(path);
    if (known) return known;
    const own = this.closure(path);
    const context = importerContext(
      path,
      own,
      (p) => this.importers(p),
      (imp) => this.closure(imp, MAX_CONTEXT_CLOSURE),
    );
    const out = [...own, ...context];
    this.visibles.set(path, out);
    return out;
  }

  /** The normative catalog `path` resolves names against: its version's, or its importer's (as the model's). */
  catalogOf(path: string): ToscaVersion | undefined {
    const summary = this.summaryOf(path);
    if (!summary) return catalogFor(undefined);
    const { version } = fileVersion(
      path,
      summary,
      (p) => this.importers(p),
      (p) => this.summaryOf(p)?.version?.text,
    );
    return catalogFor(version);
  }

  /**
   * Files that may see the types of `path`: the file itself, every file importing it (transitively)
   * and the files in those files' closures (which see it through their importer). A superset:
   * name resolution decides.
   */
  seeing(path: string): string[] {
    const direct = new Set([path]);
    const queue = [path];
    for (let i = 0; i < queue.length; i++) {
      for (const imp of this.importers(queue[i]!)) {
        if (direct.has(imp)) continue;
        direct.add(imp);
        queue.push(imp);
      }
    }
    // The files they reach see it through them (importer context): one walk from all of them.
    const out = new Set(direct);
    const reach = [...direct];
    for (let i = 0; i < reach.length; i++) {
      for (const e of this.ws.index.tosca.importsOf(reach[i]!)) {
        if (out.has(e.path)) continue;
        out.add(e.path);
        reach.push(e.path);
      }
    }
    return [...out].sort();
  }

  /**
   * The type names of `path`. Its own declarations come first; the table of the files it sees is
   * shared by every file that sees the same files (service templates importing one type library).
   * `catalogOnly`: the caller knows no file the path sees declares the names it will ask about.
   */
  typeNames(path: string, catalogOnly = false): FileTypeNames {
    if (catalogOnly)
      return new FileTypeNames(this.catalogOf(path), NameTable.EMPTY, NameTable.EMPTY, this.catalogCache);
    const visible = this.visible(path);
    const own = visible[0]?.path === path ? visible.slice(0, 1) : [];
    const rest = visible.slice(own.length);
    const signature = rest.map((f) => `${f.prefix ?? ''}|${f.path}`).join('\n');
    let shared = this.tables.get(signature);
    if (!shared) this.tables.set(signature, (shared = new NameTable(rest)));
    return new FileTypeNames(this.catalogOf(path), new NameTable(own), shared, this.catalogCache);
  }
}

const SHARED_GRAPH = memoKey<ImportGraph>('tosca.importGraph');

/**
 * The import graph for a request about `current`: the one shared by every request of this index
 * generation when the index holds `current`'s own summary (an open document is installed in the
 * index as it is analysed), else one for this request alone, which reads `current`'s summary for
 * its path.
 */
export function importGraphFor(ws: { readonly index: WorkspaceIndex }, current?: DocumentModel): ImportGraph {
  if (current && ws.index.tosca.summaryOf(current.path) !== current.summary) return new ImportGraph(ws, current);
  const index = ws.index;
  return index.derive(SHARED_GRAPH, () => new ImportGraph({ index }));
}
