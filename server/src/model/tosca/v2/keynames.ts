/**
 * The keyname grammar of TOSCA Version 2.0 (chapters 6–16 of the standard), as the differences from
 * the Simple Profile 1.x table in ../grammar.ts: which constructs gain, lose or rename keynames.
 * Everything not listed here reads as in 1.3. The result has the same shape as `GRAMMAR`, so the
 * keynames rule, completion and hover walk it unchanged (`grammarOf(version).constructs`).
 */
import { GRAMMAR, type ConstructSpec, type KeySpec } from '../grammar.js';

interface Delta {
  /** Keynames added (or replaced) by 2.0. */
  add?: Readonly<Record<string, KeySpec>>;
  /** Keynames 1.x has and 2.0 does not. */
  drop?: readonly string[];
  /** False: 2.0 has no operations written directly under the interface (§11.1: they live under `operations`). */
  extra?: false;
  /** The construct is a validation clause in 2.0 (node and substitution filters, §8.8): any content. */
  open?: true;
  required?: readonly string[];
  /** Keynames 1.x requires that 2.0 does not (a schema refining an inherited one names no type). */
  optional?: readonly string[];
  /** The construct may also be written as a list (a requirement assignment `[node, index]`, §8.7.2). */
  listForm?: true;
}

const desc: KeySpec = { shape: 'scalar', doc: 'Human-readable description.' };
// §5.3.1: a map of YAML values (1.x: strings).
const metadata: KeySpec = { shape: 'map', construct: 'metadata', doc: 'Free-form metadata: a map of YAML values.' };
const validation: KeySpec = {
  shape: 'any',
  doc: 'A validation clause: a Boolean `$` function the value must satisfy, e.g. `{ $greater_than: [$value, 0] }`.',
};
const schema: KeySpec = { shape: 'map', alt: 'scalar', construct: 'schema_definition' };
const nameList = (doc: string): KeySpec => ({ shape: 'list', doc });
const countRange: KeySpec = {
  shape: 'list',
  doc: '`[min, max]` number of relationships the requirement may establish (`UNBOUNDED` for no maximum).',
};
const schemas = {
  key_schema: { ...schema, doc: 'Type of the keys of a map.' },
  entry_schema: { ...schema, doc: 'Type (and validation) of the entries of a list or map.' },
};

