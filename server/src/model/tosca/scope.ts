/**
 * What the entity arguments of `get_property` & co mean at a place in the document: the scope
 * (node template, relationship, output, type definition...) gives SELF, SOURCE, TARGET and HOST;
 * template names give their templates. Then the members (properties, attributes, capabilities,
 * requirements, interfaces, artifacts) those entities have.
 *
 * The one reading of scopes: the function rule (what it reports), completion (what it offers) and
 * hover (what it says a keyword denotes) all ask `scopeAt` and `keywordsFor`, so an editor never
 * offers what the checker rejects, nor the other way round.
 */
import type { ToscaModel } from './model.js';
import { TYPE_SECTIONS, type TNodeTemplate } from './summary.js';
import type { ArtifactInfo, CapInfo, IfaceInfo, PropInfo, ReqInfo, ToscaType } from './typeTable.js';
import { hostChain, type Host } from './graph.js';
import type { TreePath } from '../../syntax/cursor.js';

/** The reserved entity keywords of `get_property` & co (Simple Profile 1.3 §4.1). */
export type EntityKeyword = 'SELF' | 'SOURCE' | 'TARGET' | 'HOST';

export type ScopeKind =
  | 'node'
  | 'relationship'
  | 'inline-relationship'
  | 'group'
  | 'policy'
  | 'output'
  | 'input'
  | 'node-type'
  /** A relationship type, or the relationship of a requirement definition in a node type. */
  | 'relationship-type'
  /** An interface type: its operations may run for a node (HOST) or for a relationship (SOURCE, TARGET). */
  | 'interface-type'
  | 'other-type'
  | 'workflow'
  | 'other';

export interface Entity {
  type?: ToscaType;
  node?: TNodeTemplate;
  /** HOST: the hosts, nearest first. */
  hosts?: Host[];
  /** HOST: the chain may go on beyond `hosts`, to a host the orchestrator picks. */
  hostsOpen?: boolean;
}

export interface FnScope {
  kind: ScopeKind;
  /** SELF; SOURCE and TARGET, present exactly where the keyword is valid (`{}` when unknown). */
  self?: Entity;
  source?: Entity;
  target?: Entity;
  /** The node template the call is in (HOST walks up from it). */
  node?: TNodeTemplate;
  /** Inside the topology template, where `get_input` names its inputs. */
  inTopology: boolean;
}

function nodeEntity(model: ToscaModel, node: TNodeTemplate | undefined): Entity {
  const t = model.types.resolve(node?.type?.name, 'node');
  return { ...(t ? { type: t } : {}), ...(node ? { node } : {}) };
}

function typed(t: ToscaType | undefined): Entity {
  return t ? { type: t } : {};
}

function relTypeOf(model: ToscaModel, name: string | undefined): ToscaType | undefined {
  if (!name) return undefined;
  const rt = model.relationshipTemplates.get(name);
  return model.types.resolve(rt?.type?.name ?? name, 'relationship');
}

/**
 * The scope of a place in the document (keys and list indexes from the root).
 *
 * SOURCE and TARGET exist only where a relationship is being written: relationship templates,
 * a requirement's inline relationship, relationship types, the relationship of a requirement
 * definition, interface types (which relationship types use) and workflows (whose steps may target
 * relationships). Elsewhere, a node type or a data type say, they denote nothing (§4.1).
 */
