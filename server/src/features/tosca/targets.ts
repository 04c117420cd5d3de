/**
 * What is under the cursor in a TOSCA document, resolved against the model: a type name, a
 * template, an input, a member (property, capability, requirement, interface, operation), an
 * import, an intrinsic function or entity keyword, a keyname. Hover and definition both start here.
 */
import type { ToscaModel } from '../../model/tosca/model.js';
import { constructAt, type KeySpec } from '../../model/tosca/grammar.js';
import { primitiveOf } from '../../model/tosca/primitives.js';
import {
  TYPE_SECTIONS,
  type TArtifactDef,
  type TGroup,
  type TImport,
  type TNodeTemplate,
  type TPolicy,
  type TPropertyDef,
  type TRelationshipTemplate,
} from '../../model/tosca/summary.js';
import type { CapInfo, IfaceInfo, PropInfo, ReqInfo, ToscaType } from '../../model/tosca/typeTable.js';
import type { ImportStatus } from '../../model/tosca/imports.js';
import type { Span } from '../../syntax/positions.js';
import { asScalar } from '../../syntax/tree.js';
import type { FeatureContext } from '../types.js';
import { toscaModelOf } from './model.js';
import { CONSTRAINT_DOCS, type EntityKeyword } from './docs.js';
import { callInTree, topologyPath, type TreeCall } from './locate.js';
import { grammarOf } from '../../model/tosca/grammars.js';
import { cursorAt, type NodeAt, type TreePath } from '../../syntax/cursor.js';
import { refAt } from './refs.js';
import {
  artifactsOf,
  entityOf,
  entityTypes,
  interfacesOf,
  memberPath,
  operationsOf,
  propOf,
  scopeAt,
  type Entity,
} from '../../model/tosca/scope.js';
import { dialectKeyDoc, dialectKeys } from './dialects.js';

export type TemplateKind = 'node' | 'relationship' | 'group' | 'policy';

export type ToscaTarget =
  | { kind: 'type'; origin: Span; type: ToscaType }
  | { kind: 'primitive'; origin: Span; name: string }
  | { kind: 'function'; origin: Span; name: string }
  | { kind: 'keyword'; origin: Span; name: EntityKeyword; entity?: Entity }
  | { kind: 'keyname'; origin: Span; construct: string; key: string; spec: KeySpec }
  | { kind: 'constraint'; origin: Span; op: string }
  | { kind: 'version'; origin: Span; text: string }
  | { kind: 'input'; origin: Span; input: TPropertyDef }
  | {
      kind: 'template';
      origin: Span;
      template: TNodeTemplate | TRelationshipTemplate | TGroup | TPolicy;
      templateKind: TemplateKind;
    }
  | { kind: 'property'; origin: Span; prop: PropInfo; attribute: boolean; on: ToscaType; via?: string }
  | { kind: 'capability'; origin: Span; cap: CapInfo; on: ToscaType }
  | { kind: 'requirement'; origin: Span; req: ReqInfo; on: ToscaType }
  | { kind: 'interface'; origin: Span; iface: IfaceInfo; on: ToscaType; ops: Set<string> }
  | { kind: 'operation'; origin: Span; name: string; ifaceType?: ToscaType; description?: string }
  | { kind: 'artifact'; origin: Span; name: string; type?: string; decl?: TArtifactDef; path?: string }
  | { kind: 'import'; origin: Span; imp: TImport; status?: ImportStatus };

export function toscaTargetAt(ctx: FeatureContext, offset: number): ToscaTarget | undefined {
  const loc = cursorAt(ctx.doc.lines, ctx.doc.root, offset).node;
  return loc ? targetAtNode(toscaModelOf(ctx), loc) : undefined;
}

/** What the scalar `loc` (a key or a value of the model's document) denotes. */
export function targetAtNode(model: ToscaModel, at: NodeAt): ToscaTarget | undefined {
  // TOSCA 2.0's `service_template` is the topology section every path test below knows as `topology_template`.
  const loc: NodeAt = at.path[0] === 'service_template' ? { ...at, path: topologyPath(at.path) } : at;
  const origin = loc.scalar.span;
  const call = callInTree(loc);
  if (call) {
    const t = callTarget(model, loc, call);
    if (t || call.argIndex >= 0) return t;
  }
  return loc.role === 'key' ? keyTarget(model, loc) : valueTarget(model, loc, origin);
}

