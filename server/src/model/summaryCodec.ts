/**
 * The stored form of every summary the index keeps as text (in memory and in the warm-start cache):
 * the compact arrays of model/codec.ts, one schema per summary type. Written by `encodeSummary` and
 * read by `decodeSummary` only; a schema lists every key of its interface (the compiler checks it), and
 * the round trip gives the summary `JSON.parse(JSON.stringify(summary))` gave (test/model/summaryCodec).
 *
 * A summary the schema cannot hold (a value of a type its interface does not allow) is stored as its
 * plain JSON instead, which `decodeSummary` tells from the compact form by its first character and
 * checks with `isSummaryOf`: nothing is lost, it only costs that summary the compact form.
 */
import {
  bool,
  CodecMismatch,
  list,
  num,
  obj,
  ObjectCodec,
  optBool,
  optRaw,
  optSpan,
  optStr,
  raw,
  span,
  str,
  type Schema,
} from './codec.js';
import type { FileKind } from './kinds.js';
import type { BehaviourKey, BehaviourSummary, NamedValue } from './lm/behaviour.js';
import type {
  ComponentDecl,
  Decl,
  DescriptorSummary,
  LmProjectSummary,
  OperationDecl,
  PropertyDecl,
  SubprojectDecl,
  TypedDecl,
} from './lm/summary.js';
import type { FileSummary, OtherSummary } from './summary.js';
import { isSummaryOf } from './summaryShape.js';
import { TOSCA_SUMMARY_FORMAT } from './tosca/summary.js';
import type * as T from './tosca/summary.js';
import type { TFunctionDecl, TFunctionSignature } from './tosca/v2/userFunctions.js';

const codec = <S>(schema: Schema<S>) => new ObjectCodec(schema);
const opt = (c: ObjectCodec) => obj(c, true);
const optList = (c: ObjectCodec) => list(c, true);

// ---- LM descriptors, lmctl projects, behaviour files ----------------------------------------------

const decl = codec<Decl>({ name: str, keySpan: span, span });
const typedDecl = codec<TypedDecl>({ name: str, keySpan: span, span, type: optStr });
const propertyDecl = codec<PropertyDecl>({
  name: str,
  keySpan: span,
  span,
  type: optStr,
  description: optStr,
  default: optStr,
  value: optStr,
  valueSpan: optSpan,
  required: optBool,
  readOnly: optBool,
});
const componentDecl = codec<ComponentDecl>({
  name: str,
  keySpan: span,
  span,
  section: str,
  properties: list(propertyDecl),
  cluster: bool,
  type: optStr,
  typeSpan: optSpan,
  items: optStr,
});
const operationDecl = codec<OperationDecl>({
  name: str,
  keySpan: span,
  span,
  description: optStr,
  sourceOperation: optStr,
  properties: list(propertyDecl),
});
const descriptor = codec<DescriptorSummary>({
  kind: str,
  properties: list(propertyDecl),
  privateProperties: list(propertyDecl),
  components: list(componentDecl),
  relationships: list(decl),
  operations: list(operationDecl),
  capabilities: list(typedDecl),
  requirements: list(typedDecl),
  metrics: list(typedDecl),
  policies: list(typedDecl),
  dataTypes: list(typedDecl),
  transitions: list(decl),
  explicitName: opt(codec<{ text: string; span: unknown }>({ text: str, span })),
  description: optStr,
});

const subproject = new ObjectCodec();
subproject.define({
  name: str,
  keySpan: span,
  span,
  directory: str,
  contains: list(subproject),
  type: optStr,
  resourceManager: optStr,
  fromVnfcs: optBool,
} satisfies Schema<SubprojectDecl>);
const lmProject = codec<LmProjectSummary>({
  kind: str,
  contains: list(subproject),
  name: optStr,
  nameSpan: optSpan,
  schema: optStr,
  version: optStr,
  type: optStr,
  resourceManager: optStr,
});

const namedValue = codec<NamedValue>({ text: str, span });
const behaviour = codec<BehaviourSummary>({
  kind: str,
  role: str,
  name: opt(namedValue),
  descriptorName: opt(namedValue),
  properties: list(codec<BehaviourKey>({ text: str, span, entry: span })),
  configurationRefs: list(namedValue),
});

const other = codec<OtherSummary>({ kind: str });

// ---- TOSCA -----------------------------------------------------------------------------------------

const tDecl = codec<T.TDecl>({ name: str, keySpan: span, span });
const tRef = codec<T.TRef>({ name: str, span });
const tConstraint = codec<T.TConstraint>({ op: str, value: raw, keySpan: span, span });
const tOccurrences = codec<T.TOccurrences>({ min: num, max: raw, span });

