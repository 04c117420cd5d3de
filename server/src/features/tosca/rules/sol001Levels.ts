/**
 * Instantiation levels of an ETSI GS NFV-SOL 001 deployment flavour (policy types
 * tosca.policies.nfv.InstantiationLevels, VduInstantiationLevels, VirtualLinkInstantiationLevels,
 * VipCpInstantiationLevels):
 * - TOSCA342: `default_level` that is not one of the `levels` (error); several levels and no
 *   `default_level` (warning: ETSI GS NFV-IFA 011 asks for it, Tacker onboards without it);
 * - TOSCA343: a level of a VDU / virtual link / VIP CP levels policy that InstantiationLevels does
 *   not define (error), or such a policy in a flavour without InstantiationLevels (error, once).
 */
import { scalarText, get } from '../../../syntax/tree.js';
import { didYouMean } from '../../../util/suggest.js';
import { simpleProfileOnly, type ToscaRule } from './context.js';
import { sol001Cite } from './sol001Cite.js';
import { mapEntries, policiesOf, sol001Policies } from './sol001Policies.js';

const PER_RESOURCE = ['VduInstantiationLevels', 'VirtualLinkInstantiationLevels', 'VipCpInstantiationLevels'];

export const sol001LevelsRule: ToscaRule = {
  codes: ['TOSCA342', 'TOSCA343'],
  when: simpleProfileOnly,
  check(ctx) {
    const all = sol001Policies(ctx);
    const defs = policiesOf(all, 'InstantiationLevels');
    const defined = new Set<string>();
    for (const p of defs) {
      const levels = mapEntries(p.properties, 'levels');
      for (const l of levels) defined.add(l.name);
      const dflt = get(p.properties, 'default_level');
      const name = scalarText(dflt);
      if (dflt && name !== undefined && !levels.some((l) => l.name === name)) {
        const hint = didYouMean(
          name,
          levels.map((l) => l.name),
        );
        ctx.report({
          code: 'TOSCA342',
          severity: 'error',
          span: dflt.span,
          message:
            `\`default_level\` \`${name}\` is not one of the levels of policy \`${p.name}\` ` +
            `(${hint ? `did you mean \`${hint}\`? ` : ''}levels: ${levels.map((l) => l.name).join(', ') || 'none'}). ` +
            `${sol001Cite(ctx, 'tosca.policies.nfv.InstantiationLevels', 'policy')}` +
            `: the default level is one of its levels.`,
        });
      } else if (!dflt && levels.length > 1) {
        ctx.report({
          code: 'TOSCA342',
          severity: 'warning',
          span: p.keySpan,
          message:
            `Policy \`${p.name}\` defines ${levels.length} instantiation levels but no \`default_level\`: ` +
            `ETSI GS NFV-IFA 011 (VNFD deployment flavour, defaultInstantiationLevelId) requires it when there ` +
            `are several levels, which SOL001 leaves optional and Tacker onboards without. Name the level to use ` +
            `when the instantiation request names none.`,
        });
      }
    }
    if (!defs.length) {
      // The per-resource levels name levels nobody defines (Tacker: "InstantiationLevels is not defined").
      const first = PER_RESOURCE.flatMap((k) => policiesOf(all, k).map((p) => ({ p, k })))[0];
      if (first) {
        ctx.report({
          code: 'TOSCA343',
          severity: 'error',
          span: first.p.keySpan,
          message:
            `Policy \`${first.p.name}\` (tosca.policies.nfv.${first.k}) gives instance counts per instantiation ` +
            `level, but the flavour has no tosca.policies.nfv.InstantiationLevels policy to define the levels ` +
            `(` +
            `${sol001Cite(ctx, 'tosca.policies.nfv.InstantiationLevels', 'policy')}` +
            `). Tacker rejects the package.`,
        });
      }
      return;
    }
    for (const kind of PER_RESOURCE) {
      for (const p of policiesOf(all, kind)) {
        for (const l of mapEntries(p.properties, 'levels')) {
          if (defined.has(l.name)) continue;
          const hint = didYouMean(l.name, [...defined]);
          ctx.report({
            code: 'TOSCA343',
            severity: 'error',
            span: l.keySpan,
            message:
              `Level \`${l.name}\` of policy \`${p.name}\` (tosca.policies.nfv.${kind}) is not defined by the ` +
              `flavour's InstantiationLevels policy (${hint ? `did you mean \`${hint}\`? ` : ''}levels: ` +
              `${[...defined].join(', ') || 'none'}). ` +
              `${sol001Cite(ctx, `tosca.policies.nfv.${kind}`, 'policy')}: the levels of a ${kind} policy ` +
              `are levels of tosca.policies.nfv.InstantiationLevels.`,
          });
        }
      }
    }
  },
};