// ---- values ------------------------------------------------------------------

function resolveType(model: ToscaModel, name: string, kinds: readonly ToscaType['kind'][]): ToscaType | undefined {
  for (const k of kinds) {
    const t = model.types.resolve(name, k);
    if (t) return t;
  }
  return undefined;
}

function templateTarget(model: ToscaModel, name: string, origin: Span, groups: boolean): ToscaTarget | undefined {
  const n = model.nodeTemplates.get(name);
  if (n) return { kind: 'template', origin, template: n, templateKind: 'node' };
  const g = groups ? model.groups.get(name) : undefined;
  if (g) return { kind: 'template', origin, template: g, templateKind: 'group' };
  return undefined;
}

/** The node template a requirement assignment at `path` targets (its `node`), if any. */
function requirementContext(
  model: ToscaModel,
  path: TreePath,
): { node?: TNodeTemplate; reqName?: string; target?: TNodeTemplate } {
  // [topology_template, node_templates, N, requirements, i, reqName, ...]
  if (
    path[0] !== 'topology_template' ||
    path[1] !== 'node_templates' ||
    typeof path[2] !== 'string' ||
    path[3] !== 'requirements'
  )
    return {};
  const node = model.nodeTemplates.get(path[2]);
  const i = path[4];
  const reqName = typeof path[5] === 'string' ? path[5] : undefined;
  const ra =
    node && typeof i === 'number'
      ? node.requirements[i]?.name === reqName
        ? node.requirements[i]
        : node.requirements.find((r) => r.name === reqName)
      : undefined;
  const target = ra?.node ? model.nodeTemplates.get(ra.node.name) : undefined;
  return { ...(node ? { node } : {}), ...(reqName ? { reqName } : {}), ...(target ? { target } : {}) };
}

function valueTarget(model: ToscaModel, loc: NodeAt, origin: Span): ToscaTarget | undefined {
  const path = loc.path;
  const text = loc.scalar.text.trim();
  if (!text) return undefined;
  if (path.length === 1 && path[0] === 'tosca_definitions_version') return { kind: 'version', origin, text };
  // substitution_mappings capabilities/requirements: [ node_template, name ].
  if (
    path[0] === 'topology_template' &&
    path[1] === 'substitution_mappings' &&
    (path[2] === 'capabilities' || path[2] === 'requirements') &&
    path[4] === 0
  ) {
    return templateTarget(model, text, origin, false);
  }
  const site = refAt(path);
  if (!site) return undefined;
  const spec = site.spec;
  switch (spec.ref) {
    case 'type': {
      if (spec.kinds.includes('data') && primitiveOf(text)) return { kind: 'primitive', origin, name: text };
      const t = resolveType(model, text, spec.kinds);
      return t ? { kind: 'type', origin, type: t } : undefined;
    }
    case 'templates':
      return templateTarget(model, text, origin, spec.groups);
    case 'node-target': {
      const n = templateTarget(model, text, origin, false);
      if (n) return n;
      const t = model.types.resolve(text, 'node');
      return t ? { kind: 'type', origin, type: t } : undefined;
    }
    case 'relationship-target': {
      const r = model.relationshipTemplates.get(text);
      if (r) return { kind: 'template', origin, template: r, templateKind: 'relationship' };
      const t = model.types.resolve(text, 'relationship');
      return t ? { kind: 'type', origin, type: t } : undefined;
    }
    case 'capability-target': {
      const rc = requirementContext(model, path);
      const tt = model.types.resolve(rc.target?.type?.name, 'node');
      const cap = tt ? model.types.capabilities(tt).get(text) : undefined;
      if (cap && tt) return { kind: 'capability', origin, cap, on: tt };
      const t = model.types.resolve(text, 'capability');
      return t ? { kind: 'type', origin, type: t } : undefined;
    }
    case 'file': {
      const idx = path[1];
      const imp = model.summary.imports.find((i) => i.index === idx);
      if (!imp) return undefined;
      const r =
        model.closure.rootImports.find((x) => x.imp === imp) ??
        model.closure.rootImports.find((x) => x.imp.index === idx);
      return { kind: 'import', origin, imp, ...(r ? { status: r.status } : {}) };
    }
  }
}

