/**
 * Bitrate bounds of an ETSI GS NFV-SOL 001 virtual link (TOSCA328, warning): the `vl_profile` of a
 * `tosca.nodes.nfv.VnfVirtualLink` (tosca.datatypes.nfv.VlProfile, clause 6) or `tosca.nodes.nfv.NsVirtualLink`
 * (tosca.datatypes.nfv.NsVlProfile, clause 7) gives `min_bitrate_requirements` at most
 * `max_bitrate_requirements`, for `root` and for `leaf` (tosca.datatypes.nfv.LinkBitrateRequirements): no
 * link satisfies a minimum above its maximum. A warning: onboarding does not compare them.
 */
import { asMap, entries, get, getIn, scalarText } from '../../../syntax/tree.js';
import type { ToscaRule } from './context.js';
import { sol001NodeTypesKnown } from './sol001Gate.js';
import { sol001Cite } from './sol001Cite.js';
import { intOf } from './sol001Policies.js';

const LINKS: readonly { nodeType: string; profile: string }[] = [
  { nodeType: 'tosca.nodes.nfv.VnfVirtualLink', profile: 'tosca.datatypes.nfv.VlProfile' },
  { nodeType: 'tosca.nodes.nfv.NsVirtualLink', profile: 'tosca.datatypes.nfv.NsVlProfile' },
];

export const sol001VlBitrateRule: ToscaRule = {
  codes: ['TOSCA328'],
  when: sol001NodeTypesKnown,
  check(ctx) {
    const types = ctx.model.types;
    // No node type is a link when the link types are not known here (`isA` resolves them first): most files.
    if (!LINKS.some((l) => types.resolve(l.nodeType, 'node'))) return;
    for (const n of entries(getIn(ctx.root, 'topology_template', 'node_templates'))) {
      const body = asMap(n.value);
      const t = types.resolve(scalarText(get(body, 'type')), 'node');
      const link = t && LINKS.find((l) => types.isA(t, l.nodeType));
      if (!link) continue;
      const profile = getIn(body, 'properties', 'vl_profile');
      for (const part of ['root', 'leaf']) {
        const minNode = getIn(profile, 'min_bitrate_requirements', part);
        const min = intOf(minNode);
        const max = intOf(getIn(profile, 'max_bitrate_requirements', part));
        if (min === undefined || max === undefined || min <= max) continue;
        ctx.report({
          code: 'TOSCA328',
          severity: 'warning',
          span: minNode!.span,
          message:
            `\`vl_profile.min_bitrate_requirements.${part}\` ${min} of virtual link \`${n.key.text}\` is above ` +
            `its \`max_bitrate_requirements.${part}\` ${max}: no link satisfies both ` +
            `(${sol001Cite(ctx, link.profile, 'data')}).`,
        });
      }
    }
  },
};
