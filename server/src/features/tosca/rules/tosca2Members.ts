/**
 * TOSCA245: the names a TOSCA 2.0 path walks and ends on, checked against the model where the
 * types are known (TOSCA Version 2.0 §10.3, §10.2.1.2–§10.2.1.4): the requirement after
 * RELATIONSHIP, the capability after CAPABILITY, and the property, attribute or artifact the call
 * reads. The walk follows a requirement to the node template it is assigned to (or to the node type
 * its definition names), and back along incoming relationships (`CAPABILITY, <name>, RELATIONSHIP`
 * from a node, `CAPABILITY, RELATIONSHIP` from a relationship: the requirements of the service
 * template assigned to that capability). It starts from a node or from a relationship (SELF in a
 * requirement, a relationship template or type, or a relationship template's name), so SOURCE and
 * TARGET lead on. It stops wherever the type is not known, its chain is not complete (a type from an
 * import that was not read), or several relationships could be meant, so an unknown name is never a guess.
 *
 * In a node or relationship type SELF may be any derived type, which may add members, and a node
 * filter selects nodes of derived types too: warnings there.
 */
import type { ReqInfo, ToscaType } from '../../../model/tosca/typeTable.js';
import { tosca2SelfAt } from '../../../model/tosca/scope.js';
import { isPathKeyword, pathItemOf, readPath, type PathContext } from '../../../model/tosca/v2/paths.js';
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
  /** For a relationship: the name of the target node's capability, when known; for a capability: its name. */
  capName?: string;
  /** For a capability: the node it belongs to. */
  node?: At;
}

/** A requirement assignment of a node template of the service template, as the walk reads it. */
interface Assignment {
  source: string;
  /** Position in the source's `requirements` list. */
  index: number;
  req: string;
  target?: string;
  capability?: string;
  /** The `relationship` keyname's value, when written. */
  relationship?: YNode;
}

/** What one check reads once: the requirement assignments and the template names. */
interface Env {
  ctx: ToscaRuleContext;
  assignments: Assignment[];
  nodes: Set<string>;
  rels: Set<string>;
}

