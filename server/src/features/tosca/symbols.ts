/**
 * The document outline and the workspace symbols of this pack.
 *
 * The outline follows the service template: imports, repositories, the `*_types` sections with
 * their types (derived_from as detail) and members, and the topology (inputs, node and relationship
 * templates with their types as detail, groups, policies, outputs, workflows, substitution
 * mappings), read from the tree so a half-written file shows what it has. Workspace symbols (types
 * and templates of every TOSCA file) come from the index headers, never from a file or a summary.
 */
import type { EntryItems, IndexEntry } from '../../index/workspace.js';
import { memoKey } from '../../model/document.js';
import type { IndexSymbolTag } from '../../model/indexSymbols.js';
import type { TypeKind } from '../../model/tosca/catalog/types.js';
import { importOf, INTERFACE_KEYNAMES, TYPE_SECTIONS } from '../../model/tosca/summary.js';
import { asMap, asScalar, asSeq, get, scalarText, type YNode } from '../../syntax/tree.js';
import { isCloudifyDocument } from './cloudifyNav.js';
import { buildOutline, detailOf, push, scalarUnder, type EntrySpec, type OutlineBuilder } from '../shared/outline.js';
import {
  SymbolKind as K,
  type DocumentSymbol,
  type FeatureContext,
  type WorkspaceContext,
  type WorkspaceSymbol,
} from '../types.js';

/** The symbol kind of a type, by its kind (group and policy templates share their type's). */
const TYPE_SYMBOL_KIND: Readonly<Record<TypeKind, number>> = {
  node: K.Class,
  relationship: K.Operator,
  data: K.Struct,
  capability: K.Interface,
  requirement: K.Interface,
  interface: K.Interface,
  artifact: K.File,
  group: K.Package,
  policy: K.Event,
};

// ---- outline specs -----------------------------------------------------------------

const typeOrScalar = (v: YNode | null) => scalarUnder(v, 'type') ?? scalarText(v);

const PROPERTY_DEF: EntrySpec = { kind: K.Property, detail: (v) => scalarUnder(v, 'type') };
const ATTRIBUTE_DEF: EntrySpec = { kind: K.Field, detail: (v) => scalarUnder(v, 'type') };
const section = (each: EntrySpec): EntrySpec => ({ kind: K.Namespace, each });

/** Operations of an interface written directly under it (1.0–1.2) or under `operations`/`notifications`. */
function operations(v: YNode | null, b: OutlineBuilder): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  const op: EntrySpec = { kind: K.Method, detail: (x) => scalarText(x) ?? implementationOf(x) };
  for (const p of asMap(v)?.pairs ?? []) {
    if (!b.open) break;
    const k = p.key.text;
    if (k === 'operations') out.push(...b.childrenOf(p.value, { kind: K.Method, each: op }));
    else if (k === 'notifications')
      out.push(...b.childrenOf(p.value, { kind: K.Event, each: { ...op, kind: K.Event } }));
    else if (!INTERFACE_KEYNAMES.has(k)) push(out, b.pair(p, op));
  }
  return out;
}

/** `implementation: x` or `implementation: {primary: x}` of an operation. */
function implementationOf(v: YNode | null): string | undefined {
  const impl = get(asMap(v), 'implementation');
  return scalarText(impl) ?? scalarUnder(impl, 'primary');
}

const INTERFACE: EntrySpec = { kind: K.Interface, detail: (v) => scalarUnder(v, 'type'), children: operations };
const ARTIFACT: EntrySpec = { kind: K.File, detail: (v) => scalarUnder(v, 'file') ?? scalarText(v) };
const REQUIREMENT_DEF: EntrySpec = { kind: K.Interface, detail: (v) => scalarUnder(v, 'capability') ?? scalarText(v) };

const TYPE_MEMBERS: Readonly<Record<string, EntrySpec>> = {
  properties: section(PROPERTY_DEF),
  attributes: section(ATTRIBUTE_DEF),
  capabilities: section({ kind: K.Interface, detail: typeOrScalar }),
  requirements: section(REQUIREMENT_DEF),
  interfaces: section(INTERFACE),
  artifacts: section(ARTIFACT),
};

