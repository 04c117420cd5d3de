/**
 * Grammar as data: one declarative description of each LM file kind (assembly, resource in its map
 * and legacy list forms, lmproject, assembly-template). Key completion, key hover and the
 * unknown-key / wrong-shape diagnostics all read this description; nothing else hard-codes keys.
 *
 * Docs are short and in our own words, with a pointer to the public document the fact comes from
 * (`cite`, see sources.ts).
 */
import {
  KNOWN_DRIVERS,
  METRIC_TYPES,
  MULTIPLE_INSTANCES,
  POLICY_TYPES,
  PROPERTY_TYPES,
  RELATIONSHIP_STATES,
  RELATIONSHIP_TRANSITIONS,
  RESOURCE_TRANSITIONS,
  STATE_MODIFIERS,
} from './vocabulary.js';
import { cite } from './sources.js';

export interface EnumValue {
  value: string;
  doc: string;
}

export type ValueSpec =
  /** A mapping with a fixed set of keys. `open` mappings accept other keys without complaint. */
  | { type: 'map'; keys: KeySpec[]; open?: boolean }
  /** A mapping whose keys the designer names (properties, components, transitions...). */
  | { type: 'dict'; entryLabel: string; entry: ValueSpec; keyEnum?: EnumValue[] }
  | { type: 'list'; item: ValueSpec }
  | { type: 'enum'; values: EnumValue[] }
  | { type: 'string' | 'boolean' | 'integer' | 'number' | 'scalar' | 'any' }
  /** Either of several shapes (e.g. the legacy list lifecycle or the map form). */
  | { type: 'oneOf'; options: ValueSpec[] };

export interface KeySpec {
  key: string;
  doc: string;
  /** Where the fact comes from: a public document and section, written with `cite` (sources.ts). */
  source: string;
  value: ValueSpec;
  required?: boolean;
  /** Spellings people use by mistake; diagnostics suggest `key` instead. */
  aliases?: string[];
  /** Body inserted after `key:` by completion (snippet syntax, `\n` + indentation relative to the key). */
  snippet?: string;
  /** Shown when the key is legacy/deprecated. */
  legacy?: string;
}

const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const scalar = { type: 'scalar' } as const;
const any = { type: 'any' } as const;

const enumOf = (values: readonly string[], docs: Record<string, string> = {}): ValueSpec => ({
  type: 'enum',
  values: values.map((v) => ({ value: v, doc: docs[v] ?? '' })),
});

export const TRANSITION_DOCS: Record<string, string> = {
  Create:
    'Creates the infrastructure (none → Created), typically through a VIM driver such as openstack or kubernetes.',
  Install: 'Installs software on the created infrastructure (Created → Installed).',
  Configure: 'Applies configuration (Installed → Inactive).',
  Reconfigure: 'Runs when only volatile properties changed (Active → Active).',
  Start: 'Starts the service (Inactive → Active).',
  Integrity: 'Smoke test run after a successful Start.',
  Stop: 'Stops the service (Active or Broken → Inactive).',
  Uninstall: 'Removes the software (Inactive → Created).',
  Delete: 'Removes the infrastructure (Created → none).',
  Upgrade: 'Modifies the resource in place during a service upgrade (Active only; CP4NA).',
  Adopt: 'Adopts an existing OpenStack stack (none → Created; openstack driver only).',
};

export const STATE_DOCS: Record<string, string> = {
  Installed: 'The component has been installed.',
  Inactive: 'Installed and configured, not started.',
  Active: 'Started and serving.',
  Broken: 'Failed its integrity check.',
};

const PROPERTY_TYPE_DOCS: Record<string, string> = {
  string: 'Text (the default).',
  boolean: 'true or false.',
  integer: 'A whole number.',
  float: 'A decimal number.',
  timestamp: 'A date and time, e.g. 2019-09-07T15:50-04:00.',
  map: 'Key/value pairs; describe the values with entry-schema.',
  list: 'An ordered list; describe the items with entry-schema.',
  key: 'The name of a shared infrastructure key; drivers receive keyName, privateKey and publicKey.',
  certificate: 'A certificate held by the orchestrator.',
};

/**
 * A property definition: the same attributes in every properties-like section (TNC-O "Resource descriptor" ›
 * properties).
 */
