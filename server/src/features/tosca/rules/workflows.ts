/**
 * Imperative workflows (`topology_template.workflows`, TOSCA Simple Profile in YAML 1.2 §7.3):
 * TOSCA100 a step (or precondition) `target` that is neither a node template nor a group of the
 * topology, or a `target_relationship` the target has no requirement of; TOSCA101 a
 * `call_operation` naming an interface or operation the target's type does not have; TOSCA102
 * `on_success` / `on_failure` naming a step the workflow does not define, or `inline` naming a
 * workflow the topology does not define. "Did you mean" findings point at the misspelt token only,
 * so the quick fix replaces just that.
 */
import {
  asMap,
  asScalar,
  asSeq,
  deref,
  getIn,
  getPair,
  type YMap,
  type YNode,
  type YScalar,
} from '../../../syntax/tree.js';
import type { TNodeTemplate } from '../../../model/tosca/summary.js';
import type { IfaceInfo, ToscaType } from '../../../model/tosca/typeTable.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import { operationsOf } from '../../../model/tosca/scope.js';
import { valuePartSpan } from '../spans.js';
import { chainComplete } from '../values.js';
import { simpleProfileOnly, type ToscaRule, type ToscaRuleContext } from './context.js';

export const workflowsRule: ToscaRule = {
  codes: ['TOSCA100', 'TOSCA101', 'TOSCA102'],
  when: simpleProfileOnly,
  check(ctx) {
    const workflows = asMap(getIn(ctx.root, ctx.grammar.topologyKey, 'workflows'));
    if (!workflows) return;
    const names = workflows.pairs.map((p) => p.key.text);
    for (const wf of workflows.pairs) {
      const body = asMap(wf.value);
      if (!body) continue;
      for (const pre of asSeq(getPair(body, 'preconditions')?.value)?.items ?? []) {
        checkTarget(ctx, asMap(pre), `a precondition of workflow \`${wf.key.text}\``);
      }
      const steps = asMap(getPair(body, 'steps')?.value);
      if (!steps) continue;
      const stepNames = steps.pairs.map((p) => p.key.text);
      for (const step of steps.pairs) {
        const m = asMap(step.value);
        if (!m) continue;
        const where = `step \`${step.key.text}\` of workflow \`${wf.key.text}\``;
        const target = checkTarget(ctx, m, where);
        for (const a of asSeq(getPair(m, 'activities')?.value)?.items ?? []) {
          const act = asMap(a);
          // 1.3 also writes `call_operation: { operation: Iface.op, inputs: ... }`.
          const call = getPair(act, 'call_operation')?.value;
          const op = asScalar(call) ?? asScalar(getPair(asMap(call), 'operation')?.value);
          if (op && target) checkCallOperation(ctx, op, target, where);
          const inline = asScalar(getPair(act, 'inline')?.value);
          if (inline) checkName(ctx, inline, names, `\`inline\` in ${where}`, 'a workflow of this topology');
        }
        for (const key of ['on_success', 'on_failure']) {
          const v = deref(getPair(m, key)?.value ?? null);
          // The spec's grammar lists step names; its own examples also write a single name.
          const refs: YNode[] = v?.kind === 'seq' ? v.items : v ? [v] : [];
          for (const r of refs) {
            const s = asScalar(r);
            if (s) checkName(ctx, s, stepNames, `\`${key}\` of ${where}`, `a step of workflow \`${wf.key.text}\``);
          }
        }
      }
    }
  },
};

/** What a step acts on: a node template (and maybe one of its requirements' relationships) or a group. */
interface StepTarget {
  type?: ToscaType;
  node?: TNodeTemplate;
  /** `target_relationship`: the operation belongs to that requirement's relationship. */
  relationship?: boolean;
  label: string;
}

function checkTarget(ctx: ToscaRuleContext, m: YMap | null, where: string): StepTarget | undefined {
  const s = asScalar(getPair(m, 'target')?.value);
  if (!s || s.value === null) return undefined;
  const model = ctx.model;
  const types = model.types;
  const node = model.nodeTemplates.get(s.text);
  const group = node ? undefined : model.groups.get(s.text);
  // Unfurl's workflow targets may name a node type ("Unfurl Specific: Extensions").
  if (!node && !group && ctx.options.dialect === 'unfurl' && types.resolve(s.text, 'node')) return undefined;
  if (!node && !group) {
    const hint = didYouMean(s.text, [...model.nodeTemplates.keys(), ...model.groups.keys()]);
    ctx.report({
      code: 'TOSCA100',
      severity: 'error',
      span: s.span,
      message:
        `The target \`${s.text}\` of ${where} is neither a node template nor a group of this ` +
        `topology${suggestion(hint)}.`,
      ...replaceWith(hint),
    });
    return undefined;
  }
  const label = `${node ? 'node template' : 'group'} \`${s.text}\``;
  const rel = asScalar(getPair(m, 'target_relationship')?.value);
  if (rel && rel.value !== null) {
    if (!node) {
      ctx.report({
        code: 'TOSCA100',
        severity: 'error',
        span: rel.span,
        message:
          `\`target_relationship\` of ${where} names a requirement, but the target is a group, not a node ` +
          'template.',
      });
      return undefined;
    }
    const nt = types.resolve(node.type?.name, 'node');
    const reqs = nt ? types.requirements(nt) : undefined;
    // Alien4Cloud names the relationship of an assignment that gives `type_requirement`, and the step names that.
    const assigned = node.requirements.find((r) => r.name === rel.text || r.relationshipName === rel.text);
    if (!assigned && reqs && !reqs.has(rel.text) && nt && chainComplete(ctx, nt)) {
      const hint = didYouMean(rel.text, [...new Set([...node.requirements.map((r) => r.name), ...reqs.keys()])]);
      ctx.report({
        code: 'TOSCA100',
        severity: 'error',
        span: rel.span,
        message: `\`target_relationship\` of ${where}: ${label} has no requirement \`${rel.text}\`${suggestion(hint)}.`,
        ...replaceWith(hint),
      });
      return undefined;
    }
    const relName = assigned?.relationship
      ? (model.relationshipTemplates.get(assigned.relationship.name)?.type?.name ?? assigned.relationship.name)
      : reqs?.get(rel.text)?.relationship;
    const rt = types.resolve(relName, 'relationship');
    return rt
      ? { type: rt, relationship: true, label: `the relationship of requirement \`${rel.text}\` of ${label}` }
      : undefined;
  }
  // Operations of a group step run on its members (or its `operation_host`), whose interfaces
  // processors look up differently: only node template targets are checked.
  const t = node ? types.resolve(node.type?.name, 'node') : undefined;
  return { ...(t ? { type: t } : {}), ...(node ? { node } : {}), label };
}

