/**
 * The analysed TOSCA document: its summary, version, import closure, CSAR and type table, plus
 * name lookups of its topology. This is the API the TOSCA diagnostics are built on, and the one
 * hover / completion / definition should use (through `features/tosca/context.ts`, which supplies
 * the file source backed by the workspace index).
 */
import { findCsar, type CsarInfo } from './csar.js';
import {
  loadImportClosure,
  type ImportClosure,
  type ImportStatus,
  type ResolvedImport,
  type ToscaFileSource,
} from './imports.js';
import type {
  TGroup,
  TNodeTemplate,
  TPolicy,
  TPropertyDef,
  TRelationshipTemplate,
  TTypeDecl,
  ToscaSummary,
} from './summary.js';
import { TypeTable, type ToscaType, type TypeSourceFile } from './typeTable.js';
import type { VersionInfo } from './versions.js';
import { catalogFor, fileVersion, importerContext, MAX_CONTEXT_CLOSURE } from './closure.js';
import type { TypeKind } from './catalog/index.js';
import type { ToscaVersion } from './catalog/types.js';
import { coveredByDialect, dialectLibrary, type DialectName } from './dialects.js';
import { sameData } from '../../util/sameData.js';

export interface ToscaModel {
  path: string;
  summary: ToscaSummary;
  /**
   * Undefined when the version is unknown, or missing and no importer declares one. A file without
   * `tosca_definitions_version` (a type fragment) is read in the version of the first file that
   * imports it and has one (`versionFrom`), as processors read it as part of that template.
   */
  version?: VersionInfo;
  /** The importer whose version a version-less file is read in. */
  versionFrom?: string;
  closure: ImportClosure;
  /**
   * Files visible only through files that import this one (their import closures): type files are
   * often fragments that use types their importer brings in, as processors always start from the
   * main template. Their types resolve (after this file's own closure) but are never duplicates.
   */
  contextFiles: TypeSourceFile[];
  types: TypeTable;
  csar?: CsarInfo;
  inputs: Map<string, TPropertyDef>;
  nodeTemplates: Map<string, TNodeTemplate>;
  relationshipTemplates: Map<string, TRelationshipTemplate>;
  groups: Map<string, TGroup>;
  policies: Map<string, TPolicy>;
  /** The resolved type of a template or type declaration of this file. */
  typeOf(kind: TypeKind, name: string | undefined): ToscaType | undefined;
  /** The ToscaType of a type declared in this file. */
  declared(d: TTypeDecl): ToscaType | undefined;
  /** The orchestrator dialect the file is read in (see dialects.ts); `standard` when none. */
  dialect: DialectName;
}

export interface BuildOptions {
  /** Reads a file's text (TOSCA.meta lookups); undefined when absent. */
  readText?(path: string): string | undefined;
  /** The CSAR a file belongs to, in place of looking it up with `readText`. */
  csarOf?(path: string): CsarInfo | undefined;
  /** The orchestrator dialect (its type library becomes visible after the imports); `standard` by default. */
  dialect?: DialectName;
  /**
   * The type table of a file that declares no type of its own, from a table of another such file with the same
   * visible files (see `sharedTable`), or undefined to build it.
   */
  sharedTypes?(catalog: ToscaVersion | undefined, files: readonly TypeSourceFile[]): TypeTable;
}

function byName<T extends { name: string }>(items: readonly T[] | undefined): Map<string, T> {
  const m = new Map<string, T>();
  for (const i of items ?? []) if (!m.has(i.name)) m.set(i.name, i);
  return m;
}

/** Builds the model of one TOSCA file. Never throws on malformed content. */
export function buildToscaModel(
  path: string,
  summary: ToscaSummary,
  source: ToscaFileSource,
  opts: BuildOptions = {},
): ToscaModel {
  const importersOf = source.importersOf?.bind(source);
  const { version, from } = fileVersion(path, summary, importersOf, (p) => source.load(p)?.summary.version?.text);
  const closure = loadImportClosure(path, summary, source);
  const context = importersOf
    ? importerContext(path, closure.files, importersOf, (imp) => {
        const kept = source.contextClosures;
        if (kept?.has(imp)) return kept.get(imp);
        const f = source.load(imp);
        const files = f ? loadImportClosure(imp, f.summary, source, MAX_CONTEXT_CLOSURE).files : undefined;
        kept?.set(imp, files);
        return files;
      })
    : [];
  const files = [...closure.files, ...context.map((x) => ({ ...x, viaImporter: true }))];
  files.push(...repositoryContext(path, files, source));
  const dialect = opts.dialect ?? 'standard';
  const library = dialectLibrary(dialect);
  if (library) files.push(library);
  // What the dialect's library stands for is no unread import: Unfurl's own repository, CloudShell's standards.
  if (closure.incomplete && closure.imports.every((r) => !unreadImport(r.status) || coveredByDialect(dialect, r)))
    closure.incomplete = false;
  const csar = opts.csarOf ? opts.csarOf(path) : opts.readText ? findCsar(path, opts.readText) : undefined;
  // A table holds the types of its files only: a file that declares none reads the same table as any other such file
  // that sees the same files (the path of the file itself is nowhere in it).
  const shared = summary.types.length === 0 ? opts.sharedTypes?.(catalogFor(version), files) : undefined;
  return assemble(path, summary, closure, files, { version, from, csar, dialect }, undefined, shared);
}

