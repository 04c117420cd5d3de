/**
 * TOSCA Version 2.0 values the shared value check cannot see, in the property assignments of node
 * templates and their capabilities: TOSCA273 a property whose definition fixes its `value` (§9.4:
 * it cannot be assigned); TOSCA270 an assignment with nothing after the colon, which YAML reads as
 * null, and only the `nil` type takes null (§9.1.1.6).
 * Every other value is checked by values.ts, which hands 2.0 documents to valuesV2.ts (TOSCA270–272).
 */
import { asMap, getPair, type YMap } from '../../../syntax/tree.js';
import type { PropInfo } from '../../../model/tosca/typeTable.js';
import { V2DataTypes } from '../../../model/tosca/v2/dataTypes.js';
import { grammarOf } from '../../../model/tosca/grammars.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';

export const v2ValuesRule: ToscaRule = {
  codes: ['TOSCA270', 'TOSCA271', 'TOSCA272', 'TOSCA273'],
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
      checkAssigned(ctx, types, asMap(getPair(m, 'properties')?.value), ctx.model.types.properties(t), what);
      const caps = ctx.model.types.capabilities(t);
      for (const c of asMap(getPair(m, 'capabilities')?.value)?.pairs ?? []) {
        const ct = ctx.model.typeOf('capability', caps.get(c.key.text)?.type);
        const cm = asMap(c.value);
        if (ct && cm)
          checkAssigned(
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

function checkAssigned(
  ctx: ToscaRuleContext,
  types: V2DataTypes,
  props: YMap | null,
  defs: ReadonlyMap<string, PropInfo>,
  what: string,
): void {
  for (const p of props?.pairs ?? []) {
    const def = defs.get(p.key.text);
    if (def?.hasValue) {
      ctx.report({
        code: 'TOSCA273',
        severity: 'error',
        span: p.key.span,
        message:
          `Property \`${p.key.text}\` of ${what} has a fixed value (\`value\` in \`${def.owner.name}\`), and a ` +
          `fixed value cannot be assigned (TOSCA Version 2.0 §9.4). Remove the assignment.`,
      });
      continue;
    }
    if (p.value !== null) continue;
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
