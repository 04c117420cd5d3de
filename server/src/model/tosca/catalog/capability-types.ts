/** Normative capability types (spec §5.5; §5.4 in 1.0; Linkable is in the networking chapter, §8.5 / §7.5 in 1.0). */
import { ALL, V1_0, V1_1, V1_2, attr, ge, opt, req, secs, since } from './helpers.js';
import type { NormativeType, PropertyDef } from './types.js';

/** Hosting-resource properties: on Container in 1.0, on Compute from 1.1 on. */
const HOSTING_PROPS: Readonly<Record<string, PropertyDef>> = {
  num_cpus: opt('integer', { constraints: [ge(1)], description: 'Number of (real or virtual) CPUs.' }),
  cpu_frequency: opt('scalar-unit.frequency', {
    constraints: [ge('0.1 GHz')],
    description: 'Clock frequency of one CPU.',
  }),
  disk_size: opt('scalar-unit.size', {
    constraints: [ge('0 MB')],
    description: 'Local disk available to hosted software (MB by default).',
  }),
  mem_size: opt('scalar-unit.size', {
    constraints: [ge('0 MB')],
    description: 'Memory available to hosted software (MB by default).',
  }),
};

const COMPUTE_PROPS: Readonly<Record<string, PropertyDef>> = {
  name: opt('string', { description: 'Name or id of a specific compute resource to host on.' }),
  ...HOSTING_PROPS,
};

const COMPUTE_DESC =
  'Offered by a node that can host software on a (named) compute resource, with optional sizing of CPUs, memory ' +
  'and disk.';
const CONTAINER_DESC = 'Offered by a node that can host (contain) other nodes; the target of HostedOn relationships.';