const tSchema = new ObjectCodec();
tSchema.define({
  constraints: list(tConstraint),
  span,
  type: opt(tRef),
  description: optStr,
  entrySchema: opt(tSchema),
  keySchema: opt(tSchema),
} satisfies Schema<T.TSchema>);

const tPropertyDef = codec<T.TPropertyDef>({
  name: str,
  keySpan: span,
  span,
  hasDefault: bool,
  hasValue: bool,
  constraints: list(tConstraint),
  type: opt(tRef),
  description: optStr,
  required: optBool,
  requiredSpan: optSpan,
  default: optRaw,
  defaultSpan: optSpan,
  shortForm: optBool,
  value: optRaw,
  valueSpan: optSpan,
  status: optStr,
  entrySchema: opt(tSchema),
  keySchema: opt(tSchema),
});

const tCapabilityDef = codec<T.TCapabilityDef>({
  name: str,
  keySpan: span,
  span,
  properties: list(tPropertyDef),
  attributes: list(tPropertyDef),
  type: opt(tRef),
  description: optStr,
  validSourceTypes: optList(tRef),
  occurrences: opt(tOccurrences),
});

const tRequirementDef = codec<T.TRequirementDef>({
  name: str,
  keySpan: span,
  span,
  capability: opt(tRef),
  node: opt(tRef),
  relationship: opt(tRef),
  occurrences: opt(tOccurrences),
  countRange: opt(tOccurrences),
  description: optStr,
});

const tOperationDef = codec<T.TOperationDef>({
  name: str,
  keySpan: span,
  span,
  inputs: list(tPropertyDef),
  outputs: list(tDecl),
  description: optStr,
  implementation: opt(tRef),
});

const tInterfaceDef = codec<T.TInterfaceDef>({
  name: str,
  keySpan: span,
  span,
  inputs: list(tPropertyDef),
  operations: list(tOperationDef),
  notifications: list(tOperationDef),
  type: opt(tRef),
  description: optStr,
});

const tArtifactDef = codec<T.TArtifactDef>({
  name: str,
  keySpan: span,
  span,
  type: opt(tRef),
  file: opt(tRef),
  fileFunction: optStr,
  repository: opt(tRef),
  description: optStr,
});

const tMetadataEntry = codec<T.TMetadataEntry>({ name: str, keySpan: span, span, value: optStr });

const tTypeDecl = codec<T.TTypeDecl>({
  name: str,
  keySpan: span,
  span,
  kind: str,
  metadata: list(tMetadataEntry),
  properties: list(tPropertyDef),
  attributes: list(tPropertyDef),
  capabilities: list(tCapabilityDef),
  requirements: list(tRequirementDef),
  interfaces: list(tInterfaceDef),
  artifacts: list(tArtifactDef),
  operations: list(tOperationDef),
  notifications: list(tOperationDef),
  inputs: list(tPropertyDef),
  constraints: list(tConstraint),
  derivedFrom: opt(tRef),
  derivedFromAlso: optList(tRef),
  description: optStr,
  shortName: optStr,
  version: optStr,
  mimeType: optStr,
  fileExt: optRaw,
  validTargetTypes: optList(tRef),
  validSourceTypes: optList(tRef),
  members: optList(tRef),
  targets: optList(tRef),
  entrySchema: opt(tSchema),
  keySchema: opt(tSchema),
  v2: optRaw,
});

const tAssignment = codec<T.TAssignment>({ name: str, keySpan: span, span, valueSpan: optSpan, func: optStr });

const tInterfaceAssignment = codec<T.TInterfaceAssignment>({
  name: str,
  keySpan: span,
  span,
  inputs: list(tAssignment),
  operations: list(tOperationDef),
  notifications: list(tOperationDef),
  type: opt(tRef),
});

const tRequirementAssignment = codec<T.TRequirementAssignment>({
  name: str,
  keySpan: span,
  span,
  relationshipProperties: list(tAssignment),
  relationshipInterfaces: list(tInterfaceAssignment),
  hasNodeFilter: bool,
  node: opt(tRef),
  capability: opt(tRef),
  relationshipInline: optBool,
  relationship: opt(tRef),
  occurrences: opt(tOccurrences),
  relationshipName: optStr,
});

const tCapabilityAssignment = codec<T.TCapabilityAssignment>({
  name: str,
  keySpan: span,
  span,
  properties: list(tAssignment),
  attributes: list(tAssignment),
});

const tNodeTemplate = codec<T.TNodeTemplate>({
  name: str,
  keySpan: span,
  span,
  directives: list(tRef),
  properties: list(tAssignment),
  attributes: list(tAssignment),
  requirements: list(tRequirementAssignment),
  capabilities: list(tCapabilityAssignment),
  interfaces: list(tInterfaceAssignment),
  artifacts: list(tArtifactDef),
  hasNodeFilter: bool,
  type: opt(tRef),
  description: optStr,
  copy: opt(tRef),
});

