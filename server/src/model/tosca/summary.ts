/**
 * Typed summary of one TOSCA file (Simple Profile 1.x; TOSCA 2.0 files get the same shape as far
 * as the grammars agree), with source spans for every type, template, property, requirement,
 * capability, interface, input and import.
 *
 * It is plain JSON (no tree nodes, no class instances): the workspace index stores it for every
 * TOSCA file and may persist it, and cross-file type lookups read imported files through it. Values
 * that other files need (defaults, constraint operands) are kept as plain values; values of
 * assignments keep their spans only (the open document's tree has the nodes).
 *
 * Summarising never throws and never judges: malformed shapes are simply left out here and
 * reported by the TOSCA rules, which walk the tree.
 */
import type { Span } from '../../syntax/positions.js';
import {
  asMap,
  asScalar,
  asSeq,
  deref,
  entries,
  getPair,
  pairSpan,
  scalarText,
  type YMap,
  type YNode,
  type YPair,
} from '../../syntax/tree.js';
import type { TypeKind } from './catalog/index.js';
import { toPlain, type PlainValue } from './values.js';
import { functionDeclsOf, type TFunctionDecl } from './v2/userFunctions.js';
import { alienArchiveName } from './alienArchive.js';
import { isAlienDsl } from './versions.js';

/** Bump when the shape changes, so stale persisted summaries are re-read instead of trusted. */
export const TOSCA_SUMMARY_FORMAT = 5;

export interface TDecl {
  name: string;
  /** Span of the key (or of the list item's single key). */
  keySpan: Span;
  /** Span of the whole entry, key to end of value. */
  span: Span;
}

/** A name written in the file (type name, template name, ...), with its span. */
export interface TRef {
  name: string;
  span: Span;
}

export interface TConstraint {
  /** Operator keyname, e.g. `in_range` (unknown operators are kept, the rules report them). */
  op: string;
  value: PlainValue;
  /** Span of the operator key. */
  keySpan: Span;
  /** Span of the whole clause. */
  span: Span;
}

/** `entry_schema` / `key_schema`: a type with optional constraints and nested schemas. */
export interface TSchema {
  type?: TRef;
  description?: string;
  constraints: TConstraint[];
  entrySchema?: TSchema;
  keySchema?: TSchema;
  span: Span;
}

/** Property, attribute, input, output and parameter definitions share this shape. */
export interface TPropertyDef extends TDecl {
  type?: TRef;
  description?: string;
  /** As written; undefined when the keyname is absent (then TOSCA's default `true` applies to properties). */
  required?: boolean;
  requiredSpan?: Span;
  hasDefault: boolean;
  default?: PlainValue;
  defaultSpan?: Span;
  /** Fixed value (`value` keyname of parameter definitions and property refinements). */
  hasValue: boolean;
  value?: PlainValue;
  valueSpan?: Span;
  status?: string;
  constraints: TConstraint[];
  entrySchema?: TSchema;
  keySchema?: TSchema;
  /** Short form: the entry's value was not a mapping (e.g. an assignment written where a definition belongs). */
  shortForm?: boolean;
}

export interface TOccurrences {
  min: number;
  max: number | 'UNBOUNDED';
  span: Span;
}

export interface TCapabilityDef extends TDecl {
  type?: TRef;
  description?: string;
  properties: TPropertyDef[];
  attributes: TPropertyDef[];
  validSourceTypes?: TRef[];
  occurrences?: TOccurrences;
}

export interface TRequirementDef extends TDecl {
  capability?: TRef;
  node?: TRef;
  relationship?: TRef;
  occurrences?: TOccurrences;
  /** TOSCA 2.0 `count_range` (min and max number of relationships). */
  countRange?: TOccurrences;
  description?: string;
}

export interface TOperationDef extends TDecl {
  description?: string;
  /** The primary implementation artifact (file name or artifact name), when given. */
  implementation?: TRef;
  /** Input definitions (types) or assignments (templates); definitions carry `type`. */
  inputs: TPropertyDef[];
  outputs: TDecl[];
}

export interface TInterfaceDef extends TDecl {
  type?: TRef;
  description?: string;
  inputs: TPropertyDef[];
  operations: TOperationDef[];
  notifications: TOperationDef[];
}

export interface TArtifactDef extends TDecl {
  type?: TRef;
  file?: TRef;
  /** `file` is given by a function call (`{ get_input: image }`, an orchestrator idiom). */
  fileFunction?: string;
  repository?: TRef;
  description?: string;
}

export interface TTypeDecl extends TDecl {
  kind: TypeKind;
  derivedFrom?: TRef;
  /** Further parents (Unfurl's `derived_from` lists); `derivedFrom` is the first. */
  derivedFromAlso?: TRef[];
  /** `short_name` (OASIS example profiles): an alias of the type. */
  shortName?: string;
  version?: string;
  description?: string;
  metadata: TMetadataEntry[];
  properties: TPropertyDef[];
  attributes: TPropertyDef[];
  capabilities: TCapabilityDef[];
  requirements: TRequirementDef[];
  interfaces: TInterfaceDef[];
  artifacts: TArtifactDef[];
  /** Interface types: operations, notifications and interface-level inputs. */
  operations: TOperationDef[];
  notifications: TOperationDef[];
  inputs: TPropertyDef[];
  validTargetTypes?: TRef[];
  validSourceTypes?: TRef[];
  members?: TRef[];
  targets?: TRef[];
  /** Data types: type-level constraints and, for list/map derived types, their schemas. */
  constraints: TConstraint[];
  entrySchema?: TSchema;
  keySchema?: TSchema;
  mimeType?: string;
  fileExt?: string[];
  /** TOSCA 2.0 data types: scalar keynames (§9.1.2.2) and the validation clause (§9.10), as written. */
  v2?: Partial<Record<'units' | 'prefixes' | 'canonical_unit' | 'data_type' | 'validation', PlainValue>>;
}

