/**
 * TOSCA 2.0 `call_operation` activities checked against the operation they call (TOSCA Version 2.0
 * §13.2.3.3): TOSCA209 an input the interface and the operation do not define, or a required input
 * (of the interface or of the operation, without default or fixed value) that neither the activity
 * nor the node template's interface assignment gives; TOSCA210 an input given `$get_input` of a
 * workflow input whose type does not match the input's type, or that the workflow declares optional
 * while the operation requires the input. Only node template targets whose type chain is complete
 * are checked, and only where every type along the way is known, so nothing is guessed.
 */
import type { TPropertyDef } from '../../../model/tosca/summary.js';
import type { ToscaType } from '../../../model/tosca/typeTable.js';
import { asMap, asScalar, asSeq, getIn, getPair, type YMap, type YNode } from '../../../syntax/tree.js';
import { chainComplete } from '../values.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import { tosca2Only } from './tosca2Shared.js';

const SECTION = 'TOSCA Version 2.0 §13.2.3.3';
const PRIMITIVES: readonly string[] = ['string', 'integer', 'float', 'boolean', 'bytes', 'nil', 'timestamp'];

/** What the definitions along the interface type and node type chains say of one input. */
interface InputDef {
  type?: string;
  required: boolean;
  optionalOk: boolean;
}

export const tosca2CallOperationRule: ToscaRule = {
  codes: ['TOSCA209', 'TOSCA210'],
  when: tosca2Only,
  check(ctx) {
    const workflows = asMap(getIn(ctx.root, 'service_template', 'workflows'));
    for (const wf of workflows?.pairs ?? []) {
      const body = asMap(wf.value);
      const wfInputs = asMap(getPair(body, 'inputs')?.value);
      for (const step of asMap(getPair(body, 'steps')?.value)?.pairs ?? []) {
        const m = asMap(step.value);
        const target = asScalar(getPair(m, 'target')?.value);
        if (!m || !target || getPair(m, 'target_relationship')) continue;
        for (const a of asSeq(getPair(m, 'activities')?.value)?.items ?? []) {
          const callPair = getPair(asMap(a), 'call_operation');
          const call = asMap(callPair?.value ?? null);
          const op = asScalar(getPair(call, 'operation')?.value);
          if (!callPair || !call || !op || typeof op.value !== 'string') continue;
          const where = `step \`${step.key.text}\` of workflow \`${wf.key.text}\``;
          checkActivity(ctx, target.text, op.value, call, callPair.key.span, wfInputs, where);
        }
      }
    }
  },
};

