/**
 * TOSCA245: the names a TOSCA 2.0 path walks and ends on, checked against the model where the
 * types are known (TOSCA Version 2.0 §10.3, §10.2.1.2–§10.2.1.4): the requirement after
 * RELATIONSHIP, the capability after CAPABILITY, and the property, attribute or artifact the call
 * reads. The walk follows a requirement to the node template it is assigned to (or to the node type
 * its definition names) and stops wherever the type is not known or its chain is not complete (a
 * type from an import that was not read), so an unknown name is never a guess.
 *
 * In a node type SELF may be any derived type, which may add members, and a node filter selects nodes
 * of derived types too: warnings there.
 */
import type { ToscaType } from '../../../model/tosca/typeTable.js';
import { tosca2SelfAt } from '../../../model/tosca/scope.js';
import { isPathKeyword, readPath, type PathContext, type PathItem } from '../../../model/tosca/v2/paths.js';
import { asMap, asScalar, asSeq, entries, getIn, type YNode } from '../../../syntax/tree.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import { chainComplete } from '../values.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import { callsOf, declaredFunctions, tosca2Only } from './tosca2Shared.js';

const SECTIONS: Readonly<Record<string, string>> = {
  get_property: '10.2.1.2',
  get_attribute: '10.2.1.3',
  get_artifact: '10.2.1.4',
  available_allocation: '10.2.1.8',
};

/** Where the walk is: a node (with its template when known), a relationship, or a capability. */
interface At {
  kind: 'node' | 'rel' | 'cap';
  type?: ToscaType;
  /** The node template, for a node reached through SELF, a name or an assigned requirement. */
  template?: string;
  /** For a relationship: its source node and its target node. */
  source?: At;
  target?: At;
  /** For a relationship: the capability type its requirement asks for. */
  capType?: ToscaType;
}

export const tosca2MembersRule: ToscaRule = {
  codes: ['TOSCA245'],
  when: tosca2Only,
  check(ctx) {
    const declared = declaredFunctions(ctx);
    for (const call of callsOf(ctx).calls) {
      const section = SECTIONS[call.name];
      const items = asSeq(call.args)?.items;
      if (!section || !items || items.length < 2 || declared.has(call.name)) continue;
      // A node type's SELF, or the candidates a node filter selects, may be of a derived type with more members.
      const soft = call.path[0] === 'node_types' || call.path.includes('node_filter');
      const start = startAt(ctx, call.path);
      walk(ctx, call.name, items, section, start, soft);
    }
  },
};

function nodeTemplate(ctx: ToscaRuleContext, name: string): At | undefined {
  const t = asMap(getIn(ctx.root, 'service_template', 'node_templates', name));
  if (!t) return undefined;
  const type = asScalar(getIn(t, 'type'))?.value;
  return { kind: 'node', template: name, ...typed(ctx, typeof type === 'string' ? type : undefined, 'node') };
}

function typed(ctx: ToscaRuleContext, name: string | undefined, kind: 'node' | 'relationship' | 'capability') {
  const t = name ? ctx.model.types.resolve(name, kind) : undefined;
  return t && chainComplete(ctx, t) ? { type: t } : {};
}

/** What SELF is where the call is (the one scope reading, model/tosca/scope.ts), as the walk's start. */
function startAt(ctx: ToscaRuleContext, path: readonly (string | number)[]): { self?: At; ctx: PathContext } {
  const s = tosca2SelfAt(ctx.model, [...path]);
  if (s.ctx !== 'node' || !s.self) return { ctx: s.ctx };
  const t = s.self.type && chainComplete(ctx, s.self.type) ? { type: s.self.type } : {};
  return { self: { kind: 'node', ...t, ...(s.self.node ? { template: s.self.node.name } : {}) }, ctx: 'node' };
}

function itemOf(n: YNode): PathItem {
  const s = asScalar(n);
  if (!s) return {};
  if (typeof s.value === 'string') return { text: s.value };
  if (typeof s.value === 'number' && Number.isInteger(s.value)) return { int: s.value };
  return {};
}

/** The node a template's requirement is assigned to (the first assignment of that name). */
function assignedTarget(ctx: ToscaRuleContext, template: string | undefined, req: string): At | undefined {
  if (!template) return undefined;
  const reqs = getIn(ctx.root, 'service_template', 'node_templates', template, 'requirements');
  for (const p of entries(reqs)) {
    if (p.key.text !== req) continue;
    const v = p.value;
    // `req: name`, `req: [ name, index ]`, `req: { node: name }` or `{ node: [ name, index ] }`.
    const node = getIn(v, 'node') ?? v;
    const nodeName = asScalar(node)?.value ?? asScalar(asSeq(node)?.items[0])?.value;
    return typeof nodeName === 'string' ? nodeTemplate(ctx, nodeName) : undefined;
  }
  return undefined;
}

