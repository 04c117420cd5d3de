/**
 * TOSCA Version 2.0 values the shared value check cannot see: a property assignment of a node
 * template (or of one of its capabilities) written with nothing after the colon. YAML reads that as
 * null, which only the `nil` type takes (§9.1.1.6), so it is TOSCA270 unless the property is nil.
 * Every other value is checked by values.ts, which hands 2.0 documents to valuesV2.ts (TOSCA270–272).
 */
import { asMap, getPair, type YMap } from '../../../syntax/tree.js';
import type { PropInfo } from '../../../model/tosca/typeTable.js';
import { V2DataTypes } from '../../../model/tosca/v2/dataTypes.js';
import { grammarOf } from '../../../model/tosca/grammars.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';

export const v2ValuesRule: ToscaRule = {
  codes: ['TOSCA270', 'TOSCA271', 'TOSCA272'],
  when: (ctx) => grammarOf(ctx.model.version).id === '2_0',
  check(ctx) {
    const root = ctx.root;
    const st = asMap(getPair(root, 'service_template')?.value);
    if (!root || !st) return;
    const types = new V2DataTypes(ctx.model.types, asMap(getPair(root, 'data_types')?.value), ctx.model.path);
    for (const p of asMap(getPair(st, 'node_templates')?.value)?.pairs ?? []) {
      const m = asMap(p.value);
      const t = ctx.model.typeOf('node', m ? typeName(m) : undefined);
      if (!m || !t) continue;
      const what = `node template \`${p.key.text}\``;
      checkEmpty(ctx, types, asMap(getPair(m, 'properties')?.value), ctx.model.types.properties(t), what);
      const caps = ctx.model.types.capabilities(t);
      for (const c of asMap(getPair(m, 'capabilities')?.value)?.pairs ?? []) {
        const ct = ctx.model.typeOf('capability', caps.get(c.key.text)?.type);
        const cm = asMap(c.value);
        if (ct && cm)
          checkEmpty(
            ctx,
            types,
            asMap(getPair(cm, 'properties')?.value),
            ctx.model.types.properties(ct),
            `capability \`${c.key.text}\` of ${what}`,
          );
      }
    }
  },
};

function typeName(m: YMap): string | undefined {
  const v = getPair(m, 'type')?.value;
  return v && v.kind === 'scalar' && typeof v.value === 'string' ? v.value : undefined;
}

function checkEmpty(
  ctx: ToscaRuleContext,
  types: V2DataTypes,
  props: YMap | null,
  defs: Map<string, PropInfo>,
  what: string,
): void {
  for (const p of props?.pairs ?? []) {
    if (p.value !== null) continue;
    const def = defs.get(p.key.text);
    const root = def?.type ? types.root(def.type) : undefined;
    if (!root || root === 'nil') continue;
    ctx.report({
      code: 'TOSCA270',
      severity: 'error',
      span: p.key.span,
      message:
        `Property \`${p.key.text}\` of ${what} has no value: YAML reads it as null, which only the \`nil\` ` +
        `type takes (TOSCA Version 2.0 §9.1.1.6). Write a value of type \`${def!.type}\`, or leave the property out.`,
    });
  }
}