/**
 * The model of a new text of `prev`'s file whose imports, repositories, version and declared names are those of
 * `prev`'s text (`linkKey` equal) while no other file changed: the closure, importer context, version and CSAR are
 * `prev`'s (they depend on those alone), the root's own records point at the new text's imports, and the type table
 * is built again (the file's own types may have changed). What a keystroke outside `imports:` rebuilds. `csar` is
 * the file's CSAR as found now (its TOSCA.meta is read again; the caller builds afresh when its root moved).
 */
export function relinkToscaModel(prev: ToscaModel, summary: ToscaSummary, csar: CsarInfo | undefined): ToscaModel {
  const old = prev.closure;
  const renewed = new Map<ResolvedImport, ResolvedImport>();
  const rootImports = old.rootImports.map((r, i) => {
    const n: ResolvedImport = { ...r, imp: summary.imports[i] ?? r.imp };
    renewed.set(r, n);
    return n;
  });
  const closure: ImportClosure = {
    files: [{ path: prev.path, summary }, ...old.files.slice(1)],
    imports: old.imports.map((r) => renewed.get(r) ?? r),
    rootImports,
    incomplete: old.incomplete,
    cycles: old.cycles.map((r) => renewed.get(r) ?? r),
  };
  const files = [...closure.files, ...prev.contextFiles];
  const { version, versionFrom: from, dialect } = prev;
  // The type table reads only the visible files' `types`: when the file's own are those of `prev`'s text, places
  // included (an edit in the topology), `prev`'s table gives the same answers and keeps what it merged lazily.
  // Compared as data, not as two JSON texts: on a 2,000-line template the texts were 3% of a keystroke's CPU.
  const keep = sameData(summary.types, prev.summary.types) ? prev : undefined;
  return assemble(prev.path, summary, closure, files, { version, from, csar, dialect }, keep);
}

/**
 * What a new text keeps of its model when `linkKey` is unchanged: the imports, repositories, version and the
 * namespace and profile names it declares, without their places in the text (a keystroke above `imports:` moves
 * them; `relinkToscaModel` points the root's import records at the new text's imports).
 */
export function linkKey(summary: ToscaSummary): string {
  const { version, namespace, profile, imports, repositories } = summary;
  return JSON.stringify([version?.text, namespace?.name, profile?.name, imports, repositories], withoutSpans);
}

function withoutSpans(key: string, value: unknown): unknown {
  return key === 'span' || key === 'keySpan' ? undefined : value;
}

/** The model of `path` from its closure and visible files: the type table and the topology's name lookups. */
function assemble(
  path: string,
  summary: ToscaSummary,
  closure: ImportClosure,
  files: TypeSourceFile[],
  linked: { version?: VersionInfo; from?: string; csar?: CsarInfo; dialect: DialectName },
  keep?: ToscaModel,
  shared?: TypeTable,
): ToscaModel {
  const { version, from, csar, dialect } = linked;
  const types = keep ? keep.types : (shared ?? new TypeTable(catalogFor(version), files));
  const topo = summary.topology;
  const declaredMap = new Map<TTypeDecl, ToscaType>();
  if (keep) {
    // The kept table's types point at the declarations of `keep`'s text; the same ones in this text map to them.
    for (let i = 0; i < summary.types.length; i++) {
      const t = keep.declared(keep.summary.types[i]!);
      if (t) declaredMap.set(summary.types[i]!, t);
    }
  } else for (const t of types.fileTypesOnly()) if (t.decl && t.path === path) declaredMap.set(t.decl, t);
  const model: ToscaModel = {
    path,
    summary,
    closure,
    contextFiles: files.slice(closure.files.length),
    types,
    inputs: byName(topo?.inputs),
    nodeTemplates: byName(topo?.nodeTemplates),
    relationshipTemplates: byName(topo?.relationshipTemplates),
    groups: byName(topo?.groups),
    policies: byName(topo?.policies),
    typeOf: (kind, name) => types.resolve(name, kind),
    declared: (d) => declaredMap.get(d),
    dialect,
  };
  if (version) model.version = version;
  if (from) model.versionFrom = from;
  if (csar) model.csar = csar;
  return model;
}

/** The type files of the Winery repository of `path` that `files` lacks: visible, never duplicates. */
function repositoryContext(path: string, files: readonly TypeSourceFile[], source: ToscaFileSource): TypeSourceFile[] {
  const others = source.repositoryFiles?.(path);
  if (!others?.length) return [];
  const seen = new Set(files.map((f) => f.path));
  const out: TypeSourceFile[] = [];
  for (const p of others) {
    if (seen.has(p)) continue;
    const f = source.load(p);
    if (f && !f.notTosca) out.push({ path: p, summary: f.summary, viaImporter: true });
  }
  return out;
}

function unreadImport(s: ImportStatus): boolean {
  return ['missing', 'remote', 'unknown-repository', 'profile-unresolved'].includes(s.kind);
}
