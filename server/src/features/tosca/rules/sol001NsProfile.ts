/**
 * Instance bounds of the profiles of an ETSI GS NFV-SOL 001 NSD (TOSCA355, error): the `vnf_profile`
 * (tosca.datatypes.nfv.VnfProfile) of a node derived from tosca.nodes.nfv.VNF and the `ns_profile`
 * (tosca.datatypes.nfv.NsProfile) of a node derived from tosca.nodes.nfv.NS give
 * `min_number_of_instances` at most `max_number_of_instances`: no instance count satisfies both
 * otherwise. The `vdu_profile` of a VDU is TOSCA345.
 */
import { asMap, entries, get, getIn, scalarText } from '../../../syntax/tree.js';
import type { ToscaRule } from './context.js';
import { sol001NodeTypesKnown } from './sol001Gate.js';
import { sol001Cite } from './sol001Cite.js';
import { intOf } from './sol001Policies.js';

const PROFILES: readonly { nodeType: string; property: string; dataType: string }[] = [
  { nodeType: 'tosca.nodes.nfv.VNF', property: 'vnf_profile', dataType: 'tosca.datatypes.nfv.VnfProfile' },
  { nodeType: 'tosca.nodes.nfv.NS', property: 'ns_profile', dataType: 'tosca.datatypes.nfv.NsProfile' },
];

export const sol001NsProfileRule: ToscaRule = {
  codes: ['TOSCA355'],
  when: sol001NodeTypesKnown,
  check(ctx) {
    const types = ctx.model.types;
    // No node type is a VNF or an NS when those types are not known here (`isA` resolves them first): most files.
    if (!PROFILES.some((p) => types.resolve(p.nodeType, 'node'))) return;
    for (const n of entries(getIn(ctx.root, 'topology_template', 'node_templates'))) {
      const body = asMap(n.value);
      const t = types.resolve(scalarText(get(body, 'type')), 'node');
      if (!t) continue;
      for (const p of PROFILES) {
        if (!types.isA(t, p.nodeType)) continue;
        const profile = asMap(get(asMap(get(body, 'properties')), p.property));
        const minNode = get(profile, 'min_number_of_instances');
        const min = intOf(minNode);
        const max = intOf(get(profile, 'max_number_of_instances'));
        if (min === undefined || max === undefined || min <= max) continue;
        ctx.report({
          code: 'TOSCA355',
          severity: 'error',
          span: minNode!.span,
          message:
            `\`${p.property}.min_number_of_instances\` ${min} of node \`${n.key.text}\` is above its ` +
            `\`max_number_of_instances\` ${max}. ${sol001Cite(ctx, p.dataType, 'data')}: the minimum number of ` +
            `instances is at most the maximum.`,
        });
      }
    }
  },
};
