/**
 * Normative node types (spec §5.9; §5.8 in 1.0; Network and Port are in the
 * networking chapter, §8.5 / §7.5 in 1.0).
 *
 * Version changes modelled as separate entries:
 * - 1.1 renamed tosca.nodes.ObjectStorage / BlockStorage to tosca.nodes.Storage.*
 *   and gave Container.Application `storage` and `network` requirements;
 * - 1.2 added Abstract.Compute and Abstract.Storage as new parents and moved
 *   hosting from the Container capability to the Compute capability.
 */
import { ALL, V1_0, V1_1, V1_2, attr, ge, opt, req, secs, since, upTo } from './helpers.js';
import type { CapabilityDef, NormativeType, PropertyDef, RequirementDef, ToscaVersion } from './types.js';

const UNBOUNDED = [0, 'UNBOUNDED'] as const;
const V1_0_1_1 = upTo(V1_1);
const V1_2_ON = since(V1_2);

/** The capability type used for hosting: Container up to 1.1, Compute from 1.2 on. */
function hostCap(v: readonly ToscaVersion[]): string {
  return v.includes(V1_2) ? 'tosca.capabilities.Compute' : 'tosca.capabilities.Container';
}

function host(versions: readonly ToscaVersion[], node: string): RequirementDef {
  return { name: 'host', capability: hostCap(versions), node, relationship: 'tosca.relationships.HostedOn' };
}

function hostCapability(versions: readonly ToscaVersion[], validSourceTypes?: readonly string[]): CapabilityDef {
  return validSourceTypes ? { type: hostCap(versions), validSourceTypes } : { type: hostCap(versions) };
}

// ---- Compute -------------------------------------------------------------

const COMPUTE_DESC =
  'A real or virtual server: processors plus the local resources around them (memory, disk, network, operating ' +
  'system). Software is hosted on it.';

function compute(
  versions: readonly ToscaVersion[],
  derivedFrom: string,
  blockStorage: string,
  s: ReturnType<typeof secs>,
): NormativeType {
  return {
    kind: 'node',
    name: 'tosca.nodes.Compute',
    shorthand: 'Compute',
    prefixed: 'tosca:Compute',
    derivedFrom,
    description: COMPUTE_DESC,
    versions,
    ...s,
    attributes: {
      private_address: attr('string', { description: 'Main private IP address the provider assigned.' }),
      public_address: attr('string', { description: 'Main public IP address the provider assigned.' }),
      networks: attr('map', {
        entrySchema: 'tosca.datatypes.network.NetworkInfo',
        description: 'Logical networks the instance is on.',
      }),
      ports: attr('map', {
        entrySchema: 'tosca.datatypes.network.PortInfo',
        description: 'Logical ports of the instance.',
      }),
    },
    capabilities: {
      host: hostCapability(versions, ['tosca.nodes.SoftwareComponent']),
      endpoint: { type: 'tosca.capabilities.Endpoint.Admin' },
      os: { type: 'tosca.capabilities.OperatingSystem' },
      scalable: { type: 'tosca.capabilities.Scalable' },
      binding: { type: 'tosca.capabilities.network.Bindable' },
    },
    requirements: [
      {
        name: 'local_storage',
        capability: 'tosca.capabilities.Attachment',
        node: blockStorage,
        relationship: 'tosca.relationships.AttachesTo',
        occurrences: UNBOUNDED,
      },
    ],
    ...(blockStorage === 'tosca.nodes.BlockStorage'
      ? {}
      : {
          notes: [
            'The spec text (and the OASIS 1.1/1.2 profiles) still name the 1.0 node type tosca.nodes.BlockStorage ' +
              'in local_storage; the catalog uses the renamed type.',
          ],
        }),
  };
}

// ---- SoftwareComponent family --------------------------------------------

function softwareComponent(versions: readonly ToscaVersion[], s: ReturnType<typeof secs>): NormativeType {
  return {
    kind: 'node',
    name: 'tosca.nodes.SoftwareComponent',
    shorthand: 'SoftwareComponent',
    prefixed: 'tosca:SoftwareComponent',
    derivedFrom: 'tosca.nodes.Root',
    description: 'Generic software installed and run on a Compute node; the usual parent for such components.',
    versions,
    ...s,
    properties: {
      component_version: opt('version', { description: 'Version of the software component.' }),
      admin_credential: opt('tosca.datatypes.Credential', {
        description: 'Credential for administering the component.',
      }),
    },
    requirements: [host(versions, 'tosca.nodes.Compute')],
  };
}