export const PROPERTY_SPEC: ValueSpec = {
  type: 'map',
  keys: [
    {
      key: 'type',
      doc: 'Data type of the property: a built-in type or a `data-types` name. Defaults to `string`.',
      source: cite(['cp4na', 'properties'], ['tncoResource', 'properties']),
      value: enumOf(PROPERTY_TYPES, PROPERTY_TYPE_DOCS),
    },
    {
      key: 'description',
      doc: 'What the property is for.',
      source: cite(['cp4na']),
      value: str,
      aliases: ['descripion', 'desc', 'descrption', 'Description'],
    },
    {
      key: 'required',
      doc:
        'A value must be present when the top-level assembly is instantiated (from value, default or the intent ' +
        'request). Has no effect on components.',
      source: cite(['cp4na']),
      value: bool,
      aliases: ['requried', 'mandatory'],
    },
    {
      key: 'default',
      doc: 'Used when nothing else supplies a value at instantiation.',
      source: cite(['cp4na']),
      value: any,
    },
    {
      key: 'value',
      doc:
        'A fixed value, or a mapping such as `${deploymentLocation}` / `${balancer.publicIp}`. Cannot be ' +
        'overridden at instantiation. Leave a space after `value:`.',
      source: cite(['stratoss'], ['cp4na']),
      value: any,
    },
    {
      key: 'read-only',
      doc: 'An output: not overridden by mapped or intent values; the instance supplies it.',
      source: cite(['cp4na']),
      value: bool,
      aliases: ['read_only', 'readOnly', 'readonly', 'read-Only'],
    },
    {
      key: 'volatile',
      doc: 'A change triggers Reconfigure instead of a reinstall. Not with `read-only` or a fixed `value`.',
      source: cite(['cp4na', 'volatile properties'], ['tncoResource', 'properties']),
      value: bool,
    },
    {
      key: 'entry-schema',
      doc: 'Type of the items of a `list` or the values of a `map`.',
      source: cite(['cp4na', 'structured properties']),
      value: {
        type: 'oneOf',
        options: [
          str,
          {
            type: 'map',
            keys: [
              { key: 'type', doc: 'Item type.', source: cite(['cp4na']), value: str },
              { key: 'description', doc: 'What the items are.', source: cite(['cp4na']), value: str },
            ],
            open: true,
          },
        ],
      },
      aliases: ['entry_schema', 'entrySchema'],
    },
  ],
};

const PROPERTIES: KeySpec = {
  key: 'properties',
  doc:
    'Properties of this descriptor: inputs and outputs, each with a type and optional default, value, ' +
    'description, required and read-only.',
  source: cite(['cp4na', 'properties'], ['tncoResource', 'properties']),
  value: { type: 'dict', entryLabel: 'property', entry: PROPERTY_SPEC },
  snippet: '\n  ${1:name}:\n    type: ${2:string}\n    description: ${3}',
};

const COMPONENT_PROPERTIES: KeySpec = {
  ...PROPERTIES,
  doc: "Values for the component's properties, usually mapped from this assembly: `value: ${deploymentLocation}`.",
  snippet:
    '\n  deploymentLocation:\n    value: \\${deploymentLocation}\n  resourceManager:\n    value: \\${resourceManager}',
};

const DESCRIPTION: KeySpec = {
  key: 'description',
  doc: 'A readable description of this descriptor.',
  source: cite(['cp4na', 'description']),
  value: str,
  aliases: ['descripion', 'Description'],
};
const NAME: KeySpec = {
  key: 'name',
  doc: 'Descriptor name `<type>::<name>::<version>`. Optional in lmctl projects, which derive it from lmproject.yml.',
  source: cite(['cp4na', 'name']),
  value: str,
};

const CAPABILITIES: KeySpec = {
  key: 'capabilities',
  doc: 'What this descriptor provides to others, each with a free-form `type` agreed in your organisation.',
  source: cite(['stratoss', 'capabilities and requirements']),
  value: {
    type: 'dict',
    entryLabel: 'capability',
    entry: {
      type: 'map',
      keys: [
        { key: 'type', doc: 'The capability type string.', source: cite(['stratoss']), value: str },
        { key: 'description', doc: 'What it provides.', source: cite(['stratoss']), value: str },
      ],
    },
  },
  snippet: '\n  ${1:name}:\n    type: ${2:type}',
};

const REQUIREMENTS: KeySpec = {
  ...CAPABILITIES,
  key: 'requirements',
  doc: 'What this descriptor needs from others before it can work, each with a free-form `type`.',
  value: {
    type: 'dict',
    entryLabel: 'requirement',
    entry: {
      type: 'map',
      keys: [
        { key: 'type', doc: 'The requirement type string.', source: cite(['stratoss']), value: str },
        { key: 'description', doc: 'What it needs.', source: cite(['stratoss']), value: str },
      ],
    },
  },
};

