/**
 * Normative relationship types (spec §5.7; §5.6 in 1.0; LinksTo/BindsTo are in the networking chapter, §8.5 / §7.5 in
 * 1.0).
 */
import { ALL, attr, opt, req, secs } from './helpers.js';
import type { NormativeType } from './types.js';

export const RELATIONSHIP_TYPES: readonly NormativeType[] = [
  {
    kind: 'relationship',
    name: 'tosca.relationships.Root',
    prefixed: 'tosca.relationships.Root',
    description:
      'Common ancestor of every relationship type; gives each relationship instance an id, a name, a state and the ' +
      'Configure interface.',
    versions: ALL,
    ...secs(ALL, '5.6.1', '5.7.1', '5.7.1', '5.7.1'),
    attributes: {
      tosca_id: attr('string', { description: 'Unique id of the relationship instance.' }),
      tosca_name: attr('string', {
        description: 'Name of the relationship template the instance came from (not unique across instances).',
      }),
      state: attr('string', { default: 'initial', description: 'Current state of the relationship instance.' }),
    },
    interfaces: {
      Configure: { type: 'tosca.interfaces.relationship.Configure' },
    },
    notes: [
      'The YAML of the specification text omits the `state` attribute that its table lists, and lost the Configure ' +
        'interface type.',
    ],
  },
  {
    kind: 'relationship',
    name: 'tosca.relationships.DependsOn',
    shorthand: 'DependsOn',
    prefixed: 'tosca:DependsOn',
    derivedFrom: 'tosca.relationships.Root',
    description: 'A plain dependency: the source is processed only after the target.',
    versions: ALL,
    ...secs(ALL, '5.6.2', '5.7.2', '5.7.2', '5.7.2'),
    validTargetTypes: ['tosca.capabilities.Node'],
  },
  {
    kind: 'relationship',
    name: 'tosca.relationships.HostedOn',
    shorthand: 'HostedOn',
    prefixed: 'tosca:HostedOn',
    derivedFrom: 'tosca.relationships.Root',
    description: 'The source runs on (is hosted by) the target; the source is created once the target has started.',
    versions: ALL,
    ...secs(ALL, '5.6.3', '5.7.3', '5.7.3', '5.7.3'),
    validTargetTypes: ['tosca.capabilities.Container'],
  },
  {
    kind: 'relationship',
    name: 'tosca.relationships.ConnectsTo',
    shorthand: 'ConnectsTo',
    prefixed: 'tosca:ConnectsTo',
    derivedFrom: 'tosca.relationships.Root',
    description:
      'A network connection from the source to an endpoint of the target, optionally authenticated with a credential.',
    versions: ALL,
    ...secs(ALL, '5.6.4', '5.7.4', '5.7.4', '5.7.4'),
    validTargetTypes: ['tosca.capabilities.Endpoint'],
    properties: {
      credential: opt('tosca.datatypes.Credential', { description: 'Credential to present to the target endpoint.' }),
    },
  },
  {
    kind: 'relationship',
    name: 'tosca.relationships.AttachesTo',
    shorthand: 'AttachesTo',
    prefixed: 'tosca:AttachesTo',
    derivedFrom: 'tosca.relationships.Root',
    description: 'Attaches a device node, typically block storage, to a compute node at a mount location.',
    versions: ALL,
    ...secs(ALL, '5.6.5', '5.7.5', '5.7.5', '5.7.5'),
    validTargetTypes: ['tosca.capabilities.Attachment'],
    properties: {
      location: req('string', {
        constraints: [{ min_length: 1 }],
        description: 'Where the device is made available, e.g. a mount path such as /usr/data; must not be the root.',
      }),
      device: opt('string', { description: 'Logical device name, e.g. /dev/hda1; set at runtime when not given.' }),
    },
  },
  {
    kind: 'relationship',
    name: 'tosca.relationships.RoutesTo',
    shorthand: 'RoutesTo',
    prefixed: 'tosca:RoutesTo',
    derivedFrom: 'tosca.relationships.ConnectsTo',
    description: 'A deliberate network route between endpoints that live on different networks.',
    versions: ALL,
    ...secs(ALL, '5.6.6', '5.7.6', '5.7.6', '5.7.6'),
    validTargetTypes: ['tosca.capabilities.Endpoint'],
  },
  {
    kind: 'relationship',
    name: 'tosca.relationships.network.LinksTo',
    shorthand: 'LinksTo',
    altNames: ['network.LinksTo'],
    prefixed: 'tosca:LinksTo',
    derivedFrom: 'tosca.relationships.DependsOn',
    description: 'Associates a network Port with the Network it belongs to.',
    versions: ALL,
    ...secs(ALL, '7.5.4', '8.5.4', '8.5.4', '8.5.4'),
    validTargetTypes: ['tosca.capabilities.network.Linkable'],
  },
  {
    kind: 'relationship',
    name: 'tosca.relationships.network.BindsTo',
    shorthand: 'network.BindsTo',
    altNames: ['BindsTo'],
    prefixed: 'tosca:network.BindsTo',
    derivedFrom: 'tosca.relationships.DependsOn',
    description: 'Binds a network Port to the compute node that uses it.',
    versions: ALL,
    ...secs(ALL, '7.5.5', '8.5.5', '8.5.5', '8.5.5'),
    validTargetTypes: ['tosca.capabilities.network.Bindable'],
    notes: [
      'The specification text gives the shorthand "network.BindsTo" but the qualified name "tosca:BindsTo"; ' +
        'both are accepted.',
    ],
  },
];