export interface TMetadataEntry extends TDecl {
  /** Scalar text; undefined for collections. */
  value?: string;
}

/** A property (or attribute, input) assignment. */
export interface TAssignment extends TDecl {
  valueSpan?: Span;
  /** Name of the intrinsic function when the value is a function call (`get_input`, ...). */
  func?: string;
}

export interface TRequirementAssignment extends TDecl {
  /** Target node template or node type. */
  node?: TRef;
  capability?: TRef;
  /** Relationship template name or relationship type name. */
  relationship?: TRef;
  /** The relationship was written inline (`relationship: {type: ...}`). */
  relationshipInline?: boolean;
  relationshipProperties: TAssignment[];
  relationshipInterfaces: TInterfaceAssignment[];
  hasNodeFilter: boolean;
  occurrences?: TOccurrences;
  /**
   * Alien4Cloud's name of the assignment, its relationship's id, when `type_requirement` gives the requirement (then
   * `name`): a workflow's `target_relationship` names it.
   */
  relationshipName?: string;
}

export interface TCapabilityAssignment extends TDecl {
  properties: TAssignment[];
  attributes: TAssignment[];
}

export interface TInterfaceAssignment extends TDecl {
  type?: TRef;
  inputs: TAssignment[];
  operations: TOperationDef[];
  notifications: TOperationDef[];
}

export interface TNodeTemplate extends TDecl {
  type?: TRef;
  description?: string;
  directives: TRef[];
  properties: TAssignment[];
  attributes: TAssignment[];
  requirements: TRequirementAssignment[];
  capabilities: TCapabilityAssignment[];
  interfaces: TInterfaceAssignment[];
  artifacts: TArtifactDef[];
  copy?: TRef;
  hasNodeFilter: boolean;
}

export interface TRelationshipTemplate extends TDecl {
  type?: TRef;
  description?: string;
  properties: TAssignment[];
  attributes: TAssignment[];
  interfaces: TInterfaceAssignment[];
  copy?: TRef;
}

export interface TGroup extends TDecl {
  type?: TRef;
  description?: string;
  members: TRef[];
  properties: TAssignment[];
  interfaces: TInterfaceAssignment[];
}

export interface TPolicy extends TDecl {
  type?: TRef;
  description?: string;
  targets: TRef[];
  properties: TAssignment[];
  triggers: TDecl[];
}

export interface TOutput extends TDecl {
  type?: TRef;
  description?: string;
  valueSpan?: Span;
}

export interface TMapping extends TDecl {
  /** `[ template, capability-or-requirement ]` or `[ input ]`, as written (a single value for scalars). */
  target: TRef[];
  /** The mapping was written as a list (a scalar property mapping is a value, not an input name). */
  list: boolean;
}

export interface TSubstitution {
  span: Span;
  nodeType?: TRef;
  properties: TMapping[];
  attributes: TMapping[];
  capabilities: TMapping[];
  requirements: TMapping[];
  interfaces: TDecl[];
}

export interface TTopology {
  span: Span;
  keySpan: Span;
  description?: string;
  inputs: TPropertyDef[];
  nodeTemplates: TNodeTemplate[];
  relationshipTemplates: TRelationshipTemplate[];
  groups: TGroup[];
  policies: TPolicy[];
  outputs: TOutput[];
  substitution?: TSubstitution;
  workflows: TDecl[];
}

export interface TImport extends TDecl {
  /** The file (path or URL) to import; undefined for malformed entries. */
  file?: TRef;
  repository?: TRef;
  namespacePrefix?: TRef;
  namespaceUri?: string;
  /** TOSCA 2.0 `profile:` imports. */
  profile?: TRef;
  /** `short` = `- file.yaml`; `long` = `- {file: ...}`; `named` = 1.0's `- name: file.yaml` / `- name: {file: ...}`. */
  form: 'short' | 'long' | 'named';
  /** Index in the imports list. */
  index: number;
}

export interface TRepository extends TDecl {
  url?: TRef;
  description?: string;
}

export interface ToscaSummary {
  kind: 'tosca';
  format: number;
  version?: { text: string; span: Span; keySpan: Span };
  namespace?: TRef;
  /** TOSCA 2.0 `profile:`: the name other files import this one by (§6.7). */
  profile?: TRef;
  description?: string;
  metadata: TMetadataEntry[];
  repositories: TRepository[];
  imports: TImport[];
  /** Every type of every `*_types` section, in file order. */
  types: TTypeDecl[];
  topology?: TTopology;
  /** TOSCA 2.0 function definitions (`functions:`, §10.4), for importers to check calls against. */
  functions?: TFunctionDecl[];
}

