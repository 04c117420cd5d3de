/**
 * What the orchestrator dialects add to TOSCA 1.x, as the rules ask about it (the dialect itself,
 * its detection and type libraries: model/tosca/dialects.ts). Each entry names the orchestrator's
 * public document that says so; docs/tosca-accuracy.md lists them with examples.
 */
import { deref, type YNode } from '../../syntax/tree.js';
import type { ToscaDialect } from '../shared/diagnostics.js';

export const DIALECT_DOCS = {
  unfurl: "Unfurl's documentation (TOSCA, Expression Functions)",
  onap: "ONAP's Policy Framework documentation (TOSCA Policy Primer)",
  cloudshell: "Quali's CloudShell Developer Guide (Modeling Shells with TOSCA)",
  alien4cloud: "Alien4Cloud's documentation (DevOps guide, TOSCA grammar)",
} as const;

/**
 * Unfurl's expression functions, usable as values without `eval` (its "Expression Functions"
 * table), and `eval` itself.
 */
const UNFURL_FUNCTIONS: ReadonlySet<string> = new Set(
  (
    'eval abspath add and concat div eq file find_connection ge get_artifact get_attribute get_dir ' +
    'get_ensemble_metadata get_env get_input get_nodes_of_type get_property gt has_env if is_function_defined le ' +
    'local lookup lt mod mul ne not or pow python q scalar scalar_value secret sensitive sub tempfile template ' +
    'to_dns_label to_env to_googlecloud_label to_kubernetes_label to_label token urljoin validate_json'
  ).split(' '),
);

/**
 * Alien4Cloud's functions beyond the Simple Profile's: `get_secret` (its secret store, DSL 2.0.0 on) and
 * `get_input_artifact` (an artifact's `file` taken from the topology's `input_artifacts`).
 */
const ALIEN_FUNCTIONS: ReadonlySet<string> = new Set(['get_secret', 'get_input_artifact']);

/**
 * True for a value the dialect evaluates (Unfurl's `{eval: ...}`, `{get_env: ...}`..., Alien4Cloud's
 * `{get_secret: ...}`): not type-checked.
 */
export function isDialectExpression(dialect: ToscaDialect, n: YNode | null | undefined): boolean {
  const names = dialect === 'unfurl' ? UNFURL_FUNCTIONS : dialect === 'alien4cloud' ? ALIEN_FUNCTIONS : undefined;
  if (!names) return false;
  const v = deref(n);
  return !!v && v.kind === 'map' && v.pairs.length === 1 && names.has(v.pairs[0]!.key.text);
}

/**
 * Keynames a dialect adds, by grammar construct (see model/tosca/grammar.ts): accepted there
 * without TOSCA010.
 */
