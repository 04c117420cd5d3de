/**
 * Interfaces: TOSCA080 an operation the interface type does not declare (templates), TOSCA081 an
 * interface the node/relationship/group type does not declare, or an unknown interface type,
 * TOSCA082 (warning) an interface *type* giving an operation an implementation (OASIS assertion
 * 3.6.4-04: implementations belong in node/relationship types or templates).
 */
import { entries, getIn, asMap, deref } from '../../../syntax/tree.js';
import type { TInterfaceAssignment } from '../../../model/tosca/summary.js';
import type { ToscaType } from '../../../model/tosca/typeTable.js';
import { chainComplete } from '../values.js';
import { UNFURL_INTERFACES } from '../dialects.js';
import { AMP_CHECK_RUNNING, ampDialect, simpleProfileOnly, type ToscaRule, type ToscaRuleContext } from './context.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';

export const interfacesRule: ToscaRule = {
  codes: ['TOSCA080', 'TOSCA081', 'TOSCA082'],
  when: simpleProfileOnly,
  check(ctx) {
    const model = ctx.model;
    const types = model.types;
    for (const n of model.summary.topology?.nodeTemplates ?? []) {
      const t = types.resolve(n.type?.name, 'node');
      if (t) checkAssignments(ctx, t, n.interfaces, `node template \`${n.name}\``);
      for (const r of n.requirements) {
        if (!r.relationshipInterfaces.length) continue;
        const rel = types.resolve(r.relationship?.name, 'relationship');
        if (rel)
          checkAssignments(
            ctx,
            rel,
            r.relationshipInterfaces,
            `the relationship of requirement \`${r.name}\` of \`${n.name}\``,
          );
      }
    }
    for (const r of model.summary.topology?.relationshipTemplates ?? []) {
      const t = types.resolve(r.type?.name, 'relationship');
      if (t) checkAssignments(ctx, t, r.interfaces, `relationship template \`${r.name}\``);
    }
    for (const g of model.summary.topology?.groups ?? []) {
      const t = types.resolve(g.type?.name, 'group');
      if (t) checkAssignments(ctx, t, g.interfaces, `group \`${g.name}\``);
    }
    // Interface types should not implement their operations (in 2.0 an error, TOSCA212 in tosca2InterfaceTypes.ts).
    const root = ctx.root;
    if (ctx.grammar.id === '2_0') return;
    for (const tp of entries(getIn(root, 'interface_types'))) {
      for (const op of entries(tp.value)) {
        const candidates = op.key.text === 'operations' ? entries(op.value) : [op];
        for (const o of candidates) {
          const impl = asMap(o.value)?.pairs.find((q) => q.key.text === 'implementation');
          if (impl && deref(impl.value)) {
            ctx.report({
              code: 'TOSCA082',
              severity: 'warning',
              span: impl.key.span,
              message:
                `Operation \`${o.key.text}\` of interface type \`${tp.key.text}\` has an implementation; ` +
                `interface types declare operations, node or relationship types and templates implement them.`,
            });
          }
        }
      }
    }
  },
};

function checkAssignments(ctx: ToscaRuleContext, t: ToscaType, assigned: TInterfaceAssignment[], what: string): void {
  const types = ctx.model.types;
  if (!chainComplete(ctx, t)) return;
  const ifaces = types.interfaces(t);
  for (const a of assigned) {
    let def = ifaces.get(a.name);
    if (!def) {
      // Some processors accept the interface's type name (`tosca.interfaces.node.lifecycle.Standard`) as its name.
      const asType = types.resolve(a.name, 'interface');
      def = asType ? [...ifaces.values()].find((i) => types.resolve(i.type, 'interface') === asType) : undefined;
    }
    // Unfurl gives every node its Install and Mock interfaces, and `defaults` applies to all operations.
    if (!def && ctx.options.dialect === 'unfurl' && UNFURL_INTERFACES.has(a.name)) continue;
    if (!def && ampDialect(ctx) && (AMP_CHECK_RUNNING.names as readonly string[]).includes(a.name)) {
      // Cloudsoft AMP's service monitoring interface, which every node has under the dialect.
      checkOperations(ctx, a, new Set(AMP_CHECK_RUNNING.operations), `\`${a.name}\` (Cloudsoft AMP's)`, what);
      continue;
    }
    if (!def) {
      const hint = didYouMean(a.name, ifaces.keys());
      ctx.report({
        code: 'TOSCA081',
        severity: 'error',
        span: a.keySpan,
        message:
          `\`${t.name}\` (the type of ${what}) declares no interface ` +
          `\`${a.name}\`${suggestion(hint, { label: 'interfaces', names: ifaces.keys() })}.`,
        ...replaceWith(hint),
      });
      continue;
    }
    const it = types.resolve(a.type?.name ?? def.type, 'interface');
    if (!it || !chainComplete(ctx, it)) continue;
    const ops = new Set([...types.operations(it), ...def.operations, ...def.notifications]);
    checkOperations(ctx, a, ops, `\`${a.name}\` (type \`${it.name}\`)`, what);
  }
}

/** TOSCA080 for every operation of the assignment `ops` does not have; `label` describes the interface. */
function checkOperations(
  ctx: ToscaRuleContext,
  a: TInterfaceAssignment,
  ops: ReadonlySet<string>,
  label: string,
  what: string,
): void {
  for (const op of [...a.operations, ...a.notifications]) {
    if (ops.has(op.name)) continue;
    const hint = didYouMean(op.name, ops);
    ctx.report({
      code: 'TOSCA080',
      severity: 'error',
      span: op.keySpan,
      message:
        `Interface ${label} of ${what} has no operation ` +
        `\`${op.name}\`${suggestion(hint, { label: 'operations', names: ops })}. ` +
        'Templates can only implement operations their interface type or node type declares.',
      ...replaceWith(hint),
    });
  }
}