function webServer(versions: readonly ToscaVersion[], s: ReturnType<typeof secs>): NormativeType {
  return {
    kind: 'node',
    name: 'tosca.nodes.WebServer',
    shorthand: 'WebServer',
    prefixed: 'tosca:WebServer',
    derivedFrom: 'tosca.nodes.SoftwareComponent',
    description:
      'Abstract web server software that hosts web applications; it exposes a data endpoint and a secure admin ' +
      'endpoint.',
    versions,
    ...s,
    capabilities: {
      data_endpoint: { type: 'tosca.capabilities.Endpoint' },
      admin_endpoint: { type: 'tosca.capabilities.Endpoint.Admin' },
      host: hostCapability(versions, ['tosca.nodes.WebApplication']),
    },
  };
}

function webApplication(versions: readonly ToscaVersion[], s: ReturnType<typeof secs>): NormativeType {
  return {
    kind: 'node',
    name: 'tosca.nodes.WebApplication',
    shorthand: 'WebApplication',
    prefixed: 'tosca:WebApplication',
    derivedFrom: 'tosca.nodes.Root',
    description: 'An application deployed into and run by a WebServer node; specific kinds (Java, ...) derive from it.',
    versions,
    ...s,
    properties: {
      context_root: opt('string', { description: 'URL path of the application inside its web server.' }),
    },
    capabilities: {
      app_endpoint: { type: 'tosca.capabilities.Endpoint' },
    },
    requirements: [host(versions, 'tosca.nodes.WebServer')],
    notes: [
      'The YAML of the specification text omits `required: false` on context_root; ' +
        'its table (followed here) marks it optional.',
    ],
  };
}

function dbms(versions: readonly ToscaVersion[], s: ReturnType<typeof secs>): NormativeType {
  return {
    kind: 'node',
    name: 'tosca.nodes.DBMS',
    shorthand: 'DBMS',
    shorthandInferred: true,
    prefixed: 'tosca:DBMS',
    derivedFrom: 'tosca.nodes.SoftwareComponent',
    description: 'A (typically relational, SQL) database management system that hosts Database nodes.',
    versions,
    ...s,
    properties: {
      root_password: opt('string', { description: 'Root password of the DBMS.' }),
      port: opt('integer', { description: 'Port the DBMS listens on.' }),
    },
    capabilities: {
      host: hostCapability(versions, ['tosca.nodes.Database']),
    },
  };
}

function database(versions: readonly ToscaVersion[], s: ReturnType<typeof secs>): NormativeType {
  return {
    kind: 'node',
    name: 'tosca.nodes.Database',
    shorthand: 'Database',
    prefixed: 'tosca:Database',
    derivedFrom: 'tosca.nodes.Root',
    description: 'A logical database hosted and managed by a DBMS node.',
    versions,
    ...s,
    properties: {
      name: req('string', { description: 'Logical name of the database.' }),
      port: opt('integer', { description: 'Port the database service listens on.' }),
      user: opt('string', { description: 'Account used to administer the database.' }),
      password: opt('string', { description: 'Password of that account.' }),
    },
    capabilities: {
      database_endpoint: { type: 'tosca.capabilities.Endpoint.Database' },
    },
    requirements: [host(versions, 'tosca.nodes.DBMS')],
    notes: [
      'The YAML of the specification text omits `required: false` on port; ' +
        'its table (followed here) marks it optional.',
    ],
  };
}

// ---- Storage ---------------------------------------------------------------

const OBJECT_STORAGE_DESC = 'Storage that keeps data as objects (blobs), independent of any filesystem or device.';
const BLOCK_STORAGE_DESC =
  'A block storage device (volume) local to one server, from which raw volumes are carved. It can be created new, ' +
  'or refer to an existing volume or snapshot.';

