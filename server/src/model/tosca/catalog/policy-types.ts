/** Normative policy types (spec §5.11; §5.10 in 1.0). */
import { ALL, secs } from './helpers.js';
import type { NormativeType } from './types.js';

function policy(short: string, n: number, description: string): NormativeType {
  return {
    kind: 'policy',
    name: `tosca.policies.${short}`,
    shorthand: short,
    shorthandInferred: true,
    prefixed: `tosca:${short}`,
    derivedFrom: 'tosca.policies.Root',
    description,
    versions: ALL,
    ...secs(ALL, `5.10.${n}`, `5.11.${n}`, `5.11.${n}`, `5.11.${n}`),
  };
}

export const POLICY_TYPES: readonly NormativeType[] = [
  {
    kind: 'policy',
    name: 'tosca.policies.Root',
    prefixed: 'tosca.policies.Root',
    description: 'Common ancestor of every policy type.',
    versions: ALL,
    ...secs(ALL, '5.10.1', '5.11.1', '5.11.1', '5.11.1'),
  },
  policy('Placement', 2, 'Base for policies that decide where nodes or groups of nodes are placed.'),
  policy('Scaling', 3, 'Base for policies that decide how nodes or groups of nodes are scaled.'),
  policy('Update', 4, 'Base for policies that govern how nodes or groups of nodes are updated.'),
  policy('Performance', 5, 'Base for policies that state performance requirements of nodes or groups of nodes.'),
];
