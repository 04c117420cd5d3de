/**
 * What the workspace-wide TOSCA maps need of a file, small enough to keep in the index's per-file header
 * (index/cache.ts `SummaryHeader`): the names it declares other files import it by (a 1.x `namespace:`, a
 * TOSCA 2.0 `profile:`, TOSCA Version 2.0 §6.7) and its imports with the repositories they name. The first
 * open of a TOSCA file builds the map of who imports whom and of profile names from every TOSCA file of the
 * workspace; from these facts it does so without parsing 2,000 stored summaries.
 */
import { isStubSummary, type ImportSpec, type RepositorySpec } from './imports.js';
import type { ToscaHeadline } from './summary.js';

/** One import as resolution reads it: the file or profile name, the repository, and its own `namespace_prefix`. */
export interface ImportFact {
  file?: string;
  profile?: string;
  repository?: string;
  prefix?: string;
}

export interface ToscaImportFacts {
  /** `tosca_definitions_version` as written (resolution reads it for `/`-rooted paths and built-in fallbacks). */
  version?: string;
  namespace?: string;
  profile?: string;
  imports: ImportFact[];
  /** The repositories the imports name (`name` → `url`); repositories no import names are left out. */
  repositories: { name: string; url?: string }[];
  /** No types, imports, topology or functions (`isStubSummary`): an import by profile name passes such a file by. */
  stub: boolean;
}

export function importFactsOf(s: ToscaHeadline): ToscaImportFacts {
  const out: ToscaImportFacts = { imports: [], repositories: [], stub: isStubSummary(s) };
  if (s.version) out.version = s.version.text;
  if (s.namespace) out.namespace = s.namespace.name;
  if (s.profile) out.profile = s.profile.name;
  const named = new Set<string>();
  for (const imp of s.imports) {
    const f: ImportFact = {};
    if (imp.file) f.file = imp.file.name;
    if (imp.profile) f.profile = imp.profile.name;
    if (imp.repository) {
      f.repository = imp.repository.name;
      named.add(imp.repository.name);
    }
    if (imp.namespacePrefix) f.prefix = imp.namespacePrefix.name;
    out.imports.push(f);
  }
  for (const r of s.repositories) {
    if (!named.has(r.name)) continue;
    out.repositories.push(r.url ? { name: r.name, url: r.url.name } : { name: r.name });
  }
  return out;
}

/** The imports and repositories in the shapes `resolveImportTarget` takes. */
export function importSpecsOf(f: ToscaImportFacts): {
  imports: (ImportSpec & { namespacePrefix?: { name: string } })[];
  repositories: RepositorySpec[];
} {
  const ref = (name: string | undefined) => (name === undefined ? undefined : { name });
  return {
    imports: f.imports.map((i) => {
      const spec: ImportSpec & { namespacePrefix?: { name: string } } = {};
      if (i.file !== undefined) spec.file = ref(i.file)!;
      if (i.profile !== undefined) spec.profile = ref(i.profile)!;
      if (i.repository !== undefined) spec.repository = ref(i.repository)!;
      if (i.prefix !== undefined) spec.namespacePrefix = ref(i.prefix)!;
      return spec;
    }),
    repositories: f.repositories.map((r) =>
      r.url === undefined ? { name: r.name } : { name: r.name, url: { name: r.url } },
    ),
  };
}

/** Shape check of facts read from a cache (nothing there is trusted); one per TOSCA header line of a warm start. */
export function isToscaImportFacts(v: unknown): v is ToscaImportFacts {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    optString(o['version']) &&
    optString(o['namespace']) &&
    optString(o['profile']) &&
    Array.isArray(o['imports']) &&
    o['imports'].every(isFact) &&
    Array.isArray(o['repositories']) &&
    o['repositories'].every(isRepository) &&
    typeof o['stub'] === 'boolean'
  );
}

function optString(x: unknown): boolean {
  return x === undefined || typeof x === 'string';
}

function isFact(x: unknown): boolean {
  if (typeof x !== 'object' || x === null) return false;
  const i = x as Record<string, unknown>;
  return optString(i['file']) && optString(i['profile']) && optString(i['repository']) && optString(i['prefix']);
}

function isRepository(x: unknown): boolean {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return typeof r['name'] === 'string' && optString(r['url']);
}
