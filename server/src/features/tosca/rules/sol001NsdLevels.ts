/**
 * Levels and instance bounds of an ETSI GS NFV-SOL 001 NSD (clause 7 policy types, from 2.7.1):
 * - TOSCA325 (error): `NsInstantiationLevels.default_level` that is not one of its `ns_levels`;
 * - TOSCA326 (warning): a level of a `VnfToInstantiationLevelMapping` / `NsToInstantiationLevelMapping` /
 *   `VirtualLinkToInstantiationLevelMapping` policy that `NsInstantiationLevels` does not define;
 * - TOSCA327 (warning): a `number_of_instances` of such a mapping (or of a `VnfToLevelMapping` /
 *   `NsToLevelMapping` scaling step) outside the `vnf_profile` / `ns_profile` bounds of a VNF / NS node it
 *   targets: the NFVO cannot deploy that many (or that few) instances of the profile.
 */
import { asMap, get, getIn, scalarText, type YNode } from '../../../syntax/tree.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { simpleProfileOnly, type ToscaRule } from './context.js';
import { sol001Cite } from './sol001Cite.js';
import { intOf, mapEntries, policiesOf, sol001Policies } from './sol001Policies.js';

const LEVEL_MAPPINGS: readonly { policy: string; property: string }[] = [
  { policy: 'VnfToInstantiationLevelMapping', property: 'number_of_instances' },
  { policy: 'NsToInstantiationLevelMapping', property: 'number_of_instances' },
  { policy: 'VirtualLinkToInstantiationLevelMapping', property: 'bit_rate_requirements' },
];
const COUNTS = [
  'VnfToInstantiationLevelMapping',
  'NsToInstantiationLevelMapping',
  'VnfToLevelMapping',
  'NsToLevelMapping',
];

export const sol001NsdLevelsRule: ToscaRule = {
  codes: ['TOSCA325', 'TOSCA326', 'TOSCA327'],
  when: simpleProfileOnly,
  check(ctx) {
    const all = sol001Policies(ctx);
    const defs = policiesOf(all, 'NsInstantiationLevels');
    const defined = new Set<string>();
    for (const p of defs) {
      const levels = mapEntries(p.properties, 'ns_levels').map((l) => l.name);
      for (const l of levels) defined.add(l);
      const dflt = get(p.properties, 'default_level');
      const name = scalarText(dflt);
      if (!dflt || name === undefined || levels.includes(name)) continue;
      const hint = didYouMean(name, levels);
      ctx.report({
        code: 'TOSCA325',
        severity: 'error',
        span: dflt.span,
        message:
          `\`default_level\` \`${name}\` is not one of the \`ns_levels\` of policy \`${p.name}\`` +
          `${suggestion(hint)}: ${levels.map((l) => `\`${l}\``).join(', ') || 'none'} ` +
          `(${sol001Cite(ctx, 'tosca.policies.nfv.NsInstantiationLevels', 'policy')}).`,
      });
    }
    if (defs.length)
      for (const m of LEVEL_MAPPINGS)
        for (const p of policiesOf(all, m.policy))
          for (const l of mapEntries(p.properties, m.property)) {
            if (defined.has(l.name)) continue;
            const hint = didYouMean(l.name, defined);
            ctx.report({
              code: 'TOSCA326',
              severity: 'warning',
              span: l.keySpan,
              message:
                `Level \`${l.name}\` of policy \`${p.name}\` is not an NS level of NsInstantiationLevels` +
                `${suggestion(hint)}: ${[...defined].map((x) => `\`${x}\``).join(', ')} ` +
                `(${sol001Cite(ctx, `tosca.policies.nfv.${m.policy}`, 'policy')}).`,
            });
          }
    const templates = asMap(getIn(ctx.root, 'topology_template', 'node_templates'));
    for (const shortName of COUNTS)
      for (const p of policiesOf(all, shortName)) {
        const counts = mapEntries(p.properties, 'number_of_instances');
        if (!counts.length) continue;
        for (const t of p.targets) {
          const body = asMap(get(templates, t.name));
          const profileName = shortName.startsWith('Vnf') ? 'vnf_profile' : 'ns_profile';
          const profile = getIn(asMap(get(body, 'properties')), profileName);
          const min = intOf(getIn(profile, 'min_number_of_instances'));
          const max = intOf(getIn(profile, 'max_number_of_instances'));
          for (const c of counts) reportCount(c.name, c.value, t.name, profileName, min, max, p.name, shortName);
        }
      }

    function reportCount(
      level: string,
      value: YNode | null,
      target: string,
      profile: string,
      min: number | undefined,
      max: number | undefined,
      policy: string,
      shortName: string,
    ): void {
      const n = intOf(value);
      if (n === undefined || !value) return;
      const low = min !== undefined && n < min;
      const high = max !== undefined && n > max;
      if (!low && !high) return;
      const bound = low
        ? `below the \`${profile}.min_number_of_instances\` ${min}`
        : `above the \`${profile}.max_number_of_instances\` ${max}`;
      ctx.report({
        code: 'TOSCA327',
        severity: 'warning',
        span: value.span,
        message:
          `${n} instances of \`${target}\` at level \`${level}\` of policy \`${policy}\` are ${bound} ` +
          `of that node: the NFVO cannot deploy them (` +
          `${sol001Cite(ctx, `tosca.policies.nfv.${shortName}`, 'policy')}).`,
      });
    }
  },
};
