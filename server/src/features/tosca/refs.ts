/**
 * What a written value refers to, by grammar position: `type:` of a node template names a node
 * type, `capability:` of a requirement definition a capability type, `node:` of a requirement
 * assignment a node template (or node type), and so on. Hover, definition and completion all read
 * this one table, keyed by the construct (`constructAt`) and the keyname.
 */
import type { TypeKind } from '../../model/tosca/catalog/index.js';
import { constructAt } from '../../model/tosca/grammar.js';
import type { TreePath } from '../../syntax/cursor.js';

export type RefSpec =
  /** Type names of these kinds (data: primitives too). */
  | { ref: 'type'; kinds: TypeKind[] }
  /** A node template of the topology, else a node type (requirement targets). */
  | { ref: 'node-target' }
  /** A relationship template, else a relationship type. */
  | { ref: 'relationship-target' }
  /** A capability name of the target node, else a capability type. */
  | { ref: 'capability-target' }
  /** Node templates (and groups, for policies and groups). */
  | { ref: 'templates'; groups: boolean }
  /** An imported file. */
  | { ref: 'file' };

const T = (...kinds: TypeKind[]): RefSpec => ({ ref: 'type', kinds });

const TYPE_CONSTRUCTS: Record<string, TypeKind> = {
  artifact_type: 'artifact',
  data_type: 'data',
  capability_type: 'capability',
  interface_type: 'interface',
  relationship_type: 'relationship',
  node_type: 'node',
  group_type: 'group',
  policy_type: 'policy',
};

/** TOSCA 2.0 keynames of capability types and definitions (§5.3.x, they replace `valid_source_types`). */
const V2_CAPABILITY: Record<string, RefSpec> = {
  valid_source_node_types: T('node'),
  valid_relationship_types: T('relationship'),
};

/** construct -> keyname -> what its value (or each list entry) refers to. */
const REFS: Record<string, Record<string, RefSpec>> = {
  property_definition: { type: T('data') },
  attribute_definition: { type: T('data') },
  parameter_definition: { type: T('data') },
  schema_definition: { type: T('data') },
  // The 2.0 keynames beside the 1.x ones: each is invalid in the other version, so they cannot clash.
  capability_type: { valid_source_types: T('node'), ...V2_CAPABILITY },
  capability_definition: { type: T('capability'), valid_source_types: T('node'), ...V2_CAPABILITY },
  requirement_definition: { capability: T('capability'), node: T('node'), relationship: T('relationship') },
  requirement_relationship_definition: { type: T('relationship') },
  interface_definition: { type: T('interface') },
  interface_assignment: { type: T('interface') },
  artifact_definition: { type: T('artifact') },
  relationship_type: {
    valid_target_types: T('capability', 'node'),
    valid_capability_types: T('capability'),
    valid_target_node_types: T('node'),
    valid_source_node_types: T('node'),
  },
  group_type: { members: T('node', 'group', 'capability') },
  policy_type: { targets: T('node', 'group') },
  node_template: { type: T('node'), copy: { ref: 'templates', groups: false } },
  relationship_template: { type: T('relationship') },
  group: { type: T('group'), members: { ref: 'templates', groups: true } },
  policy: { type: T('policy'), targets: { ref: 'templates', groups: true } },
  requirement_assignment: {
    node: { ref: 'node-target' },
    capability: { ref: 'capability-target' },
    relationship: { ref: 'relationship-target' },
  },
  requirement_relationship_assignment: { type: T('relationship') },
  substitution_mappings: { node_type: T('node') },
  import: { file: { ref: 'file' } },
};
for (const [c, k] of Object.entries(TYPE_CONSTRUCTS)) (REFS[c] ??= {}).derived_from = T(k);

/** Constructs whose short (scalar) form is a reference. */
const SCALAR_FORMS: Record<string, RefSpec> = {
  capability_definition: T('capability'),
  requirement_definition: T('capability'),
  requirement_assignment: { ref: 'node-target' },
  schema_definition: T('data'),
  import: { ref: 'file' },
};

export interface RefSite {
  spec: RefSpec;
  /** The construct holding the keyname (or the short-form construct). */
  construct: string;
  /** The keyname (undefined for short forms). */
  key?: string;
}

/** What the scalar value at `path` (keys and list indexes) refers to, if anything. */
export function refAt(path: TreePath): RefSite | undefined {
  if (!path.length) return undefined;
  const last = path[path.length - 1]!;
  if (typeof last === 'number') {
    // An entry of a list-valued keyname (`valid_source_types: [ ... ]`).
    const key = path[path.length - 2];
    if (typeof key !== 'string') return undefined;
    const c = constructAt(path.slice(0, -2));
    const spec = c ? REFS[c]?.[key] : undefined;
    if (spec && c) return { spec, construct: c, key };
    // `- file.yaml` in imports.
    const whole = constructAt(path);
    if (whole === 'import') return { spec: { ref: 'file' }, construct: whole };
    return undefined;
  }
  const c = constructAt(path.slice(0, -1));
  const spec = c ? REFS[c]?.[last] : undefined;
  if (spec && c) return { spec, construct: c, key: last };
  const whole = constructAt(path);
  const sf = whole ? SCALAR_FORMS[whole] : undefined;
  if (sf && whole) return { spec: sf, construct: whole };
  return undefined;
}