/** `*_types` section keyname -> kind. */
export const TYPE_SECTIONS: Readonly<Record<string, TypeKind>> = {
  artifact_types: 'artifact',
  data_types: 'data',
  capability_types: 'capability',
  interface_types: 'interface',
  relationship_types: 'relationship',
  node_types: 'node',
  group_types: 'group',
  policy_types: 'policy',
};

/** Intrinsic function names of Simple Profile 1.x (and the 2.0 spellings we recognise as calls). */
export const FUNCTION_NAMES: ReadonlySet<string> = new Set([
  'concat',
  'join',
  'token',
  'get_input',
  'get_property',
  'get_attribute',
  'get_operation_output',
  'get_nodes_of_type',
  'get_artifact',
]);

// ---------------------------------------------------------------------------

/**
 * The declaration fields of an entry. The summaries of the hot paths (every file of a workspace) write
 * these three fields out in their object literals instead of spreading `decl(p)`: V8's object spread
 * followed by further properties made the whole TOSCA summary about three times slower (the bench's
 * 2,000-file TOSCA workspace).
 */
function decl(p: YPair): TDecl {
  return { name: p.key.text, keySpan: p.key.span, span: pairSpan(p) };
}

function ref(n: YNode | null | undefined): TRef | undefined {
  const s = asScalar(n);
  if (!s || s.value === null) return undefined;
  return { name: s.text, span: s.span };
}

function refs(n: YNode | null | undefined): TRef[] | undefined {
  const seq = asSeq(n);
  if (seq) return seq.items.map(ref).filter((r): r is TRef => !!r);
  const one = ref(n);
  return one ? [one] : undefined;
}

function str(n: YNode | null | undefined): string | undefined {
  return scalarText(n);
}

function bool(n: YNode | null | undefined): boolean | undefined {
  const s = asScalar(n);
  if (!s) return undefined;
  if (typeof s.value === 'boolean') return s.value;
  if (s.style === 'plain' && /^(yes|no|on|off|y|n|True|False|TRUE|FALSE)$/.test(s.text))
    return /^(yes|on|y|true)$/i.test(s.text);
  return undefined;
}

export function occurrencesOf(n: YNode | null | undefined): TOccurrences | undefined {
  const seq = asSeq(n);
  if (!seq || seq.items.length !== 2) return undefined;
  const a = asScalar(seq.items[0]);
  const b = asScalar(seq.items[1]);
  if (!a || !b || typeof a.value !== 'number') return undefined;
  const max = b.text === 'UNBOUNDED' ? 'UNBOUNDED' : typeof b.value === 'number' ? b.value : undefined;
  if (max === undefined) return undefined;
  return { min: a.value, max, span: seq.span };
}

export function constraintsOf(n: YNode | null | undefined): TConstraint[] {
  const seq = asSeq(n);
  if (!seq) return [];
  const out: TConstraint[] = [];
  for (const it of seq.items) {
    const m = asMap(it);
    if (!m || m.pairs.length === 0) continue;
    const p = m.pairs[0]!;
    out.push({ op: p.key.text, value: toPlain(p.value), keySpan: p.key.span, span: m.span });
  }
  return out;
}

export function schemaOf(n: YNode | null | undefined): TSchema | undefined {
  const v = deref(n);
  if (!v) return undefined;
  if (v.kind === 'scalar') {
    const r = ref(v);
    return r ? { type: r, constraints: [], span: v.span } : undefined;
  }
  const m = asMap(v);
  if (!m) return undefined;
  const s: TSchema = { constraints: constraintsOf(getPair(m, 'constraints')?.value), span: m.span };
  const t = ref(getPair(m, 'type')?.value);
  if (t) s.type = t;
  const d = str(getPair(m, 'description')?.value);
  if (d !== undefined) s.description = d;
  const e = schemaOf(getPair(m, 'entry_schema')?.value);
  if (e) s.entrySchema = e;
  const k = schemaOf(getPair(m, 'key_schema')?.value);
  if (k) s.keySchema = k;
  return s;
}

export function propertyDefOf(p: YPair): TPropertyDef {
  const d: TPropertyDef = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    hasDefault: false,
    hasValue: false,
    constraints: [],
  };
  const m = asMap(p.value);
  if (!m) {
    d.shortForm = true;
    // A bare value refines an inherited property with a fixed value.
    if (p.value) {
      d.hasValue = true;
      d.value = toPlain(p.value);
      d.valueSpan = p.value.span;
    }
    return d;
  }
  for (const q of m.pairs) {
    switch (q.key.text) {
      case 'type': {
        const t = ref(q.value);
        if (t) d.type = t;
        break;
      }
      case 'description': {
        const s = str(q.value);
        if (s !== undefined) d.description = s;
        break;
      }
      case 'required': {
        const b = bool(q.value);
        if (b !== undefined) {
          d.required = b;
          d.requiredSpan = q.value!.span;
        }
        break;
      }
      case 'default':
        d.hasDefault = true;
        d.default = toPlain(q.value);
        if (q.value) d.defaultSpan = q.value.span;
        break;
      case 'value':
        d.hasValue = true;
        d.value = toPlain(q.value);
        if (q.value) d.valueSpan = q.value.span;
        break;
      case 'status': {
        const s = str(q.value);
        if (s !== undefined) d.status = s;
        break;
      }
      case 'constraints':
        d.constraints = constraintsOf(q.value);
        break;
      case 'entry_schema': {
        const s = schemaOf(q.value);
        if (s) d.entrySchema = s;
        break;
      }
      case 'key_schema': {
        const s = schemaOf(q.value);
        if (s) d.keySchema = s;
        break;
      }
    }
  }
  return d;
}