// ---- keys ----------------------------------------------------------------------

const TEMPLATE_SECTIONS: Record<string, TemplateKind> = {
  node_templates: 'node',
  relationship_templates: 'relationship',
  groups: 'group',
};

function keyTarget(model: ToscaModel, loc: NodeAt): ToscaTarget | undefined {
  const path = loc.path;
  const key = path[path.length - 1] as string;
  const origin = loc.scalar.span;
  // A type declaration's name.
  if (path.length === 2 && typeof path[0] === 'string' && TYPE_SECTIONS[path[0]]) {
    const d = model.summary.types.find((x) => x.kind === TYPE_SECTIONS[path[0] as string] && x.name === key);
    const t = d ? model.declared(d) : undefined;
    if (t) return { kind: 'type', origin, type: t };
  }
  if (path[0] === 'topology_template') {
    const sec = path[1];
    if (path.length === 3 && typeof sec === 'string') {
      const tk = TEMPLATE_SECTIONS[sec];
      if (tk === 'node' && model.nodeTemplates.get(key))
        return { kind: 'template', origin, template: model.nodeTemplates.get(key)!, templateKind: 'node' };
      if (tk === 'relationship' && model.relationshipTemplates.get(key))
        return {
          kind: 'template',
          origin,
          template: model.relationshipTemplates.get(key)!,
          templateKind: 'relationship',
        };
      if (tk === 'group' && model.groups.get(key))
        return { kind: 'template', origin, template: model.groups.get(key)!, templateKind: 'group' };
      if (sec === 'inputs' && model.inputs.get(key)) return { kind: 'input', origin, input: model.inputs.get(key)! };
    }
    if (path.length === 4 && sec === 'policies' && model.policies.get(key))
      return { kind: 'template', origin, template: model.policies.get(key)!, templateKind: 'policy' };
    const m = templateMemberTarget(model, path, key, origin);
    if (m) return m;
  }
  const parent = path.slice(0, -1);
  const construct = constructAt(parent, grammarOf(model.version).constructs);
  if (construct === 'constraint' && CONSTRAINT_DOCS[key]) return { kind: 'constraint', origin, op: key };
  if (construct) {
    const table = grammarOf(model.version).constructs;
    const spec = table[construct]?.keys[key];
    if (spec) return { kind: 'keyname', origin, construct, key, spec };
    // A keyname the file's orchestrator dialect adds (features/tosca/dialects.ts).
    if (dialectKeys(model.dialect, construct).includes(key)) {
      const doc = dialectKeyDoc(model.dialect);
      return { kind: 'keyname', origin, construct, key, spec: doc ? { doc } : {} };
    }
    // Operations written directly under an interface (definition or assignment).
    if (table[construct]?.extra === 'operation_definition') {
      const op = operationTarget(model, parent, key, origin);
      if (op) return op;
    }
  }
  if (parent[parent.length - 1] === 'operations') {
    const op = operationTarget(model, parent.slice(0, -1), key, origin);
    if (op) return op;
  }
  return undefined;
}

/** The interface type of the interface at `ifacePath` (a definition in a type or an assignment in a template). */
function interfaceTypeAt(model: ToscaModel, ifacePath: TreePath): ToscaType | undefined {
  const name = ifacePath[ifacePath.length - 1];
  if (typeof name !== 'string' || ifacePath[ifacePath.length - 2] !== 'interfaces') return undefined;
  const owner = ownerTypeAt(model, ifacePath.slice(0, -2));
  const iface = owner ? model.types.interfaces(owner).get(name) : undefined;
  return model.types.resolve(iface?.type, 'interface') ?? model.types.resolve(name, 'interface');
}

/**
 * The type whose members are written at `path` (a node/relationship template, a type declaration, an inline
 * relationship).
 */
