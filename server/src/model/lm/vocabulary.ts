/**
 * Closed vocabularies of LM descriptors (TNC-O "Resource descriptor"; CP4NA and Stratoss "Assembly descriptor(s)").
 * The full grammar-as-data description builds on these lists.
 */
export const RELATIONSHIP_STATES = ['Installed', 'Inactive', 'Active', 'Broken'] as const;
export const STATE_MODIFIERS = ['pre', 'post'] as const;
export const RELATIONSHIP_TRANSITIONS = ['Create', 'Cease'] as const;
export const MULTIPLE_INSTANCES = ['every', 'any', 'first'] as const;
export const PROPERTY_TYPES = [
  'string',
  'boolean',
  'integer',
  'float',
  'timestamp',
  'map',
  'list',
  'key',
  'certificate',
] as const;
/** Older docs and drivers also know these. */
export const LEGACY_PROPERTY_TYPES = ['resourceKeyId'] as const;
export const RESOURCE_TRANSITIONS = [
  'Create',
  'Install',
  'Configure',
  'Reconfigure',
  'Start',
  'Integrity',
  'Stop',
  'Uninstall',
  'Delete',
  'Upgrade',
  'Adopt',
] as const;
export const INSTANCE_MEMBERS = ['name', 'id', 'index'] as const;
export const METRIC_TYPES = ['metric::integrity', 'metric::load'] as const;
export const POLICY_TYPES = ['policy::heal', 'policy::scale'] as const;
export const KNOWN_DRIVERS = ['ansible', 'openstack', 'kubernetes', 'sol003', 'sol005', 'restconf', 'netconf'] as const;
/** Properties LM treats specially: placement and the resource manager to use. */
export const SPECIAL_PROPERTIES = ['deploymentLocation', 'resourceManager'] as const;

/** Roots that are not properties: built-in or context-dependent. */
export const BUILTIN_ROOTS = ['instance', 'source', 'target', 'item'] as const;