/** `call_operation: <interface>.<operation>`: the interface (a name or an interface type name) and the operation. */
function checkCallOperation(ctx: ToscaRuleContext, s: YScalar, target: StepTarget, where: string): void {
  const types = ctx.model.types;
  const text = s.text;
  const dot = text.lastIndexOf('.');
  if (dot <= 0 || dot === text.length - 1) {
    ctx.report({
      code: 'TOSCA101',
      severity: 'error',
      span: s.span,
      message:
        `\`call_operation\` in ${where} is \`<interface>.<operation>\`, e.g. ` +
        '`Standard.create` or `tosca.interfaces.node.lifecycle.Standard.create`.',
    });
    return;
  }
  const t = target.type;
  if (!t || !chainComplete(ctx, t)) return;
  const ifaceName = text.slice(0, dot);
  const opName = text.slice(dot + 1);
  const ifaces = types.interfaces(t);
  let iface: IfaceInfo | undefined = ifaces.get(ifaceName);
  if (!iface) {
    // The interface's type name (`tosca.interfaces.node.lifecycle.Standard`), as the spec's examples write it.
    const asType = types.resolve(ifaceName, 'interface');
    if (asType)
      iface = [...ifaces.values()].find((i) => {
        const it = types.resolve(i.type, 'interface');
        return it ? types.isA(it, asType) || types.isA(asType, it) : false;
      });
  }
  if (!iface) {
    // An interface the template adds itself (custom interfaces on node templates are common in examples).
    const own = target.node?.interfaces.find((i) => i.name === ifaceName);
    if (own) {
      if (!own.operations.some((o) => o.name === opName))
        reportOperation(ctx, s, dot, opName, ifaceName, new Set(own.operations.map((o) => o.name)), where);
      return;
    }
    const hint = didYouMean(ifaceName, ifaces.keys());
    const span = hint ? valuePartSpan(ctx.doc.text, s, 0, dot) : undefined;
    ctx.report({
      code: 'TOSCA101',
      severity: 'error',
      span: span ?? s.span,
      message:
        `\`call_operation\` in ${where}: ${target.label} (type \`${t.name}\`) has no interface ` +
        `\`${ifaceName}\`${suggestion(hint, { label: 'interfaces', names: ifaces.keys() })}.`,
      ...(span ? replaceWith(hint) : {}),
    });
    return;
  }
  const it = types.resolve(iface.type, 'interface');
  if (it && !chainComplete(ctx, it)) return;
  const ops = operationsOf(ctx.model, iface, target.node);
  if (!ops.has(opName)) reportOperation(ctx, s, dot, opName, iface.name, ops, where);
}

function reportOperation(
  ctx: ToscaRuleContext,
  s: YScalar,
  dot: number,
  opName: string,
  ifaceName: string,
  ops: Set<string>,
  where: string,
): void {
  const hint = didYouMean(opName, ops);
  const span = hint ? valuePartSpan(ctx.doc.text, s, dot + 1, s.text.length) : undefined;
  ctx.report({
    code: 'TOSCA101',
    severity: 'error',
    span: span ?? s.span,
    message:
      `\`call_operation\` in ${where}: interface \`${ifaceName}\` has no operation \`${opName}\`` +
      `${suggestion(hint, { label: 'operations', names: ops })}.`,
    ...(span ? replaceWith(hint) : {}),
  });
}

/** A step or workflow name that must be one of `names`. */
function checkName(ctx: ToscaRuleContext, s: YScalar, names: string[], what: string, want: string): void {
  if (s.value === null || names.includes(s.text)) return;
  const hint = didYouMean(s.text, names);
  ctx.report({
    code: 'TOSCA102',
    severity: 'error',
    span: s.span,
    message: `${what[0]!.toUpperCase()}${what.slice(1)} names \`${s.text}\`, which is not ${want}${
      hint ? ` (did you mean \`${hint}\`?)` : names.length ? ` (${names.join(', ')})` : ''
    }.`,
    ...replaceWith(hint),
  });
}