function propertyDefs(n: YNode | null | undefined): TPropertyDef[] {
  return entries(n).map(propertyDefOf);
}

/**
 * The function name when `n` is a single-key mapping whose key is an intrinsic function: a 1.x
 * name (`get_input`) or a TOSCA 2.0 call (`$get_input`, `$my_function`; `$$` escapes a literal `$`).
 */
export function functionNameOf(n: YNode | null | undefined): string | undefined {
  const m = asMap(n);
  if (!m || m.pairs.length !== 1) return undefined;
  const k = m.pairs[0]!.key.text;
  return FUNCTION_NAMES.has(k) || (k.length > 1 && k.startsWith('$') && !k.startsWith('$$')) ? k : undefined;
}

function assignment(p: YPair): TAssignment {
  const a: TAssignment = decl(p);
  if (p.value) a.valueSpan = p.value.span;
  const f = functionNameOf(p.value);
  if (f) a.func = f;
  return a;
}

function assignments(n: YNode | null | undefined): TAssignment[] {
  return entries(n).map(assignment);
}

function operationOf(p: YPair): TOperationDef {
  const op: TOperationDef = { name: p.key.text, keySpan: p.key.span, span: pairSpan(p), inputs: [], outputs: [] };
  const v = deref(p.value);
  if (v?.kind === 'scalar') {
    const r = ref(v);
    if (r) op.implementation = r;
    return op;
  }
  const m = asMap(v);
  if (!m) return op;
  const d = str(getPair(m, 'description')?.value);
  if (d !== undefined) op.description = d;
  const impl = getPair(m, 'implementation')?.value;
  const implRef = ref(impl) ?? ref(getPair(asMap(impl), 'primary')?.value);
  if (implRef) op.implementation = implRef;
  op.inputs = propertyDefs(getPair(m, 'inputs')?.value);
  op.outputs = entries(getPair(m, 'outputs')?.value).map(decl);
  return op;
}

/**
 * Keynames of an interface definition/assignment that are not operation names (1.0–1.2 put operations directly under
 * the interface).
 */
export const INTERFACE_KEYNAMES: ReadonlySet<string> = new Set([
  'type',
  'description',
  'inputs',
  'operations',
  'notifications',
  'derived_from',
  'version',
  'metadata',
]);

function interfaceOps(m: YMap | null): { operations: TOperationDef[]; notifications: TOperationDef[] } {
  const operations: TOperationDef[] = [];
  const notifications: TOperationDef[] = [];
  if (!m) return { operations, notifications };
  for (const q of m.pairs) {
    if (q.key.text === 'operations') operations.push(...entries(q.value).map(operationOf));
    else if (q.key.text === 'notifications') notifications.push(...entries(q.value).map(operationOf));
    // `_`-prefixed keys are vendor extensions (ARIA's `_extensions`), never operations.
    else if (!INTERFACE_KEYNAMES.has(q.key.text) && !q.key.text.startsWith('_')) operations.push(operationOf(q));
  }
  return { operations, notifications };
}

function interfaceDefOf(p: YPair): TInterfaceDef {
  const m = asMap(p.value);
  const ops = interfaceOps(m);
  const d: TInterfaceDef = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    inputs: propertyDefs(getPair(m, 'inputs')?.value),
    operations: ops.operations,
    notifications: ops.notifications,
  };
  const t = ref(getPair(m, 'type')?.value) ?? ref(p.value);
  if (t) d.type = t;
  const desc = str(getPair(m, 'description')?.value);
  if (desc !== undefined) d.description = desc;
  return d;
}

function interfaceAssignmentOf(p: YPair): TInterfaceAssignment {
  const m = asMap(p.value);
  const ops = interfaceOps(m);
  const d: TInterfaceAssignment = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    inputs: assignments(getPair(m, 'inputs')?.value),
    operations: ops.operations,
    notifications: ops.notifications,
  };
  const t = ref(getPair(m, 'type')?.value);
  if (t) d.type = t;
  return d;
}

function artifactOf(p: YPair): TArtifactDef {
  const a: TArtifactDef = decl(p);
  const v = deref(p.value);
  if (v?.kind === 'scalar') {
    const f = ref(v);
    if (f) a.file = f;
    return a;
  }
  const m = asMap(v);
  const t = ref(getPair(m, 'type')?.value);
  if (t) a.type = t;
  const fileNode = getPair(m, 'file')?.value ?? null;
  const f = ref(fileNode);
  if (f) a.file = f;
  else {
    // `file: { get_input: image }`: a value the orchestrator evaluates; the artifact has a file.
    const call = asMap(fileNode);
    const fn = call && call.pairs.length === 1 ? call.pairs[0]!.key.text : undefined;
    if (fn && FUNCTION_NAMES.has(fn)) {
      a.file = { name: `{ ${fn}: … }`, span: call!.span };
      a.fileFunction = fn;
    }
  }
  const r = ref(getPair(m, 'repository')?.value);
  if (r) a.repository = r;
  const d = str(getPair(m, 'description')?.value);
  if (d !== undefined) a.description = d;
  return a;
}

