/** Normative interface types (spec §5.8; §5.7 in 1.0). */
import { ALL, secs } from './helpers.js';
import type { NormativeType } from './types.js';

export const INTERFACE_TYPES: readonly NormativeType[] = [
  {
    kind: 'interface',
    name: 'tosca.interfaces.Root',
    prefixed: 'tosca.interfaces.Root',
    description: 'Common ancestor of every interface type. It declares no operations.',
    versions: ALL,
    ...secs(ALL, '5.7.3', '5.8.3', '5.8.3', '5.8.3'),
    notes: [
      'The specification text derives it from "tosca.entity.Root", a type no version defines; ' +
        'the catalog gives it no parent.',
    ],
  },
  {
    kind: 'interface',
    name: 'tosca.interfaces.node.lifecycle.Standard',
    shorthand: 'Standard',
    prefixed: 'tosca:Standard',
    derivedFrom: 'tosca.interfaces.Root',
    description:
      'The node lifecycle: create, configure, start, stop and delete. Operations without an implementation are no-ops.',
    versions: ALL,
    ...secs(ALL, '5.7.4', '5.8.4', '5.8.4', '5.8.4'),
    operations: {
      create: {
        description:
          'Bring the resource or software into existence (install it); a deployment artifact here is deployed ' +
          'automatically.',
      },
      configure: { description: 'Configure the node once it exists.' },
      start: { description: 'Start the node.' },
      stop: { description: 'Stop the node.' },
      delete: { description: 'Remove the node and what create made.' },
    },
  },
  {
    kind: 'interface',
    name: 'tosca.interfaces.relationship.Configure',
    shorthand: 'Configure',
    prefixed: 'tosca:Configure',
    derivedFrom: 'tosca.interfaces.Root',
    description:
      'Relationship lifecycle hooks, interleaved with the Standard operations of the source and target nodes: ' +
      'before and after configure, and when targets or sources come, change or go.',
    versions: ALL,
    ...secs(ALL, '5.7.5', '5.8.5', '5.8.5', '5.8.5'),
    operations: {
      pre_configure_source: { description: 'Runs on the source node before it is configured.' },
      pre_configure_target: { description: 'Runs on the target node before it is configured.' },
      post_configure_source: { description: 'Runs on the source node after it is configured.' },
      post_configure_target: { description: 'Runs on the target node after it is configured.' },
      add_target: { description: 'Tells the source that a target instance was added.' },
      add_source: { description: 'Tells the target that a source instance is now available.' },
      target_changed: { description: 'Tells the source that a property or attribute of the target changed.' },
      remove_target: { description: 'Tells the source that a target instance is being removed.' },
    },
    notes: [
      'The prose also names a remove_source operation, but no version lists it in the type definition; the catalog ' +
        'follows the definition.',
    ],
  },
];
