/**
 * TOSCA211: the requirement assignments of a TOSCA 2.0 node template against the `count_range` of
 * their requirement definition (TOSCA Version 2.0 §8.7.4). Each assignment counts its `count`
 * (default 1). Above the upper bound is always a fault. Below the lower bound only when the template
 * assigns the requirement at all: with no assignment the orchestrator creates an implicit one for
 * the minimum (§8.7.4), so nothing is missing.
 */
import { asMap, asScalar, asSeq, entries, getIn, getPair, type YPair } from '../../../syntax/tree.js';
import { nodeTemplateType } from '../../../model/tosca/satisfy.js';
import { isTosca2, type ToscaRule, type ToscaRuleContext } from './context.js';
import { countRange } from './tosca2Shared.js';
import type { Span } from '../../../syntax/positions.js';

export const tosca2ReqCountRule: ToscaRule = {
  codes: ['TOSCA211'],
  when: isTosca2,
  check(ctx) {
    const topo = getIn(ctx.root, ctx.grammar.topologyKey);
    for (const p of entries(getIn(topo, 'node_templates'))) checkTemplate(ctx, p);
  },
};

interface Tally {
  total: number;
  mandatory: number;
  last: Span;
  first: Span;
}

function checkTemplate(ctx: ToscaRuleContext, p: YPair): void {
  const tpl = ctx.model.nodeTemplates.get(p.key.text);
  const reqs = asSeq(getIn(p.value, 'requirements'));
  if (!tpl || !reqs) return;
  const t = nodeTemplateType(ctx.model, tpl);
  if (!t) return;
  const tallies = new Map<string, Tally>();
  for (const it of reqs.items) {
    const pair = asMap(it)?.pairs[0];
    if (!pair) return;
    const body = asMap(pair.value);
    const countNode = asScalar(getPair(body, 'count')?.value);
    let count = 1;
    if (countNode) {
      // A count that is not a non-negative integer is another rule's business; it makes the sum unknown.
      if (typeof countNode.value !== 'number' || !Number.isInteger(countNode.value) || countNode.value < 0) return;
      count = countNode.value;
    }
    const optional = asScalar(getPair(body, 'optional')?.value)?.value === true;
    const prev = tallies.get(pair.key.text);
    const tally = prev ?? { total: 0, mandatory: 0, first: pair.key.span, last: pair.key.span };
    tally.total += count;
    if (!optional) tally.mandatory += count;
    tally.last = pair.key.span;
    tallies.set(pair.key.text, tally);
  }
  for (const [name, tally] of tallies) {
    const range = countRange(ctx, t, name);
    if (!range) continue;
    const where = `node template \`${p.key.text}\` (type \`${t.name}\`)`;
    const bounds = `[${range.min}, ${range.max}]`;
    if (range.max !== 'UNBOUNDED' && tally.total > range.max) {
      ctx.report({
        code: 'TOSCA211',
        severity: 'error',
        span: tally.last,
        message:
          `${where} assigns the requirement \`${name}\` ${tally.total} times (counting each \`count\`), more than ` +
          `its \`count_range\` ${bounds} allows (TOSCA Version 2.0 §8.7.4). Remove assignments or lower a \`count\`.`,
      });
    } else if (tally.mandatory < range.min) {
      ctx.report({
        code: 'TOSCA211',
        severity: 'error',
        span: tally.first,
        message:
          `${where} assigns the requirement \`${name}\` ${tally.mandatory} times without \`optional: true\` ` +
          `(counting each \`count\`), fewer than the minimum of its \`count_range\` ${bounds} (TOSCA Version 2.0 ` +
          '§8.7.4: once a template assigns a requirement, its assignments must reach the minimum). Add assignments ' +
          'or raise a `count`.',
      });
    }
  }
}