const typeSpec = (kind: TypeKind): EntrySpec =>
  kind === 'interface'
    ? { kind: TYPE_SYMBOL_KIND.interface, detail: (v) => scalarUnder(v, 'derived_from'), children: operations }
    : { kind: TYPE_SYMBOL_KIND[kind], detail: (v) => scalarUnder(v, 'derived_from'), keys: TYPE_MEMBERS };

/** An assignment: its value when it is a scalar. */
const ASSIGNMENT: EntrySpec = { kind: K.Property, detail: scalarText };

const TEMPLATE_MEMBERS: Readonly<Record<string, EntrySpec>> = {
  properties: section(ASSIGNMENT),
  attributes: section({ ...ASSIGNMENT, kind: K.Field }),
  requirements: section({ kind: K.Interface, detail: (v) => scalarUnder(v, 'node') ?? scalarText(v) }),
  capabilities: section({ kind: K.Interface }),
  interfaces: section(INTERFACE),
  artifacts: section(ARTIFACT),
};

/** Substitution mappings: `[ template, member ]` targets as details. */
const MAPPING: EntrySpec = {
  kind: K.Field,
  detail: (v) =>
    asSeq(v)
      ?.items.map((i) => asScalar(i)?.text ?? '')
      .join('.') ?? scalarText(v),
};

const TOPOLOGY: EntrySpec = {
  kind: K.Module,
  keys: {
    inputs: section({ kind: K.Variable, detail: (v) => scalarUnder(v, 'type') }),
    node_templates: section({ kind: K.Object, detail: (v) => scalarUnder(v, 'type'), keys: TEMPLATE_MEMBERS }),
    relationship_templates: section({ kind: K.Object, detail: (v) => scalarUnder(v, 'type'), keys: TEMPLATE_MEMBERS }),
    groups: section({
      kind: TYPE_SYMBOL_KIND.group,
      detail: (v) => scalarUnder(v, 'type'),
      keys: { properties: section(ASSIGNMENT) },
    }),
    policies: section({
      kind: TYPE_SYMBOL_KIND.policy,
      detail: (v) => scalarUnder(v, 'type'),
      keys: { properties: section(ASSIGNMENT) },
    }),
    outputs: section({ kind: K.Constant, detail: (v) => scalarUnder(v, 'type') }),
    workflows: section({ kind: K.Function }),
    substitution_mappings: {
      kind: K.Interface,
      detail: (v) => scalarUnder(v, 'node_type'),
      keys: {
        properties: section(MAPPING),
        attributes: section(MAPPING),
        capabilities: section(MAPPING),
        requirements: section(MAPPING),
        interfaces: section(MAPPING),
      },
    },
  },
};

/** Imports: named by the file they import (or their 1.0 name), in all three forms. */
const IMPORTS: EntrySpec = {
  kind: K.Namespace,
  children: (v, b) => {
    const out: DocumentSymbol[] = [];
    asSeq(v)?.items.forEach((item, i) => {
      const imp = b.open ? importOf(item, i) : undefined;
      if (!imp) return;
      const name = imp.form === 'named' ? imp.name : (imp.file?.name ?? imp.profile?.name ?? imp.name);
      const selection = imp.form === 'named' ? imp.keySpan : (imp.file?.span ?? imp.profile?.span ?? imp.keySpan);
      const detail = detailOf(
        imp.form === 'named' ? imp.file?.name : undefined,
        imp.namespacePrefix && `prefix ${imp.namespacePrefix.name}`,
        imp.repository && `repository ${imp.repository.name}`,
      );
      out.push(b.symbol(name, K.File, imp.span, selection, detail));
    });
    return out;
  },
};

