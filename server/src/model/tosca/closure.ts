/**
 * Which TOSCA files a file sees, the one set of rules: the import closure (with `namespace_prefix`
 * prefixes), the importer context of type fragments, and the version a version-less file is read
 * in. The model builder (`buildToscaModel`, from resolved imports) and the cross-file features
 * (references, rename, from the index's import edges) both walk with these functions, so a type
 * name means the same file type, or the same normative type, to diagnostics and to references.
 */
import type { ToscaVersion } from './catalog/index.js';
import type { ToscaSummary } from './summary.js';
import { versionInfo, type VersionInfo } from './versions.js';

/** Files in one import closure at most (a bound against pathological workspaces). */
export const MAX_CLOSURE = 400;
/** Files of each importer's closure taken into a fragment's importer context. */
export const MAX_CONTEXT_CLOSURE = 200;
/** Importers followed upwards for a fragment's importer context and version. */
export const MAX_IMPORTERS = 8;
/** Files looked at upwards for a version-less file's version. */
const MAX_VERSION_IMPORTERS = 16;

/** A file of a closure: its types are visible (under `prefix:` too, when it has a prefix). */
export interface ClosureFile {
  path: string;
  summary: ToscaSummary;
  prefix?: string;
}

/** An import that resolved to a file; `prefix` is the one the import itself gives. */
export interface ClosureEdge<T> {
  path: string;
  prefix?: string;
  /** The caller's own record of the import, handed back with the outcome. */
  data: T;
}

/** What became of one edge: the file was added, seen again, closes a cycle, or was not loaded (full, unreadable). */
export type EdgeOutcome = 'added' | 'again' | 'cycle' | 'full' | 'unreadable';

/** Where the walk stands: the file whose imports are being followed. */
export interface ClosureStep {
  path: string;
  summary: ToscaSummary;
  /** The nearest `namespace_prefix` on the path from the root. */
  prefix: string | undefined;
  /** 0 for the root. */
  depth: number;
}

/**
 * The import closure of `rootPath`, root first, breadth first. Every file is loaded once; one
 * imported again under another prefix appears again with that prefix (its types get those names
 * too); nested imports inherit the nearest prefix; an edge back to a file on the current path is a
 * cycle, not followed. `edgesOf` gives a file's resolved imports, `load` a file's summary.
 */
export function walkClosure<T>(
  rootPath: string,
  root: ToscaSummary,
  edgesOf: (step: ClosureStep) => Iterable<ClosureEdge<T>>,
  load: (path: string) => ToscaSummary | undefined,
  max = MAX_CLOSURE,
  onEdge?: (edge: ClosureEdge<T>, outcome: EdgeOutcome) => void,
): ClosureFile[] {
  const files: ClosureFile[] = [{ path: rootPath, summary: root }];
  const loaded = new Map<string, string | undefined>([[rootPath, undefined]]);
  const queue: (ClosureStep & { ancestry: Set<string> })[] = [
    { path: rootPath, summary: root, prefix: undefined, depth: 0, ancestry: new Set([rootPath]) },
  ];
  const report = onEdge ?? (() => undefined);
  // TOSCA 2.0 namespaces nest (§6.8.4): a file imported under `k8s` by one imported under `my` is seen as `my:k8s:`.
  const nested = root.version?.text.trim() === 'tosca_2_0';
  while (queue.length) {
    const cur = queue.shift()!;
    for (const e of edgesOf(cur)) {
      const prefix = e.prefix ? (nested && cur.prefix ? `${cur.prefix}:${e.prefix}` : e.prefix) : cur.prefix;
      if (cur.ancestry.has(e.path)) {
        report(e, 'cycle');
        continue;
      }
      if (loaded.has(e.path)) {
        if (prefix && loaded.get(e.path) !== prefix && e.path !== rootPath) {
          const again = files.find((f) => f.path === e.path);
          if (again) files.push({ path: again.path, summary: again.summary, prefix });
        }
        report(e, 'again');
        continue;
      }
      if (files.length >= max) {
        report(e, 'full');
        continue;
      }
      const summary = load(e.path);
      if (!summary) {
        report(e, 'unreadable');
        continue;
      }
      loaded.set(e.path, prefix);
      files.push(prefix ? { path: e.path, summary, prefix } : { path: e.path, summary });
      report(e, 'added');
      queue.push({
        path: e.path,
        summary,
        prefix,
        depth: cur.depth + 1,
        ancestry: new Set([...cur.ancestry, e.path]),
      });
    }
  }
  return files;
}

/**
 * The importer context of `path`: the closures of the files that (transitively) import it, nearest
 * first, minus the files in `own` (its own closure). Type files are often fragments that use types
 * their importer brings in, as processors always start from the main template.
 */
export function importerContext<F extends { path: string }>(
  path: string,
  own: readonly { path: string }[],
  importersOf: (path: string) => readonly string[],
  closureOf: (importer: string) => readonly F[] | undefined,
): F[] {
  const seen = new Set<string>(own.map((f) => f.path));
  const out: F[] = [];
  const visited = new Set<string>([path]);
  const queue = [path];
  let count = 0;
  while (queue.length && count < MAX_IMPORTERS) {
    const cur = queue.shift()!;
    for (const imp of importersOf(cur)) {
      if (visited.has(imp) || count >= MAX_IMPORTERS) continue;
      visited.add(imp);
      count++;
      queue.push(imp);
      for (const x of closureOf(imp) ?? []) {
        if (seen.has(x.path)) continue;
        seen.add(x.path);
        out.push(x);
      }
    }
  }
  return out;
}

/** The known version of the nearest file that (transitively) imports `path`, breadth first. */
export function importerVersion(
  path: string,
  importersOf: (path: string) => readonly string[],
  versionTextOf: (path: string) => string | undefined,
): { version: VersionInfo; from: string } | undefined {
  const visited = new Set<string>([path]);
  const queue = [path];
  while (queue.length && visited.size < MAX_VERSION_IMPORTERS) {
    for (const imp of importersOf(queue.shift()!)) {
      if (visited.has(imp)) continue;
      visited.add(imp);
      const text = versionTextOf(imp);
      const version = text ? versionInfo(text) : undefined;
      if (version) return { version, from: imp };
      queue.push(imp);
    }
  }
  return undefined;
}

/**
 * The version a file is read in: its own `tosca_definitions_version`, else (a version-less type
 * fragment) the version of the nearest importer that has one, as processors read it as part of
 * that template. `version` is undefined when the file's version is unknown.
 */
export function fileVersion(
  path: string,
  summary: ToscaSummary,
  importersOf: ((path: string) => readonly string[]) | undefined,
  versionTextOf: (path: string) => string | undefined,
): { version?: VersionInfo; from?: string } {
  if (summary.version) {
    const v = versionInfo(summary.version.text);
    return v ? { version: v } : {};
  }
  const inherited = importersOf ? importerVersion(path, importersOf, versionTextOf) : undefined;
  return inherited ? { version: inherited.version, from: inherited.from } : {};
}

/**
 * The normative catalog a file's types resolve against: its version's; Simple Profile 1.3 when no
 * version is known (an unknown value, or a fragment no importer gives one); none for TOSCA 2.0.
 */
export function catalogFor(version: VersionInfo | undefined): ToscaVersion | undefined {
  return version ? version.catalog : 'tosca_simple_yaml_1_3';
}
