/**
 * The keyname grammar of TOSCA Simple Profile 1.x (spec chapter 3), as data: which keynames each
 * construct accepts, which are required, and what shape their values take. One table serves the
 * "unknown keyname" / "missing keyname" / "wrong shape" rules and key completion.
 *
 * The table is the union over 1.0–1.3 (a 1.0 file using a 1.3 keyname is not flagged); keynames
 * only one version has are marked with `since`/`until` for completion and hover.
 */
import type { DialectName } from './dialects.js';

export type Shape = 'map' | 'list' | 'scalar' | 'any';

export interface KeySpec {
  /** Expected shape of the value (default `any`). A list also accepts... nothing else: shapes are strict. */
  shape?: Shape;
  /** Alternative shape accepted (e.g. `scalar` for short forms). */
  alt?: Shape;
  /** The value is one construct. */
  construct?: string;
  /** The value is a mapping of names to constructs. */
  mapOf?: string;
  /** The value is a list of single-key mappings `- name: <construct>` (1.x "ordered maps"). */
  listOfNamed?: string;
  /** The value is a list of constructs. */
  listOf?: string;
  required?: boolean;
  /** Short description for completion and hover. */
  doc?: string;
  /** First Simple Profile minor version that has the keyname (`1_3`). */
  since?: '1_1' | '1_2' | '1_3' | '2_0';
  /** Last version with the keyname. */
  until?: '1_0' | '1_1' | '1_2' | '1_3';
  /** A list of `- name: ...` is expected, but a mapping of names is accepted with a warning (TOSCA 2.0 style). */
  mapTolerated?: boolean;
  /**
   * What a dialect changes (`lmDescriptors.tosca.dialect`): Cloudsoft AMP writes `groups` as a list, Alien4Cloud a
   * type's `artifacts` and gives a capability definition property values.
   */
  dialects?: Partial<Record<DialectName, Partial<KeySpec>>>;
}

export interface ConstructSpec {
  label: string;
  keys: Readonly<Record<string, KeySpec>>;
  /** The whole construct may be written as a scalar (short form). */
  scalarForm?: boolean;
  /** The whole construct may be written as a list (TOSCA 2.0's `[node, index]` requirement target). */
  listForm?: boolean;
  /** Keys that are not keynames are entries of this construct (operations directly under an interface). */
  extra?: string;
  /** Any key is accepted (metadata, free-form maps). */
  open?: boolean;
  /** An empty list in place of the construct is an orchestrator idiom the idioms rule judges (TOSCA105). */
  emptyListIdiom?: boolean;
}

/**
 * Keynames the grammar does not have that orchestrators read: not "unknown keynames" (TOSCA010)
 * but portability warnings (TOSCA105), naming who reads them. `constructs` limits where (any
 * construct the grammar describes when absent).
 */
export interface VendorKey {
  /** The keyname, or with `prefix` the start of every such keyname. */
  key: string;
  prefix?: boolean;
  constructs?: readonly string[];
  /** Who reads it, for the message. */
  readBy: string;
}

export const VENDOR_KEYS: readonly VendorKey[] = [
  {
    // `_extensions` (type metadata: normative, shorthand_name, specification_section...).
    key: '_',
    prefix: true,
    readBy: 'Apache ARIA TOSCA, whose profiles keep type metadata under `_extensions`',
  },
  {
    key: 'action',
    constructs: ['policy_type'],
    readBy: "tosca-parser and Tacker's legacy VNFD policy types (`tosca.policies.tacker.*`)",
  },
  {
    key: 'reservation',
    constructs: ['policy_type', 'policy'],
    readBy: "tosca-parser and Tacker's reservation policies (`tosca.policies.tacker.Reservation`)",
  },
];

function matches(v: VendorKey, key: string): boolean {
  // String tests, not a regular expression: asked for every key of a file, where a first open runs them cold.
  return v.prefix ? key.startsWith(v.key) : v.key === key;
}

/** True when `key` is a vendor key in some construct (a cheap test before looking up the construct). */
export function isVendorKeyName(key: string): boolean {
  // A loop, not `some` with a closure: the idioms rule asks this for every key of every file.
  for (let i = 0; i < VENDOR_KEYS.length; i++) if (matches(VENDOR_KEYS[i]!, key)) return true;
  return false;
}

const REQUIRED_KEYS = new WeakMap<ConstructSpec, readonly string[]>();

