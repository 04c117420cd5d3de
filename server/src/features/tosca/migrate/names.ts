/**
 * The TOSCA 1.x normative type names and the names the TOSCA 2.0 simple profile
 * (`org.oasis-open.simple:2.0`, in the OASIS tosca-community-contributions repository) gives the
 * same types. TOSCA 2.0 has no built-in types: a migrated file imports the profile under the
 * namespace `tosca`, so `tosca.nodes.Compute` becomes `tosca:Compute`.
 */

/** The profile's name, as its `profile:` keyname declares it. */
export const SIMPLE_PROFILE = 'org.oasis-open.simple:2.0';
/** The namespace migrated files import the profile under (see README "Migrating to TOSCA 2.0"). */
export const PROFILE_NAMESPACE = 'tosca';

/** 1.x names whose last segments are not the profile's name, or that moved. */
const SPECIAL: Record<string, string> = {
  'tosca.nodes.BlockStorage': 'Storage.BlockStorage',
  'tosca.nodes.ObjectStorage': 'Storage.ObjectStorage',
  'tosca.nodes.network.Network': 'Network',
  'tosca.nodes.network.Port': 'Port',
  'tosca.capabilities.network.Bindable': 'Bindable',
  'tosca.capabilities.network.Linkable': 'Linkable',
  'tosca.relationships.network.BindsTo': 'BindsTo',
  'tosca.relationships.network.LinksTo': 'LinksTo',
  'tosca.interfaces.node.lifecycle.Standard': 'Lifecycle.Standard',
  'tosca.interfaces.relationship.Configure': 'Relationship.Configure',
  'tosca.datatypes.network.NetworkInfo': 'NetworkInfo',
  'tosca.datatypes.network.PortInfo': 'PortInfo',
  'tosca.datatypes.network.PortDef': 'PortDef',
  'tosca.datatypes.network.PortSpec': 'PortSpec',
};

/** The profile's type names by 1.x kind prefix (read from the profile's type files). */
const PROFILE: Record<string, readonly string[]> = {
  'tosca.nodes.': [
    'Root',
    'Abstract.Compute',
    'Compute',
    'SoftwareComponent',
    'WebServer',
    'WebApplication',
    'DBMS',
    'Database',
    'Abstract.Storage',
    'Storage.ObjectStorage',
    'Storage.BlockStorage',
    'Container.Runtime',
    'Container.Application',
    'LoadBalancer',
  ],
  'tosca.capabilities.': [
    'Node',
    'Container',
    'Compute',
    'Endpoint',
    'Endpoint.Public',
    'Endpoint.Admin',
    'Endpoint.Database',
    'Attachment',
    'OperatingSystem',
    'Scalable',
    'Network',
  ],
  'tosca.relationships.': ['Root', 'DependsOn', 'HostedOn', 'ConnectsTo', 'AttachesTo', 'RoutesTo'],
  'tosca.artifacts.': [
    'Root',
    'File',
    'Deployment',
    'Deployment.Image',
    'Deployment.Image.VM',
    'Implementation',
    'Implementation.Bash',
    'Implementation.Python',
  ],
  'tosca.datatypes.': ['json', 'xml', 'Credential', 'TimeInterval'],
  'tosca.groups.': ['Root'],
  'tosca.policies.': ['Placement', 'Scaling', 'Update', 'Performance'],
};

/**
 * Root types of 1.x kinds the profile has no root for: deriving from them adds nothing, so a
 * `derived_from` naming one is dropped.
 */
export const ROOTS_WITHOUT_PROFILE_TYPE: ReadonlySet<string> = new Set([
  'tosca.capabilities.Root',
  'tosca.datatypes.Root',
  'tosca.interfaces.Root',
  'tosca.policies.Root',
]);

const NORMATIVE = /^tosca\.(nodes|capabilities|relationships|artifacts|datatypes|groups|policies|interfaces)\./;

/** A 1.x normative type name, full (`tosca.nodes.Compute`) or prefixed (`tosca:Compute`), as written. */
export function isNormativeName(name: string): boolean {
  return NORMATIVE.test(name) || /^tosca:[A-Za-z]/.test(name);
}

/**
 * The profile's name for a 1.x normative type name (without the namespace), or undefined when the
 * profile has no such type. `tosca:Compute` is 1.x shorthand for `tosca.nodes.Compute` (or the
 * capability type of the same short name); both keep their short name.
 */
export function profileName(name: string): string | undefined {
  const special = SPECIAL[name];
  if (special) return special;
  if (name.startsWith('tosca:')) {
    const short = name.slice(6);
    const known =
      Object.values(PROFILE).some((names) => names.includes(short)) || Object.values(SPECIAL).includes(short);
    return known ? short : undefined;
  }
  for (const [prefix, names] of Object.entries(PROFILE)) {
    if (name.startsWith(prefix)) {
      const short = name.slice(prefix.length);
      if (names.includes(short)) return short;
    }
  }
  return undefined;
}