function capabilityDefOf(p: YPair): TCapabilityDef {
  const c: TCapabilityDef = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    properties: [],
    attributes: [],
  };
  const v = deref(p.value);
  if (v?.kind === 'scalar') {
    const t = ref(v);
    if (t) c.type = t;
    return c;
  }
  const m = asMap(v);
  if (!m) return c;
  const t = ref(getPair(m, 'type')?.value);
  if (t) c.type = t;
  const d = str(getPair(m, 'description')?.value);
  if (d !== undefined) c.description = d;
  c.properties = propertyDefs(getPair(m, 'properties')?.value);
  c.attributes = propertyDefs(getPair(m, 'attributes')?.value);
  const vst = refs(getPair(m, 'valid_source_types')?.value ?? getPair(m, 'valid_source_node_types')?.value);
  if (vst) c.validSourceTypes = vst;
  const o = occurrencesOf(getPair(m, 'occurrences')?.value);
  if (o) c.occurrences = o;
  return c;
}

function requirementDefOf(p: YPair): TRequirementDef {
  const r: TRequirementDef = decl(p);
  const v = deref(p.value);
  if (v?.kind === 'scalar') {
    const c = ref(v);
    if (c) r.capability = c;
    return r;
  }
  const m = asMap(v);
  if (!m) return r;
  const c = ref(getPair(m, 'capability')?.value);
  if (c) r.capability = c;
  const n = ref(getPair(m, 'node')?.value);
  if (n) r.node = n;
  const relNode = getPair(m, 'relationship')?.value;
  const rel = ref(relNode) ?? ref(getPair(asMap(relNode), 'type')?.value);
  if (rel) r.relationship = rel;
  const o = occurrencesOf(getPair(m, 'occurrences')?.value);
  if (o) r.occurrences = o;
  const cr = occurrencesOf(getPair(m, 'count_range')?.value);
  if (cr) r.countRange = cr;
  const d = str(getPair(m, 'description')?.value);
  if (d !== undefined) r.description = d;
  return r;
}

function metadataOf(n: YNode | null | undefined): TMetadataEntry[] {
  return entries(n).map((p) => {
    const e: TMetadataEntry = decl(p);
    const s = asScalar(p.value);
    if (s && s.value !== null) e.value = s.text;
    return e;
  });
}

function typeDeclOf(kind: TypeKind, p: YPair): TTypeDecl {
  const t: TTypeDecl = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    kind,
    metadata: [],
    properties: [],
    attributes: [],
    capabilities: [],
    requirements: [],
    interfaces: [],
    artifacts: [],
    operations: [],
    notifications: [],
    inputs: [],
    constraints: [],
  };
  const m = asMap(p.value);
  if (!m) return t;
  for (const q of m.pairs) {
    const k = q.key.text;
    switch (k) {
      case 'derived_from': {
        // Unfurl's types may derive from several (a list): the first is the parent, the others are kept apart.
        const all = asSeq(q.value) ? (refs(q.value) ?? []) : [];
        const r = all.length ? all[0] : ref(q.value);
        if (r) t.derivedFrom = r;
        if (all.length > 1) t.derivedFromAlso = all.slice(1);
        break;
      }
      case 'version': {
        const s = str(q.value);
        if (s !== undefined) t.version = s;
        break;
      }
      case 'short_name': {
        const s = str(q.value);
        if (s !== undefined) t.shortName = s;
        break;
      }
      case 'description': {
        const s = str(q.value);
        if (s !== undefined) t.description = s;
        break;
      }
      case 'metadata':
        t.metadata = metadataOf(q.value);
        break;
      case 'properties':
        t.properties = propertyDefs(q.value);
        break;
      case 'attributes':
        t.attributes = propertyDefs(q.value);
        break;
      case 'capabilities':
        t.capabilities = entries(q.value).map(capabilityDefOf);
        break;
      case 'requirements':
        t.requirements = entries(q.value).map(requirementDefOf);
        break;
      case 'interfaces':
        t.interfaces = entries(q.value).map(interfaceDefOf);
        break;
      case 'artifacts':
        t.artifacts = entries(q.value).map(artifactOf);
        break;
      case 'inputs':
        if (kind === 'interface') t.inputs = propertyDefs(q.value);
        break;
      case 'operations':
        if (kind === 'interface') t.operations.push(...entries(q.value).map(operationOf));
        break;
      case 'notifications':
        if (kind === 'interface') t.notifications.push(...entries(q.value).map(operationOf));
        break;
      // TOSCA 2.0 (§7.3, §8.1): `valid_capability_types` / `valid_target_node_types`, `valid_source_node_types`.
      case 'valid_target_types':
      case 'valid_capability_types':
      case 'valid_target_node_types': {
        const r = refs(q.value);
        if (r) t.validTargetTypes = [...(t.validTargetTypes ?? []), ...r];
        break;
      }
      case 'valid_source_types':
      case 'valid_source_node_types': {
        const r = refs(q.value);
        if (r) t.validSourceTypes = r;
        break;
      }
      case 'members': {
        const r = refs(q.value);
        if (r) t.members = r;
        break;
      }
      case 'targets': {
        const r = refs(q.value);
        if (r) t.targets = r;
        break;
      }
      case 'constraints':
        t.constraints = constraintsOf(q.value);
        break;
      case 'entry_schema': {
        const s = schemaOf(q.value);
        if (s) t.entrySchema = s;
        break;
      }
      case 'key_schema': {
        const s = schemaOf(q.value);
        if (s) t.keySchema = s;
        break;
      }
      case 'mime_type': {
        const s = str(q.value);
        if (s !== undefined) t.mimeType = s;
        break;
      }
      case 'units':
      case 'prefixes':
      case 'canonical_unit':
      case 'data_type':
      case 'validation':
        if (kind === 'data') (t.v2 ??= {})[k] = toPlain(q.value);
        break;
      case 'file_ext': {
        const r = refs(q.value);
        if (r) t.fileExt = r.map((x) => x.name);
        break;
      }
      default:
        // Interface types of 1.0–1.2 list their operations directly.
        if (kind === 'interface' && !INTERFACE_KEYNAMES.has(k) && !k.startsWith('_')) t.operations.push(operationOf(q));
    }
  }
  return t;
}