export const CAPABILITY_TYPES: readonly NormativeType[] = [
  {
    kind: 'capability',
    name: 'tosca.capabilities.Root',
    prefixed: 'tosca.capabilities.Root',
    description: 'Common ancestor of every capability type.',
    versions: ALL,
    ...secs(ALL, '5.4.1', '5.5.1', '5.5.1', '5.5.1'),
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Node',
    shorthand: 'Node',
    prefixed: 'tosca:Node',
    derivedFrom: 'tosca.capabilities.Root',
    description: 'The basic capability every node offers (as `feature`); the target of generic DependsOn requirements.',
    versions: ALL,
    ...secs(ALL, '5.4.2', '5.5.2', '5.5.2', '5.5.2'),
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Compute',
    shorthand: 'Compute',
    prefixed: 'tosca:Compute',
    derivedFrom: 'tosca.capabilities.Root',
    description: COMPUTE_DESC,
    versions: [V1_1],
    ...secs([V1_1], undefined, '5.5.3', undefined, undefined),
    properties: COMPUTE_PROPS,
    notes: ['In 1.1 Compute is the parent of Container; 1.2 reversed the relation.'],
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Compute',
    shorthand: 'Compute',
    prefixed: 'tosca:Compute',
    derivedFrom: 'tosca.capabilities.Container',
    description: COMPUTE_DESC,
    versions: since(V1_2),
    ...secs(since(V1_2), undefined, undefined, '5.5.3', '5.5.3'),
    properties: COMPUTE_PROPS,
    notes: [
      'The 1.2 specification text (csd01) still derives Compute from Root and Container from Compute, as 1.1 does.',
    ],
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Network',
    shorthand: 'Network',
    prefixed: 'tosca:Network',
    derivedFrom: 'tosca.capabilities.Root',
    description: 'Offered by a node that can make a resource addressable on a (named) network.',
    versions: since(V1_1),
    ...secs(since(V1_1), undefined, '5.5.4', '5.5.4', '5.5.4'),
    properties: {
      name: opt('string', { description: 'Name or id of a specific network resource.' }),
    },
    notes: ['The specification text introduces this type with a sentence copied from the Storage capability.'],
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Storage',
    shorthand: 'Storage',
    prefixed: 'tosca:Storage',
    derivedFrom: 'tosca.capabilities.Root',
    description: 'Offered by a node that can provide a (named) storage location.',
    versions: since(V1_1),
    ...secs(since(V1_1), undefined, '5.5.5', '5.5.5', '5.5.5'),
    properties: {
      name: opt('string', { description: 'Name or id of a specific storage resource.' }),
    },
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Container',
    shorthand: 'Container',
    prefixed: 'tosca:Container',
    derivedFrom: 'tosca.capabilities.Root',
    description: `${CONTAINER_DESC} In 1.0 it also carries the CPU, memory and disk sizing properties.`,
    versions: [V1_0],
    ...secs([V1_0], '5.4.3', undefined, undefined, undefined),
    properties: HOSTING_PROPS,
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Container',
    shorthand: 'Container',
    prefixed: 'tosca:Container',
    derivedFrom: 'tosca.capabilities.Compute',
    description: `${CONTAINER_DESC} In 1.1 it inherits the sizing properties from Compute.`,
    versions: [V1_1],
    ...secs([V1_1], undefined, '5.5.6', undefined, undefined),
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Container',
    shorthand: 'Container',
    prefixed: 'tosca:Container',
    derivedFrom: 'tosca.capabilities.Root',
    description: `${CONTAINER_DESC} From 1.2 on it has no properties and Compute derives from it.`,
    versions: since(V1_2),
    ...secs(since(V1_2), undefined, undefined, '5.5.6', '5.5.6'),
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Endpoint',
    shorthand: 'Endpoint',
    prefixed: 'tosca:Endpoint',
    derivedFrom: 'tosca.capabilities.Root',
    description:
      'A network endpoint a node exposes, with one port or a map of ports; private unless stated otherwise. One of ' +
      '`port` or `ports` should be given.',
    versions: ALL,
    ...secs(ALL, '5.4.4', '5.5.7', '5.5.7', '5.5.7'),
    properties: {
      protocol: req('string', {
        default: 'tcp',
        description: 'Protocol (prefix) the endpoint accepts, e.g. http, https, tcp.',
      }),
      port: opt('tosca.datatypes.network.PortDef', { description: 'The single port of the endpoint.' }),
      secure: opt('boolean', {
        default: false,
        description: 'Ask for a secured endpoint using the credentials of the ConnectsTo relationship.',
      }),
      url_path: opt('string', { description: 'URL path of the address, where the protocol has one.' }),
      port_name: opt('string', { description: 'Name or id of the network port to bind to.' }),
      network_name: opt('string', {
        default: 'PRIVATE',
        description: 'Network to bind to: PRIVATE, PUBLIC, or a network name or id.',
      }),
      initiator: opt('string', {
        default: 'source',
        constraints: [{ valid_values: ['source', 'target', 'peer'] }],
        description: 'Which side opens the connection.',
      }),
      ports: opt('map', {
        entrySchema: 'tosca.datatypes.network.PortSpec',
        constraints: [{ min_length: 1 }],
        description: 'Named ports, when the endpoint has more than one.',
      }),
    },
    attributes: {
      ip_address: attr('string', { description: 'IP address, as propagated up from the hosting Compute node.' }),
    },
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Endpoint.Public',
    shorthand: 'Endpoint.Public',
    prefixed: 'tosca:Endpoint.Public',
    derivedFrom: 'tosca.capabilities.Endpoint',
    description:
      'An endpoint reachable from the internet, optionally through a floating IP and a DNS name. Binding it to ' +
      'PRIVATE or a private network is an error.',
    versions: ALL,
    ...secs(ALL, '5.4.5', '5.5.8', '5.5.8', '5.5.8'),
    properties: {
      network_name: req('string', {
        default: 'PUBLIC',
        constraints: [{ equal: 'PUBLIC' }],
        description: 'Fixed to PUBLIC (the first public network found).',
      }),
      floating: req('boolean', {
        default: false,
        status: 'experimental',
        description: 'Allocate the public address from a pool of floating IPs.',
      }),
      dns_name: opt('string', { status: 'experimental', description: 'Name to register in DNS for the endpoint.' }),
    },
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Endpoint.Admin',
    shorthand: 'Endpoint.Admin',
    prefixed: 'tosca:Endpoint.Admin',
    derivedFrom: 'tosca.capabilities.Endpoint',
    description:
      'An administration endpoint; always secure, and orchestrators should enforce network-level security for it.',
    versions: ALL,
    ...secs(ALL, '5.4.6', '5.5.9', '5.5.9', '5.5.9'),
    properties: {
      secure: req('boolean', { default: true, constraints: [{ equal: true }], description: 'Fixed to true.' }),
    },
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Endpoint.Database',
    shorthand: 'Endpoint.Database',
    prefixed: 'tosca:Endpoint.Database',
    derivedFrom: 'tosca.capabilities.Endpoint',
    description: 'An endpoint through which a database is accessed.',
    versions: ALL,
    ...secs(ALL, '5.4.7', '5.5.10', '5.5.10', '5.5.10'),
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Attachment',
    shorthand: 'Attachment',
    prefixed: 'tosca:Attachment',
    derivedFrom: 'tosca.capabilities.Root',
    description: 'Offered by an infrastructure device (such as block storage) that can be attached to a compute node.',
    versions: ALL,
    ...secs(ALL, '5.4.8', '5.5.11', '5.5.11', '5.5.11'),
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.OperatingSystem',
    shorthand: 'OperatingSystem',
    prefixed: 'tosca:OperatingSystem',
    derivedFrom: 'tosca.capabilities.Root',
    description:
      'Describes the operating system a node provides. Processors compare architecture, type and distribution in ' +
      'lower case.',
    versions: ALL,
    ...secs(ALL, '5.4.9', '5.5.12', '5.5.12', '5.5.12'),
    properties: {
      architecture: opt('string', { description: 'CPU architecture, e.g. x86_32, x86_64.' }),
      type: opt('string', { description: 'OS family, e.g. linux, aix, mac, windows.' }),
      distribution: opt('string', { description: 'Distribution, e.g. debian, fedora, rhel, ubuntu.' }),
      version: opt('version', { description: 'OS version.' }),
    },
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.Scalable',
    shorthand: 'Scalable',
    prefixed: 'tosca:Scalable',
    derivedFrom: 'tosca.capabilities.Root',
    description: 'Lets a node be scaled by stating the minimum, maximum and initial number of instances.',
    versions: ALL,
    ...secs(ALL, '5.4.10', '5.5.13', '5.5.13', '5.5.13'),
    properties: {
      min_instances: req('integer', { default: 1, description: 'Fewest instances the orchestrator should run.' }),
      max_instances: req('integer', { default: 1, description: 'Most instances the orchestrator should run.' }),
      default_instances: opt('integer', {
        description: 'Number of instances to start with; must lie between min_instances and max_instances.',
      }),
    },
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.network.Bindable',
    shorthand: 'network.Bindable',
    altNames: ['Bindable'],
    prefixed: 'tosca:network.Bindable',
    derivedFrom: 'tosca.capabilities.Node',
    description: 'Offered by a node that a network Port can be bound to (via BindsTo).',
    versions: ALL,
    ...secs(ALL, '5.4.11', '5.5.14', '5.5.14', '5.5.14'),
  },
  {
    kind: 'capability',
    name: 'tosca.capabilities.network.Linkable',
    shorthand: 'Linkable',
    altNames: ['network.Linkable'],
    prefixed: 'tosca:Linkable',
    derivedFrom: 'tosca.capabilities.Node',
    description: 'Offered by a node (a Network) that a Port can be linked to through a LinksTo relationship.',
    versions: ALL,
    ...secs(ALL, '7.5.3', '8.5.3', '8.5.3', '8.5.3'),
    notes: [
      'Defined in the networking chapter, not §5. ' +
        'The specification text prints its qualified name as "tosca:.Linkable".',
    ],
  },
];