export function scopeAt(model: ToscaModel, path: TreePath): FnScope {
  const [a, b, c] = path;
  if (a === 'topology_template') {
    const inTopology = true;
    if (b === 'node_templates' && typeof c === 'string') {
      const node = model.nodeTemplates.get(c);
      const self = nodeEntity(model, node);
      // [tt, node_templates, N, requirements, i, req, relationship, ...]: an inline relationship.
      if (path[3] === 'requirements' && path[6] === 'relationship' && path.length > 7 && node) {
        const i = path[4];
        const reqName = path[5];
        const ra =
          (typeof i === 'number' && node.requirements[i]?.name === reqName ? node.requirements[i] : undefined) ??
          node.requirements.find((r) => r.name === reqName);
        const target = ra?.node ? model.nodeTemplates.get(ra.node.name) : undefined;
        const relType =
          relTypeOf(model, ra?.relationship?.name) ??
          (self.type && typeof reqName === 'string'
            ? model.types.resolve(model.types.requirements(self.type).get(reqName)?.relationship, 'relationship')
            : undefined);
        return {
          kind: 'inline-relationship',
          node,
          self: typed(relType),
          source: self,
          target: nodeEntity(model, target),
          inTopology,
        };
      }
      return node ? { kind: 'node', node, self, inTopology } : { kind: 'node', self, inTopology };
    }
    if (b === 'relationship_templates' && typeof c === 'string') {
      const t = model.types.resolve(model.relationshipTemplates.get(c)?.type?.name, 'relationship');
      return { kind: 'relationship', self: typed(t), source: {}, target: {}, inTopology };
    }
    if (b === 'groups' && typeof c === 'string') {
      const t = model.types.resolve(model.groups.get(c)?.type?.name, 'group');
      return { kind: 'group', self: typed(t), inTopology };
    }
    if (b === 'policies') {
      const name = typeof c === 'string' ? c : path[3];
      const t =
        typeof name === 'string' ? model.types.resolve(model.policies.get(name)?.type?.name, 'policy') : undefined;
      return { kind: 'policy', self: typed(t), inTopology };
    }
    if (b === 'outputs') return { kind: 'output', inTopology };
    if (b === 'inputs') return { kind: 'input', inTopology };
    if (b === 'workflows') return { kind: 'workflow', self: {}, source: {}, target: {}, inTopology };
    return { kind: 'other', inTopology };
  }
  const kind = typeof a === 'string' ? TYPE_SECTIONS[a] : undefined;
  if (kind && typeof b === 'string') {
    const d = model.summary.types.find((x) => x.kind === kind && x.name === b);
    const t = d ? model.declared(d) : undefined;
    const inTopology = false;
    // [node_types, T, requirements, i, req, relationship, ...]: the relationship of a requirement definition.
    if (kind === 'node' && path[2] === 'requirements' && path[5] === 'relationship' && path.length > 6) {
      const reqName = path[4];
      const def = t && typeof reqName === 'string' ? model.types.requirements(t).get(reqName) : undefined;
      const rel = model.types.resolve(def?.relationship, 'relationship');
      return { kind: 'relationship-type', self: typed(rel), source: {}, target: {}, inTopology };
    }
    const self = typed(t);
    if (kind === 'node') return { kind: 'node-type', self, inTopology };
    if (kind === 'relationship') return { kind: 'relationship-type', self, source: {}, target: {}, inTopology };
    if (kind === 'interface') return { kind: 'interface-type', self, source: {}, target: {}, inTopology };
    return { kind: 'other-type', self, inTopology };
  }
  return { kind: 'other', inTopology: false };
}

/** Whether HOST means something in `scope`: where a node (template, type, or an interface's operation) runs. */
export function hostAllowed(scope: FnScope): boolean {
  return scope.kind === 'node' || scope.kind === 'node-type' || scope.kind === 'interface-type';
}

/** The keywords that mean something in `scope`, for `fn` (`get_operation_output` and `get_artifact` take no HOST). */
export function keywordsFor(scope: FnScope, fn: string): EntityKeyword[] {
  const out: EntityKeyword[] = [];
  if (scope.self) out.push('SELF');
  if (scope.source) out.push('SOURCE');
  if (scope.target) out.push('TARGET');
  if (hostAllowed(scope) && hostFunction(fn)) out.push('HOST');
  return out;
}

/** The functions whose entity may be HOST. */
export function hostFunction(fn: string): boolean {
  return fn === 'get_property' || fn === 'get_attribute';
}

/**
 * HOST in `scope`: the hosts of the node template the call is in (`hosts` empty and `hostsOpen`
 * when the orchestrator picks them), `{}` in a type (any host), undefined where there is no host.
 */
export function hostEntity(
  model: ToscaModel,
  scope: FnScope,
  complete?: (t: ToscaType) => boolean,
): Entity | undefined {
  if (!hostAllowed(scope)) return undefined;
  if (scope.kind !== 'node' || !scope.node) return {};
  const chain = hostChain(model, scope.node, complete);
  if (!chain) return { hosts: [], hostsOpen: true };
  const first = chain.hosts[0];
  return { hosts: chain.hosts, hostsOpen: chain.open, ...(first ? { type: first.type, node: first.node } : {}) };
}

/** The entity the first argument of `get_property` & co denotes. */
export function entityOf(model: ToscaModel, scope: FnScope, name: string): Entity | undefined {
  switch (name) {
    case 'SELF':
      return scope.self;
    case 'SOURCE':
      return scope.source;
    case 'TARGET':
      return scope.target;
    case 'HOST':
      return hostEntity(model, scope);
  }
  const node = model.nodeTemplates.get(name);
  if (node) return nodeEntity(model, node);
  const rel = model.relationshipTemplates.get(name);
  if (rel) return typed(model.types.resolve(rel.type?.name, 'relationship'));
  const g = model.groups.get(name);
  if (g) return typed(model.types.resolve(g.type?.name, 'group'));
  const p = model.policies.get(name);
  if (p) return typed(model.types.resolve(p.type?.name, 'policy'));
  return undefined;
}