const tRelationshipTemplate = codec<T.TRelationshipTemplate>({
  name: str,
  keySpan: span,
  span,
  properties: list(tAssignment),
  attributes: list(tAssignment),
  interfaces: list(tInterfaceAssignment),
  type: opt(tRef),
  description: optStr,
  copy: opt(tRef),
});

const tGroup = codec<T.TGroup>({
  name: str,
  keySpan: span,
  span,
  members: list(tRef),
  properties: list(tAssignment),
  interfaces: list(tInterfaceAssignment),
  type: opt(tRef),
  description: optStr,
});

const tPolicy = codec<T.TPolicy>({
  name: str,
  keySpan: span,
  span,
  targets: list(tRef),
  properties: list(tAssignment),
  triggers: list(tDecl),
  type: opt(tRef),
  description: optStr,
});

const tOutput = codec<T.TOutput>({
  name: str,
  keySpan: span,
  span,
  type: opt(tRef),
  description: optStr,
  valueSpan: optSpan,
});

const tMapping = codec<T.TMapping>({ name: str, keySpan: span, span, target: list(tRef), list: bool });

const tSubstitution = codec<T.TSubstitution>({
  span,
  properties: list(tMapping),
  attributes: list(tMapping),
  capabilities: list(tMapping),
  requirements: list(tMapping),
  interfaces: list(tDecl),
  nodeType: opt(tRef),
});

const tTopology = codec<T.TTopology>({
  span,
  keySpan: span,
  inputs: list(tPropertyDef),
  nodeTemplates: list(tNodeTemplate),
  relationshipTemplates: list(tRelationshipTemplate),
  groups: list(tGroup),
  policies: list(tPolicy),
  outputs: list(tOutput),
  workflows: list(tDecl),
  description: optStr,
  substitution: opt(tSubstitution),
});

const tImport = codec<T.TImport>({
  name: str,
  keySpan: span,
  span,
  file: opt(tRef),
  form: str,
  index: num,
  repository: opt(tRef),
  namespacePrefix: opt(tRef),
  namespaceUri: optStr,
  profile: opt(tRef),
});

const tRepository = codec<T.TRepository>({ name: str, keySpan: span, span, url: opt(tRef), description: optStr });

const tFunctionSignature = codec<TFunctionSignature>({
  required: num,
  optional: num,
  variadic: bool,
  types: raw,
  result: optStr,
});

const tFunctionDecl = codec<TFunctionDecl>({
  name: str,
  keySpan: span,
  signatures: list(tFunctionSignature),
  description: optStr,
  serviceTemplate: optBool,
});

const tosca = codec<T.ToscaSummary>({
  kind: str,
  format: num,
  metadata: list(tMetadataEntry),
  repositories: list(tRepository),
  imports: list(tImport),
  types: list(tTypeDecl),
  version: opt(codec<{ text: string; span: unknown; keySpan: unknown }>({ text: str, span, keySpan: span })),
  namespace: opt(tRef),
  profile: opt(tRef),
  description: optStr,
  topology: opt(tTopology),
  functions: optList(tFunctionDecl),
});

// ---- the summary of a file -------------------------------------------------------------------------

function codecOf(kind: FileKind): ObjectCodec {
  switch (kind) {
    case 'assembly':
    case 'resource':
    case 'assembly-template':
    case 'type':
      return descriptor;
    case 'lmproject':
      return lmProject;
    case 'behaviour':
      return behaviour;
    case 'tosca':
      return tosca;
    default:
      return other;
  }
}

/** The stored text of a summary: the compact form, or the plain JSON when the schema cannot hold it. */
export function encodeSummary(summary: FileSummary): string {
  try {
    return codecOf(summary.kind).encode(summary);
  } catch (e) {
    if (e instanceof CodecMismatch) return JSON.stringify(summary);
    throw e;
  }
}

/**
 * The summary of a file of kind `kind` stored as `text` (by `encodeSummary`), or undefined when the text
 * is not one: not JSON, a field of the wrong type, another kind, a TOSCA summary of another format.
 */
export function decodeSummary(kind: FileKind, text: string): FileSummary | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return isSummaryOf(kind, parsed) ? parsed : undefined;
  let s: Record<string, unknown>;
  try {
    s = codecOf(kind).decode(parsed);
  } catch (e) {
    if (e instanceof CodecMismatch) return undefined;
    throw e;
  }
  // The kind and format checks of `isSummaryOf`; every field was checked as it was read.
  if (s['kind'] !== kind || (kind === 'tosca' && s['format'] !== TOSCA_SUMMARY_FORMAT)) return undefined;
  return s as unknown as FileSummary;
}