const DATA_TYPES: KeySpec = {
  key: 'data-types',
  doc: 'Custom property types: each has properties and may derive from another data type.',
  source: cite(['cp4na', 'data-types']),
  value: {
    type: 'dict',
    entryLabel: 'data type',
    entry: {
      type: 'map',
      keys: [
        { key: 'description', doc: 'What the type represents.', source: cite(['cp4na']), value: str },
        {
          key: 'derived-from',
          doc: 'Another data type this one extends.',
          source: cite(['cp4na']),
          value: str,
          aliases: ['derived_from'],
        },
        {
          key: 'properties',
          doc: 'The fields of the type.',
          source: cite(['cp4na']),
          value: { type: 'dict', entryLabel: 'property', entry: PROPERTY_SPEC },
        },
      ],
    },
  },
  aliases: ['data_types', 'datatypes'],
};

const SELECTOR: ValueSpec = {
  type: 'map',
  keys: [
    {
      key: 'infrastructure-type',
      doc: "Infrastructure types this driver handles, e.g. `['*']` (the resource's default) or `[Openstack]`.",
      source: cite(['tncoResource', 'lifecycle']),
      value: { type: 'oneOf', options: [{ type: 'list', item: str }, str] },
      aliases: ['infrastructure_type', 'infrastructureType'],
      snippet: " ['*']",
    },
  ],
};

const DRIVER_ENTRY: ValueSpec = {
  type: 'map',
  keys: [
    {
      key: 'selector',
      doc: 'Which infrastructure types this driver is used for.',
      source: cite(['tncoResource', 'lifecycle']),
      value: SELECTOR,
      snippet: "\n  infrastructure-type:\n  - '*'",
    },
    {
      key: 'properties',
      doc: 'Driver-specific settings, e.g. `template-type: {value: TOSCA}` for openstack.',
      source: cite(['tncoResource', 'lifecycle']),
      value: { type: 'dict', entryLabel: 'driver property', entry: PROPERTY_SPEC },
    },
    {
      key: 'infrastructure-type',
      doc: 'Brent 2.1 placement of the selector; Brent 2.2+ expects it under `selector`.',
      source: cite(['tncoResource', 'lifecycle'], ['lmctl', 'validation']),
      value: { type: 'oneOf', options: [{ type: 'list', item: str }, str] },
      legacy: 'Move it under `selector:` (Brent 2.2+).',
    },
    {
      key: 'template',
      doc: 'Undocumented 2.1-era template block; no driver uses it.',
      source: cite(['tncoResource', 'lifecycle']),
      value: any,
      legacy: 'Not used by any driver.',
    },
  ],
};

const driverDocs = Object.fromEntries(
  KNOWN_DRIVERS.map((d) => [d, `The ${d} driver; its scripts or templates live in Lifecycle/${d}/.`]),
);
const DRIVERS: ValueSpec = {
  type: 'dict',
  entryLabel: 'driver type',
  entry: DRIVER_ENTRY,
  keyEnum: KNOWN_DRIVERS.map((d) => ({ value: d, doc: driverDocs[d] ?? '' })),
};

const LIFECYCLE_ENTRY: ValueSpec = {
  type: 'map',
  keys: [
    {
      key: 'drivers',
      doc: 'Drivers that run this transition; without it, `default-driver` is used.',
      source: cite(['tncoResource', 'lifecycle']),
      value: DRIVERS,
      snippet: "\n  ${1:ansible}:\n    selector:\n      infrastructure-type:\n      - '*'",
    },
  ],
};

const RESOURCE_LIFECYCLE: KeySpec = {
  key: 'lifecycle',
  doc:
    'Transitions the resource supports. Map form (2.1+): `Install: {}` uses `default-driver`; `drivers:` picks ' +
    'others. The legacy list form `[Install, Start]` still works in older managers.',
  source: cite(['tncoResource', 'lifecycle']),
  value: {
    type: 'oneOf',
    options: [
      {
        type: 'dict',
        entryLabel: 'transition',
        entry: LIFECYCLE_ENTRY,
        keyEnum: RESOURCE_TRANSITIONS.map((t) => ({ value: t, doc: TRANSITION_DOCS[t] ?? '' })),
      },
      { type: 'list', item: enumOf(RESOURCE_TRANSITIONS, TRANSITION_DOCS) },
    ],
  },
  snippet: '\n  Create: {}\n  Install: {}\n  Delete: {}',
};

const METRICS_RESOURCE: KeySpec = {
  key: 'metrics',
  doc: 'Metrics this resource publishes: `metric::integrity` (OK/BROKEN) or `metric::load` (0-100).',
  source: cite(['tncoResource', 'metrics and policies']),
  value: {
    type: 'dict',
    entryLabel: 'metric',
    entry: {
      type: 'map',
      keys: [
        {
          key: 'type',
          doc: 'The metric kind.',
          source: cite(['tncoResource', 'metrics and policies']),
          value: enumOf(METRIC_TYPES, {
            'metric::integrity': 'Health: OK or BROKEN, published to alm__integrity.',
            'metric::load': 'Load 0-100, published to alm__load.',
          }),
        },
        {
          key: 'publication-period',
          doc: 'Seconds between publications (default 60, 0 = never), or a `${property}`.',
          source: cite(['tncoResource', 'metrics and policies']),
          value: scalar,
          aliases: ['publication_period', 'publicationPeriod'],
        },
      ],
    },
  },
  snippet: '\n  ${1:load}:\n    type: metric::load\n    publication-period: 60',
};