/**
 * The keynames a construct requires, in the table's order: made once per construct table entry (the keynames rule
 * looked through every keyname of the construct, as `Object.entries`, for each mapping it visited).
 */
export function requiredKeys(spec: ConstructSpec): readonly string[] {
  let out = REQUIRED_KEYS.get(spec);
  if (!out) {
    out = Object.keys(spec.keys).filter((k) => spec.keys[k]!.required);
    REQUIRED_KEYS.set(spec, out);
  }
  return out;
}

/** The vendor key entry `key` matches in `construct`, if any. */
export function vendorKey(construct: string, key: string): VendorKey | undefined {
  return VENDOR_KEYS.find((v) => matches(v, key) && (!v.constructs || v.constructs.includes(construct)));
}

const desc: KeySpec = { shape: 'scalar', doc: 'Human-readable description.' };
const metadata: KeySpec = { shape: 'map', construct: 'metadata', doc: 'Free-form `name: value` metadata (strings).' };
const version: KeySpec = { shape: 'scalar', doc: 'Version of the type (`major.minor[.fix[.qualifier[-build]]]`).' };
const derivedFrom: KeySpec = { shape: 'scalar', doc: 'The parent type this type derives from.' };
const properties: KeySpec = { shape: 'map', mapOf: 'property_definition', doc: 'Property definitions.' };
const attributes: KeySpec = { shape: 'map', mapOf: 'attribute_definition', doc: 'Attribute definitions.' };
const propAssignments: KeySpec = { shape: 'map', mapOf: 'value', doc: 'Property values.' };
const attrAssignments: KeySpec = { shape: 'map', mapOf: 'value', doc: 'Attribute values.' };
const interfacesDef: KeySpec = { shape: 'map', mapOf: 'interface_definition', doc: 'Interface definitions.' };
const interfacesAssign: KeySpec = {
  shape: 'map',
  mapOf: 'interface_assignment',
  doc: 'Interface assignments: operation implementations and inputs.',
};
const constraints: KeySpec = {
  shape: 'list',
  listOf: 'constraint',
  doc: 'Constraint clauses, e.g. `- greater_or_equal: 1`.',
};
const schema: KeySpec = { shape: 'map', alt: 'scalar', construct: 'schema_definition' };

const typeKeys: Record<string, KeySpec> = {
  derived_from: derivedFrom,
  version,
  metadata,
  description: desc,
  // Not in the 1.x grammar: the OASIS example profiles record the spec's "Shorthand Name" column this way. Accepted,
  // and used as an alias.
  short_name: {
    shape: 'scalar',
    doc: 'Shorthand name of the type (an extension used by the OASIS example profiles; not in the 1.x grammar).',
  },
};

