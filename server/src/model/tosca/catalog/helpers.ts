/** Small builders that keep the catalog data files terse. Internal to the catalog. */
import type { AttributeDef, Constraint, PropertyDef, ToscaVersion } from './types.js';

export const V1_0: ToscaVersion = 'tosca_simple_yaml_1_0';
export const V1_1: ToscaVersion = 'tosca_simple_yaml_1_1';
export const V1_2: ToscaVersion = 'tosca_simple_yaml_1_2';
export const V1_3: ToscaVersion = 'tosca_simple_yaml_1_3';

/** Versions covered by the catalog, oldest first. */
export const CATALOG_VERSIONS: readonly ToscaVersion[] = [V1_0, V1_1, V1_2, V1_3];

export const ALL: readonly ToscaVersion[] = CATALOG_VERSIONS;

/** `v` and every later catalog version. */
export function since(v: ToscaVersion): readonly ToscaVersion[] {
  return CATALOG_VERSIONS.slice(CATALOG_VERSIONS.indexOf(v));
}

/** Every catalog version up to and including `v`. */
export function upTo(v: ToscaVersion): readonly ToscaVersion[] {
  return CATALOG_VERSIONS.slice(0, CATALOG_VERSIONS.indexOf(v) + 1);
}

type PropOpts = Omit<PropertyDef, 'type' | 'required'>;

/** A required property (TOSCA's default when `required` is omitted). */
export function req(type: string, opts: PropOpts = {}): PropertyDef {
  return { type, required: true, ...opts };
}

/** An optional property (`required: false`). */
export function opt(type: string, opts: PropOpts = {}): PropertyDef {
  return { type, required: false, ...opts };
}

export function attr(type: string, opts: Omit<AttributeDef, 'type'> = {}): AttributeDef {
  return { type, ...opts };
}

export const ge = (v: string | number): Constraint => ({ greater_or_equal: v });

/**
 * Section numbers per version (as in the spec of each version), reduced to the
 * `section` / `sectionByVersion` pair for the given versions: `section` is the
 * number in the newest listed version.
 */
export function sections(
  versions: readonly ToscaVersion[],
  byVersion: Partial<Record<ToscaVersion, string>>,
): { section: string; sectionByVersion?: Partial<Record<ToscaVersion, string>> } {
  const newest = versions[versions.length - 1];
  const section = newest ? byVersion[newest] : undefined;
  if (section === undefined) throw new Error(`no section for ${String(newest)}`);
  const other: Partial<Record<ToscaVersion, string>> = {};
  let any = false;
  for (const v of versions) {
    const s = byVersion[v];
    if (s === undefined) throw new Error(`no section for ${v}`);
    if (s !== section) {
      other[v] = s;
      any = true;
    }
  }
  return any ? { section, sectionByVersion: other } : { section };
}

/** Section numbers given in catalog-version order 1.0, 1.1, 1.2, 1.3 (undefined where absent). */
export function secs(
  versions: readonly ToscaVersion[],
  s10: string | undefined,
  s11: string | undefined,
  s12: string | undefined,
  s13: string | undefined,
): { section: string; sectionByVersion?: Partial<Record<ToscaVersion, string>> } {
  const map: Partial<Record<ToscaVersion, string>> = {};
  if (s10 !== undefined) map[V1_0] = s10;
  if (s11 !== undefined) map[V1_1] = s11;
  if (s12 !== undefined) map[V1_2] = s12;
  if (s13 !== undefined) map[V1_3] = s13;
  return sections(versions, map);
}