const POLICIES_RESOURCE: KeySpec = {
  key: 'policies',
  doc: 'Heal policies: restart the resource when its integrity metric reports BROKEN.',
  source: cite(['tncoResource', 'metrics and policies']),
  value: {
    type: 'dict',
    entryLabel: 'policy',
    entry: {
      type: 'map',
      keys: [
        {
          key: 'type',
          doc: 'Resources define `policy::heal`.',
          source: cite(['tncoResource', 'metrics and policies']),
          value: enumOf(POLICY_TYPES),
        },
        {
          key: 'metric',
          doc: 'An integrity metric of this resource.',
          source: cite(['tncoResource', 'metrics and policies']),
          value: str,
        },
        {
          key: 'properties',
          doc: 'Policy settings such as `smoothing`.',
          source: cite(['tncoResource', 'metrics and policies']),
          value: {
            type: 'dict',
            entryLabel: 'policy property',
            entry: { type: 'oneOf', options: [PROPERTY_SPEC, scalar] },
          },
        },
      ],
    },
  },
};

const RESOURCE_OPERATIONS: KeySpec = {
  key: 'operations',
  doc:
    'Actions relationships can call on this resource, e.g. to add a back-end to a balancer. Name them after the ' +
    'capability they serve.',
  source: cite(['tncoResource', 'operations']),
  value: {
    type: 'dict',
    entryLabel: 'operation',
    entry: {
      type: 'map',
      keys: [
        {
          key: 'description',
          doc: 'What the operation does.',
          source: cite(['tncoResource', 'operations']),
          value: str,
        },
        {
          key: 'properties',
          doc: 'Inputs of the operation; values may map resource properties.',
          source: cite(['tncoResource', 'operations']),
          value: { type: 'dict', entryLabel: 'property', entry: PROPERTY_SPEC },
        },
        {
          key: 'drivers',
          doc: 'Drivers that run this operation; without it, `default-driver` is used.',
          source: cite(['tncoResource', 'operations']),
          value: DRIVERS,
        },
      ],
    },
  },
  snippet: '\n  ${1:Name}:\n    description: ${2}\n    properties:\n      ${3:param}:\n        type: string',
};

export const RESOURCE_GRAMMAR: ValueSpec = {
  type: 'map',
  keys: [
    NAME,
    DESCRIPTION,
    PROPERTIES,
    {
      ...PROPERTIES,
      key: 'private-properties',
      doc: 'Like `properties`, but not exposed north-bound; passed to drivers. Typical for generated `key` secrets.',
      aliases: ['private_properties', 'privateProperties'],
    },
    {
      key: 'infrastructure',
      doc: 'Infrastructure (deployment location) types the resource can run on, e.g. `Openstack: {}`.',
      source: cite(['tncoResource', 'infrastructure']),
      value: {
        type: 'dict',
        entryLabel: 'infrastructure type',
        entry: {
          type: 'map',
          keys: [
            {
              key: 'template',
              doc: 'Brent 2.1 template reference.',
              source: cite(['tncoResource', 'infrastructure']),
              value: any,
              legacy: 'Brent 2.2+ keeps templates in Lifecycle/<driver>/.',
            },
            {
              key: 'discover',
              doc: 'Brent 2.1 discovery template.',
              source: cite(['tncoResource', 'infrastructure']),
              value: any,
              legacy: 'Brent 2.2+ uses `queries`.',
            },
          ],
        },
        keyEnum: [
          { value: 'Openstack', doc: 'OpenStack' },
          { value: 'Kubernetes', doc: 'Kubernetes' },
        ],
      },
      snippet: '\n  ${1|Openstack,Kubernetes|}: {}',
    },
    RESOURCE_LIFECYCLE,
    {
      key: 'default-driver',
      doc: 'Driver for every transition or operation without its own `drivers` entry.',
      source: cite(['tncoResource']),
      value: DRIVERS,
      aliases: ['default_driver', 'defaultDriver'],
      snippet: "\n  ${1:ansible}:\n    selector:\n      infrastructure-type:\n      - '*'",
    },
    RESOURCE_OPERATIONS,
    {
      key: 'queries',
      doc: 'Driver used to find an existing, externally managed instance when the resource is used under `references`.',
      source: cite(['tncoResource']),
      value: {
        type: 'map',
        keys: [{ key: 'drivers', doc: 'The query drivers.', source: cite(['tncoResource']), value: DRIVERS }],
      },
    },
    CAPABILITIES,
    REQUIREMENTS,
    METRICS_RESOURCE,
    POLICIES_RESOURCE,
    DATA_TYPES,
    {
      key: 'resource-manager-type',
      doc: 'Stratoss-era header naming the resource manager type.',
      source: cite(['tncoResource']),
      value: str,
      legacy: 'Ignored by Brent 2.2+.',
    },
  ],
};

