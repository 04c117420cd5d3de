/**
 * Hover and completion prose for TOSCA's expression vocabulary: intrinsic functions (spec §4.3–4.8),
 * the reserved entity keywords SELF/SOURCE/TARGET/HOST (§4.1), constraint operators (chapter 3's
 * constraint clause) and `tosca_definitions_version` values. Our own wording, with the spec's section numbers
 * (Simple Profile 1.2/1.3 numbering).
 */
import { versionInfo } from '../../model/tosca/versions.js';
import type { EntityKeyword } from '../../model/tosca/scope.js';

export interface FunctionDoc {
  name: string;
  /** Argument grammar in the spec's notation. */
  signature: string;
  section: string;
  summary: string;
  /** One line per argument. */
  args: string[];
  example: string;
  /** Snippet inserted by completion (without the surrounding braces). */
  snippet: string;
}

export const FUNCTION_DOCS: Readonly<Record<string, FunctionDoc>> = {
  concat: {
    name: 'concat',
    signature: 'concat: [ <string_value_expressions_*> ]',
    section: '4.3.1',
    summary: 'Joins one or more strings (or expressions returning strings) into one string.',
    args: ['`<string_value_expressions_*>` — one or more strings or function calls, concatenated in order.'],
    example: "value: { concat: [ 'http://', { get_attribute: [ server, public_address ] }, ':8080' ] }",
    snippet: 'concat: [ $1 ]',
  },
  join: {
    name: 'join',
    signature: 'join: [ <list of string_value_expressions_*>, <delimiter> ]',
    section: '4.3.2',
    summary: 'Joins a list of strings into one string, with an optional delimiter between the entries.',
    args: [
      '`<list of string_value_expressions_*>` — a list of strings, or an expression returning one.',
      '`<delimiter>` (optional) — the string placed between entries.',
    ],
    example: 'value: { join: [ [ prefix, 1111, suffix ], "_" ] }',
    snippet: 'join: [ [ $1 ], "$2" ]',
  },
  token: {
    name: 'token',
    signature: 'token: [ <string_with_tokens>, <string_of_token_chars>, <substring_index> ]',
    section: '4.3.3',
    summary: 'Splits a string at any of the given separator characters and returns one piece.',
    args: [
      '`<string_with_tokens>` — the string to split (often a function call).',
      '`<string_of_token_chars>` — the separator characters.',
      '`<substring_index>` — which piece to return, counted from 0.',
    ],
    example: "value: { token: [ { get_attribute: [ server, endpoint ] }, ':', 1 ] }",
    snippet: 'token: [ $1, "$2", ${3:0} ]',
  },
  get_input: {
    name: 'get_input',
    signature: 'get_input: <input_name>',
    section: '4.4.1',
    summary: 'The value of an input parameter declared in `topology_template.inputs`.',
    args: [
      '`<input_name>` — an input of this topology template (1.3 also accepts `[ input_name, nested_name_or_index, ' +
        '... ]`).',
    ],
    example: 'num_cpus: { get_input: cpus }',
    snippet: 'get_input: $1',
  },
  get_property: {
    name: 'get_property',
    signature:
      'get_property: [ <modelable_entity_name>, <optional_req_or_cap_name>, <property_name>, ' +
      '<nested_property_name_or_index_*> ]',
    section: '4.4.2',
    summary: 'The value of a property of a template (static: as written in the service template).',
    args: [
      '`<modelable_entity_name>` — a node or relationship template name, or SELF, SOURCE, TARGET, HOST.',
      '`<optional_req_or_cap_name>` (optional) — a requirement or capability of the entity that holds the property.',
      '`<property_name>` — the property.',
      '`<nested_property_name_or_index_*>` (optional) — field names of complex values, or list indexes.',
    ],
    example: 'wp_db_port: { get_property: [ SELF, database_endpoint, port ] }',
    snippet: 'get_property: [ ${1:SELF}, $2 ]',
  },
  get_attribute: {
    name: 'get_attribute',
    signature:
      'get_attribute: [ <modelable_entity_name>, <optional_req_or_cap_name>, <attribute_name>, ' +
      '<nested_attribute_name_or_index_*> ]',
    section: '4.5.1',
    summary:
      'The runtime value of an attribute of a node or relationship instance. Properties are reflected as ' +
      'attributes, so their names work too.',
    args: [
      '`<modelable_entity_name>` — a node or relationship template name, or SELF, SOURCE, TARGET, HOST.',
      '`<optional_req_or_cap_name>` (optional) — a requirement or capability of the entity that holds the attribute.',
      '`<attribute_name>` — the attribute.',
      '`<nested_attribute_name_or_index_*>` (optional) — field names of complex values, or list indexes.',
    ],
    example: 'value: { get_attribute: [ server, public_address ] }',
    snippet: 'get_attribute: [ ${1:SELF}, $2 ]',
  },
  get_operation_output: {
    name: 'get_operation_output',
    signature:
      'get_operation_output: [ <modelable_entity_name>, <interface_name>, <operation_name>, <output_variable_name> ]',
    section: '4.6.1',
    summary:
      'A value an interface operation exported (an output variable of its implementation), once the operation has run.',
    args: [
      '`<modelable_entity_name>` — a node or relationship template name, or SELF, SOURCE, TARGET.',
      '`<interface_name>` — the interface that defines the operation.',
      '`<operation_name>` — the operation.',
      '`<output_variable_name>` — the variable the implementation exported.',
    ],
    example: 'value: { get_operation_output: [ SELF, Standard, create, generated_id ] }',
    snippet: 'get_operation_output: [ ${1:SELF}, ${2:Standard}, $3, $4 ]',
  },
  get_nodes_of_type: {
    name: 'get_nodes_of_type',
    signature: 'get_nodes_of_type: <node_type_name>',
    section: '4.7.1',
    summary:
      'All node instances of the given node type in the running application; the result is returned under the key ' +
      '`TARGETS`.',
    args: ['`<node_type_name>` — a node type.'],
    example: 'value: { get_nodes_of_type: tosca.nodes.Compute }',
    snippet: 'get_nodes_of_type: $1',
  },
  get_artifact: {
    name: 'get_artifact',
    signature: 'get_artifact: [ <modelable_entity_name>, <artifact_name>, <location>, <remove> ]',
    section: '4.8.1',
    summary: 'Where an artifact of a template can be found when an operation runs; the orchestrator may copy it first.',
    args: [
      '`<modelable_entity_name>` — a node template name, or SELF, SOURCE, TARGET, HOST.',
      '`<artifact_name>` — an artifact of the entity.',
      '`<location>` (optional) — a path to copy the artifact to, or `LOCAL_FILE` to let the orchestrator pick a ' +
        'local path.',
      '`<remove>` (optional) — whether the orchestrator deletes the copy after the operation (default: yes for ' +
        'LOCAL_FILE, no for a path).',
    ],
    example: 'wp_zip: { get_artifact: [ SELF, zip, LOCAL_FILE ] }',
    snippet: 'get_artifact: [ ${1:SELF}, $2 ]',
  },
};