/** The types an entity's members come from (HOST: every host, nearest first). */
export function entityTypes(e: Entity | undefined): ToscaType[] {
  if (!e) return [];
  if (e.hosts) return e.hosts.map((h) => h.type);
  return e.type ? [e.type] : [];
}

export interface MemberHit {
  prop?: { info: PropInfo; attribute: boolean; on: ToscaType; via?: string };
  cap?: { info: CapInfo; on: ToscaType };
  req?: { info: ReqInfo; on: ToscaType };
}

/** A property (attribute when `attributes`, falling back to properties, which are reflected as attributes) of `t`. */
export function propOf(
  model: ToscaModel,
  t: ToscaType,
  name: string,
  attributes: boolean,
): { info: PropInfo; attribute: boolean } | undefined {
  if (attributes) {
    const a = model.types.attributes(t).get(name);
    if (a) return { info: a, attribute: true };
  }
  const p = model.types.properties(t).get(name);
  return p ? { info: p, attribute: false } : undefined;
}

/**
 * Resolves the names after the entity of `get_property`/`get_attribute` up to `upto` (index into
 * `names`): a property, or a capability / requirement and then a property of the capability.
 */
export function memberPath(
  model: ToscaModel,
  types: ToscaType[],
  names: string[],
  upto: number,
  attributes: boolean,
): MemberHit | undefined {
  const first = names[0];
  if (first === undefined) return undefined;
  for (const t of types) {
    const p = propOf(model, t, first, attributes);
    if (p) return upto === 0 ? { prop: { ...p, on: t } } : undefined;
    if (t.kind !== 'node') continue;
    const cap = model.types.capabilities(t).get(first);
    if (cap) {
      if (upto === 0) return { cap: { info: cap, on: t } };
      const ct = model.types.resolve(cap.type, 'capability');
      const second = names[1];
      if (upto !== 1 || !ct || second === undefined) return undefined;
      const cp = propOf(model, ct, second, attributes);
      return cp ? { prop: { ...cp, on: ct, via: first } } : undefined;
    }
    const req = model.types.requirements(t).get(first);
    if (req) return upto === 0 ? { req: { info: req, on: t } } : undefined;
  }
  return undefined;
}

/** Interfaces of an entity's type (templates may add operations). */
export function interfacesOf(model: ToscaModel, e: Entity | undefined): Map<string, IfaceInfo> {
  const out = new Map<string, IfaceInfo>();
  for (const t of entityTypes(e)) for (const [k, v] of model.types.interfaces(t)) if (!out.has(k)) out.set(k, v);
  return out;
}

/** Operation names of an interface of an entity: the interface type's, the definition's and the template's. */
export function operationsOf(model: ToscaModel, iface: IfaceInfo, node?: TNodeTemplate): Set<string> {
  const it = model.types.resolve(iface.type, 'interface');
  const ops = new Set<string>([...(it ? model.types.operations(it) : []), ...iface.operations]);
  for (const i of node?.interfaces ?? []) if (i.name === iface.name) for (const o of i.operations) ops.add(o.name);
  return ops;
}

export function artifactsOf(
  model: ToscaModel,
  e: Entity | undefined,
): Map<string, ArtifactInfo | { name: string; type?: string }> {
  const out = new Map<string, ArtifactInfo | { name: string; type?: string }>();
  for (const t of entityTypes(e)) for (const [k, v] of model.types.artifacts(t)) out.set(k, v);
  for (const a of e?.node?.artifacts ?? [])
    if (!out.has(a.name)) out.set(a.name, a.type ? { name: a.name, type: a.type.name } : { name: a.name });
  return out;
}

/** What SELF starts a TOSCA 2.0 path from: a node, a relationship, or either (§10.3). */
export type SelfContext = 'node' | 'rel' | 'either';

/**
 * SELF in a TOSCA 2.0 path (TOSCA Version 2.0 §10.3): the node or relationship the definition
 * belongs to, and inside a requirement (definition or assignment, its node filter included) the
 * requirement's relationship. Read from the same scopes as `scopeAt`, `service_template` being 2.0's
 * topology; where the scope has no node or relationship of its own (data types, capability and
 * interface types, outputs) SELF may be either.
 */
export function tosca2SelfAt(model: ToscaModel, path: TreePath): { ctx: SelfContext; self?: Entity } {
  if (path.includes('requirements')) return { ctx: 'rel' };
  const p = path[0] === 'service_template' ? ['topology_template', ...path.slice(1)] : path;
  const s = scopeAt(model, p);
  switch (s.kind) {
    case 'node':
    case 'node-type':
      return { ctx: 'node', ...(s.self ? { self: s.self } : {}) };
    case 'relationship':
    case 'relationship-type':
    case 'inline-relationship':
      return { ctx: 'rel' };
    default:
      return { ctx: 'either' };
  }
}