const CLUSTER: ValueSpec = {
  type: 'map',
  keys: [
    {
      key: 'initial-quantity',
      doc: 'Instances created at first; between minimum-nodes and maximum-nodes (defaults to minimum-nodes).',
      source: cite(['cp4na', 'composition']),
      value: scalar,
    },
    {
      key: 'minimum-nodes',
      doc: 'Fewest instances the cluster may have (default 1; 0 allowed).',
      source: cite(['cp4na', 'composition']),
      value: scalar,
    },
    {
      key: 'maximum-nodes',
      doc: 'Most instances the cluster may have.',
      source: cite(['cp4na', 'composition']),
      value: scalar,
    },
    {
      key: 'scaling-increment',
      doc: 'Instances added or removed per scaling step (default 1).',
      source: cite(['cp4na', 'composition']),
      value: scalar,
    },
  ],
};

const COMPONENT: ValueSpec = {
  type: 'map',
  keys: [
    {
      key: 'type',
      doc:
        'The descriptor this component instantiates: `resource::<name>::<version>`, `assembly::…`, or ' +
        '`$lmctl:/contains:/<sub>:/descriptor_name`.',
      source: cite(['cp4na', 'composition']),
      value: str,
      required: true,
    },
    {
      key: 'dynamicType',
      doc:
        'A Jinja expression evaluated at intent time that picks the descriptor type; may use only this ' +
        "component's properties.",
      source: cite(['cp4na', 'composition']),
      value: str,
    },
    {
      key: 'quantity',
      doc: 'Number of instances (default 1). Ignored when `cluster` is set.',
      source: cite(['cp4na', 'composition']),
      value: scalar,
    },
    COMPONENT_PROPERTIES,
    {
      key: 'upgrade-dependencies',
      doc: 'Components that must be upgraded or reconfigured before this one. No cycles.',
      source: cite(['cp4na', 'composition']),
      value: { type: 'list', item: str },
    },
    {
      key: 'cluster',
      doc: 'Makes the component scalable: initial, minimum and maximum instance counts.',
      source: cite(['cp4na', 'composition']),
      value: CLUSTER,
      snippet: '\n  initial-quantity: ${1:1}\n  minimum-nodes: ${2:1}\n  maximum-nodes: ${3:3}\n  scaling-increment: 1',
    },
    {
      key: 'items',
      doc:
        'Create one instance per element of a list or map property: `items: ${myList}`; use `${item}` in the ' +
        'properties.',
      source: cite(['cp4na', 'composition']),
      value: str,
    },
  ],
};

const REFERENCE: ValueSpec = {
  type: 'map',
  keys: [
    {
      key: 'type',
      doc: 'The descriptor of the existing instance; the version may be a range such as `^1.0`.',
      source: cite(['stratoss', 'references']),
      value: str,
      required: true,
    },
    {
      ...COMPONENT_PROPERTIES,
      doc: 'Properties that identify exactly one existing instance (pass deploymentLocation and resourceManager too).',
    },
  ],
};

