/** Normative group types (spec §5.10; §5.9 in 1.0). */
import { V1_2, V1_3, secs, upTo } from './helpers.js';
import type { NormativeType } from './types.js';

const DESC =
  'Common ancestor of every group type: a logical set of nodes that is managed, or has policies applied, together.';

export const GROUP_TYPES: readonly NormativeType[] = [
  {
    kind: 'group',
    name: 'tosca.groups.Root',
    prefixed: 'tosca.groups.Root',
    description: `${DESC} Up to 1.2 it carries the Standard lifecycle interface.`,
    versions: upTo(V1_2),
    ...secs(upTo(V1_2), '5.9.1', '5.10.1', '5.10.1', undefined),
    interfaces: {
      Standard: { type: 'tosca.interfaces.node.lifecycle.Standard' },
    },
    notes: ['Group operations need not map onto operations of the member nodes.'],
  },
  {
    kind: 'group',
    name: 'tosca.groups.Root',
    prefixed: 'tosca.groups.Root',
    description: `${DESC} In 1.3 group types no longer have interfaces.`,
    versions: [V1_3],
    ...secs([V1_3], undefined, undefined, undefined, '5.10.1'),
  },
];