const DIALECT_KEYS: Partial<Record<ToscaDialect, Readonly<Record<string, readonly string[]>>>> = {
  // Unfurl, "Unfurl Specific: Extensions" and "TOSCA": an implementation's `environment` and
  // `className`; operations' `invoke`, `not_implemented`, `entry_state` and `metadata`; metadata on
  // inputs, outputs, artifacts, repositories and requirement definitions; `title` (UI labels) on
  // property and attribute definitions; interfaces on artifact types; `requirements` of interfaces;
  // the service template's `decorators` and `types`; `root` for `substitution_mappings`; conditional
  // imports (`when`); repository `revision`; `default_for` and `imported` on templates; `type` in
  // capability assignments; node filters' `requirements` and `match`.
  unfurl: {
    operation_implementation: ['environment', 'className', 'preConditions'],
    operation_definition: ['invoke', 'metadata', 'not_implemented', 'entry_state'],
    requirement_definition: ['metadata'],
    property_definition: ['title'],
    attribute_definition: ['title'],
    parameter_definition: ['title', 'metadata'],
    artifact_type: ['interfaces'],
    artifact_definition: ['required', 'metadata'],
    interface_definition: ['requirements'],
    interface_assignment: ['requirements'],
    service_template: ['decorators', 'types'],
    topology_template: ['root'],
    substitution_mappings: ['node'],
    import: ['when'],
    repository: ['revision', 'metadata'],
    node_template: ['imported'],
    relationship_template: ['default_for', 'imported'],
    capability_assignment: ['type'],
    node_filter: ['requirements', 'match'],
  },
  // ONAP's policy framework: `name`, `version` and `type_version` identify policies and types in its
  // database; node templates (its TOSCA node template API) carry them too.
  onap: {
    policy: ['name', 'version', 'type_version', 'derived_from'],
    policy_type: ['name'],
    data_type: ['name'],
    node_template: ['version', 'type_version'],
    property_definition: ['type_version'],
  },
  // CloudShell: attribute rules as `tags` on property definitions (and capability properties).
  cloudshell: {
    property_definition: ['tags'],
    attribute_definition: ['tags'],
  },
  // Alien4Cloud's DSL ("TOSCA grammar" and its parser's mappings): `abstract` (a catalog flag; an abstract node
  // is matched to a location's resource at deployment) and `tags` (free string metadata) on every type,
  // `portability` on node types, artifacts on relationship types, the 1.0-era top-level template keys and
  // `tosca_default_namespace`, the topology's `tags` and `input_artifacts`, a requirement assignment's
  // `type_requirement` (the requirement it assigns) and relationship `properties` / `interfaces`, a repository's
  // `type` (http, git, maven, docker, a4c_ignore), an implementation's long form `{file, repository, type}`, an
  // operation's `input` (what its exporter writes for `inputs`), and a node template's 1.2-era `name`.
  alien4cloud: {
    service_template: ['tosca_default_namespace', 'template_name', 'template_version', 'template_author'],
    node_type: ['abstract', 'tags', 'portability'],
    relationship_type: ['abstract', 'tags', 'artifacts'],
    capability_type: ['abstract', 'tags'],
    data_type: ['abstract', 'tags'],
    artifact_type: ['abstract', 'tags'],
    group_type: ['abstract', 'tags'],
    policy_type: ['abstract', 'tags', 'triggers'],
    topology_template: ['tags', 'input_artifacts'],
    requirement_assignment: ['type_requirement', 'properties', 'interfaces'],
    repository: ['type'],
    operation_implementation: ['file', 'repository', 'type'],
    operation_definition: ['input'],
    node_template: ['name'],
    // An `entry_schema` is a whole property definition there; 1.2's requirement definitions name the relationship
    // type as `type`.
    schema_definition: ['required', 'default'],
    requirement_definition: ['type'],
  },
};

/** What completion says of a keyname the dialect adds: who reads it, and where that is documented. */
export function dialectKeyDoc(dialect: ToscaDialect): string | undefined {
  const doc = (DIALECT_DOCS as Partial<Record<ToscaDialect, string>>)[dialect];
  return doc ? `A keyname of this orchestrator's dialect (${doc}); other TOSCA processors do not read it.` : undefined;
}

/** The keynames the dialect adds to `construct` (none for most). */
export function dialectKeys(dialect: ToscaDialect, construct: string): readonly string[] {
  return DIALECT_KEYS[dialect]?.[construct] ?? [];
}

/** True when `key` is a keyname the dialect adds to `construct`. */
export function isDialectKey(dialect: ToscaDialect, construct: string, key: string): boolean {
  return !!DIALECT_KEYS[dialect]?.[construct]?.includes(key);
}

/**
 * Interface names Unfurl gives every node (`Install`, `Mock`, per its tosca-ext definitions) and
 * `defaults`, the section of `interfaces` whose implementation / inputs / outputs apply to every
 * operation ("TOSCA": interfaces and operations).
 */
export const UNFURL_INTERFACES: ReadonlySet<string> = new Set(['Install', 'Mock', 'defaults']);

/** CloudShell's attribute rules (the `tags` of a property), per the Developer Guide. */
export const CLOUDSHELL_TAGS: readonly string[] = [
  'configuration',
  'setting',
  'search_filter',
  'abstract_filter',
  'include_in_insight',
  'readonly_to_users',
  'display_in_diagram',
  'connection_attribute',
  'read_only',
];