const RELATIONSHIP: ValueSpec = {
  type: 'map',
  keys: [
    {
      key: 'source-capabilities',
      doc: 'Capabilities of the source, as `<component>.<capability>` (or a bare reference name).',
      source: cite(['cp4na', 'relationships']),
      value: { type: 'list', item: str },
      required: true,
      aliases: ['source_capabilities', 'source-capability'],
    },
    {
      key: 'target-requirements',
      doc: 'Requirements of the target, as `<component>.<requirement>` (composition components only).',
      source: cite(['cp4na', 'relationships']),
      value: { type: 'list', item: str },
      required: true,
      aliases: ['target_requirements', 'target-requirement'],
    },
    {
      key: 'source-state',
      doc: 'State the source must reach before the relationship is created.',
      source: cite(['cp4na', 'relationships']),
      value: enumOf(RELATIONSHIP_STATES, STATE_DOCS),
      aliases: ['source_state'],
    },
    {
      key: 'target-state',
      doc: 'State the target must reach before the relationship is created.',
      source: cite(['cp4na', 'relationships']),
      value: enumOf(RELATIONSHIP_STATES, STATE_DOCS),
      aliases: ['target_state'],
    },
    {
      key: 'source-state-modifier',
      doc: '`pre` or `post` the source state (default post).',
      source: cite(['tncoAssembly']),
      value: enumOf(STATE_MODIFIERS),
      aliases: ['source_state_modifier'],
    },
    {
      key: 'target-state-modifier',
      doc: '`pre` or `post` the target state (default pre).',
      source: cite(['tncoAssembly']),
      value: enumOf(STATE_MODIFIERS),
      aliases: ['target_state_modifier'],
    },
    {
      key: 'properties',
      doc: 'Values passed to the operations; `${source.x}` and `${target.x}` read the ends of the relationship.',
      source: cite(['cp4na', 'relationships']),
      value: { type: 'dict', entryLabel: 'property', entry: PROPERTY_SPEC },
    },
    {
      key: 'lifecycle',
      doc: 'Operations to call: under `Create` when the relationship is made, under `Cease` when it is removed.',
      source: cite(['cp4na', 'relationships']),
      value: {
        type: 'dict',
        entryLabel: 'transition',
        entry: { type: 'list', item: str },
        keyEnum: RELATIONSHIP_TRANSITIONS.map((t) => ({
          value: t,
          doc:
            t === 'Create'
              ? 'Operations run when the relationship is created.'
              : 'Operations run when the relationship is removed.',
        })),
      },
      snippet: '\n  Create:\n  - ${1:component}.${2:Operation}\n  Cease:\n  - ${3:component}.${4:Operation}',
    },
  ],
};

const ASSEMBLY_OPERATIONS: KeySpec = {
  key: 'operations',
  doc: 'Operations published for higher-level assemblies: each maps to a component operation.',
  source: cite(['cp4na', 'operations']),
  value: {
    type: 'dict',
    entryLabel: 'operation',
    entry: {
      type: 'map',
      keys: [
        {
          key: 'source-operation',
          doc: 'The component operation published, as `<component>.<operation>`.',
          source: cite(['cp4na']),
          value: str,
          required: true,
          aliases: ['source_operation'],
        },
        {
          key: 'multiple-instances',
          doc: 'Which instances run it when the component has several: every (default), any, first.',
          source: cite(['cp4na']),
          value: enumOf(MULTIPLE_INSTANCES, {
            every: 'Every instance, possibly in parallel (default).',
            any: 'Any single instance.',
            first: 'The first instance of the group (not for map-based groups).',
          }),
          aliases: ['multiple_instances'],
        },
        { key: 'description', doc: 'What the operation does.', source: cite(['cp4na']), value: str },
      ],
    },
  },
  snippet: '\n  ${1:Name}:\n    source-operation: ${2:component}.${3:Operation}',
};

export const ASSEMBLY_GRAMMAR: ValueSpec = {
  type: 'map',
  keys: [
    NAME,
    DESCRIPTION,
    PROPERTIES,
    ASSEMBLY_OPERATIONS,
    {
      key: 'composition',
      doc: 'The components instantiated with the assembly: resources or other assemblies.',
      source: cite(['cp4na', 'composition']),
      value: { type: 'dict', entryLabel: 'component', entry: COMPONENT },
      snippet:
        '\n  ${1:component}:\n    type: ${2:resource::name::1.0}\n    properties:\n      deploymentLocation:\n     ' +
        '   value: \\${deploymentLocation}\n      resourceManager:\n        value: \\${resourceManager}',
    },
    {
      key: 'references',
      doc: 'Existing instances this assembly uses without managing them (networks, shared assemblies).',
      source: cite(['stratoss', 'references'], ['cp4na']),
      value: { type: 'dict', entryLabel: 'reference', entry: REFERENCE },
      snippet:
        '\n  ${1:reference}:\n    type: ${2:resource::name::1.0}\n    properties:\n      deploymentLocation:\n     ' +
        '   value: \\${deploymentLocation}\n      resourceManager:\n        value: \\${resourceManager}',
    },
    {
      key: 'relationships',
      doc: 'Links between components: the operations called when a source capability meets a target requirement.',
      source: cite(['cp4na', 'relationships']),
      value: { type: 'dict', entryLabel: 'relationship', entry: RELATIONSHIP },
      snippet:
        '\n  ${1:name}:\n    source-capabilities:\n    - ${2:source}.${3:Capability}\n    target-requirements:\n   ' +
        (' - ${4:target}.${5:Requirement}\n    source-state: Active\n    target-state: Active\n    lifecycle:\n     ' +
          ' Create:\n      - ${6:target}.${7:Operation}'),
    },
    DATA_TYPES,
    CAPABILITIES,
    REQUIREMENTS,
    {
      key: 'metrics',
      doc: 'Metrics promoted from components with `source-metric: <component>.<metric>`.',
      source: cite(['tncoAssembly']),
      value: {
        type: 'dict',
        entryLabel: 'metric',
        entry: {
          type: 'map',
          keys: [
            {
              key: 'source-metric',
              doc: 'The component metric promoted.',
              source: cite(['tncoAssembly']),
              value: str,
              aliases: ['source_metric'],
            },
            {
              key: 'type',
              doc: 'Metric kind (optional here).',
              source: cite(['tncoAssembly']),
              value: enumOf(METRIC_TYPES),
            },
          ],
        },
      },
    },
    {
      key: 'policies',
      doc: 'Scale policies: grow or shrink a clustered component when a load metric crosses thresholds.',
      source: cite(['tncoAssembly']),
      value: {
        type: 'dict',
        entryLabel: 'policy',
        entry: {
          type: 'map',
          keys: [
            {
              key: 'type',
              doc: 'Assemblies define `policy::scale`.',
              source: cite(['tncoAssembly']),
              value: enumOf(POLICY_TYPES),
            },
            {
              key: 'metric',
              doc: 'A load metric: `<component>.<metric>` or a promoted metric.',
              source: cite(['tncoAssembly']),
              value: str,
            },
            { key: 'target', doc: 'The clustered component to scale.', source: cite(['tncoAssembly']), value: str },
            {
              key: 'properties',
              doc: 'scaleOut_threshold, scaleIn_threshold, smoothing.',
              source: cite(['tncoAssembly']),
              value: {
                type: 'dict',
                entryLabel: 'policy property',
                entry: { type: 'oneOf', options: [PROPERTY_SPEC, scalar] },
              },
            },
          ],
        },
      },
      snippet:
        '\n  ${1:scale}:\n    type: policy::scale\n    metric: ${2:component}.${3:load}\n    target: ' +
        ('${4:component}\n    properties:\n      scaleOut_threshold: 80\n      scaleIn_threshold: 20\n      ' +
          'smoothing: 3'),
    },
    {
      key: 'designerLayout',
      doc: 'Layout of the design canvas, written by the LM designer. Not part of the behaviour; leave it alone.',
      source: cite(['tncoAssembly']),
      value: any,
    },
  ],
};