export const tosca2MembersRule: ToscaRule = {
  codes: ['TOSCA245'],
  when: tosca2Only,
  check(ctx) {
    const declared = declaredFunctions(ctx);
    let env: Env | undefined;
    for (const call of callsOf(ctx).calls) {
      const section = SECTIONS[call.name];
      const items = asSeq(call.args)?.items;
      if (!section || !items || items.length < 2 || declared.has(call.name)) continue;
      env ??= envOf(ctx);
      // A type's SELF, or the candidates a node filter selects, may be of a derived type with more members.
      const soft =
        call.path[0] === 'node_types' || call.path[0] === 'relationship_types' || call.path.includes('node_filter');
      const start = startAt(env, call.path);
      walk(env, call.name, items, section, start, soft);
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
function startAt(env: Env, path: readonly (string | number)[]): { self?: At; ctx: PathContext } {
  const ctx = env.ctx;
  const s = tosca2SelfAt(ctx.model, [...path]);
  if (s.ctx === 'rel') {
    const self = relationshipSelf(env, path);
    return self ? { self, ctx: 'rel' } : { ctx: 'rel' };
  }
  if (s.ctx !== 'node' || !s.self) return { ctx: s.ctx };
  const t = s.self.type && chainComplete(ctx, s.self.type) ? { type: s.self.type } : {};
  return { self: { kind: 'node', ...t, ...(s.self.node ? { template: s.self.node.name } : {}) }, ctx: 'node' };
}

/**
 * SELF where it is a relationship (§10.3): inside a requirement assignment the relationship it
 * creates, inside a requirement definition the one its definition describes, in a relationship
 * template or type that relationship.
 */
function relationshipSelf(env: Env, path: readonly (string | number)[]): At | undefined {
  const [a, b, c, d, i, r] = path;
  if (a === 'service_template' && b === 'node_templates' && typeof c === 'string' && d === 'requirements') {
    const hit = env.assignments.find((x) => x.source === c && x.index === i && x.req === r);
    return hit ? relationshipOf(env, hit) : undefined;
  }
  if (a === 'service_template' && b === 'relationship_templates' && typeof c === 'string')
    return relationshipTemplate(env, c);
  if (a === 'node_types' && typeof b === 'string' && c === 'requirements' && typeof r === 'string') {
    const t = env.ctx.model.types.resolve(b, 'node');
    const def = t ? env.ctx.model.types.requirements(t).get(r) : undefined;
    if (!t || !def) return undefined;
    const source: At = { kind: 'node', ...typed(env.ctx, b, 'node') };
    return fromDefinition(env, source, def);
  }
  if (a === 'relationship_types' && typeof b === 'string') return { kind: 'rel', ...typed(env.ctx, b, 'relationship') };
  return undefined;
}

/** The requirement assignments of every node template (`req: node`, `req: { node, capability, relationship }`). */
function envOf(ctx: ToscaRuleContext): Env {
  const st = getIn(ctx.root, 'service_template');
  const names = (section: string): Set<string> => new Set(entries(getIn(st, section)).map((p) => p.key.text));
  const assignments: Assignment[] = [];
  for (const t of entries(getIn(st, 'node_templates')))
    asSeq(getIn(t.value, 'requirements'))?.items.forEach((item, index) => {
      const p = asMap(item)?.pairs[0];
      if (!p || asMap(item)!.pairs.length !== 1) return;
      const v = p.value;
      const a: Assignment = { source: t.key.text, index, req: p.key.text };
      // `req: name`, `req: [ name, index ]`, `req: { node: name }` or `{ node: [ name, index ] }`.
      const node = asMap(v) ? getIn(v, 'node') : v;
      const target = asScalar(node)?.value ?? asScalar(asSeq(node)?.items[0])?.value;
      if (typeof target === 'string') a.target = target;
      const cap = asScalar(getIn(asMap(v), 'capability'))?.value;
      if (typeof cap === 'string') a.capability = cap;
      const rel = getIn(asMap(v), 'relationship');
      if (rel) a.relationship = rel;
      assignments.push(a);
    });
  return { ctx, assignments, nodes: names('node_templates'), rels: names('relationship_templates') };
}

function relTemplateType(env: Env, name: string): ToscaType | undefined {
  const type = asScalar(getIn(env.ctx.root, 'service_template', 'relationship_templates', name, 'type'))?.value;
  return typeof type === 'string' ? typed(env.ctx, type, 'relationship').type : undefined;
}

/** A relationship template: its type, and its source and target when exactly one assignment uses it. */
function relationshipTemplate(env: Env, name: string): At {
  const uses = env.assignments.filter((a) => asScalar(a.relationship ?? null)?.value === name);
  const type = relTemplateType(env, name);
  if (uses.length === 1) {
    const r = relationshipOf(env, uses[0]!);
    return { ...r, kind: 'rel', ...(type ? { type } : {}) };
  }
  return { kind: 'rel', ...(type ? { type } : {}) };
}

/** The relationship type an assignment's `relationship` names (a template, a type, `{ type: ... }`). */
function assignedRelationship(env: Env, rel: YNode): { type?: ToscaType } {
  const name = asScalar(rel)?.value ?? asScalar(getIn(rel, 'type'))?.value;
  if (typeof name !== 'string') return {};
  if (asScalar(rel) && env.rels.has(name)) {
    const t = relTemplateType(env, name);
    return t ? { type: t } : {};
  }
  return typed(env.ctx, name, 'relationship');
}

/** A relationship from a requirement definition, from `source` to the node type the definition names. */
function fromDefinition(env: Env, source: At, def: ReqInfo): At {
  const capType = typed(env.ctx, def.capability, 'capability').type;
  return {
    kind: 'rel',
    ...typed(env.ctx, def.relationship, 'relationship'),
    source,
    target: { kind: 'node', ...typed(env.ctx, def.node, 'node') },
    ...(capType ? { capType } : {}),
  };
}

/** The relationship an assignment creates: its source and target templates, type and target capability. */
function relationshipOf(env: Env, a: Assignment, source = nodeTemplate(env.ctx, a.source)): At {
  const types = env.ctx.model.types;
  const src: At = source ?? { kind: 'node', template: a.source };
  const def = src.type ? types.requirements(src.type).get(a.req) : undefined;
  const base: At = def ? fromDefinition(env, src, def) : { kind: 'rel', source: src, target: { kind: 'node' } };
  const out: At = { ...base, source: src };
  const target = a.target ? nodeTemplate(env.ctx, a.target) : undefined;
  if (target) out.target = target;
  // A relationship written in the assignment may be of a derived type, with more members: that one is read.
  if (a.relationship) {
    delete out.type;
    const t = assignedRelationship(env, a.relationship).type;
    if (t) out.type = t;
  }
  const tt = out.target?.type;
  if (tt) {
    const caps = types.capabilities(tt);
    const named = a.capability !== undefined ? caps.get(a.capability) : undefined;
    if (named) {
      out.capName = named.name;
      const ct = typed(env.ctx, named.type, 'capability').type;
      if (ct) out.capType = ct;
      else delete out.capType;
    } else {
      const want = a.capability !== undefined ? typed(env.ctx, a.capability, 'capability').type : out.capType;
      if (a.capability !== undefined) {
        if (want) out.capType = want;
        else delete out.capType;
      }
      const fit = want
        ? [...caps.values()].filter((c) => {
            const ct = types.resolve(c.type, 'capability');
            return ct && types.isA(ct, want);
          })
        : [];
      if (fit.length === 1) out.capName = fit[0]!.name;
    }
  }
  return out;
}

/**
 * The incoming relationships of capability `cap` of `node` (§10.3: `CAPABILITY, <name>, RELATIONSHIP`):
 * the requirement assignments of the service template that target it. One relationship when only one
 * can be meant; with several of one type that type (no source); undefined when none is known.
 */
function incoming(env: Env, node: At | undefined, cap: string | undefined): At | undefined {
  if (!node?.template || !node.type || cap === undefined) return undefined;
  const types = env.ctx.model.types;
  const capDef = types.capabilities(node.type).get(cap);
  if (!capDef) return undefined;
  const capType = types.resolve(capDef.type, 'capability');
  const found: At[] = [];
  for (const a of env.assignments) {
    if (a.target !== node.template) continue;
    const r = relationshipOf(env, a);
    // An assignment whose target capability is not certainly another one may be an incoming relationship.
    if (r.capName !== undefined && r.capName !== cap) continue;
    if (r.capName === undefined && r.capType && capType && !types.isA(capType, r.capType)) continue;
    found.push(r);
  }
  if (found.length === 1) return { ...found[0]!, target: node, capName: cap };
  if (!found.length) return undefined;
  const type = found[0]!.type;
  const same = !!type && found.every((r) => r.type === type);
  return { kind: 'rel', target: node, capName: cap, ...(same ? { type } : {}) };
}

/** The path keywords that may go on from `at` (TOSCA Version 2.0 §10.3). */
function keywordsAfter(at: At | undefined): string[] {
  if (at?.kind === 'node') return ['RELATIONSHIP', 'CAPABILITY'];
  if (at?.kind === 'rel') return ['SOURCE', 'TARGET', 'CAPABILITY'];
  return at?.kind === 'cap' ? ['RELATIONSHIP'] : [];
}

function walk(
  env: Env,
  fn: string,
  items: readonly YNode[],
  section: string,
  start: { self?: At; ctx: PathContext },
  soft: boolean,
): void {
  const ctx = env.ctx;
  const kindOf = (n: string): 'node' | 'rel' | undefined =>
    env.nodes.has(n) ? 'node' : env.rels.has(n) ? 'rel' : undefined;
  const reading = readPath(items.map(pathItemOf), start.ctx, kindOf);
  if (reading.problems.length || reading.ends === 'unknown') return;
  if (fn === 'available_allocation' && reading.ends !== 'capability') return; // TOSCA240 says it
  const first = asScalar(items[0])?.value;
  let at: At | undefined =
    first === 'SELF'
      ? start.self
      : typeof first !== 'string'
        ? undefined
        : kindOf(first) === 'rel'
          ? relationshipTemplate(env, first)
          : nodeTemplate(ctx, first);
  const report = (n: YNode, what: string, name: string, names: Iterable<string>, typeName: string, kw = false) => {
    // `CAPABILTY` where the member name is read: a misspelt path keyword rather than a member.
    const s =
      didYouMean(name, names) ?? (kw && /^[A-Z]+$/.test(name) ? didYouMean(name, keywordsAfter(at)) : undefined);
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
      const from = at;
      const assigned = env.assignments.find((a) => a.source === from.template && a.req === text);
      at = assigned ? relationshipOf(env, assigned, from) : fromDefinition(env, from, def);
    } else if (step.role === 'capability') {
      if (at.kind !== 'node' || !at.type || typeof text !== 'string') return;
      const cap = ctx.model.types.capabilities(at.type).get(text);
      if (!cap)
        return report(items[step.at]!, 'capability', text, ctx.model.types.capabilities(at.type).keys(), at.type.name);
      at = { kind: 'cap', ...typed(ctx, cap.type, 'capability'), capName: text, node: at };
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
      else if (text === 'RELATIONSHIP' && at.kind === 'cap') at = incoming(env, at.node, at.capName);
      else if (text === 'RELATIONSHIP' && at.kind === 'rel') at = incoming(env, at.target, at.capName);
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
    report(member, fn === 'get_attribute' ? 'attribute or property' : 'property', name, names, at.type.name, true);
}