/** The differences, made on first use with the table (see `v2Constructs`). */
const deltas = (): Readonly<Record<string, Delta>> => ({
  service_template: {
    drop: ['topology_template', 'template_name', 'template_author', 'template_version', 'namespace'],
    add: {
      metadata,
      profile: {
        shape: 'scalar',
        doc:
          'The profile name other files import this file by (`imports: [{profile: <name>}]`); a profile has ' +
          'no service template.',
      },
      functions: {
        shape: 'map',
        mapOf: 'function_definition',
        doc: 'Function definitions (their signatures) for `$name` calls.',
      },
      dsl_definitions: {
        shape: 'map',
        mapOf: 'dsl_definition',
        doc: 'Reusable YAML blocks, each with an anchor (`name: &name ...`), for aliases elsewhere (§6.3).',
      },
      service_template: {
        shape: 'map',
        construct: 'topology_template',
        doc: 'The service template: inputs, node and relationship templates, groups, policies, workflows, outputs.',
      },
    },
  },
  repository: { drop: ['credential'], add: { metadata } },
  import: {
    drop: ['file', 'namespace_uri', 'namespace_prefix'],
    add: {
      url: {
        shape: 'scalar',
        doc: 'URL or path of the TOSCA file to import (relative paths resolve against this file).',
      },
      profile: { shape: 'scalar', doc: 'Name of a profile to import (instead of `url`).' },
      repository: { shape: 'scalar', doc: 'Name of a repository the `url` is relative to.' },
      namespace: { shape: 'scalar', doc: 'Namespace the imported names are visible under, as `namespace:Name`.' },
      description: desc,
      metadata,
    },
  },
  data_type: {
    drop: ['constraints'],
    add: {
      metadata,
      validation,
      ...schemas,
      // §9.1.2.2: scalar types that profiles define (`derived_from: scalar`).
      data_type: { shape: 'scalar', doc: 'The numeric type of a scalar type (`integer` or `float`).' },
      units: { shape: 'map', doc: 'Units of a scalar type and their factor to the canonical unit.' },
      canonical_unit: { shape: 'scalar', doc: 'The unit values of a scalar type are normalised to.' },
      prefixes: { shape: 'map', doc: 'Unit prefixes of a scalar type and their factors.' },
    },
  },
  artifact_type: { add: { metadata } },
  capability_type: {
    drop: ['valid_source_types'],
    add: {
      metadata,
      valid_source_node_types: nameList('Node types that may be the source of a relationship to this capability.'),
      valid_relationship_types: nameList('Relationship types that may end at this capability.'),
    },
  },
  interface_type: { extra: false, add: { metadata } },
  relationship_type: {
    drop: ['valid_target_types'],
    add: {
      metadata,
      valid_capability_types: nameList('Capability types this relationship may target.'),
      valid_target_node_types: nameList('Node types this relationship may target.'),
      valid_source_node_types: nameList('Node types that may be the source of this relationship.'),
    },
  },
  // §7.1: requirement definitions are a list; the 1.x table's tolerance of a mapping (Puccini's) does not apply.
  node_type: {
    add: {
      metadata,
      requirements: { shape: 'list', listOfNamed: 'requirement_definition', mapTolerated: false },
    },
  },
  group_type: { drop: ['requirements', 'capabilities', 'interfaces', 'targets'], add: { metadata } },
  policy_type: { add: { metadata } },
  // `status` left §9.3 but the suite's valid files still write it: kept, unchecked.
  property_definition: { drop: ['constraints', 'external_schema'], add: { metadata, validation, ...schemas } },
  attribute_definition: {
    drop: ['constraints', 'status', 'required'],
    add: { metadata, validation, ...schemas },
  },
  parameter_definition: {
    drop: ['constraints', 'status', 'external_schema'],
    add: { metadata, validation, ...schemas, mapping: { shape: 'list', doc: 'The attribute the output maps to.' } },
  },
  schema_definition: { drop: ['constraints'], optional: ['type'], add: { validation, ...schemas } },
  capability_definition: {
    drop: ['valid_source_types', 'occurrences'],
    add: {
      metadata,
      valid_source_node_types: nameList('Node types that may connect to this capability.'),
      valid_relationship_types: nameList('Relationship types that may end at this capability.'),
    },
  },
  requirement_definition: {
    drop: ['occurrences'],
    add: { metadata, count_range: countRange, node_filter: { shape: 'any', construct: 'node_filter' } },
  },
  requirement_relationship_definition: {
    add: {
      metadata,
      attributes: { shape: 'map', mapOf: 'value', doc: 'Attribute values.' },
    },
  },
  interface_definition: { extra: false, add: { metadata } },
  interface_assignment: { extra: false, drop: ['type', 'description'] },
  operation_implementation: { drop: ['timeout', 'operation_host'] },
  artifact_definition: { drop: ['deploy_path'], add: { metadata } },
  topology_template: {
    required: ['node_templates'],
    add: {
      metadata,
      workflows: { shape: 'map', mapOf: 'workflow', doc: 'Imperative workflows.' },
    },
  },
  node_template: {
    add: {
      requirements: { shape: 'list', listOfNamed: 'requirement_assignment', mapTolerated: false },
      count: { shape: 'any', doc: 'How many node representations the orchestrator creates from the template.' },
      node_filter: { shape: 'any', construct: 'node_filter' },
    },
  },
  requirement_assignment: {
    drop: ['occurrences'],
    listForm: true,
    add: {
      count: { shape: 'any', doc: 'How many relationships this assignment establishes (default 1).' },
      allocation: { shape: 'map', doc: 'Capability property values this relationship consumes (`allocation:`).' },
      directives: nameList('`internal` and/or `external`: where the target node is looked for.'),
      optional: { shape: 'scalar', doc: 'True when the relationship need not be established.' },
      node: { shape: 'scalar', alt: 'list', doc: 'Target node template, or `[template, index]` of one of its copies.' },
      node_filter: { shape: 'any', construct: 'node_filter' },
    },
  },
  requirement_relationship_assignment: { drop: ['description'] },
  capability_assignment: {
    drop: ['occurrences'],
    add: { directives: nameList('`internal` and/or `external`: who may use the capability.') },
  },
  node_filter: { open: true },
  relationship_template: {},
  group: { drop: ['interfaces'] },
  substitution_mappings: {
    add: {
      substitution_filter: { shape: 'any', construct: 'node_filter' },
      capabilities: { shape: 'map' },
      requirements: { shape: 'map', alt: 'list' },
      interfaces: { shape: 'map' },
    },
  },
  workflow: { add: { precondition: { shape: 'any' } } },
});

function apply(name: string, base: ConstructSpec, d: Delta): ConstructSpec {
  const keys: Record<string, KeySpec> = {};
  for (const [k, ks] of Object.entries(base.keys)) {
    if (d.drop?.includes(k)) continue;
    // Version marks of 1.x mean nothing here: every 1.x keyname kept is a 2.0 keyname.
    const { since: _since, until, ...rest } = ks;
    if (until) continue;
    keys[k] = rest;
  }
  for (const [k, ks] of Object.entries(d.add ?? {})) keys[k] = { ...keys[k], ...ks };
  for (const k of d.required ?? []) if (keys[k]) keys[k] = { ...keys[k], required: true };
  for (const k of d.optional ?? []) if (keys[k]) keys[k] = { ...keys[k], required: false };
  const out: ConstructSpec = { ...base, keys };
  if (d.extra === false) delete (out as { extra?: string }).extra;
  if (d.open) (out as { open?: boolean }).open = true;
  if (d.listForm) (out as { listForm?: boolean }).listForm = true;
  if (name === 'node_filter') (out as { scalarForm?: boolean }).scalarForm = true;
  return out;
}

let constructs: Readonly<Record<string, ConstructSpec>> | undefined;

/**
 * The TOSCA 2.0 construct table: the 1.x table with the differences above applied. Made on first use: a run
 * that reads no 2.0 file never needs it, and making it was the largest step of the checker's module start
 * (about 2 ms of a 37-file 1.3 check).
 */
export function v2Constructs(): Readonly<Record<string, ConstructSpec>> {
  if (!constructs) {
    const d = deltas();
    constructs = Object.fromEntries(
      Object.entries(GRAMMAR).map(([name, spec]) => [name, apply(name, spec, d[name] ?? {})]),
    );
  }
  return constructs;
}