function walk(
  ctx: ToscaRuleContext,
  fn: string,
  items: readonly YNode[],
  section: string,
  start: { self?: At; ctx: PathContext },
  soft: boolean,
): void {
  const st = new Set(entries(getIn(ctx.root, 'service_template', 'node_templates')).map((p) => p.key.text));
  const reading = readPath(items.map(itemOf), start.ctx, (n) => (st.has(n) ? 'node' : undefined));
  if (reading.problems.length || reading.ends === 'unknown') return;
  if (fn === 'available_allocation' && reading.ends !== 'capability') return; // TOSCA240 says it
  const first = asScalar(items[0])?.value;
  let at: At | undefined =
    first === 'SELF' ? start.self : typeof first === 'string' ? nodeTemplate(ctx, first) : undefined;
  const report = (n: YNode, what: string, name: string, names: Iterable<string>, typeName: string): void => {
    const s = didYouMean(name, names);
    ctx.report({
      code: 'TOSCA245',
      severity: soft ? 'warning' : 'error',
      span: n.span,
      message:
        `${typeName} has no ${what} \`${name}\`` +
        (s ? `; did you mean \`${s}\`?` : '.') +
        ` (TOSCA Version 2.0 §${section}, §10.3)`,
      ...replaceWith(s),
    });
  };
  for (let i = 0; i < reading.steps.length && at; i++) {
    const step = reading.steps[i]!;
    const text = asScalar(items[step.at])?.value;
    if (step.role === 'requirement') {
      if (at.kind !== 'node' || !at.type || typeof text !== 'string') return;
      const def = ctx.model.types.requirements(at.type).get(text);
      if (!def)
        return report(items[step.at]!, 'requirement', text, ctx.model.types.requirements(at.type).keys(), at.type.name);
      const target = assignedTarget(ctx, at.template, text) ?? {
        kind: 'node' as const,
        ...typed(ctx, def.node, 'node'),
      };
      const capType = typed(ctx, def.capability, 'capability').type;
      at = {
        kind: 'rel',
        ...typed(ctx, def.relationship, 'relationship'),
        source: at,
        target,
        ...(capType ? { capType } : {}),
      };
    } else if (step.role === 'capability') {
      if (at.kind !== 'node' || !at.type || typeof text !== 'string') return;
      const cap = ctx.model.types.capabilities(at.type).get(text);
      if (!cap)
        return report(items[step.at]!, 'capability', text, ctx.model.types.capabilities(at.type).keys(), at.type.name);
      at = { kind: 'cap', ...typed(ctx, cap.type, 'capability') };
    } else if (step.role === 'keyword') {
      if (text === 'SOURCE') at = at.kind === 'rel' ? at.source : undefined;
      else if (text === 'TARGET') at = at.kind === 'rel' ? at.target : undefined;
      else if (
        text === 'CAPABILITY' &&
        at.kind === 'rel' &&
        reading.ends === 'capability' &&
        i === reading.steps.length - 1
      )
        at = at.capType ? { kind: 'cap', type: at.capType } : undefined;
      else if (text === 'RELATIONSHIP' && at.kind !== 'node') at = undefined; // incoming relationships: not followed
    }
  }
  const member = items[reading.end];
  const name = asScalar(member)?.value;
  if (!at?.type || !member || typeof name !== 'string' || isPathKeyword(name) || name.includes('$')) return;
  const types = ctx.model.types;
  if (fn === 'get_artifact') {
    if (at.kind !== 'node') return;
    const own = entries(getIn(ctx.root, 'service_template', 'node_templates', at.template ?? '', 'artifacts')).map(
      (p) => p.key.text,
    );
    const names = new Set([...types.artifacts(at.type).keys(), ...own]);
    if (!names.has(name)) report(member, 'artifact', name, names, at.type.name);
    return;
  }
  const names = new Set(types.properties(at.type).keys());
  if (fn === 'get_attribute') for (const k of types.attributes(at.type).keys()) names.add(k);
  if (!names.has(name))
    report(member, fn === 'get_attribute' ? 'attribute or property' : 'property', name, names, at.type.name);
}