function requirementAssignmentOf(p: YPair): TRequirementAssignment {
  const r: TRequirementAssignment = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    relationshipProperties: [],
    relationshipInterfaces: [],
    hasNodeFilter: false,
  };
  const v = deref(p.value);
  if (v?.kind === 'scalar') {
    const n = ref(v);
    if (n) r.node = n;
    return r;
  }
  const m = asMap(v);
  if (!m) return r;
  const n = ref(getPair(m, 'node')?.value);
  if (n) r.node = n;
  const c = ref(getPair(m, 'capability')?.value);
  if (c) r.capability = c;
  const relNode = deref(getPair(m, 'relationship')?.value);
  if (relNode?.kind === 'scalar') {
    const rel = ref(relNode);
    if (rel) r.relationship = rel;
  } else if (relNode?.kind === 'map') {
    r.relationshipInline = true;
    const rel = ref(getPair(relNode, 'type')?.value);
    if (rel) r.relationship = rel;
    r.relationshipProperties = assignments(getPair(relNode, 'properties')?.value);
    r.relationshipInterfaces = entries(getPair(relNode, 'interfaces')?.value).map(interfaceAssignmentOf);
  }
  // Alien4Cloud (its DSL 2.0.0 on) names an assignment after its relationship and gives the requirement it assigns
  // as `type_requirement`, and writes the relationship's property values beside `node` (its "Requirement
  // assignment"); keynames other processors do not have (TOSCA010 outside that dialect).
  const tr = ref(getPair(m, 'type_requirement')?.value);
  if (tr) {
    r.name = tr.name;
    r.keySpan = tr.span;
  }
  if (!r.relationshipInline) {
    const props = getPair(m, 'properties');
    if (props) r.relationshipProperties = assignments(props.value);
  }
  r.hasNodeFilter = !!getPair(m, 'node_filter');
  const o = occurrencesOf(getPair(m, 'occurrences')?.value);
  if (o) r.occurrences = o;
  if (tr) r.relationshipName = p.key.text;
  return r;
}

/** Copies the `type`, `description` (and for templates `copy`) keynames of an entry, when present. */
function typeAndDescription(
  m: YMap | null,
  target: { type?: TRef; description?: string; copy?: TRef },
  withCopy = false,
): void {
  const type = ref(getPair(m, 'type')?.value);
  if (type) target.type = type;
  const d = str(getPair(m, 'description')?.value);
  if (d !== undefined) target.description = d;
  if (withCopy) {
    const copy = ref(getPair(m, 'copy')?.value);
    if (copy) target.copy = copy;
  }
}

function nodeTemplateOf(p: YPair): TNodeTemplate {
  const m = asMap(p.value);
  const t: TNodeTemplate = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    directives: refs(getPair(m, 'directives')?.value) ?? [],
    properties: assignments(getPair(m, 'properties')?.value),
    attributes: assignments(getPair(m, 'attributes')?.value),
    requirements: entries(getPair(m, 'requirements')?.value).map(requirementAssignmentOf),
    capabilities: entries(getPair(m, 'capabilities')?.value).map((c) => {
      const cm = asMap(c.value);
      return {
        name: c.key.text,
        keySpan: c.key.span,
        span: pairSpan(c),
        properties: assignments(getPair(cm, 'properties')?.value),
        attributes: assignments(getPair(cm, 'attributes')?.value),
      };
    }),
    interfaces: entries(getPair(m, 'interfaces')?.value).map(interfaceAssignmentOf),
    artifacts: entries(getPair(m, 'artifacts')?.value).map(artifactOf),
    hasNodeFilter: !!getPair(m, 'node_filter'),
  };
  typeAndDescription(m, t, true);
  return t;
}

function relationshipTemplateOf(p: YPair): TRelationshipTemplate {
  const m = asMap(p.value);
  const t: TRelationshipTemplate = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    properties: assignments(getPair(m, 'properties')?.value),
    attributes: assignments(getPair(m, 'attributes')?.value),
    interfaces: entries(getPair(m, 'interfaces')?.value).map(interfaceAssignmentOf),
  };
  typeAndDescription(m, t, true);
  return t;
}

function groupOf(p: YPair): TGroup {
  const m = asMap(p.value);
  const g: TGroup = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    members: refs(getPair(m, 'members')?.value) ?? [],
    properties: assignments(getPair(m, 'properties')?.value),
    interfaces: entries(getPair(m, 'interfaces')?.value).map(interfaceAssignmentOf),
  };
  typeAndDescription(m, g);
  return g;
}