export function functionMarkdown(name: string): string | undefined {
  const d = FUNCTION_DOCS[name];
  if (!d) return undefined;
  return [
    `**${d.name}** — TOSCA intrinsic function (§${d.section})`,
    d.summary,
    '```yaml\n' + d.signature + '\n```',
    d.args.map((a) => `- ${a}`).join('\n'),
    'Example:\n```yaml\n' + d.example + '\n```',
  ].join('\n\n');
}

export type { EntityKeyword };

/** Where SOURCE and TARGET are valid (as `scopeAt` in model/tosca/scope.ts decides). */
const RELATIONSHIP_SCOPES =
  "relationship templates, a requirement's relationship, relationship types, interface types and workflows";

export const KEYWORD_DOCS: Readonly<Record<EntityKeyword, { valid: string; summary: string }>> = {
  SELF: {
    valid: 'node or relationship template (and type definitions)',
    summary: 'The template (instance) that contains the function.',
  },
  SOURCE: {
    valid: RELATIONSHIP_SCOPES,
    summary: 'The node at the source end of the relationship.',
  },
  TARGET: {
    valid: RELATIONSHIP_SCOPES,
    summary: 'The node at the target end of the relationship.',
  },
  HOST: {
    valid: 'node templates, node types and interface types',
    summary:
      'Walks the HostedOn chain up from the node that contains the function, to the first host that has the named ' +
      'property or attribute.',
  },
};

export function keywordMarkdown(k: EntityKeyword, resolved?: string): string {
  const d = KEYWORD_DOCS[k];
  return [
    `**${k}** — reserved entity keyword (§4.1)`,
    d.summary,
    `Valid in: ${d.valid}.`,
    ...(resolved ? [resolved] : []),
  ].join('\n\n');
}

