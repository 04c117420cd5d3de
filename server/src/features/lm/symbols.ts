/**
 * The document outline and the workspace symbols of this pack.
 *
 * The outline of a descriptor lists its sections with their entries (properties with their type,
 * components with their descriptor type, relationships, operations, transitions...), read from the
 * tree so a half-written file shows what it has; an lmproject file shows the project and its
 * subprojects, nested. Workspace symbols (descriptors by their effective name, components) come
 * from the index headers, never from a file or a summary.
 */
import { isDescriptorKind, type FileKind } from '../../model/kinds.js';
import type { EntryItems, IndexEntry } from '../../index/workspace.js';
import { memoKey } from '../../model/document.js';
import type { IndexSymbolTag } from '../../model/indexSymbols.js';
import { asMap, asScalar, asSeq, get, scalarText, type YMap, type YNode } from '../../syntax/tree.js';
import { buildOutline, detailOf, push, scalarUnder, type EntrySpec, type OutlineBuilder } from '../shared/outline.js';
import {
  SymbolKind as K,
  type DocumentSymbol,
  type FeatureContext,
  type WorkspaceContext,
  type WorkspaceSymbol,
} from '../types.js';

// ---- outline specs -----------------------------------------------------------------

const flag = (v: YNode | null, key: string) => asScalar(get(asMap(v), key))?.value === true;

/** A property declaration: its type, fixed value and flags. */
const PROPERTY: EntrySpec = {
  kind: K.Property,
  detail: (v) =>
    detailOf(
      scalarUnder(v, 'type'),
      scalarUnder(v, 'value'),
      flag(v, 'read-only') && 'read-only',
      flag(v, 'required') && 'required',
    ),
};

/** A value given to a property (component mappings, policy settings): its `value`, or the scalar itself. */
const MAPPING: EntrySpec = {
  kind: K.Property,
  detail: (v) => scalarUnder(v, 'value') ?? scalarText(v),
};

const section = (each: EntrySpec): EntrySpec => ({ kind: K.Namespace, each });

/** A component's children are its property mappings. */
const COMPONENT: EntrySpec = {
  kind: K.Object,
  detail: (v) => scalarUnder(v, 'type'),
  children: (v, b) => b.childrenOf(get(asMap(v), 'properties'), { kind: K.Property, each: MAPPING }),
};

/** `<component>` of the first `<component>.<member>` item of a list, for relationship details. */
function headOf(v: YNode | null, key: string): string | undefined {
  const first = asScalar(asSeq(get(asMap(v), key))?.items[0]);
  return first && first.value !== null ? first.text.split('.')[0] : undefined;
}

const RELATIONSHIP: EntrySpec = {
  kind: K.Interface,
  detail: (v) => {
    const s = headOf(v, 'source-capabilities');
    const t = headOf(v, 'target-requirements');
    return s || t ? `${s ?? '?'} → ${t ?? '?'}` : undefined;
  },
};

const OPERATION: EntrySpec = {
  kind: K.Method,
  detail: (v) => scalarUnder(v, 'source-operation'),
  children: (v, b) => b.childrenOf(get(asMap(v), 'properties'), { kind: K.Property, each: PROPERTY }),
};

/** Driver types of a transition (or operation) entry. */
const driverTypes = (v: YNode | null) =>
  asMap(get(asMap(v), 'drivers'))
    ?.pairs.map((p) => p.key.text)
    .join(', ') || undefined;

const TRANSITION: EntrySpec = { kind: K.Function, detail: driverTypes };

/** Infrastructure types a driver selects (`selector.infrastructure-type`). */
function selectedInfrastructure(v: YNode | null): string | undefined {
  const sel = get(asMap(get(asMap(v), 'selector')), 'infrastructure-type');
  const list = asSeq(sel)?.items.map((i) => asScalar(i)?.text ?? '') ?? (asScalar(sel) ? [asScalar(sel)!.text] : []);
  return list.length ? list.join(', ') : undefined;
}

const typed = (kind: number): EntrySpec => ({ kind, detail: (v) => scalarUnder(v, 'type') });