function policyOf(p: YPair): TPolicy {
  const m = asMap(p.value);
  const g: TPolicy = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    targets: refs(getPair(m, 'targets')?.value) ?? [],
    properties: assignments(getPair(m, 'properties')?.value),
    triggers: entries(getPair(m, 'triggers')?.value).map(decl),
  };
  typeAndDescription(m, g);
  return g;
}

function outputOf(p: YPair): TOutput {
  const m = asMap(p.value);
  const o: TOutput = decl(p);
  typeAndDescription(m, o);
  const v = getPair(m, 'value')?.value;
  if (v) o.valueSpan = v.span;
  return o;
}

function mappings(n: YNode | null | undefined): TMapping[] {
  return entries(n).map((p) => ({
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    target: refs(p.value) ?? [],
    list: !!asSeq(p.value),
  }));
}

function substitutionOf(n: YNode | null): TSubstitution | undefined {
  const m = asMap(n);
  if (!m) return undefined;
  const s: TSubstitution = {
    span: m.span,
    properties: mappings(getPair(m, 'properties')?.value),
    attributes: mappings(getPair(m, 'attributes')?.value),
    capabilities: mappings(getPair(m, 'capabilities')?.value),
    requirements: mappings(getPair(m, 'requirements')?.value),
    interfaces: entries(getPair(m, 'interfaces')?.value).map(decl),
  };
  const t = ref(getPair(m, 'node_type')?.value);
  if (t) s.nodeType = t;
  return s;
}

/**
 * Parts of a summary that the next version of an open document may take over (issue 21: a keystroke summarises what
 * it changed, not the whole file): each type declaration and node template by the tree pair it was read from. The
 * outline of an edited text (syntax/outlineEdit.ts) keeps the pair objects of the entries the edit is not in, spans
 * included, and makes new ones for the rest; a pair object found in `before` is therefore the same text at the same
 * place, and its summary the one made before. `after` gets this version's parts, for the next.
 */
export interface SummaryParts {
  before?: ReadonlyMap<YPair, unknown> | undefined;
  after: Map<YPair, unknown>;
}

/** `make(p)`, or the part made of the same pair object before when `fits` it; recorded in `parts.after`. */
function partOf<T>(parts: SummaryParts | undefined, p: YPair, make: (p: YPair) => T, fits: (t: T) => boolean): T {
  if (!parts) return make(p);
  const old = parts.before?.get(p) as T | undefined;
  const t = old !== undefined && fits(old) ? old : make(p);
  parts.after.set(p, t);
  return t;
}

const isNodeTemplate = (t: TNodeTemplate): boolean => 'directives' in t;

function topologyOf(p: YPair, parts?: SummaryParts): TTopology {
  const m = asMap(p.value);
  const t: TTopology = {
    span: pairSpan(p),
    keySpan: p.key.span,
    inputs: propertyDefs(getPair(m, 'inputs')?.value),
    nodeTemplates: entries(getPair(m, 'node_templates')?.value).map((q) =>
      partOf(parts, q, nodeTemplateOf, isNodeTemplate),
    ),
    relationshipTemplates: entries(getPair(m, 'relationship_templates')?.value).map(relationshipTemplateOf),
    groups: entries(getPair(m, 'groups')?.value).map(groupOf),
    policies: entries(getPair(m, 'policies')?.value).map(policyOf),
    outputs: entries(getPair(m, 'outputs')?.value).map(outputOf),
    workflows: entries(getPair(m, 'workflows')?.value).map(decl),
  };
  const d = str(getPair(m, 'description')?.value);
  if (d !== undefined) t.description = d;
  const s = substitutionOf(getPair(m, 'substitution_mappings')?.value ?? null);
  if (s) t.substitution = s;
  return t;
}

/** Keynames that make an import entry the long form (a set built once: every file of a workspace has imports). */
export const LONG_IMPORT_KEYS: ReadonlySet<string> = new Set([
  'file',
  'url',
  'profile',
  'repository',
  'namespace_uri',
  'namespace_prefix',
  'namespace',
  'description',
  'metadata',
]);

/** Reads one import entry (any of the three 1.x forms, plus 2.0's `url`/`profile`). */
export function importOf(item: YNode, index: number): TImport | undefined {
  const v = deref(item);
  if (!v) return undefined;
  if (v.kind === 'scalar') {
    const f = ref(v);
    return f ? { name: f.name, keySpan: f.span, span: v.span, file: f, form: 'short', index } : undefined;
  }
  const m = asMap(v);
  if (!m || m.pairs.length === 0) return undefined;
  let long = false;
  for (let i = 0; i < m.pairs.length && !long; i++) long = LONG_IMPORT_KEYS.has(m.pairs[i]!.key.text);
  let body: YMap | null = m;
  let imp: TImport;
  if (!long && m.pairs.length === 1) {
    // 1.0: `- import_name: file` or `- import_name: {file: ...}`.
    const p = m.pairs[0]!;
    const inner = deref(p.value);
    imp = { name: p.key.text, keySpan: p.key.span, span: m.span, form: 'named', index };
    if (inner?.kind === 'scalar') {
      const f = ref(inner);
      if (f) imp.file = f;
      return imp;
    }
    body = asMap(inner);
  } else {
    const fileRef = ref(getPair(m, 'file')?.value) ?? ref(getPair(m, 'url')?.value);
    imp = { name: fileRef?.name ?? '', keySpan: m.pairs[0]!.key.span, span: m.span, form: 'long', index };
  }
  if (!body) return imp;
  const f = ref(getPair(body, 'file')?.value) ?? ref(getPair(body, 'url')?.value);
  if (f) imp.file = f;
  const r = ref(getPair(body, 'repository')?.value);
  if (r) imp.repository = r;
  const np = ref(getPair(body, 'namespace_prefix')?.value) ?? ref(getPair(body, 'namespace')?.value);
  if (np) imp.namespacePrefix = np;
  const nu = str(getPair(body, 'namespace_uri')?.value);
  if (nu !== undefined) imp.namespaceUri = nu;
  const prof = ref(getPair(body, 'profile')?.value);
  if (prof) imp.profile = prof;
  return imp;
}

