/**
 * Import resolution: relative files (resolved against the importing file), `repository` imports,
 * CSAR-root-relative paths, `namespace:version` profile names (looked up by the `namespace` other
 * files declare) and remote URLs (reported as not resolved: we never fetch).
 *
 * The model layer cannot read the index or the disk, so callers hand in a `ToscaFileSource`.
 * Loading is transitive and cycle-safe (every file is loaded once).
 */
import * as path from '../../util/path.js';
import {
  builtinFile,
  builtinForMissingFile,
  builtinForUrl,
  builtinSibling,
  implicitProfileFiles,
  isBuiltinPath,
} from './sol001/builtin.js';
import type { TImport, ToscaHeadline, ToscaSummary } from './summary.js';
import type { TypeSourceFile } from './typeTable.js';
import { YAML_FILE } from '../kinds.js';
import { MAX_CLOSURE, walkClosure, type ClosureEdge, type ClosureStep } from './closure.js';
import type { UrlMapping } from './urlMap.js';

export interface ToscaFileSource {
  /** The summary of a TOSCA file, or undefined when the file does not exist / is not readable. */
  load(filePath: string): LoadedToscaFile | undefined;
  /** Files declaring `namespace: <name>` (for `file: org.example:1.0` profile imports). */
  byNamespace?(namespace: string): string[];
  /** The CSAR root folder containing `filePath` (a folder with TOSCA-Metadata/TOSCA.meta), if any. */
  csarRootOf?(filePath: string): string | undefined;
  /**
   * The other type files of the Eclipse Winery repository `filePath` belongs to: Winery keeps one type per `.tosca`
   * file and resolves names across its repository without imports.
   */
  repositoryFiles?(filePath: string): string[];
  /** Files that import `filePath` (reverse import edges), for type files that rely on their importer's types. */
  importersOf?(filePath: string): string[];
  /**
   * Where imports resolved, kept by the caller when its files do not change meanwhile (the
   * command-line checker): every model resolves the imports of the files in its closure again.
   */
  resolved?: Map<string, ImportStatus>;
  /**
   * The import closures of importers (`buildToscaModel`'s importer context) by importer path, kept under the same
   * condition: a type file imported by several templates is in the context of every model of their closures.
   */
  contextClosures?: Map<string, readonly TypeSourceFile[] | undefined>;
  /**
   * The local files an import URL stands for (the import map, else the raw-file URLs of the checkout's own
   * repository; see urlMap.ts), candidates in order. Never fetches.
   */
  mapUrl?(url: string, from: string): UrlMapping | undefined;
}

/** How a URL import was mapped to a local file (see `ToscaFileSource.mapUrl`). */
export interface MappedUrl {
  url: string;
  by: UrlMapping['by'];
  prefix: string;
}

export interface LoadedToscaFile {
  path: string;
  summary: ToscaSummary;
  /** The file exists but is not a TOSCA file (no `tosca_definitions_version`, not YAML, ...). */
  notTosca?: boolean;
  /**
   * `isStubSummary(summary)`, when the loader knows it without the summary (an indexed file's import facts): a walk
   * over every file of the workspace resolves profile names and would otherwise parse each profile's summary.
   */
  stub?: boolean;
}

export type ImportStatus =
  | {
      kind: 'ok';
      path: string;
      viaAncestor?: boolean;
      /** A SOL001 type file the package does not ship, taken from the built-in catalog (see sol001/builtin.ts). */
      builtinFallback?: { tried: string[] };
      /** A URL import found in the workspace through the import map or the checkout's remote. */
      mapped?: MappedUrl;
    }
  | { kind: 'missing'; path: string; tried: string[]; mapped?: MappedUrl }
  /** `tried`: local files the checkout's remote maps the URL to, none of them there (watched for changes). */
  | { kind: 'remote'; url: string; tried?: string[] }
  | { kind: 'unknown-repository'; repository: string }
  | { kind: 'profile-unresolved'; name: string }
  | { kind: 'no-file' };

export interface ResolvedImport {
  /** The importing file. */
  from: string;
  imp: TImport;
  status: ImportStatus;
  /** The namespace prefix its types are visible under (the nearest `namespace_prefix` on the import path). */
  prefix?: string;
}

export interface ImportClosure {
  /** Files whose types are visible, the root first. */
  files: TypeSourceFile[];
  /** Every import of every file in the closure, resolved. */
  imports: ResolvedImport[];
  /** Imports of the root file only (index = position in the root's `imports`). */
  rootImports: ResolvedImport[];
  /** True when some import (anywhere in the closure) could not be resolved, so unknown types may come from it. */
  incomplete: boolean;
  /** Import edges that lead back to a file already on the current path. */
  cycles: ResolvedImport[];
}

/**
 * URLs and other non-file schemes (`https://`, Puccini's `internal:/`, `zip:`...); a Windows drive letter is not a
 * scheme.
 */
const REMOTE = /^[a-z][a-z0-9+.-]+:\//i;