function checkActivity(
  ctx: ToscaRuleContext,
  targetName: string,
  opText: string,
  call: YMap,
  callSpan: YMap['span'],
  wfInputs: YMap | null,
  where: string,
): void {
  const types = ctx.model.types;
  const node = ctx.model.nodeTemplates.get(targetName);
  const nt = node ? types.resolve(node.type?.name, 'node') : undefined;
  const dot = opText.lastIndexOf('.');
  if (!node || !nt || dot <= 0 || !chainComplete(ctx, nt)) return;
  const ifaceName = opText.slice(0, dot);
  const opName = opText.slice(dot + 1);
  const iface = types.interfaces(nt).get(ifaceName);
  if (!iface) return;
  const it = types.resolve(iface.type, 'interface');
  if (iface.type && (!it || !chainComplete(ctx, it))) return;

  const defs = new Map<string, InputDef>();
  const add = (list: readonly TPropertyDef[]): void => {
    for (const d of list) {
      const prev = defs.get(d.name);
      defs.set(d.name, {
        type: d.type?.name ?? prev?.type,
        required: d.required ?? prev?.required ?? true,
        optionalOk: (prev?.optionalOk ?? false) || d.hasDefault || d.hasValue,
      });
    }
  };
  let opKnown = false;
  for (const x of it ? types.chain(it) : []) {
    add(x.decl?.inputs ?? []);
    const o = x.decl?.operations.find((d) => d.name === opName);
    if (o) {
      opKnown = true;
      add(o.inputs);
    }
  }
  for (const x of types.chain(nt)) {
    const i = x.decl?.interfaces.find((d) => d.name === ifaceName);
    if (!i) continue;
    add(i.inputs);
    const o = i.operations.find((d) => d.name === opName);
    if (o) {
      opKnown = true;
      add(o.inputs);
    }
  }
  // The node template's interface assignment gives values (and may add an operation of its own).
  const assigned = new Set<string>();
  const own = node.interfaces.find((i) => i.name === ifaceName);
  for (const i of own?.inputs ?? []) assigned.add(i.name);
  const ownOp = own?.operations.find((o) => o.name === opName);
  for (const i of ownOp?.inputs ?? []) assigned.add(i.name);
  if (!opKnown) return;

  const inputsPair = getPair(call, 'inputs');
  const given = asMap(inputsPair?.value ?? null);
  for (const p of given?.pairs ?? []) {
    const def = defs.get(p.key.text);
    if (!def) {
      if (assigned.has(p.key.text)) continue;
      ctx.report({
        code: 'TOSCA209',
        severity: 'error',
        span: p.key.span,
        message:
          `\`call_operation\` in ${where}: \`${p.key.text}\` is not an input of interface \`${ifaceName}\` or ` +
          `its operation \`${opName}\` (inputs: ${[...defs.keys()].join(', ') || 'none'}); define it there or ` +
          `remove it (${SECTION}).`,
      });
      continue;
    }
    checkWorkflowInput(ctx, p.key.text, p.value, def, wfInputs, where);
  }
  const missing = [...defs].filter(
    ([name, d]) => d.required && !d.optionalOk && !assigned.has(name) && !getPair(given, name),
  );
  if (missing.length)
    ctx.report({
      code: 'TOSCA209',
      severity: 'error',
      span: inputsPair?.key.span ?? callSpan,
      message:
        `\`call_operation\` in ${where}: the required input${missing.length > 1 ? 's' : ''} ` +
        `${missing.map(([n]) => `\`${n}\``).join(', ')} of \`${opText}\` ${missing.length > 1 ? 'are' : 'is'} ` +
        `not assigned (neither here nor in node template \`${targetName}\`); assign ` +
        `${missing.length > 1 ? 'them' : 'it'} under \`inputs\` (${SECTION}).`,
    });
}

/** `name: {$get_input: x}` where `x` is a workflow input: its type and `required` against the operation's. */
function checkWorkflowInput(
  ctx: ToscaRuleContext,
  name: string,
  value: YNode | null,
  def: InputDef,
  wfInputs: YMap | null,
  where: string,
): void {
  const call = asMap(value);
  if (!call || call.pairs.length !== 1 || call.pairs[0]!.key.text !== '$get_input') return;
  const argNode = call.pairs[0]!.value;
  const arg = asScalar(argNode) ?? (asSeq(argNode)?.items.length === 1 ? asScalar(asSeq(argNode)!.items[0]!) : null);
  if (!arg || typeof arg.value !== 'string') return;
  const wfDef = asMap(getPair(wfInputs, arg.value)?.value ?? null);
  if (!wfDef) return;
  const wfType = asScalar(getPair(wfDef, 'type')?.value)?.text;
  if (wfType && def.type && !compatible(ctx, wfType, def.type)) {
    ctx.report({
      code: 'TOSCA210',
      severity: 'error',
      span: call.span,
      message:
        `\`call_operation\` in ${where}: input \`${name}\` is of type \`${def.type}\`, but workflow input ` +
        `\`${arg.value}\` is of type \`${wfType}\`; make the types agree (${SECTION}).`,
    });
    return;
  }
  const req = asScalar(getPair(wfDef, 'required')?.value);
  const optional = req && (req.value === false || /^false$/i.test(req.text));
  if (optional && def.required && !def.optionalOk && !getPair(wfDef, 'default')) {
    ctx.report({
      code: 'TOSCA210',
      severity: 'error',
      span: call.span,
      message:
        `\`call_operation\` in ${where}: input \`${name}\` is required, but workflow input \`${arg.value}\` ` +
        `is optional (\`required: ${req.text}\`) and has no default; make it required or give it a default ` +
        `(${SECTION}).`,
    });
  }
}

/** Whether a value of type `from` may be assigned to an input of type `to` (unknown types are accepted). */
function compatible(ctx: ToscaRuleContext, from: string, to: string): boolean {
  if (from === to || (from === 'integer' && to === 'float')) return true;
  const types = ctx.model.types;
  const a: ToscaType | undefined = types.resolve(from, 'data');
  const b: ToscaType | undefined = types.resolve(to, 'data');
  if (a && b && (types.isA(a, b) || types.isA(b, a))) return true;
  return !(PRIMITIVES.includes(from) && PRIMITIVES.includes(to));
}
