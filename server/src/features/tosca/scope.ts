/**
 * What the entity arguments of `get_property` & co mean at a place in the document: the scope
 * (node template, relationship, output, type definition...) gives SELF, SOURCE, TARGET and HOST;
 * template names give their templates. Then the members (properties, attributes, capabilities,
 * requirements, interfaces, artifacts) those entities have.
 */
import type { ToscaModel } from '../../model/tosca/model.js';
import { TYPE_SECTIONS, type TNodeTemplate } from '../../model/tosca/summary.js';
import type { ArtifactInfo, CapInfo, IfaceInfo, PropInfo, ReqInfo, ToscaType } from '../../model/tosca/typeTable.js';
import type { EntityKeyword } from './docs.js';
import type { TreePath } from '../../syntax/cursor.js';

export type ScopeKind =
  | 'node'
  | 'relationship'
  | 'inline-relationship'
  | 'group'
  | 'policy'
  | 'output'
  | 'input'
  | 'node-type'
  | 'relationship-type'
  | 'other-type'
  | 'workflow'
  | 'other';

export interface Entity {
  type?: ToscaType;
  node?: TNodeTemplate;
  /** HOST: the hosts, nearest first. */
  hosts?: { node: TNodeTemplate; type: ToscaType }[];
}

export interface FnScope {
  kind: ScopeKind;
  self?: Entity;
  source?: Entity;
  target?: Entity;
  /** The node template the call is in (HOST walks up from it). */
  node?: TNodeTemplate;
}

function nodeEntity(model: ToscaModel, node: TNodeTemplate | undefined): Entity {
  const t = model.types.resolve(node?.type?.name, 'node');
  return { ...(t ? { type: t } : {}), ...(node ? { node } : {}) };
}

function relTypeOf(model: ToscaModel, name: string | undefined): ToscaType | undefined {
  if (!name) return undefined;
  const rt = model.relationshipTemplates.get(name);
  return model.types.resolve(rt?.type?.name ?? name, 'relationship');
}

/** The scope of a place in the document (keys and list indexes from the root). */
export function scopeAt(model: ToscaModel, path: TreePath): FnScope {
  const [a, b, c] = path;
  if (a === 'topology_template') {
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
          self: relType ? { type: relType } : {},
          source: self,
          target: nodeEntity(model, target),
        };
      }
      return node ? { kind: 'node', node, self } : { kind: 'node', self };
    }
    if (b === 'relationship_templates' && typeof c === 'string') {
      const t = model.types.resolve(model.relationshipTemplates.get(c)?.type?.name, 'relationship');
      return { kind: 'relationship', self: t ? { type: t } : {}, source: {}, target: {} };
    }
    if (b === 'groups' && typeof c === 'string') {
      const t = model.types.resolve(model.groups.get(c)?.type?.name, 'group');
      return { kind: 'group', self: t ? { type: t } : {} };
    }
    if (b === 'policies') {
      const name = typeof c === 'string' ? c : path[3];
      const t =
        typeof name === 'string' ? model.types.resolve(model.policies.get(name)?.type?.name, 'policy') : undefined;
      return { kind: 'policy', self: t ? { type: t } : {} };
    }
    if (b === 'outputs') return { kind: 'output' };
    if (b === 'inputs') return { kind: 'input' };
    if (b === 'workflows') return { kind: 'workflow', source: {}, target: {} };
    return { kind: 'other' };
  }
  const kind = typeof a === 'string' ? TYPE_SECTIONS[a] : undefined;
  if (kind && typeof b === 'string') {
    const d = model.summary.types.find((x) => x.kind === kind && x.name === b);
    const t = d ? model.declared(d) : undefined;
    const self: Entity = t ? { type: t } : {};
    if (kind === 'node') return { kind: 'node-type', self, source: self, target: {} };
    if (kind === 'relationship') return { kind: 'relationship-type', self, source: {}, target: {} };
    return { kind: 'other-type', self };
  }
  return { kind: 'other' };
}

/** The keywords that mean something in `scope`, for `fn`. */
export function keywordsFor(scope: FnScope, fn: string): EntityKeyword[] {
  const out: EntityKeyword[] = [];
  if (scope.self) out.push('SELF');
  if (scope.source) out.push('SOURCE');
  if (scope.target) out.push('TARGET');
  if ((scope.kind === 'node' || scope.kind === 'node-type') && fn !== 'get_operation_output') out.push('HOST');
  return out;
}

/** The HostedOn chain above a node template, nearest host first (stops at unknown or cyclic links). */
export function hostChain(model: ToscaModel, start: TNodeTemplate): { node: TNodeTemplate; type: ToscaType }[] {
  const types = model.types;
  const hostedOn = types.resolve('tosca.relationships.HostedOn', 'relationship');
  const out: { node: TNodeTemplate; type: ToscaType }[] = [];
  const seen = new Set<string>([start.name]);
  let cur: TNodeTemplate | undefined = start;
  for (let i = 0; cur && i < 20; i++) {
    const t = types.resolve(cur.type?.name, 'node');
    const defs = t ? types.requirements(t) : new Map<string, ReqInfo>();
    let next: TNodeTemplate | undefined;
    for (const ra of cur.requirements) {
      const rel = relTypeOf(model, ra.relationship?.name ?? defs.get(ra.name)?.relationship);
      const isHost = rel && hostedOn ? types.isA(rel, hostedOn) : ra.name === 'host';
      if (!isHost || !ra.node) continue;
      next = model.nodeTemplates.get(ra.node.name);
      if (next) break;
    }
    if (!next || seen.has(next.name)) break;
    seen.add(next.name);
    const nt = types.resolve(next.type?.name, 'node');
    if (!nt) break;
    out.push({ node: next, type: nt });
    cur = next;
  }
  return out;
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
    case 'HOST': {
      if (!scope.node) return scope.kind === 'node-type' ? {} : undefined;
      const hosts = hostChain(model, scope.node);
      return hosts.length ? { hosts, type: hosts[0]!.type, node: hosts[0]!.node } : {};
    }
  }
  const node = model.nodeTemplates.get(name);
  if (node) return nodeEntity(model, node);
  const rel = model.relationshipTemplates.get(name);
  if (rel) {
    const t = model.types.resolve(rel.type?.name, 'relationship');
    return t ? { type: t } : {};
  }
  const g = model.groups.get(name);
  if (g) {
    const t = model.types.resolve(g.type?.name, 'group');
    return t ? { type: t } : {};
  }
  const p = model.policies.get(name);
  if (p) {
    const t = model.types.resolve(p.type?.name, 'policy');
    return t ? { type: t } : {};
  }
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
