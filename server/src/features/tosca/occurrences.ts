/**
 * Every occurrence in one TOSCA document of the symbols find references and rename work on: types
 * (declarations and uses), node and relationship templates, groups and policies, topology inputs,
 * and properties / attributes (definitions, refinements, assignments, `get_property` /
 * `get_attribute` arguments). Each scalar of the tree is resolved the way hover and definition
 * resolve it (`targetAtNode`), plus the places they do not cover (definition keys, workflow
 * targets, substitution mappings), so the three features always agree.
 *
 * The table is computed once per document text and model (`memo`): highlights follow the cursor,
 * and a rename reads the same table again.
 */
import { memo, memoKey, type DocumentModel } from '../../model/document.js';
import type { ToscaModel } from '../../model/tosca/model.js';
import { TYPE_SECTIONS } from '../../model/tosca/summary.js';
import type { ToscaType } from '../../model/tosca/typeTable.js';
import type { NodeAt, TreePath } from '../../syntax/cursor.js';
import type { Span } from '../../syntax/positions.js';
import type { YNode } from '../../syntax/tree.js';
import { propOf } from '../../model/tosca/scope.js';
import { fileTypeKey, normativeTypeKey, typeKey } from '../../index/toscaTypeNames.js';
import { targetAtNode, type TemplateKind, type ToscaTarget } from './targets.js';

export type ToscaSymbol =
  | { kind: 'type'; key: string; type: ToscaType }
  | { kind: 'template'; key: string; templateKind: TemplateKind; name: string }
  | { kind: 'input'; key: string; name: string }
  | { kind: 'property'; key: string; name: string; attribute: boolean; root: ToscaType };

export interface Occurrence {
  /** The scalar naming the symbol (a prefixed type name covers the prefix too). */
  span: Span;
  /** The name as written (cooked scalar text). */
  written: string;
  sym: ToscaSymbol;
  declaration: boolean;
  write: boolean;
  role?: 'template' | 'subtype';
}

export { fileTypeKey, normativeTypeKey, typeKey };

export function propertyKey(root: ToscaType, name: string, attribute: boolean): string {
  return `${attribute ? 'attr' : 'prop'}:${typeKey(root)}#${name}`;
}

/**
 * The type that first declares property (or attribute) `name` along the chain of `on`: refinements
 * in derived types are the same property, so they share its identity.
 */
export function rootOwner(model: ToscaModel, on: ToscaType, name: string, attribute: boolean): ToscaType {
  for (const x of model.types.chain(on)) {
    const list = attribute ? x.body.attributes : x.body.properties;
    if (list.some((p) => p.name === name)) return x;
  }
  return on;
}

function propertySym(model: ToscaModel, on: ToscaType, name: string, attribute: boolean): ToscaSymbol {
  const root = rootOwner(model, on, name, attribute);
  return { kind: 'property', key: propertyKey(root, name, attribute), name, attribute, root };
}

const TABLE = memoKey<{ model?: ToscaModel; list: Occurrence[] }>('tosca.occurrences');

/** The occurrences of `doc` (a TOSCA document) under `model`, in document order. */
export function occurrencesOf(doc: DocumentModel, model: ToscaModel): Occurrence[] {
  // The document's model changes when a file it imports changes: the table follows it.
  const holder = memo(doc, TABLE, () => ({ list: [] as Occurrence[] }) as { model?: ToscaModel; list: Occurrence[] });
  if (holder.model !== model) {
    holder.model = model;
    holder.list = collect(doc.root, model);
  }
  return holder.list;
}

/** The occurrence under `offset`, if any. */
export function occurrenceAt(list: readonly Occurrence[], offset: number): Occurrence | undefined {
  return list.find((o) => o.span.start <= offset && offset <= o.span.end);
}

function collect(root: YNode | null, model: ToscaModel): Occurrence[] {
  const out: Occurrence[] = [];
  const path: TreePath = [];
  const nodes: YNode[] = [];
  const visit = (loc: NodeAt) => {
    const o = classify(model, loc);
    if (o) out.push(o);
  };
  const walk = (n: YNode | null, depth: number): void => {
    if (!n || depth > 200) return;
    if (n.kind === 'scalar') visit({ path: [...path], scalar: n, role: 'value', nodes: [...nodes] });
    else if (n.kind === 'map') {
      nodes.push(n);
      for (const p of n.pairs) {
        path.push(p.key.text);
        visit({ path: [...path], scalar: p.key, role: 'key', nodes: [...nodes] });
        walk(p.value, depth + 1);
        path.pop();
      }
      nodes.pop();
    } else if (n.kind === 'seq') {
      nodes.push(n);
      n.items.forEach((it, i) => {
        path.push(i);
        walk(it, depth + 1);
        path.pop();
      });
      nodes.pop();
    }
    // Aliases are not followed: the anchored text is visited once, where it is written.
  };
  walk(root, 0);
  return out;
}

function occurrence(loc: NodeAt, sym: ToscaSymbol, declaration = false, write = declaration): Occurrence {
  return { span: loc.scalar.span, written: loc.scalar.text, sym, declaration, write };
}

function classify(model: ToscaModel, loc: NodeAt): Occurrence | undefined {
  const extra = loc.role === 'key' ? definitionKey(model, loc) : extraValue(model, loc);
  if (extra) return extra;
  const t = targetAtNode(model, loc);
  return t ? fromTarget(model, loc, t) : undefined;
}

const TEMPLATE_SECTIONS: ReadonlySet<string> = new Set(['node_templates', 'relationship_templates', 'groups']);