function repositoryOf(p: YPair): TRepository {
  const r: TRepository = decl(p);
  const v = deref(p.value);
  if (v?.kind === 'scalar') {
    const u = ref(v);
    if (u) r.url = u;
    return r;
  }
  const m = asMap(v);
  const u = ref(getPair(m, 'url')?.value);
  if (u) r.url = u;
  const d = str(getPair(m, 'description')?.value);
  if (d !== undefined) r.description = d;
  return r;
}

/** A name a TOSCA file declares (a type or a template), as the index's header keeps it. */
export interface THeadlineDecl {
  name: string;
  keySpan: Span;
}

/**
 * What the index's header of a TOSCA file reads of its summary (`toscaSymbols`, `importFactsOf`): the file's own
 * top-level facts, and of its types and templates only the names. A `ToscaSummary` is one (a cold build reads the
 * same header from the tree, `toscaTreeFacts`).
 */
export interface ToscaHeadline {
  version?: { text: string; span: Span; keySpan: Span };
  namespace?: TRef;
  profile?: TRef;
  repositories: TRepository[];
  imports: TImport[];
  types: (THeadlineDecl & { kind: TypeKind })[];
  topology?: {
    nodeTemplates: THeadlineDecl[];
    relationshipTemplates: THeadlineDecl[];
    groups: THeadlineDecl[];
    policies: THeadlineDecl[];
  };
  functions?: TFunctionDecl[];
}

/**
 * Summarises a TOSCA file's tree. Never throws. With `parts`, what the version before made of the same tree pairs is
 * taken over (see `SummaryParts`): the summary is the same as without.
 */
export function summariseTosca(root: YNode | null, parts?: SummaryParts): ToscaSummary {
  const s: ToscaSummary = {
    kind: 'tosca',
    format: TOSCA_SUMMARY_FORMAT,
    metadata: [],
    repositories: [],
    imports: [],
    types: [],
  };
  const m = asMap(root);
  if (!m) return s;
  let service: YPair | undefined;
  for (const p of m.pairs) {
    const k = p.key.text;
    switch (k) {
      case 'tosca_definitions_version': {
        const v = asScalar(p.value);
        s.version = { text: v && v.value !== null ? v.text : '', span: v ? v.span : p.key.span, keySpan: p.key.span };
        break;
      }
      case 'namespace': {
        const r = ref(p.value);
        if (r) s.namespace = r;
        break;
      }
      case 'profile': {
        const r = ref(p.value);
        if (r) s.profile = r;
        break;
      }
      case 'description': {
        const d = str(p.value);
        if (d !== undefined) s.description = d;
        break;
      }
      case 'metadata':
        s.metadata = metadataOf(p.value);
        break;
      case 'repositories':
        s.repositories = entries(p.value).map(repositoryOf);
        break;
      case 'imports': {
        const seq = asSeq(p.value);
        if (seq)
          for (let i = 0; i < seq.items.length; i++) {
            const imp = importOf(seq.items[i]!, i);
            if (imp) s.imports.push(imp);
          }
        break;
      }
      case 'topology_template':
        s.topology = topologyOf(p, parts);
        break;
      case 'service_template':
        // TOSCA Version 2.0's name for the topology (§6.9); read as one only in a 2.0 file (below).
        service = p;
        break;
      default: {
        const kind = TYPE_SECTIONS[k];
        if (kind) {
          const make = (q: YPair) => typeDeclOf(kind, q);
          for (const q of entries(p.value)) s.types.push(partOf(parts, q, make, (d) => d.kind === kind));
        }
      }
    }
  }
  if (service && !s.topology && s.version?.text.trim() === 'tosca_2_0') s.topology = topologyOf(service, parts);
  // An Alien4Cloud archive is imported by `<template_name>:<template_version>`, which then stands for its profile name.
  if (!s.profile && isAlienDsl(s.version?.text)) {
    const archive = alienArchiveName(m);
    if (archive) s.profile = archive;
  }
  const functions = functionDeclsOf(m);
  if (functions.length) s.functions = functions;
  return s;
}

/** True for a summary of the current shape (persisted summaries of older builds are not trusted). */
export function isToscaSummary(s: unknown): s is ToscaSummary {
  return (
    !!s &&
    typeof s === 'object' &&
    (s as ToscaSummary).kind === 'tosca' &&
    (s as ToscaSummary).format === TOSCA_SUMMARY_FORMAT
  );
}
