/**
 * TOSCA Simple Profile normative type catalog (tosca_simple_yaml_1_0 .. 1_3).
 *
 * Hand-written data; cross-checked against the OASIS machine-readable
 * profiles by test/tosca/catalog.test.ts. A name may have several entries
 * (one per distinct definition across versions); their `versions` never
 * overlap, so pass the document's version to get the right one.
 */
import { ARTIFACT_TYPES } from './artifact-types.js';
import { CAPABILITY_TYPES } from './capability-types.js';
import { DATA_TYPES } from './data-types.js';
import { GROUP_TYPES } from './group-types.js';
import { CATALOG_VERSIONS } from './helpers.js';
import { INTERFACE_TYPES } from './interface-types.js';
import { NODE_TYPES } from './node-types.js';
import { POLICY_TYPES } from './policy-types.js';
import { RELATIONSHIP_TYPES } from './relationship-types.js';
import type { NormativeType, ToscaVersion, TypeKind } from './types.js';

export type * from './types.js';
export { CATALOG_VERSIONS };
export { NON_NORMATIVE_TYPES, nonNormativeTypesFor } from './non-normative-types.js';

/** The newest version in the catalog; the default for lookups. */
export const LATEST_CATALOG_VERSION: ToscaVersion = 'tosca_simple_yaml_1_3';

export const NORMATIVE_TYPES: readonly NormativeType[] = [
  ...DATA_TYPES,
  ...ARTIFACT_TYPES,
  ...CAPABILITY_TYPES,
  ...INTERFACE_TYPES,
  ...RELATIONSHIP_TYPES,
  ...NODE_TYPES,
  ...GROUP_TYPES,
  ...POLICY_TYPES,
];

/** Preference among kinds when a short name is shared (e.g. `Compute`, `Network`) and no kind is given. */
const KIND_PREFERENCE: readonly TypeKind[] = [
  'node',
  'relationship',
  'capability',
  'data',
  'artifact',
  'interface',
  'policy',
  'group',
  'requirement',
];

const TOSCA_PREFIX = 'tosca:';

/**
 * The short form some tools (Puccini) derive: the full name from its first
 * capitalised segment on, e.g. `tosca.capabilities.network.Bindable` ->
 * `Bindable`, `tosca.artifacts.Implementation.Bash` -> `Implementation.Bash`.
 */
export function derivedShortName(fullName: string): string | undefined {
  const segments = fullName.split('.').slice(2);
  const i = segments.findIndex((s) => /^[A-Z]/.test(s));
  return i < 0 ? undefined : segments.slice(i).join('.');
}

/** Match quality: lower is better. */
function matchRank(t: NormativeType, name: string): number | undefined {
  if (t.name === name) return 0;
  const short = name.startsWith(TOSCA_PREFIX) ? name.slice(TOSCA_PREFIX.length) : name;
  if (t.prefixed === name || (t.shorthand !== undefined && t.shorthand === short)) return 1;
  if (t.altNames?.includes(short)) return 2;
  if (derivedShortName(t.name) === short) return 3;
  return undefined;
}

/**
 * All catalog entries (of any kind) that `name` denotes in `version`, best
 * match first: full name, then shorthand or `tosca:` qualified name, then
 * alternative spellings, then tool-derived short names; ties ordered by kind.
 */
export function findNormativeTypes(
  name: string,
  version: ToscaVersion = LATEST_CATALOG_VERSION,
  kind?: TypeKind,
): NormativeType[] {
  const hits: { t: NormativeType; rank: number }[] = [];
  for (const t of NORMATIVE_TYPES) {
    if (!t.versions.includes(version)) continue;
    if (kind !== undefined && t.kind !== kind) continue;
    const rank = matchRank(t, name);
    if (rank !== undefined) hits.push({ t, rank });
  }
  hits.sort((a, b) => a.rank - b.rank || KIND_PREFERENCE.indexOf(a.t.kind) - KIND_PREFERENCE.indexOf(b.t.kind));
  return hits.map((h) => h.t);
}

/**
 * The normative type that `name` (full name, shorthand such as `Compute`, or
 * qualified name such as `tosca:Compute`) denotes in `version` (default 1.3).
 * Give `kind` where the context knows it: shorthands are scoped by kind
 * (`Compute` is both a node and a capability type); without it node types win.
 */
export function findNormativeType(
  name: string,
  version: ToscaVersion = LATEST_CATALOG_VERSION,
  kind?: TypeKind,
): NormativeType | undefined {
  return findNormativeTypes(name, version, kind)[0];
}

/** Every normative type defined in `version`, optionally of one kind. */
export function normativeTypesFor(version: ToscaVersion, kind?: TypeKind): NormativeType[] {
  return NORMATIVE_TYPES.filter((t) => t.versions.includes(version) && (kind === undefined || t.kind === kind));
}

/** Spec section of `t` in the spec of `version` (defaults to the newest version the entry covers). */
export function specSection(t: NormativeType, version?: ToscaVersion): string {
  return (version !== undefined ? t.sectionByVersion?.[version] : undefined) ?? t.section;
}

/**
 * Ancestors of a type within one version, nearest first (excluding the type
 * itself). Stops at primitive parents such as `string`, which are not catalog entries.
 */
export function normativeAncestors(t: NormativeType, version: ToscaVersion = LATEST_CATALOG_VERSION): NormativeType[] {
  const out: NormativeType[] = [];
  let parent = t.derivedFrom;
  while (parent !== undefined) {
    const p = NORMATIVE_TYPES.find((x) => x.name === parent && x.kind === t.kind && x.versions.includes(version));
    if (!p || out.includes(p)) break;
    out.push(p);
    parent = p.derivedFrom;
  }
  return out;
}