/** A descriptor file: its top-level sections (unknown keys too, as plain keys; never the description). */
const DESCRIPTOR: EntrySpec = {
  kind: K.File,
  keys: {
    name: { kind: K.Constant, detail: scalarText },
    description: null,
    properties: section(PROPERTY),
    'private-properties': section(PROPERTY),
    composition: section(COMPONENT),
    references: section(COMPONENT),
    relationships: section(RELATIONSHIP),
    operations: section(OPERATION),
    lifecycle: {
      kind: K.Namespace,
      children: (v, b) =>
        asSeq(v) ? b.scalarItems(v, K.Function) : b.childrenOf(v, { kind: K.Function, each: TRANSITION }),
    },
    infrastructure: section({ kind: K.EnumMember }),
    'default-driver': section({ kind: K.Constant, detail: selectedInfrastructure }),
    capabilities: section(typed(K.Interface)),
    requirements: section(typed(K.Interface)),
    metrics: section({ kind: K.Variable, detail: (v) => scalarUnder(v, 'type') ?? scalarUnder(v, 'source-metric') }),
    policies: section({
      kind: K.Event,
      detail: (v) => scalarUnder(v, 'type'),
      children: (v, b) => b.childrenOf(get(asMap(v), 'properties'), { kind: K.Property, each: MAPPING }),
    }),
    'data-types': section({
      kind: K.Struct,
      detail: (v) => scalarUnder(v, 'derived-from'),
      children: (v, b) => b.childrenOf(get(asMap(v), 'properties'), { kind: K.Property, each: PROPERTY }),
    }),
  },
  otherKeys: { kind: K.Key },
};

// ---- lmproject -----------------------------------------------------------------------

/** A project or subproject: named by its `name`, with its subprojects nested. */
function projectSymbol(m: YMap, b: OutlineBuilder, fallback: string, detail?: string): DocumentSymbol {
  const nameNode = asScalar(get(m, 'name'));
  const name = nameNode && nameNode.value !== null ? nameNode.text : fallback;
  const selection = nameNode?.span ?? m.pairs[0]?.key.span ?? { start: m.span.start, end: m.span.start };
  const children: DocumentSymbol[] = [];
  for (const it of asSeq(get(m, 'contains'))?.items ?? []) {
    const sub = asMap(it);
    if (sub && b.open) {
      const d = detailOf(scalarUnder(sub, 'type'), scalarUnder(sub, 'resource-manager'));
      push(children, projectSymbol(sub, b, '(unnamed subproject)', d));
    }
  }
  return b.symbol(name, K.Package, m.span, selection, detail, children);
}

const PROJECT: EntrySpec = {
  kind: K.Package,
  children: (root, b) => {
    const m = asMap(root);
    if (!m) return [];
    const detail = detailOf(scalarUnder(m, 'version'), scalarUnder(m, 'type') ?? 'Assembly');
    return [projectSymbol(m, b, '(unnamed project)', detail)];
  },
};

export function symbols(ctx: FeatureContext): DocumentSymbol[] {
  const kind = ctx.doc.kind;
  if (kind === 'lmproject') return buildOutline(ctx.doc, PROJECT);
  return isDescriptorKind(kind) ? buildOutline(ctx.doc, DESCRIPTOR) : [];
}

// ---- workspace symbols -----------------------------------------------------------------

/** The symbol kind of a descriptor in workspace symbols, by its file kind. */
function descriptorKind(kind: FileKind): number {
  switch (kind) {
    case 'resource':
      return K.Class;
    case 'type':
      return K.Struct;
    default:
      return K.Module;
  }
}

const COMPONENT_TAGS: ReadonlySet<IndexSymbolTag> = new Set(['component', 'reference']);

/** The pack's workspace symbols, kept by the index until it changes (callers must not modify them). */
const WORKSPACE_SYMBOLS = memoKey<EntryItems<WorkspaceSymbol>>('lm workspace symbols');

export function workspaceSymbols(ws: WorkspaceContext): WorkspaceSymbol[] {
  return ws.index.deriveFromEntries(WORKSPACE_SYMBOLS, (e) => isDescriptorKind(e.kind), symbolsOf);
}

/** A descriptor's symbols: itself by the name the orchestrator knows it by (explicit or derived), its components. */
function symbolsOf(e: IndexEntry, name: string | undefined): WorkspaceSymbol[] {
  const out: WorkspaceSymbol[] = [];
  for (const [text, tag, start, end] of e.symbols) {
    if (tag === 'descriptor') {
      if (name) out.push({ name, kind: descriptorKind(e.kind), path: e.path, span: { start, end } });
    } else if (COMPONENT_TAGS.has(tag)) {
      const s: WorkspaceSymbol = { name: text, kind: K.Object, path: e.path, span: { start, end } };
      if (name) s.containerName = name;
      out.push(s);
    }
  }
  return out;
}
