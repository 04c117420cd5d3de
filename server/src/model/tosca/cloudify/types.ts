/**
 * The types Cloudify's manager defines for every blueprint (its `types.yaml`, imported as `cloudify/types/types.yaml`
 * or from cloudify.co): names and parents only, as facts, for completion and hover of `type:` in a blueprint. The
 * workspace never holds that file, so these names are never reported unknown either way.
 */
export interface CloudifyBuiltinType {
  name: string;
  derivedFrom?: string;
}

const nodes = (parent: string, names: readonly string[]): CloudifyBuiltinType[] =>
  names.map((n) => ({ name: `cloudify.nodes.${n}`, derivedFrom: `cloudify.nodes.${parent}` }));

export const CLOUDIFY_NODE_TYPES: readonly CloudifyBuiltinType[] = [
  { name: 'cloudify.nodes.Root' },
  ...nodes('Root', [
    'Compute',
    'Tier',
    'Volume',
    'FileSystem',
    'ObjectStorage',
    'Network',
    'Subnet',
    'Port',
    'Router',
    'LoadBalancer',
    'VirtualIP',
    'SecurityGroup',
    'SoftwareComponent',
    'Database',
    'ApplicationModule',
    'Component',
    'SharedResource',
    'Blueprint',
    'PasswordSecret',
  ]),
  ...nodes('Compute', ['Container']),
  ...nodes('SoftwareComponent', ['DBMS', 'WebServer', 'ApplicationServer', 'MessageBusServer', 'CloudifyManager']),
  ...nodes('Component', ['ServiceComponent']),
];

const rel = (n: string, parent?: string): CloudifyBuiltinType => ({
  name: `cloudify.relationships.${n}`,
  ...(parent ? { derivedFrom: `cloudify.relationships.${parent}` } : {}),
});

export const CLOUDIFY_RELATIONSHIP_TYPES: readonly CloudifyBuiltinType[] = [
  rel('depends_on'),
  rel('connected_to', 'depends_on'),
  rel('contained_in', 'depends_on'),
  rel('depends_on_lifecycle_operation', 'depends_on'),
  rel('depends_on_shared_resource', 'depends_on'),
  rel('file_system_depends_on_volume', 'depends_on'),
  rel('connected_to_shared_resource', 'connected_to'),
  rel('file_system_contained_in_compute', 'contained_in'),
];

export const CLOUDIFY_DATA_TYPES: readonly CloudifyBuiltinType[] = [
  'AgentConfig',
  'Blueprint',
  'ComponentDeployment',
  'Component',
  'RemoteCloudifyManagerClient',
  'SharedResourceDeployment',
  'SharedResource',
].map((n) => ({ name: `cloudify.datatypes.${n}` }));

/** The primitive types of property schemas and inputs. */
export const CLOUDIFY_PRIMITIVES: readonly string[] = [
  'string',
  'integer',
  'float',
  'boolean',
  'list',
  'dict',
  'regex',
  'textarea',
];
