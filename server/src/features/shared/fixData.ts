/**
 * What a finding hands to its quick fix: one typed payload per kind of fix, keyed by `fix`. Rules
 * attach it (`data: { fix: ... }`), the code-action dispatcher hands it to the fix that declares
 * that kind: no code lists, no casts. The vocabulary lives here, below both language packs, so a
 * pack can reuse a fix of the shared layer (`replace`) and each fix kind is named once.
 */

/** A component (or reference) and property names, for fixes that add property mappings to it. */
export interface ComponentProperties {
  section: 'composition' | 'references';
  component: string;
  properties: string[];
}

export interface FixDataMap {
  /** Replace the finding's range with `replaceWith`: misspellings, did-you-mean, wrong case (both packs). */
  replace: { replaceWith: string };
  /** LM: remove a descriptor `name` lmctl derives, or change it to `derivedName`. */
  'project-name': { derivedName?: string };
  /** LM: declare the unresolved `${name}` as a top-level property. */
  'declare-property': { name: string };
  /** LM: map required properties of a component's descriptor under the component. */
  'map-required-property': ComponentProperties;
  /** LM: add the `deploymentLocation` / `resourceManager` mappings a component needs. */
  'add-placement-mapping': ComponentProperties;
  /** LM: convert a list-form lifecycle to the map form. */
  'lifecycle-map': Record<never, never>;
  /** LM: wrap an `infrastructure-type` written directly under a driver in `selector`. */
  'wrap-selector': Record<never, never>;
  /** LM: declare a capability or requirement a relationship names in the component's descriptor (another file). */
  'declare-member': { path: string; section: 'capabilities' | 'requirements'; name: string };
  /**
   * TOSCA: indent these lines (0-based) to `column`: continuation lines of a flow collection or
   * quoted string that PyYAML reads and YAML 1.2 forbids.
   */
  reindent: { lines: number[]; column: number };
  /** TOSCA 2.0: rewrite the 1.x `constraints` list whose key is the finding's range as one `validation` clause. */
  'constraints-to-validation': Record<never, never>;
  /** NFV package: write the recomputed hash in place of the manifest's `Hash` value. */
  'package-hash': { hash: string };
  /** NFV package: add entries (with their SHA-256 hashes when known) for files the manifest does not list. */
  'package-add-entries': { files: string[] };
  /** NFV package: remove the manifest entry of a file the package does not hold. */
  'package-remove-entry': { file: string };
}

export type FixKind = keyof FixDataMap;

/** The payload of one fix kind, with its discriminant. */
export type FixDataOf<K extends FixKind> = { fix: K } & FixDataMap[K];

export type FixData = { [K in FixKind]: FixDataOf<K> }[FixKind];

/**
 * What a diagnostic carries in LSP `data`: the payloads of the fixes it offers (the first is the
 * preferred one), and for findings about missing package files the part that is missing (tools
 * filter on it, e.g. when checking a partial package).
 */
export interface DiagnosticData {
  fixes?: FixData[];
  missingPart?: string;
}

/** `{ data }` offering the replacement, to spread into a finding; `{}` when there is no suggestion. */
export function replaceWith(suggestion: string | undefined): { data?: DiagnosticData } {
  return suggestion === undefined ? {} : { data: { fixes: [{ fix: 'replace', replaceWith: suggestion }] } };
}

/** `{ data }` offering these fixes, to spread into a finding (absent ones are skipped). */
export function withFixes(...fixes: (FixData | undefined)[]): { data?: DiagnosticData } {
  const list = fixes.filter((f): f is FixData => f !== undefined);
  return list.length ? { data: { fixes: list } } : {};
}

/** The replacement a finding's data suggests, if any. */
export function suggestedReplacement(data: DiagnosticData | undefined): string | undefined {
  for (const f of data?.fixes ?? []) if (f.fix === 'replace') return f.replaceWith;
  return undefined;
}