export function ownerTypeAt(model: ToscaModel, path: TreePath): ToscaType | undefined {
  const [a, b, c] = path;
  if (a === 'topology_template' && typeof c === 'string') {
    if (path.length === 3) {
      if (b === 'node_templates') return model.types.resolve(model.nodeTemplates.get(c)?.type?.name, 'node');
      if (b === 'relationship_templates')
        return model.types.resolve(model.relationshipTemplates.get(c)?.type?.name, 'relationship');
      if (b === 'groups') return model.types.resolve(model.groups.get(c)?.type?.name, 'group');
    }
    if (b === 'node_templates' && path.length === 7 && path[3] === 'requirements' && path[6] === 'relationship') {
      const s = scopeAt(model, [...path, 'x']);
      return s.self?.type;
    }
  }
  if (a === 'topology_template' && b === 'policies' && path.length === 4 && typeof path[3] === 'string')
    return model.types.resolve(model.policies.get(path[3])?.type?.name, 'policy');
  if (path.length === 2 && typeof a === 'string' && TYPE_SECTIONS[a] && typeof b === 'string') {
    const d = model.summary.types.find((x) => x.kind === TYPE_SECTIONS[a as string] && x.name === b);
    return d ? model.declared(d) : undefined;
  }
  return undefined;
}

function operationTarget(model: ToscaModel, ifacePath: TreePath, name: string, origin: Span): ToscaTarget | undefined {
  const it = interfaceTypeAt(model, ifacePath);
  if (!it || !model.types.operations(it).has(name)) return undefined;
  return opTarget(model, it, name, origin);
}

/** An operation of interface type `it`, with the nearest description along its chain. */
function opTarget(model: ToscaModel, it: ToscaType, name: string, origin: Span): ToscaTarget {
  let description: string | undefined;
  for (const x of model.types.chain(it)) {
    const d =
      x.normative?.operations?.[name]?.description ?? x.decl?.operations.find((o) => o.name === name)?.description;
    if (d) description = d;
  }
  return { kind: 'operation', origin, name, ifaceType: it, ...(description ? { description } : {}) };
}

/** Keys of template members: property/attribute/capability/requirement/interface names and capability properties. */
function templateMemberTarget(model: ToscaModel, path: TreePath, key: string, origin: Span): ToscaTarget | undefined {
  if (path.length < 5) return undefined;
  const section = path[path.length - 2];
  const ownerPath = path.slice(0, -2);
  const owner = ownerTypeAt(model, ownerPath);
  if (owner) {
    switch (section) {
      case 'properties':
      case 'attributes': {
        const p = propOf(model, owner, key, section === 'attributes');
        return p ? { kind: 'property', origin, prop: p.info, attribute: p.attribute, on: owner } : undefined;
      }
      case 'capabilities': {
        const c = model.types.capabilities(owner).get(key);
        return c ? { kind: 'capability', origin, cap: c, on: owner } : undefined;
      }
      case 'interfaces': {
        const i = model.types.interfaces(owner).get(key);
        const node =
          ownerPath[1] === 'node_templates' && path.length === 5
            ? model.nodeTemplates.get(ownerPath[2] as string)
            : undefined;
        return i ? { kind: 'interface', origin, iface: i, on: owner, ops: operationsOf(model, i, node) } : undefined;
      }
    }
  }
  // [tt, node_templates, N, requirements, i, reqName]
  if (path.length === 6 && path[1] === 'node_templates' && path[3] === 'requirements' && typeof path[4] === 'number') {
    const t = ownerTypeAt(model, path.slice(0, 3));
    const r = t ? model.types.requirements(t).get(key) : undefined;
    return r && t ? { kind: 'requirement', origin, req: r, on: t } : undefined;
  }
  // [tt, node_templates, N, capabilities, C, properties|attributes, P]
  if (
    path.length === 7 &&
    path[1] === 'node_templates' &&
    path[3] === 'capabilities' &&
    (section === 'properties' || section === 'attributes')
  ) {
    const t = ownerTypeAt(model, path.slice(0, 3));
    const cap = t ? model.types.capabilities(t).get(path[4] as string) : undefined;
    const ct = model.types.resolve(cap?.type, 'capability');
    const p = ct ? propOf(model, ct, key, section === 'attributes') : undefined;
    return p && ct
      ? { kind: 'property', origin, prop: p.info, attribute: p.attribute, on: ct, via: path[4] as string }
      : undefined;
  }
  return undefined;
}

