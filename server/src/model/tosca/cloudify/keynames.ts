/**
 * The keyname grammar of Cloudify's blueprint DSL (`cloudify_dsl_1_0` … `cloudify_dsl_1_5`), as data of the same shape
 * as the TOSCA tables (../grammar.ts), so the keynames rule, completion and hover walk it unchanged. Facts from
 * Cloudify's documentation ("Blueprint DSL") and its parser's element schemas (cloudify-common, `dsl_parser/elements`):
 * that parser rejects a key an element does not list ("is not in schema") when the blueprint is uploaded, so an
 * unknown keyname here is an error as in TOSCA. Free-form places (`metadata`, `dsl_definitions`, a template's
 * `properties` and its operations' `inputs`, `resource_tags`) are open.
 *
 * Not modelled: the version gates (`description` since 1_2, `policies` since 1_3...): every key is accepted in every
 * version, as blueprints written today use 1_3 and later.
 */
import type { ConstructSpec, KeySpec } from '../grammar.js';

const desc: KeySpec = { shape: 'scalar', doc: 'Human-readable description.' };
const free = (doc: string): KeySpec => ({ shape: 'map', construct: 'metadata', doc });
const propertySchemas = (doc: string): KeySpec => ({ shape: 'map', mapOf: 'property_definition', doc });
const typeInterfaces: KeySpec = {
  shape: 'map',
  mapOf: 'cfy_type_interface',
  doc: 'Interfaces by name (`cloudify.interfaces.lifecycle`...), each a mapping of operations.',
};
const templateInterfaces: KeySpec = {
  shape: 'map',
  mapOf: 'cfy_interface',
  doc: "Interfaces by name, each a mapping of operations: what runs for the node's lifecycle and workflows.",
};
const operationKeys: Readonly<Record<string, KeySpec>> = {
  implementation: {
    shape: 'scalar',
    doc: 'What runs: `<plugin>.<module>.<function>`, a script path relative to the blueprint, or a URL.',
  },
  executor: {
    shape: 'scalar',
    doc: 'Where it runs: `central_deployment_agent` (the manager) or `host_agent` (the agent on the host).',
  },
  max_retries: { shape: 'scalar', doc: 'How many times a recoverable failure is retried (-1: forever; DSL 1_1).' },
  retry_interval: { shape: 'scalar', doc: 'Seconds between retries (DSL 1_1).' },
  timeout: { shape: 'scalar', doc: 'Seconds the operation may take.' },
  timeout_recoverable: { shape: 'scalar', doc: 'True: a timeout is a recoverable failure (retried).' },
};