export const GRAMMAR: Readonly<Record<string, ConstructSpec>> = {
  service_template: {
    label: 'service template',
    keys: {
      tosca_definitions_version: {
        shape: 'scalar',
        required: true,
        doc: 'The TOSCA version of this file; selects the grammar and the normative types (must come first).',
      },
      namespace: { shape: 'scalar', doc: 'Namespace of the types this file declares.', since: '1_2' },
      metadata: {
        ...metadata,
        doc: 'Template metadata: `template_name`, `template_author`, `template_version`, plus any string entries.',
      },
      description: desc,
      dsl_definitions: { shape: 'any', doc: 'YAML anchors for reuse elsewhere in the file (content is not checked).' },
      repositories: {
        shape: 'map',
        mapOf: 'repository',
        doc: 'Named external repositories that artifacts and imports can refer to.',
      },
      imports: { shape: 'list', listOf: 'import', doc: 'Files whose types and templates this file uses.' },
      artifact_types: { shape: 'map', mapOf: 'artifact_type', doc: 'Artifact type definitions.' },
      data_types: { shape: 'map', mapOf: 'data_type', doc: 'Data type definitions.' },
      capability_types: { shape: 'map', mapOf: 'capability_type', doc: 'Capability type definitions.' },
      interface_types: { shape: 'map', mapOf: 'interface_type', doc: 'Interface type definitions.' },
      relationship_types: { shape: 'map', mapOf: 'relationship_type', doc: 'Relationship type definitions.' },
      node_types: { shape: 'map', mapOf: 'node_type', doc: 'Node type definitions.' },
      group_types: { shape: 'map', mapOf: 'group_type', doc: 'Group type definitions.' },
      policy_types: { shape: 'map', mapOf: 'policy_type', doc: 'Policy type definitions.' },
      topology_template: {
        shape: 'map',
        construct: 'topology_template',
        doc: 'The topology: inputs, node and relationship templates, groups, policies, outputs.',
      },
      // Simple Profile 1.0 kept these at the top level; 1.1 moved them into `metadata`.
      template_name: {
        shape: 'scalar',
        doc: 'Name of the template (1.0; later versions use `metadata.template_name`).',
        until: '1_0',
      },
      template_author: {
        shape: 'scalar',
        doc: 'Author of the template (1.0; later versions use `metadata.template_author`).',
        until: '1_0',
      },
      template_version: {
        shape: 'scalar',
        doc: 'Version of the template (1.0; later versions use `metadata.template_version`).',
        until: '1_0',
      },
    },
  },
  metadata: { label: 'metadata', keys: {}, open: true },
  repository: {
    label: 'repository definition',
    scalarForm: true,
    keys: {
      description: desc,
      url: { shape: 'scalar', required: true, doc: 'URL of the repository.' },
      credential: { shape: 'map', doc: 'Credential (tosca.datatypes.Credential) to access it.' },
      metadata,
    },
  },
  import: {
    label: 'import definition',
    scalarForm: true,
    keys: {
      file: {
        shape: 'scalar',
        required: true,
        doc: 'Path or URL of the file to import (relative paths resolve against this file).',
      },
      repository: { shape: 'scalar', doc: 'Name of a repository the file is in.' },
      namespace_uri: { shape: 'scalar', doc: 'Namespace URI of the imported types (deprecated in 1.2).' },
      namespace_prefix: { shape: 'scalar', doc: 'Prefix for the imported types, used as `prefix:TypeName`.' },
    },
  },
  data_type: {
    label: 'data type',
    keys: {
      ...typeKeys,
      constraints,
      properties,
      key_schema: { ...schema, since: '1_3' },
      entry_schema: { ...schema, since: '1_3' },
    },
  },
  artifact_type: {
    label: 'artifact type',
    keys: {
      ...typeKeys,
      mime_type: { shape: 'scalar', doc: 'MIME type of the artifact files.' },
      file_ext: { shape: 'list', doc: 'File extensions of artifacts of this type.' },
      properties,
    },
  },
  capability_type: {
    label: 'capability type',
    keys: {
      ...typeKeys,
      properties,
      attributes,
      valid_source_types: {
        shape: 'list',
        doc: 'Node types that may be the source of a relationship to this capability.',
      },
    },
  },
  interface_type: {
    label: 'interface type',
    keys: {
      ...typeKeys,
      inputs: { shape: 'map', mapOf: 'property_definition', doc: 'Inputs common to every operation.' },
      operations: { shape: 'map', mapOf: 'operation_definition', doc: 'Operation definitions.', since: '1_3' },
      notifications: { shape: 'map', mapOf: 'notification_definition', doc: 'Notification definitions.', since: '1_3' },
    },
    extra: 'operation_definition',
  },
  relationship_type: {
    label: 'relationship type',
    keys: {
      ...typeKeys,
      properties,
      attributes,
      interfaces: interfacesDef,
      valid_target_types: { shape: 'list', doc: 'Capability types this relationship may target.' },
    },
  },
  node_type: {
    label: 'node type',
    keys: {
      ...typeKeys,
      properties,
      attributes,
      requirements: {
        shape: 'list',
        listOfNamed: 'requirement_definition',
        mapTolerated: true,
        doc: 'Requirement definitions (a list of `- name: definition`).',
      },
      capabilities: { shape: 'map', mapOf: 'capability_definition', doc: 'Capability definitions.' },
      interfaces: interfacesDef,
      artifacts: {
        shape: 'map',
        mapOf: 'artifact_definition',
        doc: 'Artifact definitions.',
        // Alien4Cloud's DSL writes them as a list of `- name: definition` (`- name: file` for short).
        dialects: { alien4cloud: { alt: 'list', listOfNamed: 'artifact_definition' } },
      },
    },
  },
  group_type: {
    label: 'group type',
    keys: {
      ...typeKeys,
      properties,
      attributes,
      members: { shape: 'list', doc: 'Node, capability or group types allowed as members.' },
      requirements: { shape: 'list', listOfNamed: 'requirement_definition', mapTolerated: true },
      capabilities: { shape: 'map', mapOf: 'capability_definition' },
      interfaces: interfacesDef,
      targets: { shape: 'list', until: '1_0' },
    },
  },
  policy_type: {
    label: 'policy type',
    keys: {
      ...typeKeys,
      properties,
      targets: { shape: 'list', doc: 'Node or group types the policy may apply to.' },
      triggers: { shape: 'map', mapOf: 'trigger_definition', since: '1_1' },
    },
  },
  property_definition: {
    label: 'property definition',
    // A bare value refines an inherited property with a fixed value (the spec's own Endpoint.Public
    // does `network_name: PUBLIC`); the types rule reports it when nothing is inherited.
    scalarForm: true,
    keys: {
      type: {
        shape: 'scalar',
        doc: 'The data type of the property (required, except when refining an inherited property).',
      },
      description: desc,
      required: { shape: 'scalar', doc: 'Whether a value must be given (default `true`).' },
      default: { shape: 'any', doc: 'Value used when none is assigned.' },
      value: { shape: 'any', doc: 'Fixed value (refinements and parameter definitions).' },
      status: { shape: 'scalar', doc: 'supported, unsupported, experimental or deprecated.' },
      constraints,
      entry_schema: { ...schema, doc: 'Type (and constraints) of the entries of a list or map.' },
      key_schema: { ...schema, doc: 'Type of the keys of a map.', since: '1_3' },
      metadata: { ...metadata, since: '1_3' },
      external_schema: { shape: 'scalar', since: '1_3' },
    },
  },
  attribute_definition: {
    label: 'attribute definition',
    keys: {
      type: {
        shape: 'scalar',
        doc: 'The data type of the attribute (required, except when refining an inherited attribute).',
      },
      description: desc,
      default: { shape: 'any' },
      status: { shape: 'scalar' },
      entry_schema: schema,
      key_schema: { ...schema, since: '1_3' },
      metadata: { ...metadata, since: '1_3' },
      // Not in the attribute grammar, but written by many real-world files; accepted and ignored.
      required: { shape: 'scalar' },
      constraints,
    },
  },
  parameter_definition: {
    label: 'parameter definition',
    keys: {
      type: { shape: 'scalar', doc: 'The data type of the parameter.' },
      description: desc,
      required: { shape: 'scalar' },
      default: { shape: 'any' },
      value: { shape: 'any', doc: 'The value (outputs: usually a function such as `get_attribute`).' },
      status: { shape: 'scalar' },
      constraints,
      entry_schema: schema,
      key_schema: { ...schema, since: '1_3' },
      metadata: { ...metadata, since: '1_3' },
      external_schema: { shape: 'scalar', since: '1_3' },
      mapping: { shape: 'list', since: '1_3' },
    },
  },
  schema_definition: {
    label: 'schema definition',
    scalarForm: true,
    keys: {
      type: { shape: 'scalar', required: true },
      description: desc,
      constraints,
      entry_schema: schema,
      key_schema: schema,
    },
  },
  constraint: { label: 'constraint clause', keys: {}, open: true },
  capability_definition: {
    label: 'capability definition',
    scalarForm: true,
    keys: {
      type: { shape: 'scalar', doc: 'The capability type (required, except when refining an inherited capability).' },
      description: desc,
      // Alien4Cloud gives the capability's property values here, as a node template does.
      properties: { ...properties, dialects: { alien4cloud: { mapOf: 'value' } } },
      attributes,
      valid_source_types: { shape: 'list', doc: 'Node types that may connect to this capability.' },
      occurrences: { shape: 'list', doc: '`[min, max]` number of relationships the capability accepts.' },
    },
  },
  requirement_definition: {
    label: 'requirement definition',
    scalarForm: true,
    keys: {
      capability: {
        shape: 'scalar',
        doc: 'Capability type the requirement needs (required, except when refining an inherited requirement).',
      },
      node: { shape: 'scalar', doc: 'Node type that can fulfil it.' },
      relationship: {
        shape: 'scalar',
        alt: 'map',
        construct: 'requirement_relationship_definition',
        doc: 'Relationship type used to fulfil it.',
      },
      occurrences: { shape: 'list', doc: '`[min, max]` number of times it must/may be fulfilled.' },
      description: desc,
      node_filter: { shape: 'map', construct: 'node_filter' },
    },
  },
  requirement_relationship_definition: {
    label: 'relationship definition',
    keys: {
      type: { shape: 'scalar', required: true },
      description: desc,
      interfaces: interfacesDef,
      properties: propAssignments,
    },
  },
  interface_definition: {
    label: 'interface definition',
    scalarForm: true,
    keys: {
      type: { shape: 'scalar', doc: 'The interface type.' },
      description: desc,
      inputs: { shape: 'map', mapOf: 'property_definition_or_value' },
      operations: { shape: 'map', mapOf: 'operation_definition', since: '1_3' },
      notifications: { shape: 'map', mapOf: 'notification_definition', since: '1_3' },
    },
    extra: 'operation_definition',
  },
  interface_assignment: {
    label: 'interface assignment',
    keys: {
      type: { shape: 'scalar' },
      description: desc,
      inputs: { shape: 'map', mapOf: 'value' },
      operations: { shape: 'map', mapOf: 'operation_definition', since: '1_3' },
      notifications: { shape: 'map', mapOf: 'notification_definition', since: '1_3' },
    },
    extra: 'operation_definition',
  },
  operation_definition: {
    label: 'operation definition',
    scalarForm: true,
    emptyListIdiom: true,
    keys: {
      description: desc,
      implementation: {
        shape: 'scalar',
        alt: 'map',
        construct: 'operation_implementation',
        doc: 'Script or artifact implementing the operation.',
      },
      inputs: { shape: 'map', mapOf: 'property_definition_or_value', doc: 'Operation inputs.' },
      outputs: { shape: 'map', since: '1_3', doc: 'Outputs mapped to attributes.' },
    },
  },
  notification_definition: {
    label: 'notification definition',
    scalarForm: true,
    keys: {
      description: desc,
      implementation: { shape: 'scalar', alt: 'map', construct: 'operation_implementation' },
      outputs: { shape: 'map' },
      inputs: { shape: 'map' },
    },
  },
  operation_implementation: {
    label: 'operation implementation',
    keys: {
      primary: { shape: 'scalar', alt: 'map', doc: 'The main implementation artifact.' },
      dependencies: { shape: 'list', doc: 'Further artifacts the implementation needs.' },
      timeout: { shape: 'scalar', since: '1_3' },
      operation_host: { shape: 'scalar', since: '1_2' },
    },
  },
  artifact_definition: {
    label: 'artifact definition',
    scalarForm: true,
    keys: {
      type: { shape: 'scalar', doc: 'The artifact type.' },
      file: {
        shape: 'scalar',
        doc: 'Path or URL of the artifact file (required unless the artifact refines one the node type defines).',
      },
      repository: { shape: 'scalar' },
      description: desc,
      deploy_path: { shape: 'scalar' },
      artifact_version: { shape: 'scalar', since: '1_3' },
      checksum: { shape: 'scalar', since: '1_3' },
      checksum_algorithm: { shape: 'scalar', since: '1_3' },
      properties: { ...propAssignments, since: '1_3' },
    },
  },
  topology_template: {
    label: 'topology template',
    keys: {
      description: desc,
      inputs: { shape: 'map', mapOf: 'parameter_definition', doc: 'Input parameters of the topology.' },
      node_templates: { shape: 'map', mapOf: 'node_template', doc: 'The node templates.' },
      relationship_templates: {
        shape: 'map',
        mapOf: 'relationship_template',
        doc: 'Relationship templates requirements can refer to.',
      },
      groups: {
        shape: 'map',
        mapOf: 'group',
        doc: 'Groups of node templates.',
        // Cloudsoft AMP's blueprints list them (`- add_brooklyn_types: {...}`).
        dialects: { amp: { alt: 'list', listOfNamed: 'group' } },
      },
      policies: { shape: 'list', listOfNamed: 'policy', doc: 'Policies (a list of `- name: definition`).' },
      outputs: { shape: 'map', mapOf: 'parameter_definition', doc: 'Output parameters.' },
      substitution_mappings: {
        shape: 'map',
        construct: 'substitution_mappings',
        doc: 'Lets the topology stand in for a node of the given type.',
      },
      workflows: { shape: 'map', mapOf: 'workflow', doc: 'Imperative workflows.', since: '1_1' },
    },
  },
  node_template: {
    label: 'node template',
    keys: {
      type: { shape: 'scalar', required: true, doc: 'The node type.' },
      description: desc,
      metadata,
      directives: { shape: 'list', doc: 'Directives to the orchestrator, e.g. `substitute`, `select`.' },
      properties: propAssignments,
      attributes: attrAssignments,
      requirements: {
        shape: 'list',
        listOfNamed: 'requirement_assignment',
        mapTolerated: true,
        doc: 'Requirement assignments (a list of `- name: target`).',
      },
      capabilities: { shape: 'map', mapOf: 'capability_assignment', doc: 'Capability property/attribute values.' },
      interfaces: interfacesAssign,
      artifacts: { shape: 'map', mapOf: 'artifact_definition', doc: 'Artifacts of this node.' },
      node_filter: { shape: 'map', construct: 'node_filter' },
      copy: { shape: 'scalar', doc: 'Name of a node template to copy.' },
    },
  },
  requirement_assignment: {
    label: 'requirement assignment',
    scalarForm: true,
    keys: {
      capability: { shape: 'scalar', doc: 'Capability name or type on the target.' },
      node: { shape: 'scalar', doc: 'Target node template (or node type).' },
      relationship: {
        shape: 'scalar',
        alt: 'map',
        construct: 'requirement_relationship_assignment',
        doc: 'Relationship template or type.',
      },
      node_filter: { shape: 'map', construct: 'node_filter' },
      occurrences: { shape: 'list', since: '1_3' },
      description: desc,
    },
  },
  requirement_relationship_assignment: {
    label: 'relationship assignment',
    // Without `type`, the relationship type of the requirement definition applies.
    keys: {
      type: { shape: 'scalar' },
      description: desc,
      properties: propAssignments,
      attributes: attrAssignments,
      interfaces: interfacesAssign,
    },
  },
  capability_assignment: {
    label: 'capability assignment',
    keys: { properties: propAssignments, attributes: attrAssignments, occurrences: { shape: 'list', since: '1_3' } },
  },
  node_filter: {
    label: 'node filter',
    keys: {
      // Lists in the 1.x grammar; Puccini (and the OASIS tutorial it wrote) also accept mappings: tolerated with a
      // warning.
      properties: {
        shape: 'list',
        listOfNamed: 'property_filter',
        mapTolerated: true,
        doc: 'Property filters (a list of `- name: constraint`).',
      },
      capabilities: {
        shape: 'list',
        listOfNamed: 'capability_filter',
        mapTolerated: true,
        doc: 'Capability filters (a list of `- name_or_type: {properties: [...]}`).',
      },
    },
  },
  /** tosca-parser's `substitution_filter: { node_filter: ... }` shape exists only there, so its strict lists apply. */
  node_filter_strict: {
    label: 'node filter',
    keys: {
      properties: {
        shape: 'list',
        listOfNamed: 'property_filter',
        doc: 'Property filters (a list of `- name: constraint`).',
      },
      capabilities: { shape: 'list', listOfNamed: 'capability_filter', doc: 'Capability filters (a list).' },
    },
  },
  property_filter: { label: 'property filter', keys: {}, open: true, scalarForm: true },
  capability_filter: {
    label: 'capability filter',
    keys: { properties: { shape: 'list', listOfNamed: 'property_filter', mapTolerated: true } },
  },
  relationship_template: {
    label: 'relationship template',
    keys: {
      type: { shape: 'scalar', required: true, doc: 'The relationship type.' },
      description: desc,
      metadata,
      properties: propAssignments,
      attributes: attrAssignments,
      interfaces: interfacesAssign,
      copy: { shape: 'scalar' },
    },
  },
  group: {
    label: 'group definition',
    keys: {
      type: { shape: 'scalar', required: true, doc: 'The group type.' },
      description: desc,
      metadata,
      properties: propAssignments,
      attributes: attrAssignments,
      members: { shape: 'list', doc: 'Node templates (or groups) in the group.' },
      interfaces: interfacesAssign,
    },
  },
  policy: {
    label: 'policy definition',
    keys: {
      type: { shape: 'scalar', required: true, doc: 'The policy type.' },
      description: desc,
      metadata,
      properties: propAssignments,
      targets: { shape: 'list', doc: 'Node templates or groups the policy applies to.' },
      triggers: { shape: 'map', mapOf: 'trigger_definition' },
    },
  },
  trigger_definition: {
    label: 'trigger definition',
    // The trigger grammar changed in every 1.x version (event_type/metric/period/... vs event/condition/action); any
    // key is accepted.
    keys: {
      description: desc,
      event: { shape: 'any' },
      event_type: { shape: 'any' },
      schedule: { shape: 'any' },
      target_filter: { shape: 'any' },
      condition: { shape: 'any' },
      action: { shape: 'any' },
      metadata: { shape: 'any' },
    },
    open: true,
  },
  substitution_mappings: {
    label: 'substitution mappings',
    keys: {
      node_type: { shape: 'scalar', required: true, doc: 'The node type this topology substitutes.' },
      substitution_filter: { shape: 'map', construct: 'substitution_filter', since: '1_3' },
      properties: { shape: 'map' },
      attributes: { shape: 'map', since: '1_3' },
      // ETSI SOL001 writes these as lists of single-key mappings; accepted.
      capabilities: { shape: 'map', alt: 'list' },
      requirements: { shape: 'map', alt: 'list' },
      interfaces: { shape: 'map', since: '1_2' },
    },
  },
  substitution_filter: {
    label: 'substitution filter',
    // The 1.3 grammar makes the filter itself a node filter; tosca-parser nests one under `node_filter`.
    keys: {
      properties: { shape: 'list', listOfNamed: 'property_filter', mapTolerated: true },
      capabilities: { shape: 'list', listOfNamed: 'capability_filter', mapTolerated: true },
      node_filter: { shape: 'map', construct: 'node_filter_strict' },
    },
  },
  workflow: {
    label: 'workflow definition',
    keys: {
      description: desc,
      metadata,
      inputs: { shape: 'map' },
      preconditions: { shape: 'list' },
      steps: { shape: 'map' },
      implementation: { shape: 'any' },
      outputs: { shape: 'map' },
    },
  },
};