function objectStorageV10V11(
  name: string,
  versions: readonly ToscaVersion[],
  s: ReturnType<typeof secs>,
): NormativeType {
  return {
    kind: 'node',
    name,
    shorthand: 'ObjectStorage',
    ...(name === 'tosca.nodes.Storage.ObjectStorage'
      ? { altNames: ['Storage.ObjectStorage', 'tosca.nodes.ObjectStorage'] }
      : {}),
    prefixed: 'tosca:ObjectStorage',
    derivedFrom: 'tosca.nodes.Root',
    description: OBJECT_STORAGE_DESC,
    versions,
    ...s,
    properties: {
      name: req('string', { description: 'Logical name of the object store (container).' }),
      size: opt('scalar-unit.size', {
        constraints: [ge('0 GB')],
        description: 'Initial size requested (GB by default).',
      }),
      maxsize: opt('scalar-unit.size', {
        constraints: [ge('0 GB')],
        description: 'Largest size allowed (GB by default).',
      }),
    },
    capabilities: {
      storage_endpoint: { type: 'tosca.capabilities.Endpoint' },
    },
    notes: [
      'The YAML of the specification text omits `required: false` on size and maxsize; ' +
        'its table (followed here) marks them optional.',
    ],
  };
}

function blockStorageV10V11(
  name: string,
  versions: readonly ToscaVersion[],
  s: ReturnType<typeof secs>,
): NormativeType {
  return {
    kind: 'node',
    name,
    shorthand: 'BlockStorage',
    ...(name === 'tosca.nodes.Storage.BlockStorage'
      ? { altNames: ['Storage.BlockStorage', 'tosca.nodes.BlockStorage'] }
      : {}),
    prefixed: 'tosca:BlockStorage',
    derivedFrom: 'tosca.nodes.Root',
    description: BLOCK_STORAGE_DESC,
    versions,
    ...s,
    properties: {
      size: req('scalar-unit.size', {
        constraints: [ge('1 MB')],
        description: 'Requested size (MB by default); needed unless volume_id is given, in which case it is ignored.',
      }),
      volume_id: opt('string', { description: 'Id of an existing volume to use.' }),
      snapshot_id: opt('string', { description: 'Id of an existing snapshot to create the volume from.' }),
    },
    capabilities: {
      attachment: { type: 'tosca.capabilities.Attachment' },
    },
  };
}

// ---- Container -------------------------------------------------------------

function containerRuntime(versions: readonly ToscaVersion[], s: ReturnType<typeof secs>): NormativeType {
  return {
    kind: 'node',
    name: 'tosca.nodes.Container.Runtime',
    shorthand: 'Container.Runtime',
    prefixed: 'tosca:Container.Runtime',
    derivedFrom: 'tosca.nodes.SoftwareComponent',
    description:
      'OS-level virtualization software (a container engine) that runs many application containers on one host.',
    versions,
    ...s,
    capabilities: {
      host: versions.includes(V1_2)
        ? hostCapability(versions, ['tosca.nodes.Container.Application'])
        : hostCapability(versions),
      scalable: { type: 'tosca.capabilities.Scalable' },
    },
  };
}

function containerApplication(versions: readonly ToscaVersion[], s: ReturnType<typeof secs>): NormativeType {
  const requirements: RequirementDef[] = [host(versions, 'tosca.nodes.Container.Runtime')];
  if (!versions.includes(V1_0)) {
    requirements.push(
      { name: 'storage', capability: 'tosca.capabilities.Storage' },
      { name: 'network', capability: 'tosca.capabilities.Endpoint' },
    );
  }
  return {
    kind: 'node',
    name: 'tosca.nodes.Container.Application',
    shorthand: 'Container.Application',
    prefixed: 'tosca:Container.Application',
    derivedFrom: 'tosca.nodes.Root',
    description: 'An application packaged to run inside a container runtime.',
    versions,
    ...s,
    requirements,
    ...(versions.includes(V1_0)
      ? {}
      : {
          notes: [
            'The spec text names the network capability "tosca.capabilities.EndPoint", which no version defines; ' +
              ('the catalog uses tosca.capabilities.Endpoint as the OASIS profiles do (some tools use ' +
                'tosca.capabilities.Network instead).'),
          ],
        }),
  };
}

// ---- networking (chapter 8) ------------------------------------------------