const ROOT: EntrySpec = {
  kind: K.File,
  keys: {
    imports: IMPORTS,
    repositories: section({ kind: K.Package, detail: (v) => scalarUnder(v, 'url') ?? scalarText(v) }),
    topology_template: TOPOLOGY,
    // TOSCA 2.0's name for the same section.
    service_template: TOPOLOGY,
    ...Object.fromEntries(Object.entries(TYPE_SECTIONS).map(([key, kind]) => [key, section(typeSpec(kind))])),
  },
};

/** A Cloudify blueprint: its sections are at the top, and a node template's relationships are a list. */
const CLOUDIFY_ROOT: EntrySpec = {
  kind: K.File,
  keys: {
    imports: IMPORTS,
    inputs: section({ kind: K.Variable, detail: (v) => scalarUnder(v, 'type') }),
    node_types: section(typeSpec('node')),
    relationships: section(typeSpec('relationship')),
    data_types: section(typeSpec('data')),
    node_templates: section({
      kind: K.Object,
      detail: (v) => scalarUnder(v, 'type'),
      keys: {
        properties: section(ASSIGNMENT),
        interfaces: section(INTERFACE),
        relationships: {
          kind: K.Namespace,
          children: (v, b) => {
            const out: DocumentSymbol[] = [];
            for (const it of asSeq(v)?.items ?? []) {
              const m = asMap(it);
              const target = m?.pairs.find((p) => p.key.text === 'target');
              if (!m || !target || !b.open) continue;
              const t = asScalar(target.value);
              out.push(
                b.symbol(t?.text ?? '', K.Interface, m.span, t?.span ?? target.key.span, scalarUnder(m, 'type')),
              );
            }
            return out;
          },
        },
      },
    }),
    groups: section({ kind: TYPE_SYMBOL_KIND.group }),
    policies: section({ kind: TYPE_SYMBOL_KIND.policy, detail: (v) => scalarUnder(v, 'type') }),
    plugins: section({ kind: K.Package, detail: (v) => scalarUnder(v, 'package_name') }),
    workflows: section({ kind: K.Function }),
    outputs: section({ kind: K.Constant }),
    capabilities: section({ kind: K.Constant }),
  },
};

export function symbols(ctx: FeatureContext): DocumentSymbol[] {
  if (ctx.doc.kind !== 'tosca') return [];
  return buildOutline(ctx.doc, isCloudifyDocument(ctx) ? CLOUDIFY_ROOT : ROOT);
}

// ---- workspace symbols -----------------------------------------------------------------

/** Kind and container (the section it is declared in) of a TOSCA index symbol. */
function describe(tag: IndexSymbolTag): { kind: number; container: string } | undefined {
  if (tag.startsWith('type:')) {
    const kind = tag.slice(5) as TypeKind;
    return { kind: TYPE_SYMBOL_KIND[kind], container: `${kind}_types` };
  }
  switch (tag) {
    case 'template:node':
      return { kind: K.Object, container: 'node_templates' };
    case 'template:relationship':
      return { kind: K.Object, container: 'relationship_templates' };
    case 'template:group':
      return { kind: TYPE_SYMBOL_KIND.group, container: 'groups' };
    case 'template:policy':
      return { kind: TYPE_SYMBOL_KIND.policy, container: 'policies' };
    default:
      return undefined;
  }
}

/** The pack's workspace symbols, kept by the index until it changes (callers must not modify them). */
const WORKSPACE_SYMBOLS = memoKey<EntryItems<WorkspaceSymbol>>('tosca workspace symbols');

export function workspaceSymbols(ws: WorkspaceContext): WorkspaceSymbol[] {
  return ws.index.deriveFromEntries(WORKSPACE_SYMBOLS, (e) => e.kind === 'tosca', symbolsOf);
}

function symbolsOf(e: IndexEntry): WorkspaceSymbol[] {
  const out: WorkspaceSymbol[] = [];
  for (const [name, tag, start, end] of e.symbols) {
    const d = describe(tag);
    if (d) out.push({ name, kind: d.kind, containerName: d.container, path: e.path, span: { start, end } });
  }
  return out;
}