// ---- function calls ----------------------------------------------------------

function callTarget(model: ToscaModel, loc: NodeAt, call: TreeCall): ToscaTarget | undefined {
  const origin = loc.scalar.span;
  if (call.argIndex < 0) return { kind: 'function', origin, name: call.fn };
  const text = loc.scalar.text.trim();
  const scopePath = loc.path;
  switch (call.fn) {
    case 'get_input': {
      if (call.argIndex !== 0) return undefined;
      const i = model.inputs.get(text);
      return i ? { kind: 'input', origin, input: i } : undefined;
    }
    case 'get_nodes_of_type': {
      const t = model.types.resolve(text, 'node');
      return t ? { kind: 'type', origin, type: t } : undefined;
    }
    case 'get_property':
    case 'get_attribute':
    case 'get_operation_output':
    case 'get_artifact': {
      const scope = scopeAt(model, scopePath);
      const first = asScalar(call.args[0])?.text;
      if (first === undefined) return undefined;
      if (call.argIndex === 0) {
        if (first === 'SELF' || first === 'SOURCE' || first === 'TARGET' || first === 'HOST') {
          const entity = entityOf(model, scope, first);
          return { kind: 'keyword', origin, name: first, ...(entity ? { entity } : {}) };
        }
        const n = model.nodeTemplates.get(first);
        if (n) return { kind: 'template', origin, template: n, templateKind: 'node' };
        const r = model.relationshipTemplates.get(first);
        if (r) return { kind: 'template', origin, template: r, templateKind: 'relationship' };
        const g = model.groups.get(first);
        if (g) return { kind: 'template', origin, template: g, templateKind: 'group' };
        return undefined;
      }
      const entity = entityOf(model, scope, first);
      if (!entity) return undefined;
      const names = call.args.slice(1).map((a) => asScalar(a)?.text ?? '');
      if (call.fn === 'get_property' || call.fn === 'get_attribute') {
        const hit = memberPath(model, entityTypes(entity), names, call.argIndex - 1, call.fn === 'get_attribute');
        if (hit?.prop)
          return {
            kind: 'property',
            origin,
            prop: hit.prop.info,
            attribute: hit.prop.attribute,
            on: hit.prop.on,
            ...(hit.prop.via ? { via: hit.prop.via } : {}),
          };
        if (hit?.cap) return { kind: 'capability', origin, cap: hit.cap.info, on: hit.cap.on };
        if (hit?.req) return { kind: 'requirement', origin, req: hit.req.info, on: hit.req.on };
        return undefined;
      }
      if (call.fn === 'get_operation_output') {
        const ifaces = interfacesOf(model, entity);
        const iface = ifaces.get(names[0] ?? '');
        const on = entityTypes(entity)[0];
        if (!iface || !on) return undefined;
        if (call.argIndex === 1)
          return { kind: 'interface', origin, iface, on, ops: operationsOf(model, iface, entity.node) };
        if (call.argIndex === 2) {
          const it = model.types.resolve(iface.type, 'interface');
          if (!operationsOf(model, iface, entity.node).has(text)) return undefined;
          const op = it ? opTarget(model, it, text, origin) : undefined;
          return op ?? { kind: 'operation', origin, name: text };
        }
        return undefined;
      }
      // get_artifact
      if (call.argIndex !== 1) return undefined;
      const arts = artifactsOf(model, entity);
      const a = arts.get(text);
      if (!a) return undefined;
      const decl = entity.node?.artifacts.find((x) => x.name === text);
      if (decl)
        return { kind: 'artifact', origin, name: text, ...(a.type ? { type: a.type } : {}), decl, path: model.path };
      const owner = 'owner' in a ? a.owner : undefined;
      const tdecl = owner?.decl?.artifacts.find((x) => x.name === text);
      return {
        kind: 'artifact',
        origin,
        name: text,
        ...(a.type ? { type: a.type } : {}),
        ...(tdecl && owner?.path ? { decl: tdecl, path: owner.path } : {}),
      };
    }
    default:
      return undefined;
  }
}