export const ASSEMBLY_TEMPLATE_GRAMMAR: ValueSpec = {
  type: 'map',
  keys: [
    NAME,
    DESCRIPTION,
    {
      key: 'properties',
      doc: 'Template inputs (strings only).',
      source: cite(['tncoAssembly']),
      value: { type: 'dict', entryLabel: 'property', entry: PROPERTY_SPEC },
    },
    {
      key: 'template',
      doc: 'A Jinja2 text that renders an assembly descriptor.',
      source: cite(['tncoAssembly']),
      value: str,
    },
  ],
};

const SUBPROJECT: ValueSpec = {
  type: 'map',
  keys: [
    {
      key: 'name',
      doc: 'Subproject name; it becomes `<name>-<parent>` in the descriptor name.',
      source: cite(['lmctl', 'project file, naming']),
      value: str,
      required: true,
    },
    {
      key: 'type',
      doc: 'Assembly, Resource, Type, ETSI_VNF or ETSI_NS.',
      source: cite(['lmctl', 'project file']),
      value: enumOf(['Assembly', 'Resource', 'Type', 'ETSI_VNF', 'ETSI_NS', 'NS', 'VNF']),
    },
    {
      key: 'resource-manager',
      doc: 'For Resource subprojects: brent (2.2+), brent2.1 or ansible-rm.',
      source: cite(['lmctl', 'project file']),
      value: enumOf(['brent', 'lm', 'brent2.1', 'lm2.1', 'ansible-rm']),
    },
    {
      key: 'directory',
      doc: 'Folder under Contains/ (defaults to the name).',
      source: cite(['lmctl', 'project file']),
      value: str,
    },
    { key: 'contains', doc: 'Nested subprojects.', source: cite(['lmctl', 'project file']), value: any },
  ],
};

