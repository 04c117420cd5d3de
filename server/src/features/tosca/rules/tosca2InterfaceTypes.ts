/**
 * TOSCA 2.0 interface type definitions (TOSCA Version 2.0 §11.1): TOSCA212 an operation first
 * defined in an interface type with an `implementation` (§11.1: no node is known there, so only a
 * refinement may implement it); TOSCA213 an interface `inputs` entry that is not a parameter
 * definition (a map, §9.7).
 */
import { asMap, deref, entries, getIn, getPair, type YPair } from '../../../syntax/tree.js';
import { isTosca2, type ToscaRule, type ToscaRuleContext } from './context.js';

export const tosca2InterfaceTypesRule: ToscaRule = {
  codes: ['TOSCA212', 'TOSCA213'],
  when: isTosca2,
  check(ctx) {
    for (const tp of entries(getIn(ctx.root, 'interface_types'))) {
      if (!asMap(tp.value)) continue;
      inputs(ctx, tp);
      implementations(ctx, tp);
    }
  },
};

function implementations(ctx: ToscaRuleContext, tp: YPair): void {
  const types = ctx.model.types;
  const t = types.resolve(tp.key.text, 'interface');
  // Operations an ancestor already defines are refined here, and a refinement may add an implementation.
  const inherited = new Set<string>();
  for (const a of t ? types.ancestors(t) : []) for (const o of types.operations(a)) inherited.add(o);
  for (const section of ['operations', 'notifications']) {
    for (const op of entries(getIn(tp.value, section))) {
      const impl = getPair(asMap(op.value), 'implementation');
      if (!impl || !deref(impl.value) || inherited.has(op.key.text)) continue;
      ctx.report({
        code: 'TOSCA212',
        severity: 'error',
        span: impl.key.span,
        message:
          `${section === 'operations' ? 'Operation' : 'Notification'} \`${op.key.text}\` is first defined in ` +
          `interface type \`${tp.key.text}\` and has an \`implementation\`: TOSCA Version 2.0 §11.1 allows an ` +
          'implementation only in a refinement (a node or relationship type or template). Move it there.',
      });
    }
  }
}

function inputs(ctx: ToscaRuleContext, tp: YPair): void {
  const types = ctx.model.types;
  const t = types.resolve(tp.key.text, 'interface');
  // A value given for an input an ancestor defines is read as a refinement by some processors: left alone.
  const inherited = new Set<string>();
  for (const a of t ? types.ancestors(t) : []) for (const i of a.decl?.inputs ?? []) inherited.add(i.name);
  for (const q of entries(getIn(tp.value, 'inputs'))) {
    const v = deref(q.value);
    if (!v || v.kind === 'map' || inherited.has(q.key.text)) continue;
    ctx.report({
      code: 'TOSCA213',
      severity: 'error',
      span: q.key.span,
      message:
        `\`inputs\` of interface type \`${tp.key.text}\` holds parameter definitions (maps, TOSCA Version 2.0 ` +
        `§11.1, §9.7), but \`${q.key.text}\` is a ${v.kind === 'seq' ? 'list' : 'plain value'}. Write ` +
        `\`${q.key.text}: { type: ... }\`, or move operations under \`operations\`.`,
    });
  }
}