/** The constructs; the top level is `service_template`, as in the TOSCA tables. */
export const CLOUDIFY_CONSTRUCTS: Readonly<Record<string, ConstructSpec>> = {
  service_template: {
    label: 'blueprint',
    keys: {
      tosca_definitions_version: {
        shape: 'scalar',
        required: true,
        doc: 'The DSL version of the blueprint, `cloudify_dsl_1_0` … `cloudify_dsl_1_5`: required in the main file.',
      },
      description: desc,
      imports: {
        shape: 'list',
        doc:
          'Files merged into the blueprint: URLs, paths relative to it, `plugin:<name>`, and `<ns>--blueprint:<id>` ' +
          'for an uploaded blueprint under a namespace.',
      },
      dsl_definitions: { shape: 'any', doc: 'YAML anchors for reuse elsewhere in the file (content is not checked).' },
      metadata: free('Free-form metadata.'),
      inputs: { shape: 'map', mapOf: 'cfy_input', doc: 'Deployment inputs, read with `get_input`.' },
      plugins: { shape: 'map', mapOf: 'cfy_plugin', doc: 'Plugins the operations of the blueprint call.' },
      node_types: { shape: 'map', mapOf: 'node_type', doc: 'Node type definitions.' },
      relationships: { shape: 'map', mapOf: 'relationship_type', doc: 'Relationship type definitions.' },
      node_templates: { shape: 'map', mapOf: 'node_template', doc: 'The nodes of the deployment.' },
      policy_types: { shape: 'map', mapOf: 'cfy_policy_type', doc: 'Policy types (with their `source`).' },
      policy_triggers: { shape: 'map', mapOf: 'cfy_policy_trigger', doc: 'Policy triggers (with their `source`).' },
      groups: { shape: 'map', mapOf: 'cfy_group', doc: 'Groups of node templates, with their policies.' },
      policies: { shape: 'map', mapOf: 'cfy_policy', doc: 'Scaling policies over groups (DSL 1_3).' },
      workflows: {
        shape: 'map',
        mapOf: 'cfy_workflow',
        doc: 'Workflows: name → mapping (plugin operation or script).',
      },
      outputs: { shape: 'map', mapOf: 'cfy_output', doc: 'Deployment outputs.' },
      data_types: { shape: 'map', mapOf: 'data_type', doc: 'Data type definitions (DSL 1_2).' },
      capabilities: {
        shape: 'map',
        mapOf: 'cfy_output',
        doc: "Values the deployment exposes to other deployments' `get_capability`.",
      },
      labels: { shape: 'map', mapOf: 'cfy_label', doc: "Labels of the blueprint's deployments: key → `values`." },
      blueprint_labels: { shape: 'map', mapOf: 'cfy_label', doc: 'Labels of the blueprint itself: key → `values`.' },
      deployment_settings: {
        shape: 'map',
        construct: 'cfy_deployment_settings',
        doc: 'Settings of deployments: default schedules, groups, id template, display name.',
      },
      resource_tags: free('Tags the plugins put on the resources they create (DSL 1_3).'),
    },
  },
  metadata: { label: 'mapping', keys: {}, open: true },
  cfy_input: {
    label: 'input',
    keys: {
      type: {
        shape: 'scalar',
        doc:
          'string, integer, float, boolean, list, dict, regex, textarea, a data type, or (DSL 1_4) an object type ' +
          'such as `deployment_id` or `node_id`.',
      },
      default: { doc: 'The value when the deployment gives none; checked against the type when uploaded.' },
      description: desc,
      required: { shape: 'scalar', doc: 'False: the input may be left out (default true).' },
      constraints: {
        shape: 'list',
        doc: 'Constraints the value must meet (`- valid_values: [...]`, `- pattern: ...`).',
      },
      item_type: { shape: 'scalar', doc: 'The type of the items of a `list` input (DSL 1_4).' },
      display_label: { shape: 'scalar', doc: 'The label the console shows (DSL 1_3).' },
      hidden: { shape: 'scalar', doc: 'True: the console hides the input (DSL 1_3).' },
      display: { shape: 'map', construct: 'metadata', doc: 'How a `textarea` input is shown (`rows`).' },
    },
  },
  cfy_output: {
    label: 'output',
    keys: {
      description: desc,
      value: { required: true, doc: 'The value, often a function (`get_attribute`, `get_input`, `concat`...).' },
    },
  },
  node_type: {
    label: 'node type',
    keys: {
      derived_from: { shape: 'scalar', doc: 'The parent type.' },
      properties: propertySchemas('Property schemas: name → `type`, `default`, `description`, `required`.'),
      interfaces: typeInterfaces,
      runtime_properties: propertySchemas('Runtime property schemas (DSL 1_5).'),
    },
  },
  relationship_type: {
    label: 'relationship type',
    keys: {
      derived_from: { shape: 'scalar', doc: 'The parent type.' },
      properties: propertySchemas('Property schemas: name → `type`, `default`, `description`, `required`.'),
      source_interfaces: { ...typeInterfaces, doc: 'Operations run on the source node of the relationship.' },
      target_interfaces: { ...typeInterfaces, doc: 'Operations run on the target node of the relationship.' },
    },
  },
  data_type: {
    label: 'data type',
    keys: {
      description: desc,
      derived_from: { shape: 'scalar', doc: 'The parent data type.' },
      version: { shape: 'scalar', doc: 'A version string.' },
      properties: propertySchemas('Property schemas: name → `type`, `default`, `description`, `required`.'),
    },
  },
  property_definition: {
    label: 'property schema',
    keys: {
      type: { shape: 'scalar', doc: 'A primitive type (string, integer, float, boolean, list, dict) or a data type.' },
      default: { doc: 'The value when a template gives none; without it the property is mandatory.' },
      description: desc,
      required: { shape: 'scalar', doc: 'False: a template may leave the property out (default true; DSL 1_2).' },
    },
  },
  node_template: {
    label: 'node template',
    keys: {
      type: { shape: 'scalar', required: true, doc: 'The node type.' },
      properties: free("Property values, checked against the type's schemas when uploaded."),
      interfaces: templateInterfaces,
      relationships: {
        shape: 'list',
        listOf: 'cfy_relationship',
        doc: 'Relationships to other node templates: `- type: …` and `target: <node template>`.',
      },
      instances: {
        shape: 'map',
        construct: 'cfy_instances',
        doc: 'Deprecated: `deploy`, the number of instances (use `capabilities.scalable`).',
      },
      capabilities: {
        shape: 'map',
        construct: 'cfy_node_capabilities',
        doc: 'Only `scalable`: the default, minimum and maximum number of instances (DSL 1_3).',
      },
    },
  },
  cfy_relationship: {
    label: 'relationship',
    keys: {
      type: {
        shape: 'scalar',
        required: true,
        doc: 'The relationship type (`cloudify.relationships.contained_in`...).',
      },
      target: { shape: 'scalar', required: true, doc: 'The node template at the other end.' },
      properties: free("Property values, checked against the relationship type's schemas when uploaded."),
      source_interfaces: { ...templateInterfaces, doc: 'Operations run on the source node.' },
      target_interfaces: { ...templateInterfaces, doc: 'Operations run on the target node.' },
    },
  },
  cfy_instances: {
    label: 'instances',
    keys: { deploy: { shape: 'scalar', required: true, doc: 'The number of instances to deploy.' } },
  },
  cfy_node_capabilities: {
    label: 'capabilities',
    keys: { scalable: { shape: 'map', construct: 'cfy_scalable', doc: 'How many instances the node has.' } },
  },
  cfy_scalable: {
    label: 'scalable capability',
    keys: { properties: { shape: 'map', construct: 'cfy_scalable_properties', doc: 'The instance counts.' } },
  },
  cfy_scalable_properties: {
    label: 'scalable properties',
    keys: {
      default_instances: { doc: 'Instances at install (default 1).' },
      min_instances: { doc: 'The fewest instances scaling leaves (default 0).' },
      max_instances: { doc: 'The most instances scaling makes (`-1` or `UNBOUNDED`: no limit).' },
    },
  },
  cfy_interface: { label: 'interface', keys: {}, extra: 'cfy_operation' },
  cfy_operation: {
    label: 'operation',
    scalarForm: true,
    keys: {
      ...operationKeys,
      inputs: free('Operation inputs: any values, functions included.'),
    },
  },
  cfy_type_interface: { label: 'interface', keys: {}, extra: 'cfy_type_operation' },
  cfy_type_operation: {
    label: 'operation',
    scalarForm: true,
    keys: {
      ...operationKeys,
      inputs: { shape: 'map', mapOf: 'cfy_input', doc: 'Input schemas of the operation, as deployment inputs.' },
    },
  },
  cfy_plugin: {
    label: 'plugin',
    keys: {
      executor: {
        shape: 'scalar',
        required: true,
        doc: 'Where its operations run: `central_deployment_agent` or `host_agent`.',
      },
      source: { shape: 'scalar', doc: 'Where the plugin is installed from (URL or folder).' },
      install: { shape: 'scalar', doc: 'False: the plugin is already installed (default true).' },
      install_arguments: { shape: 'scalar', doc: 'Arguments to pip when installing (DSL 1_1).' },
      package_name: { shape: 'scalar', doc: 'The managed plugin package (DSL 1_2).' },
      package_version: { shape: 'scalar', doc: 'Its version (DSL 1_2).' },
      supported_platform: { shape: 'scalar', doc: 'Its platform (DSL 1_2).' },
      distribution: { shape: 'scalar', doc: 'Its distribution (DSL 1_2).' },
      distribution_version: { shape: 'scalar', doc: 'Its distribution version (DSL 1_2).' },
      distribution_release: { shape: 'scalar', doc: 'Its distribution release (DSL 1_2).' },
      properties_description: { shape: 'scalar', doc: 'What its properties are for (DSL 1_5).' },
      properties: { shape: 'map', construct: 'metadata', doc: 'Plugin properties (DSL 1_5).' },
    },
  },
  cfy_workflow: {
    label: 'workflow',
    scalarForm: true,
    keys: {
      mapping: { shape: 'scalar', required: true, doc: 'What runs: `<plugin>.<module>.<function>` or a script.' },
      parameters: { shape: 'map', mapOf: 'cfy_parameter', doc: 'Parameter schemas of the workflow.' },
      is_cascading: { shape: 'scalar', doc: 'True: the workflow also runs on component deployments.' },
      availability_rules: {
        shape: 'map',
        construct: 'cfy_availability',
        doc: 'When the workflow is offered (DSL 1_4).',
      },
    },
  },
  cfy_parameter: {
    label: 'workflow parameter',
    keys: {
      type: { shape: 'scalar', doc: 'The parameter type.' },
      default: { doc: 'The value when the execution gives none.' },
      description: desc,
      required: { shape: 'scalar', doc: 'False: the parameter may be left out.' },
      item_type: { shape: 'scalar', doc: 'The type of the items of a `list` parameter (DSL 1_4).' },
      constraints: { shape: 'list', doc: 'Constraints the value must meet.' },
    },
  },
  cfy_availability: {
    label: 'availability rules',
    keys: {
      available: { shape: 'scalar', doc: 'False: the workflow is not offered.' },
      node_instances_active: {
        shape: 'list',
        doc: 'Offered when node instances are active: `all`, `partial`, `none`.',
      },
      node_types_required: { shape: 'list', doc: 'Offered when the deployment has nodes of these types.' },
    },
  },
  cfy_policy_type: {
    label: 'policy type',
    keys: {
      source: { shape: 'scalar', required: true, doc: 'The policy implementation (a Riemann clojure file).' },
      properties: propertySchemas('Property schemas of the policy.'),
    },
  },
  cfy_policy_trigger: {
    label: 'policy trigger',
    keys: {
      source: { shape: 'scalar', required: true, doc: 'The trigger implementation.' },
      parameters: propertySchemas('Parameter schemas of the trigger.'),
    },
  },
  cfy_group: {
    label: 'group',
    keys: {
      members: { shape: 'list', required: true, doc: 'Node templates (or groups) in the group.' },
      policies: { shape: 'map', mapOf: 'cfy_group_policy', doc: 'Policies over the group, with their triggers.' },
    },
  },
  cfy_group_policy: {
    label: 'group policy',
    keys: {
      type: { shape: 'scalar', required: true, doc: 'A policy type of the blueprint.' },
      properties: free("Property values, checked against the policy type's schemas."),
      triggers: { shape: 'map', mapOf: 'cfy_trigger', doc: 'Triggers: `type` and `parameters`.' },
    },
  },
  cfy_trigger: {
    label: 'trigger',
    keys: {
      type: { shape: 'scalar', required: true, doc: 'A policy trigger of the blueprint.' },
      parameters: free('Parameter values of the trigger.'),
    },
  },
  cfy_policy: {
    label: 'policy',
    keys: {
      type: { shape: 'scalar', required: true, doc: 'Only `cloudify.policies.scaling`.' },
      properties: { shape: 'map', construct: 'cfy_scalable_properties', doc: 'The instance counts of the targets.' },
      targets: { shape: 'list', required: true, doc: 'The groups the policy scales together.' },
    },
  },
  cfy_label: {
    label: 'label',
    keys: { values: { shape: 'list', required: true, doc: 'The values of the label.' } },
  },
  cfy_deployment_settings: {
    label: 'deployment settings',
    keys: {
      default_schedules: { shape: 'map', construct: 'metadata', doc: 'Workflow schedules every deployment gets.' },
      default_groups: { shape: 'list', doc: 'Deployment groups every deployment joins.' },
      id_template: { shape: 'scalar', doc: 'How deployment ids are made.' },
      display_name: { doc: "The deployments' display name (a string or a function)." },
    },
  },
};