const NETWORK_PROPS: Readonly<Record<string, PropertyDef>> = {
  ip_version: opt('integer', {
    default: 4,
    constraints: [{ valid_values: [4, 6] }],
    description: 'IP version, 4 or 6.',
  }),
  cidr: opt('string', { description: 'CIDR block of the network.' }),
  start_ip: opt('string', { description: 'First address of the allocation pool inside the CIDR block.' }),
  end_ip: opt('string', { description: 'Last address of the allocation pool inside the CIDR block.' }),
  gateway_ip: opt('string', { description: 'Gateway address.' }),
  network_name: opt('string', {
    description:
      'Name of an existing network to use (together with network_id it identifies it), or of the network to create.',
  }),
  network_id: opt('string', {
    description:
      'Id of an existing network to use instead of creating one; excludes the other properties but network_name.',
  }),
  segmentation_id: opt('string', {
    description: 'Segmentation id (VLAN id, GRE tunnel id, ...); then give network_type or physical_network too.',
  }),
  network_type: opt('string', { description: 'Kind of physical network, e.g. flat, vlan, gre, vxlan.' }),
  physical_network: opt('string', {
    description: 'Physical network to build on (e.g. physnet1); needed for flat and vlan.',
  }),
  dhcp_enabled: opt('boolean', { default: true, description: 'Whether the network gets a DHCP service.' }),
};