export function isRemote(p: string): boolean {
  return REMOTE.test(p) && !/^file:\/\//i.test(p);
}

function fileUrlToPath(u: string): string {
  try {
    return decodeURIComponent(u.replace(/^file:\/\//i, ''));
  } catch {
    return u.replace(/^file:\/\//i, '');
  }
}

/** A profile file with nothing in it but its name (no types, imports, topology or functions). */
export function isStubSummary(s: ToscaHeadline): boolean {
  return !s.types.length && !s.imports.length && !s.topology && !s.functions?.length;
}

/** `isStubSummary` of a loaded file, from what its loader already knows when it can (see `LoadedToscaFile.stub`). */
function isStub(f: LoadedToscaFile | undefined): boolean {
  return !!f && (f.stub ?? isStubSummary(f.summary));
}

/** What resolution reads of an import: a `TImport`, or the facts the index keeps per file (importFacts.ts). */
export interface ImportSpec {
  file?: { name: string };
  profile?: { name: string };
  repository?: { name: string };
}

/** What resolution reads of a repository definition. */
export interface RepositorySpec {
  name: string;
  url?: { name: string };
}

/** Where an import points, without loading it. */
export function resolveImportTarget(
  from: string,
  imp: ImportSpec,
  repositories: readonly RepositorySpec[],
  source: ToscaFileSource,
): ImportStatus {
  if (!source.resolved) return resolveTarget(from, imp, repositories, source);
  const repo = imp.repository ? repositories.find((r) => r.name === imp.repository!.name) : undefined;
  const key = [from, imp.file?.name, imp.profile?.name, imp.repository?.name, repo?.url?.name ?? ''].join('\0');
  let status = source.resolved.get(key);
  if (!status) source.resolved.set(key, (status = resolveTarget(from, imp, repositories, source)));
  return status;
}

function resolveTarget(
  from: string,
  imp: ImportSpec,
  repositories: readonly RepositorySpec[],
  source: ToscaFileSource,
): ImportStatus {
  const fileRef = imp.file ?? imp.profile;
  if (!fileRef || !fileRef.name.trim()) return { kind: 'no-file' };
  const file = fileRef.name.trim();
  if (isBuiltinPath(from)) {
    const sibling = builtinSibling(from, file);
    return sibling ? { kind: 'ok', path: sibling } : { kind: 'missing', path: file, tried: [file] };
  }
  const dir = path.posix.dirname(from);
  if (imp.repository) {
    const repo = repositories.find((r) => r.name === imp.repository!.name);
    if (!repo) return { kind: 'unknown-repository', repository: imp.repository.name };
    const url = repo.url?.name ?? '';
    if (isRemote(url)) return remoteTarget(url.replace(/\/?$/, '/') + file.replace(/^\//, ''), from, source);
    const base = /^file:\/\//i.test(url) ? fileUrlToPath(url) : path.posix.resolve(dir, url.replace(/^file:/i, ''));
    const p = path.posix.resolve(base, file);
    return source.load(p) ? { kind: 'ok', path: p } : { kind: 'missing', path: p, tried: [p] };
  }
  if (isRemote(file)) return remoteTarget(file, from, source);
  if (/^file:/i.test(file)) {
    // A `file:` URL of another machine's layout, mapped by the import map.
    const mapped = mappedTarget(file, from, source);
    if (mapped) return mapped;
  }
  const tried: string[] = [];
  // `file:../x.yaml`: a relative file URL (TOSCA Version 2.0 §6.8.1 imports by URL).
  const candidate = /^file:\/\//i.test(file)
    ? fileUrlToPath(file)
    : path.posix.resolve(dir, file.replace(/^file:(?!\/)/i, ''));
  tried.push(candidate);
  if (source.load(candidate)) return { kind: 'ok', path: candidate };
  // Inside a CSAR, paths may be given relative to the archive root.
  const csar = source.csarRootOf?.(from);
  if (csar) {
    const c = path.posix.resolve(csar, file.replace(/^\//, ''));
    if (!tried.includes(c)) {
      tried.push(c);
      if (source.load(c)) return { kind: 'ok', path: c };
    }
  }
  // TOSCA 2.0 (§6.8.2.2): `/x.yaml` is relative to the root of the CSAR; outside a CSAR, the file's own folder.
  if (!csar && file.startsWith('/') && source.load(from)?.summary.version?.text.trim() === 'tosca_2_0') {
    const c = path.posix.resolve(dir, file.slice(1));
    tried.push(c);
    if (source.load(c)) return { kind: 'ok', path: c };
  }
  // tosca-parser resolves relative imports of nested files against the main template's folder:
  // accept a file found relative to an ancestor folder (reported as information, TOSCA026).
  if (!path.posix.isAbsolute(file) && !/^file:/i.test(file)) {
    let up = path.posix.dirname(dir);
    for (let i = 0; i < 4 && up !== path.posix.dirname(up); i++, up = path.posix.dirname(up)) {
      const c = path.posix.resolve(up, file);
      if (source.load(c)) return { kind: 'ok', path: c, viaAncestor: true };
    }
  }
  // `org.example:1.0` or a 2.0 `profile:` name: a namespace another file declares.
  if (
    imp.profile ||
    /^[A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+$/.test(file) ||
    (!file.includes('/') && !YAML_FILE.test(file) && file.includes('.'))
  ) {
    // A 2.0 profile the workspace declares only as a stub (no types, no imports) has its content elsewhere.
    const hits = (source.byNamespace?.(file) ?? []).filter((h) => !imp.profile || !isStub(source.load(h)));
    if (hits.length) return { kind: 'ok', path: hits[0]! };
    if (imp.profile || !YAML_FILE.test(file)) return { kind: 'profile-unresolved', name: file };
  }
  // A SOL001 type file the package names but does not ship: its types from the built-in catalog.
  const builtin = builtinForMissingFile(file, source.load(from)?.summary.version?.text);
  if (builtin) return { kind: 'ok', path: builtin, builtinFallback: { tried } };
  return { kind: 'missing', path: candidate, tried };
}

/**
 * A remote URL (never fetched): the local file it maps to (the user's own repository or import map come first, so
 * a project's copy wins), else a built-in file when it names a known SOL001 type file, else not resolved.
 */
function remoteTarget(url: string, from: string, source: ToscaFileSource): ImportStatus {
  const mapped = mappedTarget(url, from, source);
  if (mapped?.kind === 'ok') return mapped;
  const builtin = builtinForUrl(url);
  if (builtin) return { kind: 'ok', path: builtin };
  return mapped ?? { kind: 'remote', url };
}

/**
 * Where the mapping of `url` leads: the first candidate file that loads; a mapping by the import map to no
 * file is a missing file (the user said where it is); a repository URL whose file the checkout lacks (another
 * branch may hold it) stays remote.
 */
function mappedTarget(url: string, from: string, source: ToscaFileSource): ImportStatus | undefined {
  const m = source.mapUrl?.(url, from);
  if (!m || !m.paths.length) return undefined;
  const mapped: MappedUrl = { url, by: m.by, prefix: m.prefix };
  for (const p of m.paths) if (source.load(p)) return { kind: 'ok', path: p, mapped };
  if (m.by === 'importMap') return { kind: 'missing', path: m.paths[0]!, tried: m.paths, mapped };
  return { kind: 'remote', url, tried: m.paths };
}

/** A file of the closure: a built-in type file, else what the source loads. */
export function loadToscaFile(source: ToscaFileSource, p: string): LoadedToscaFile | undefined {
  const b = builtinFile(p);
  return b ? { path: b.path, summary: b.summary } : source.load(p);
}

/**
 * Loads the import closure of `rootPath` (the walk of `walkClosure`, closure.ts). Types of a file
 * imported with `namespace_prefix: p` are visible as `p:Name` (and, leniently, as `Name`); nested
 * imports inherit the nearest prefix.
 */
export function loadImportClosure(
  rootPath: string,
  root: ToscaSummary,
  source: ToscaFileSource,
  maxFiles = MAX_CLOSURE,
): ImportClosure {
  const imports: ResolvedImport[] = [];
  const rootImports: ResolvedImport[] = [];
  const cycles: ResolvedImport[] = [];
  let incomplete = false;
  function* edgesOf(cur: ClosureStep): Iterable<ClosureEdge<ResolvedImport>> {
    for (const imp of cur.summary.imports) {
      const status = resolveImportTarget(cur.path, imp, cur.summary.repositories, source);
      const prefix = imp.namespacePrefix?.name ?? cur.prefix;
      const r: ResolvedImport = { from: cur.path, imp, status };
      if (prefix) r.prefix = prefix;
      imports.push(r);
      if (cur.depth === 0) rootImports.push(r);
      if (status.kind !== 'ok') {
        if (status.kind !== 'no-file') incomplete = true;
        continue;
      }
      const own = imp.namespacePrefix?.name;
      yield own ? { path: status.path, prefix: own, data: r } : { path: status.path, data: r };
    }
  }
  const files: TypeSourceFile[] = walkClosure(
    rootPath,
    root,
    edgesOf,
    (p) => loadToscaFile(source, p)?.summary,
    maxFiles,
    (e, outcome) => {
      if (outcome === 'cycle') cycles.push(e.data);
      else if (outcome === 'full' || outcome === 'unreadable') incomplete = true;
    },
  );
  // A profile version (NFV 1.0, MEC 1.0) brings its definitions without an import: right after the root.
  const implicit: TypeSourceFile[] = [];
  for (const p of implicitProfileFiles(root.version?.text)) {
    const f = builtinFile(p);
    if (f && !files.some((x) => x.path === p)) implicit.push({ path: p, summary: f.summary });
  }
  files.splice(1, 0, ...implicit);
  return { files, imports, rootImports, incomplete, cycles };
}
