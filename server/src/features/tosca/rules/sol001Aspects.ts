/**
 * Scaling aspects of an ETSI GS NFV-SOL 001 deployment flavour (TOSCA344, warnings): the `aspect` of a
 * `…ScalingAspectDeltas` policy (VduScalingAspectDeltas, VirtualLinkBitrateScalingAspectDeltas, …)
 * must be an aspect of tosca.policies.nfv.ScalingAspects, and its `deltas` must define every
 * `step_deltas` entry of that aspect; an InstantiationLevels `scale_info` must name a defined aspect
 * with a `scale_level` within its `max_scale_level`. Checked when the flavour has a ScalingAspects policy.
 * Warnings (judgement): Tacker onboards such packages (some of its own test packages have them); the
 * scale or instantiate operation that uses the aspect is what fails.
 */
import { asMap, asSeq, get, scalarText } from '../../../syntax/tree.js';
import { didYouMean } from '../../../util/suggest.js';
import { simpleProfileOnly, type ToscaRule } from './context.js';
import { sol001Cite } from './sol001Cite.js';
import { intOf, mapEntries, NFV, policiesOf, sol001Policies } from './sol001Policies.js';

export const sol001AspectsRule: ToscaRule = {
  codes: ['TOSCA344'],
  when: simpleProfileOnly,
  check(ctx) {
    const all = sol001Policies(ctx);
    const aspectPolicies = policiesOf(all, 'ScalingAspects');
    if (!aspectPolicies.length) return;
    const aspects = new Map<string, { max?: number; steps: string[] }>();
    for (const p of aspectPolicies) {
      for (const a of mapEntries(p.properties, 'aspects')) {
        const steps = (asSeq(get(asMap(a.value), 'step_deltas'))?.items ?? [])
          .map((s) => scalarText(s))
          .filter((s): s is string => s !== undefined);
        const max = intOf(get(asMap(a.value), 'max_scale_level'));
        aspects.set(a.name, max === undefined ? { steps } : { max, steps });
      }
    }
    const known = () => [...aspects.keys()].join(', ') || 'none';
    for (const p of all) {
      if (![...p.types].some((t) => t.startsWith(NFV) && t.endsWith('ScalingAspectDeltas'))) continue;
      const aspectNode = get(p.properties, 'aspect');
      const name = scalarText(aspectNode);
      if (!aspectNode || name === undefined) continue;
      const a = aspects.get(name);
      if (!a) {
        const hint = didYouMean(name, aspects.keys());
        ctx.report({
          code: 'TOSCA344',
          severity: 'warning',
          span: aspectNode.span,
          message:
            `Aspect \`${name}\` of policy \`${p.name}\` is not an aspect of the flavour's ScalingAspects policy ` +
            `(${hint ? `did you mean \`${hint}\`? ` : ''}aspects: ${known()}). ` +
            `${sol001Cite(ctx, 'tosca.policies.nfv.ScalingAspects', 'policy')}` +
            `: scaling deltas refer to its aspects. Tacker onboards this; ` +
            `scaling fails.`,
        });
        continue;
      }
      const deltas = mapEntries(p.properties, 'deltas').map((d) => d.name);
      const missing = a.steps.filter((s) => !deltas.includes(s));
      if (missing.length && get(p.properties, 'deltas')) {
        ctx.report({
          code: 'TOSCA344',
          severity: 'warning',
          span: aspectNode.span,
          message:
            `Policy \`${p.name}\` gives no delta ${missing.map((m) => `\`${m}\``).join(', ')} although aspect ` +
            `\`${name}\` lists ${missing.length > 1 ? 'them' : 'it'} in its \`step_deltas\`. ` +
            `${sol001Cite(ctx, 'tosca.policies.nfv.ScalingAspects', 'policy')}: ` +
            `every step delta of an aspect is defined by the aspect's scaling deltas policies. Tacker onboards ` +
            `this; scaling fails.`,
        });
      }
    }
    for (const p of policiesOf(all, 'InstantiationLevels')) {
      for (const l of mapEntries(p.properties, 'levels')) {
        for (const pair of asMap(get(asMap(l.value), 'scale_info'))?.pairs ?? []) {
          const a = aspects.get(pair.key.text);
          if (!a) {
            ctx.report({
              code: 'TOSCA344',
              severity: 'warning',
              span: pair.key.span,
              message:
                `\`scale_info\` of level \`${l.name}\` names \`${pair.key.text}\`, which is not an aspect of the ` +
                `flavour's ScalingAspects policy (aspects: ${known()}). ` +
                `${sol001Cite(ctx, 'tosca.datatypes.nfv.InstantiationLevel', 'data')}` +
                `: scale_info is keyed by aspect.`,
            });
            continue;
          }
          const levelNode = get(asMap(pair.value), 'scale_level');
          const level = intOf(levelNode);
          if (levelNode && level !== undefined && a.max !== undefined && level > a.max) {
            ctx.report({
              code: 'TOSCA344',
              severity: 'warning',
              span: levelNode.span,
              message:
                `\`scale_level\` ${level} of aspect \`${pair.key.text}\` in level \`${l.name}\` is above the ` +
                `aspect's \`max_scale_level\` ${a.max}. ` +
                `${sol001Cite(ctx, 'tosca.datatypes.nfv.ScaleInfo', 'data')}.`,
            });
          }
        }
      }
    }
  },
};