export const NODE_TYPES: readonly NormativeType[] = [
  {
    kind: 'node',
    name: 'tosca.nodes.Root',
    shorthand: 'Root',
    prefixed: 'tosca:Root',
    description:
      'Common ancestor of every node type: gives all nodes an id, a name, a state, the `feature` capability, a ' +
      'generic `dependency` requirement and the Standard lifecycle interface.',
    versions: ALL,
    ...secs(ALL, '5.8.1', '5.9.1', '5.9.1', '5.9.1'),
    attributes: {
      tosca_id: attr('string', { description: 'Unique id of the node instance.' }),
      tosca_name: attr('string', {
        description: 'Name of the node template the instance came from (not unique across instances).',
      }),
      state: attr('string', { default: 'initial', description: 'Current lifecycle state of the node instance.' }),
    },
    capabilities: {
      feature: { type: 'tosca.capabilities.Node' },
    },
    requirements: [
      {
        name: 'dependency',
        capability: 'tosca.capabilities.Node',
        node: 'tosca.nodes.Root',
        relationship: 'tosca.relationships.DependsOn',
        occurrences: UNBOUNDED,
      },
    ],
    interfaces: {
      Standard: { type: 'tosca.interfaces.node.lifecycle.Standard' },
    },
    notes: [
      'The specification text derives it from "tosca.entity.Root", a type no version defines; ' +
        'the catalog gives it no parent.',
    ],
  },
  {
    kind: 'node',
    name: 'tosca.nodes.Abstract.Compute',
    shorthand: 'Abstract.Compute',
    shorthandInferred: true,
    prefixed: 'tosca:Abstract.Compute',
    derivedFrom: 'tosca.nodes.Root',
    description:
      'An abstract compute resource that asks nothing of storage or network. New in 1.2 as the parent of Compute.',
    versions: V1_2_ON,
    ...secs(V1_2_ON, undefined, undefined, '5.9.2', '5.9.2'),
    capabilities: {
      host: { type: 'tosca.capabilities.Compute' },
    },
  },
  compute(
    [V1_0],
    'tosca.nodes.Root',
    'tosca.nodes.BlockStorage',
    secs([V1_0], '5.8.2', undefined, undefined, undefined),
  ),
  compute(
    [V1_1],
    'tosca.nodes.Root',
    'tosca.nodes.Storage.BlockStorage',
    secs([V1_1], undefined, '5.9.2', undefined, undefined),
  ),
  compute(
    V1_2_ON,
    'tosca.nodes.Abstract.Compute',
    'tosca.nodes.Storage.BlockStorage',
    secs(V1_2_ON, undefined, undefined, '5.9.3', '5.9.3'),
  ),
  softwareComponent(V1_0_1_1, secs(V1_0_1_1, '5.8.3', '5.9.3', undefined, undefined)),
  softwareComponent(V1_2_ON, secs(V1_2_ON, undefined, undefined, '5.9.4', '5.9.4')),
  webServer(V1_0_1_1, secs(V1_0_1_1, '5.8.4', '5.9.4', undefined, undefined)),
  webServer(V1_2_ON, secs(V1_2_ON, undefined, undefined, '5.9.5', '5.9.5')),
  webApplication(V1_0_1_1, secs(V1_0_1_1, '5.8.5', '5.9.5', undefined, undefined)),
  webApplication(V1_2_ON, secs(V1_2_ON, undefined, undefined, '5.9.6', '5.9.6')),
  dbms(V1_0_1_1, secs(V1_0_1_1, '5.8.6', '5.9.6', undefined, undefined)),
  dbms(V1_2_ON, secs(V1_2_ON, undefined, undefined, '5.9.7', '5.9.7')),
  database(V1_0_1_1, secs(V1_0_1_1, '5.8.7', '5.9.7', undefined, undefined)),
  database(V1_2_ON, secs(V1_2_ON, undefined, undefined, '5.9.8', '5.9.8')),
  {
    kind: 'node',
    name: 'tosca.nodes.Abstract.Storage',
    shorthand: 'Abstract.Storage',
    shorthandInferred: true,
    prefixed: 'tosca:Abstract.Storage',
    derivedFrom: 'tosca.nodes.Root',
    description:
      'An abstract storage resource that asks nothing of compute or network. New in 1.2 as the parent of the ' +
      'storage nodes.',
    versions: V1_2_ON,
    ...secs(V1_2_ON, undefined, undefined, '5.9.9', '5.9.9'),
    properties: {
      name: req('string', { description: 'Logical name or id of the storage resource.' }),
      size: opt('scalar-unit.size', {
        default: '0 MB',
        constraints: [ge('0 MB')],
        description: 'Initial size requested.',
      }),
    },
    notes: ['The 1.3 YAML omits `required: false` on size; its table (followed here, as in 1.2) marks it optional.'],
  },
  objectStorageV10V11('tosca.nodes.ObjectStorage', [V1_0], secs([V1_0], '5.8.8', undefined, undefined, undefined)),
  objectStorageV10V11(
    'tosca.nodes.Storage.ObjectStorage',
    [V1_1],
    secs([V1_1], undefined, '5.9.8', undefined, undefined),
  ),
  {
    kind: 'node',
    name: 'tosca.nodes.Storage.ObjectStorage',
    shorthand: 'ObjectStorage',
    // The 1.0 name, which tosca-parser still defines for every version (typeRefs.ts warns where it is written).
    altNames: ['Storage.ObjectStorage', 'tosca.nodes.ObjectStorage'],
    prefixed: 'tosca:ObjectStorage',
    derivedFrom: 'tosca.nodes.Abstract.Storage',
    description: OBJECT_STORAGE_DESC,
    versions: V1_2_ON,
    ...secs(V1_2_ON, undefined, undefined, '5.9.10', '5.9.10'),
    properties: {
      maxsize: opt('scalar-unit.size', {
        constraints: [ge('0 GB')],
        description: 'Largest size allowed (GB by default).',
      }),
    },
    capabilities: {
      storage_endpoint: { type: 'tosca.capabilities.Endpoint' },
    },
  },
  blockStorageV10V11('tosca.nodes.BlockStorage', [V1_0], secs([V1_0], '5.8.9', undefined, undefined, undefined)),
  blockStorageV10V11(
    'tosca.nodes.Storage.BlockStorage',
    [V1_1],
    secs([V1_1], undefined, '5.9.9', undefined, undefined),
  ),
  {
    kind: 'node',
    name: 'tosca.nodes.Storage.BlockStorage',
    shorthand: 'BlockStorage',
    // The 1.0 name, which tosca-parser still defines for every version (typeRefs.ts warns where it is written).
    altNames: ['Storage.BlockStorage', 'tosca.nodes.BlockStorage'],
    prefixed: 'tosca:BlockStorage',
    derivedFrom: 'tosca.nodes.Abstract.Storage',
    description: BLOCK_STORAGE_DESC,
    versions: V1_2_ON,
    ...secs(V1_2_ON, undefined, undefined, '5.9.11', '5.9.11'),
    properties: {
      // Refines the inherited `size`: same type and required-ness, new default and lower bound.
      size: opt('scalar-unit.size', {
        default: '1 MB',
        constraints: [ge('1 MB')],
        description: 'Requested size; ignored when volume_id is given.',
      }),
      volume_id: opt('string', { description: 'Id of an existing volume to use.' }),
      snapshot_id: opt('string', { description: 'Id of an existing snapshot to create the volume from.' }),
    },
    capabilities: {
      attachment: { type: 'tosca.capabilities.Attachment' },
    },
  },
  containerRuntime(V1_0_1_1, secs(V1_0_1_1, '5.8.10', '5.9.10', undefined, undefined)),
  containerRuntime(V1_2_ON, secs(V1_2_ON, undefined, undefined, '5.9.12', '5.9.12')),
  containerApplication([V1_0], secs([V1_0], '5.8.11', undefined, undefined, undefined)),
  containerApplication([V1_1], secs([V1_1], undefined, '5.9.11', undefined, undefined)),
  containerApplication(V1_2_ON, secs(V1_2_ON, undefined, undefined, '5.9.13', '5.9.13')),
  {
    kind: 'node',
    name: 'tosca.nodes.LoadBalancer',
    shorthand: 'LoadBalancer',
    prefixed: 'tosca:LoadBalancer',
    derivedFrom: 'tosca.nodes.Root',
    description:
      'Spreads traffic arriving on a public (floating) address over the instances of one or more applications. It ' +
      'may exist with no application attached.',
    versions: ALL,
    ...secs(ALL, '5.8.12', '5.9.12', '5.9.14', '5.9.14'),
    properties: {
      algorithm: opt('string', { status: 'experimental', description: 'Balancing algorithm.' }),
    },
    capabilities: {
      client: {
        type: 'tosca.capabilities.Endpoint.Public',
        occurrences: UNBOUNDED,
        description: 'Public endpoint that clients connect to.',
      },
    },
    requirements: [
      {
        name: 'application',
        capability: 'tosca.capabilities.Endpoint',
        relationship: 'tosca.relationships.RoutesTo',
        occurrences: UNBOUNDED,
        description: 'The balanced applications.',
      },
    ],
  },
  {
    kind: 'node',
    name: 'tosca.nodes.network.Network',
    shorthand: 'Network',
    prefixed: 'tosca:Network',
    derivedFrom: 'tosca.nodes.Root',
    description:
      'A simple logical network, either created from the given addressing properties or an existing one picked by ' +
      'name or id.',
    versions: ALL,
    ...secs(ALL, '7.5.1', '8.5.1', '8.5.1', '8.5.1'),
    properties: NETWORK_PROPS,
    attributes: {
      segmentation_id: attr('string', { description: 'Segmentation id the infrastructure actually assigned.' }),
    },
    capabilities: {
      link: { type: 'tosca.capabilities.network.Linkable' },
    },
    notes: [
      'The YAML of the specification text lacks dhcp_enabled and the segmentation_id attribute ' +
        'that its tables list; both are included.',
    ],
  },
  {
    kind: 'node',
    name: 'tosca.nodes.network.Port',
    shorthand: 'Port',
    prefixed: 'tosca:Port',
    derivedFrom: 'tosca.nodes.Root',
    description:
      'A virtual NIC: links a compute node (binding) to a Network (link), with optional fixed IP and ordering.',
    versions: ALL,
    ...secs(ALL, '7.5.2', '8.5.2', '8.5.2', '8.5.2'),
    properties: {
      ip_address: opt('string', { description: 'Fixed IP address to request (the provider may not honour it).' }),
      order: req('integer', {
        default: 0,
        constraints: [ge(0)],
        description:
          'Position of the NIC on the instance; when several ports are ordered, all need values forming 0, 1, 2, ...',
      }),
      is_default: opt('boolean', {
        default: false,
        description: 'Route the default gateway through this port (at most one per compute node).',
      }),
      ip_range_start: opt('string', { description: 'First address of the range to allocate from.' }),
      ip_range_end: opt('string', { description: 'Last address of the range to allocate from.' }),
    },
    attributes: {
      ip_address: attr('string', { description: 'IP address assigned to the instance through this port.' }),
    },
    requirements: [
      {
        name: 'link',
        capability: 'tosca.capabilities.network.Linkable',
        relationship: 'tosca.relationships.network.LinksTo',
      },
      {
        name: 'binding',
        capability: 'tosca.capabilities.network.Bindable',
        relationship: 'tosca.relationships.network.BindsTo',
      },
    ],
  },
];
