/**
 * Data model of the TOSCA Simple Profile normative type catalog.
 *
 * The catalog is hand-written data (see the sibling `*-types.ts` files). A
 * type whose definition changed between Simple Profile versions appears once
 * per distinct definition ("variant"); the `versions` of the variants of one
 * name never overlap, so (name, version) identifies at most one entry.
 */

/** `tosca_definitions_version` values the catalog covers. */
export type ToscaVersion =
  'tosca_simple_yaml_1_0' | 'tosca_simple_yaml_1_1' | 'tosca_simple_yaml_1_2' | 'tosca_simple_yaml_1_3';

/** The kinds of normative types (requirement types exist in the grammar, but the profiles define none). */
export type TypeKind =
  'data' | 'artifact' | 'capability' | 'requirement' | 'relationship' | 'interface' | 'node' | 'group' | 'policy';

/** Constraint operator keynames of TOSCA 1.x (`schema` since 1.2). */
export type ConstraintOperator =
  | 'equal'
  | 'greater_than'
  | 'greater_or_equal'
  | 'less_than'
  | 'less_or_equal'
  | 'in_range'
  | 'valid_values'
  | 'length'
  | 'min_length'
  | 'max_length'
  | 'pattern'
  | 'schema';

/** A scalar as written in YAML: numbers, booleans, or strings such as `0.1 GHz` / `1 MB`. */
export type ConstraintScalar = string | number | boolean;
export type ConstraintValue = ConstraintScalar | readonly ConstraintScalar[];

/** One constraint clause: an object with exactly one operator key, e.g. `{ in_range: [1, 65535] }`. */
export type Constraint = {
  [K in ConstraintOperator]: { readonly [P in K]: ConstraintValue };
}[ConstraintOperator];

/** `[min, max]` as in `occurrences: [0, UNBOUNDED]`. */
export type Occurrences = readonly [number, number | 'UNBOUNDED'];

export interface PropertyDef {
  /** Full type name (`string`, `scalar-unit.size`, `tosca.datatypes.network.PortDef`, ...). */
  type: string;
  /** TOSCA's default when a definition omits `required` is `true`. */
  required: boolean;
  default?: unknown;
  constraints?: readonly Constraint[];
  /** Entry type of a `list` or `map`. */
  entrySchema?: string;
  /** Our own short wording. */
  description?: string;
  /** e.g. `experimental`. */
  status?: string;
}

/** Attribute definitions have no `required` keyname and no constraints in Simple Profile 1.x. */
export interface AttributeDef {
  type: string;
  default?: unknown;
  entrySchema?: string;
  description?: string;
  status?: string;
}

export interface CapabilityDef {
  /** Full capability type name. */
  type: string;
  description?: string;
  validSourceTypes?: readonly string[];
  occurrences?: Occurrences;
}

export interface RequirementDef {
  name: string;
  /** Full capability type name the requirement asks for. */
  capability: string;
  node?: string;
  relationship?: string;
  occurrences?: Occurrences;
  description?: string;
}

export interface InterfaceRef {
  /** Full interface type name. */
  type: string;
}

export interface OperationDef {
  /** Our own short wording. */
  description: string;
}

export interface NormativeType {
  kind: TypeKind;
  /** Full type name (the spec's "Type URI"), e.g. `tosca.nodes.Compute`. */
  name: string;
  /** Shorthand name, e.g. `Compute`. Unique per kind and version. */
  shorthand?: string;
  /** True when the specification text lost the shorthand table and the value is inferred (see report). */
  shorthandInferred?: boolean;
  /** Further accepted short names (spelling variants seen in spec text or tools), without `tosca:`. */
  altNames?: readonly string[];
  /**
   * One of the spec's non-normative types (1.0 §8, 1.1–1.3 §9): known, but not built into every
   * processor (see non-normative-types.ts).
   */
  nonNormative?: boolean;
  /** Type qualified name, `tosca:<shorthand>` (or the full name when there is no shorthand). */
  prefixed: string;
  /** Parent type; a primitive (`string`, `integer`) for data types that refine one. */
  derivedFrom?: string;
  /** Our own one- or two-sentence summary. */
  description: string;
  /** Section number in the spec of the newest version listed in `versions`. */
  section: string;
  /** Section numbers for the other listed versions, where they differ from `section`. */
  sectionByVersion?: Partial<Record<ToscaVersion, string>>;
  /** Which `tosca_simple_yaml_1_x` versions define this exact definition. */
  versions: readonly ToscaVersion[];
  status?: string;
  /** Type-level constraints (data types derived from a primitive, e.g. PortDef). */
  constraints?: readonly Constraint[];
  properties?: Readonly<Record<string, PropertyDef>>;
  attributes?: Readonly<Record<string, AttributeDef>>;
  capabilities?: Readonly<Record<string, CapabilityDef>>;
  /** Ordered, as in the spec. */
  requirements?: readonly RequirementDef[];
  interfaces?: Readonly<Record<string, InterfaceRef>>;
  /** Interface types only. */
  operations?: Readonly<Record<string, OperationDef>>;
  /** Relationship types: capability types the target must offer. */
  validTargetTypes?: readonly string[];
  /** Capability types: node types allowed as source. */
  validSourceTypes?: readonly string[];
  /** Artifact types. */
  fileExt?: readonly string[];
  mimeType?: string;
  /** Group types: allowed member node types. */
  members?: readonly string[];
  /** Policy types: allowed target node/group types. */
  targets?: readonly string[];
  /** Our own remarks on spec quirks and version changes, for hover text. */
  notes?: readonly string[];
}