function fromTarget(model: ToscaModel, loc: NodeAt, t: ToscaTarget): Occurrence | undefined {
  const path = loc.path;
  const key = loc.role === 'key';
  switch (t.kind) {
    case 'type': {
      const o = occurrence(loc, { kind: 'type', key: typeKey(t.type), type: t.type }, key && path.length === 2);
      const role = typeRole(path);
      if (role && !key) o.role = role;
      return o;
    }
    case 'template': {
      const name = t.template.name;
      const sym: ToscaSymbol = {
        kind: 'template',
        key: `template:${t.templateKind}:${model.path}#${name}`,
        templateKind: t.templateKind,
        name,
      };
      const decl =
        key &&
        path[0] === 'topology_template' &&
        ((path.length === 3 && TEMPLATE_SECTIONS.has(path[1] as string)) ||
          (path.length === 4 && path[1] === 'policies'));
      return occurrence(loc, sym, decl);
    }
    case 'input': {
      const name = t.input.name;
      const decl = key && path.length === 3 && path[0] === 'topology_template' && path[1] === 'inputs';
      return occurrence(loc, { kind: 'input', key: `input:${model.path}#${name}`, name }, decl);
    }
    case 'property':
      // Assignments (keys) write the property; function arguments read it.
      return occurrence(loc, propertySym(model, t.on, t.prop.name, t.attribute), false, key);
    default:
      return undefined;
  }
}

/** `derived_from` of a type declaration, or `type` of a node / relationship template. */
function typeRole(path: TreePath): 'template' | 'subtype' | undefined {
  if (path.length === 3 && path[2] === 'derived_from' && TYPE_SECTIONS[path[0] as string]) return 'subtype';
  if (
    path.length === 4 &&
    path[0] === 'topology_template' &&
    (path[1] === 'node_templates' || path[1] === 'relationship_templates') &&
    path[3] === 'type'
  )
    return 'template';
  return undefined;
}

/** Keys hover does not resolve: property definitions and refinements, substitution property mappings. */
function definitionKey(model: ToscaModel, loc: NodeAt): Occurrence | undefined {
  const path = loc.path;
  const name = loc.scalar.text;
  const section = path[path.length - 2];
  if (section !== 'properties' && section !== 'attributes') return undefined;
  const attribute = section === 'attributes';
  const types = model.types;
  const kind = TYPE_SECTIONS[path[0] as string];
  if (kind && typeof path[1] === 'string' && (path.length === 4 || path.length === 6)) {
    const d = model.summary.types.find((x) => x.kind === kind && x.name === path[1]);
    const t = d ? model.declared(d) : undefined;
    if (!t) return undefined;
    if (path.length === 4) {
      const p = attribute ? types.attributes(t).get(name) : types.properties(t).get(name);
      if (!p) return undefined;
      const sym = propertySym(model, t, name, attribute);
      const root = sym.kind === 'property' && sym.root === t;
      return occurrence(loc, sym, root, true);
    }
    // [node_types, T, capabilities, C, properties, P]: a refinement of the capability type's property.
    if (path[2] !== 'capabilities' || typeof path[3] !== 'string') return undefined;
    const ct = types.resolve(types.capabilities(t).get(path[3])?.type, 'capability');
    const p = ct ? propOf(model, ct, name, attribute) : undefined;
    return p && ct ? occurrence(loc, propertySym(model, ct, name, p.attribute), false, true) : undefined;
  }
  // [topology_template, substitution_mappings, properties, P]: a property of the substituted type.
  if (path.length === 4 && path[0] === 'topology_template' && path[1] === 'substitution_mappings') {
    const nt = types.resolve(model.summary.topology?.substitution?.nodeType?.name, 'node');
    const p = nt ? propOf(model, nt, name, attribute) : undefined;
    return p && nt ? occurrence(loc, propertySym(model, nt, name, p.attribute)) : undefined;
  }
  return undefined;
}

/** Values hover does not resolve: workflow step and trigger targets, substitution input mappings. */
function extraValue(model: ToscaModel, loc: NodeAt): Occurrence | undefined {
  const path = loc.path;
  if (path[0] !== 'topology_template') return undefined;
  const name = loc.scalar.text;
  const template = (kind: TemplateKind): Occurrence =>
    occurrence(loc, { kind: 'template', key: `template:${kind}:${model.path}#${name}`, templateKind: kind, name });
  // [tt, workflows, W, steps, S, target]: a node template or a group.
  if (path.length === 6 && path[1] === 'workflows' && path[3] === 'steps' && path[5] === 'target') {
    if (model.nodeTemplates.has(name)) return template('node');
    if (model.groups.has(name)) return template('group');
    return undefined;
  }
  // [tt, policies, i, P, triggers, T, target_filter, node]
  if (path.length === 8 && path[1] === 'policies' && path[4] === 'triggers' && path[6] === 'target_filter') {
    return path[7] === 'node' && model.nodeTemplates.has(name) ? template('node') : undefined;
  }
  // [tt, substitution_mappings, properties, P, 0] with a one-entry list: the input that receives P.
  if (
    path.length === 5 &&
    path[1] === 'substitution_mappings' &&
    path[2] === 'properties' &&
    path[4] === 0 &&
    loc.nodes[4]?.kind === 'seq' &&
    loc.nodes[4].items.length === 1 &&
    model.inputs.has(name)
  ) {
    return occurrence(loc, { kind: 'input', key: `input:${model.path}#${name}`, name });
  }
  return undefined;
}