/** The names of the topology section: TOSCA 1.x `topology_template`, TOSCA 2.0 `service_template`. */
export const TOPOLOGY_KEYS: ReadonlySet<string> = new Set(['topology_template', 'service_template']);

/** Keynames of a construct, for did-you-mean and completion. */
export function keynamesOf(construct: string, table: Readonly<Record<string, ConstructSpec>> = GRAMMAR): string[] {
  return Object.keys(table[construct]?.keys ?? {});
}

/** Case-insensitive Damerau-free edit distance, bounded (small strings only). */
/**
 * The construct a mapping at `path` (keys and list indexes from the document root) is, following
 * the grammar table: e.g. `['topology_template', 'node_templates', 'web']` -> `node_template`,
 * `['node_types', 'A', 'requirements', 0, 'host']` -> `requirement_definition`. Undefined where the
 * grammar does not describe the content (values, free-form maps). For key completion and hover.
 */
export function constructAt(
  path: readonly (string | number)[],
  table: Readonly<Record<string, ConstructSpec>> = GRAMMAR,
): string | undefined {
  let construct: string | undefined = 'service_template';
  let i = 0;
  while (construct && i < path.length) {
    const spec: ConstructSpec | undefined = table[construct];
    if (!spec) return undefined;
    let key = path[i];
    if (typeof key !== 'string') return undefined;
    // The topology section is `topology_template` in 1.x and `service_template` in 2.0: either name finds the table's.
    if (i === 0 && construct === 'service_template' && TOPOLOGY_KEYS.has(key) && !spec.keys[key])
      key = [...TOPOLOGY_KEYS].find((k) => spec.keys[k]) ?? key;
    const ks: KeySpec | undefined = spec.keys[key];
    if (!ks) {
      if (spec.extra) {
        construct = spec.extra;
        i++;
        continue;
      }
      // 1.0's named import form: `- name: {file: ...}`.
      if (construct === 'import') {
        i++;
        continue;
      }
      return undefined;
    }
    i++;
    if (ks.construct) {
      construct = ks.construct;
      continue;
    }
    if (ks.mapOf) {
      if (i >= path.length) return undefined;
      // A mapping of names: the next key is a name; with mapTolerated lists, a list index may come first.
      i++;
      construct = ks.mapOf;
      continue;
    }
    if (ks.listOf) {
      if (i >= path.length || typeof path[i] !== 'number') return undefined;
      i++;
      construct = ks.listOf;
      continue;
    }
    if (ks.listOfNamed) {
      if (i >= path.length) return undefined;
      if (typeof path[i] === 'number') i++;
      if (i >= path.length) return undefined;
      i++;
      construct = ks.listOfNamed;
      continue;
    }
    return undefined;
  }
  return construct && table[construct] ? construct : undefined;
}
