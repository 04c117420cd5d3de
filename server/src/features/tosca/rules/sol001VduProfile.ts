/**
 * VDU instance counts of an ETSI GS NFV-SOL 001 deployment flavour (TOSCA345): a `vdu_profile`
 * whose `min_number_of_instances` is above its `max_number_of_instances` (error); a VduInitialDelta
 * or a VduInstantiationLevels level whose `number_of_instances` lies outside the `vdu_profile`
 * bounds of a VDU it targets (warning, a judgement: Tacker onboards such packages, several of its
 * own test packages have them, and instantiates at most the maximum).
 */
import type { Span } from '../../../syntax/positions.js';
import { asMap, entries, get, getIn, type YNode } from '../../../syntax/tree.js';
import { simpleProfileOnly, type ToscaRule, type ToscaRuleContext } from './context.js';
import { sol001Cite } from './sol001Cite.js';
import { intOf, mapEntries, policiesOf, sol001Policies } from './sol001Policies.js';

interface Bounds {
  min: number;
  max: number;
}

export const sol001VduProfileRule: ToscaRule = {
  codes: ['TOSCA345'],
  when: simpleProfileOnly,
  check(ctx) {
    const bounds = new Map<string, Bounds>();
    for (const p of entries(getIn(ctx.root, 'topology_template', 'node_templates'))) {
      const profile = asMap(get(asMap(get(asMap(p.value), 'properties')), 'vdu_profile'));
      const minNode = get(profile, 'min_number_of_instances');
      const min = intOf(minNode);
      const max = intOf(get(profile, 'max_number_of_instances'));
      if (min === undefined || max === undefined) continue;
      if (min > max) {
        ctx.report({
          code: 'TOSCA345',
          severity: 'error',
          span: minNode!.span,
          message:
            `\`min_number_of_instances\` ${min} of VDU \`${p.key.text}\` is above its \`max_number_of_instances\` ` +
            `${max}. ` +
            `${sol001Cite(ctx, 'tosca.datatypes.nfv.VduProfile', 'data')}: the minimum is at most the maximum.`,
        });
        continue;
      }
      bounds.set(p.key.text, { min, max });
    }
    if (!bounds.size) return;
    const all = sol001Policies(ctx);
    for (const p of policiesOf(all, 'VduInitialDelta')) {
      const n = get(asMap(get(p.properties, 'initial_delta')), 'number_of_instances');
      within(ctx, p.name, p.targets, bounds, n, 'initial delta');
    }
    for (const p of policiesOf(all, 'VduInstantiationLevels')) {
      for (const l of mapEntries(p.properties, 'levels')) {
        within(ctx, p.name, p.targets, bounds, get(asMap(l.value), 'number_of_instances'), `level \`${l.name}\``);
      }
    }
  },
};

function within(
  ctx: ToscaRuleContext,
  policy: string,
  targets: readonly { name: string; span: Span }[],
  bounds: Map<string, Bounds>,
  node: YNode | null,
  what: string,
): void {
  const n = intOf(node);
  if (n === undefined || !node) return;
  for (const t of targets) {
    const b = bounds.get(t.name);
    if (!b || (n >= b.min && n <= b.max)) continue;
    ctx.report({
      code: 'TOSCA345',
      severity: 'warning',
      span: node.span,
      message:
        `The ${what} of policy \`${policy}\` gives ${n} instances of VDU \`${t.name}\`, outside its \`vdu_profile\` ` +
        `[${b.min}, ${b.max}]. ` +
        `${sol001Cite(ctx, 'tosca.datatypes.nfv.VduProfile', 'data')} bounds the instances of the ` +
        `VDU; Tacker onboards this, but the orchestrator cannot honour both.`,
    });
    return;
  }
}