export const LMPROJECT_GRAMMAR: ValueSpec = {
  type: 'map',
  keys: [
    {
      key: 'schema',
      doc: "Project file schema: '2.0'. lmctl rewrites 1.0 files in place.",
      source: cite(['lmctl', 'project file']),
      value: scalar,
      required: true,
    },
    {
      key: 'name',
      doc: 'Project name: the name part of the descriptor name.',
      source: cite(['lmctl', 'project file']),
      value: str,
      required: true,
    },
    {
      key: 'version',
      doc: 'Project version: the version part of every descriptor name in the project.',
      source: cite(['lmctl', 'project file']),
      value: scalar,
      required: true,
    },
    {
      key: 'type',
      doc: 'Assembly (default), Resource, Type, ETSI_VNF or ETSI_NS.',
      source: cite(['lmctl', 'project file']),
      value: enumOf(['Assembly', 'Resource', 'Type', 'ETSI_VNF', 'ETSI_NS', 'NS', 'VNF']),
    },
    {
      key: 'resource-manager',
      doc: 'Required for Resource and ETSI_VNF: brent / lm (2.2+), brent2.1, ansible-rm.',
      source: cite(['lmctl', 'project file']),
      value: enumOf(['brent', 'lm', 'brent2.1', 'lm2.1', 'ansible-rm']),
    },
    {
      key: 'packaging',
      doc: 'Package format: tgz (default) or csar.',
      source: cite(['lmctl', 'project file']),
      value: enumOf(['tgz', 'csar']),
    },
    {
      key: 'contains',
      doc: 'Subprojects in Contains/<directory>/.',
      source: cite(['lmctl', 'project file']),
      value: { type: 'list', item: SUBPROJECT },
      snippet: '\n- name: ${1:sub}\n  type: ${2|Resource,Assembly|}\n  resource-manager: brent',
    },
    {
      key: 'vnfcs',
      doc: 'Schema 1.0 subproject block; lmctl converts it to `contains`.',
      source: cite(['lmctl', 'project file']),
      value: any,
      legacy: 'lmctl rewrites it as `contains`.',
    },
  ],
};

export function grammarFor(kind: string): ValueSpec | undefined {
  switch (kind) {
    case 'assembly':
      return ASSEMBLY_GRAMMAR;
    case 'resource':
      return RESOURCE_GRAMMAR;
    case 'assembly-template':
      return ASSEMBLY_TEMPLATE_GRAMMAR;
    case 'lmproject':
      return LMPROJECT_GRAMMAR;
    default:
      return undefined;
  }
}

/**
 * The spec governing the value at `path` (keys, `-` for sequence items) under `root`, following
 * dict entries and oneOf options (the first option that has the next step wins).
 */
export function specAt(root: ValueSpec, path: readonly string[]): ValueSpec | undefined {
  let cur: ValueSpec | undefined = root;
  for (const step of path) {
    if (!cur) return undefined;
    cur = stepInto(cur, step);
  }
  return cur;
}

export function stepInto(spec: ValueSpec, step: string): ValueSpec | undefined {
  switch (spec.type) {
    case 'map': {
      const k = findKey(spec, step);
      return k?.value;
    }
    case 'dict':
      return step === '-' ? undefined : spec.entry;
    case 'list':
      return step === '-' ? spec.item : undefined;
    case 'oneOf':
      for (const o of spec.options) {
        const r = stepInto(o, step);
        if (r) return r;
      }
      return undefined;
    default:
      return undefined;
  }
}

/** The key spec for `key` in a map spec, by exact name or alias. */
export function findKey(spec: ValueSpec, key: string): KeySpec | undefined {
  if (spec.type === 'oneOf') {
    for (const o of spec.options) {
      const k = findKey(o, key);
      if (k) return k;
    }
    return undefined;
  }
  if (spec.type !== 'map') return undefined;
  return spec.keys.find((k) => k.key === key) ?? spec.keys.find((k) => k.aliases?.includes(key));
}

/** The map spec (if any) that lists keys at this position: a map, or the map option of a oneOf. */
export function mapSpecOf(spec: ValueSpec | undefined): Extract<ValueSpec, { type: 'map' }> | undefined {
  if (!spec) return undefined;
  if (spec.type === 'map') return spec;
  if (spec.type === 'oneOf') for (const o of spec.options) if (o.type === 'map') return o;
  return undefined;
}

function collectKeys(spec: ValueSpec, out: Set<string>, seen: Set<ValueSpec>): void {
  if (seen.has(spec)) return;
  seen.add(spec);
  switch (spec.type) {
    case 'map':
      for (const k of spec.keys) {
        out.add(k.key);
        for (const a of k.aliases ?? []) out.add(a);
        collectKeys(k.value, out, seen);
      }
      return;
    case 'dict':
      collectKeys(spec.entry, out, seen);
      return;
    case 'list':
      collectKeys(spec.item, out, seen);
      return;
    case 'oneOf':
      for (const o of spec.options) collectKeys(o, out, seen);
      return;
    default:
      return;
  }
}

let descriptorKeys: ReadonlySet<string> | undefined;

/**
 * Every key the assembly and resource grammars know, aliases included (LM024). Made on first use: a run that
 * checks no descriptor never needs it, and making it when the module loaded cost the checker about 1.5 ms.
 */
export function descriptorGrammarKeys(): ReadonlySet<string> {
  if (!descriptorKeys) {
    const out = new Set<string>();
    const seen = new Set<ValueSpec>();
    collectKeys(ASSEMBLY_GRAMMAR, out, seen);
    collectKeys(RESOURCE_GRAMMAR, out, seen);
    descriptorKeys = out;
  }
  return descriptorKeys;
}