export const CONSTRAINT_DOCS: Readonly<Record<string, { summary: string; snippet: string; since?: '1_2' }>> = {
  equal: { summary: 'The value equals the given value.', snippet: 'equal: $1' },
  greater_than: {
    summary: 'The value is greater than the given one (comparable types: numbers, scalar units, versions, timestamps).',
    snippet: 'greater_than: $1',
  },
  greater_or_equal: {
    summary: 'The value is greater than or equal to the given one.',
    snippet: 'greater_or_equal: $1',
  },
  less_than: { summary: 'The value is less than the given one.', snippet: 'less_than: $1' },
  less_or_equal: { summary: 'The value is less than or equal to the given one.', snippet: 'less_or_equal: $1' },
  in_range: {
    summary: 'The value lies within `[ lower, upper ]`, both inclusive (`UNBOUNDED` allowed for range types).',
    snippet: 'in_range: [ $1, $2 ]',
  },
  valid_values: { summary: 'The value is one of the listed values.', snippet: 'valid_values: [ $1 ]' },
  length: { summary: 'The string, list or map has exactly this length.', snippet: 'length: $1' },
  min_length: { summary: 'The string, list or map has at least this length.', snippet: 'min_length: $1' },
  max_length: { summary: 'The string, list or map has at most this length.', snippet: 'max_length: $1' },
  pattern: { summary: 'The string matches the regular expression (the whole string).', snippet: 'pattern: "$1"' },
  schema: {
    summary: 'The string value validates against the given schema (since 1.2).',
    snippet: 'schema: $1',
    since: '1_2',
  },
};

export function constraintMarkdown(op: string): string | undefined {
  const d = CONSTRAINT_DOCS[op];
  return d ? `**${op}** — constraint operator (a constraint clause)\n\n${d.summary}` : undefined;
}

export const VERSION_DOCS: Readonly<Record<string, string>> = {
  tosca_simple_yaml_1_3: 'TOSCA Simple Profile in YAML 1.3 (the version most real-world templates use).',
  tosca_simple_yaml_1_2: 'TOSCA Simple Profile in YAML 1.2 (OASIS, csd01).',
  tosca_simple_yaml_1_1: 'TOSCA Simple Profile in YAML 1.1.',
  tosca_simple_yaml_1_0: 'TOSCA Simple Profile in YAML 1.0.',
  tosca_2_0: 'TOSCA 2.0 — only YAML syntax and duplicate keys are checked.',
  tosca_simple_profile_for_nfv_1_0_0:
    'TOSCA Simple Profile for NFV 1.0 (tosca-parser spelling); builds on Simple Profile 1.0.',
  tosca_simple_profile_for_nfv_1_0:
    'TOSCA Simple Profile for NFV 1.0 (Puccini spelling); builds on Simple Profile 1.0.',
  tosca_simple_profile_for_mec_1_0_0: 'TOSCA Simple Profile for MEC 1.0; builds on Simple Profile 1.0.',
  'http://docs.oasis-open.org/tosca/ns/simple/yaml/1.0':
    'TOSCA Simple Profile 1.0, namespace-URL form (accepted by the 1.0 spec; some processors reject it).',
};

export function versionMarkdown(text: string): string | undefined {
  const info = versionInfo(text);
  if (!info) return undefined;
  const doc = VERSION_DOCS[info.text];
  return [
    `**${info.text}** — ${info.label}`,
    ...(doc ? [doc] : []),
    info.catalog ? `Implicitly imports the normative types of \`${info.catalog}\`.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** Short descriptions of the primitive types (hover on `type: string`). */
export const PRIMITIVE_DOCS: Readonly<Record<string, string>> = {
  string: 'A string (YAML 1.2 `str`).',
  integer: 'A whole number (YAML 1.2 `int`).',
  float: 'A floating-point number (YAML 1.2 `float`).',
  boolean: '`true` or `false`.',
  null: 'The null value.',
  timestamp: 'A date and time in ISO 8601 / YAML timestamp form, e.g. `2024-01-31T12:00:00Z`.',
  version: 'A TOSCA version: `major.minor[.fix[.qualifier[-build]]]`.',
  range: 'A `[ lower, upper ]` pair of integers; `UNBOUNDED` may stand for the upper bound.',
  list: 'A list; give the entry type with `entry_schema`.',
  map: 'A map of string keys; give the value type with `entry_schema`.',
  'scalar-unit.size': 'A size with a unit: B, kB, KiB, MB, MiB, GB, GiB, TB, TiB (e.g. `4 GB`).',
  'scalar-unit.time': 'A duration with a unit: d, h, m, s, ms, us, ns (e.g. `30 s`).',
  'scalar-unit.frequency': 'A frequency with a unit: Hz, kHz, MHz, GHz (e.g. `2.4 GHz`).',
  'scalar-unit.bitrate': 'A bit rate with a unit, e.g. `10 Mbps` (since 1.3).',
  any: 'Any value.',
};
