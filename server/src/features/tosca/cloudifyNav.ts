/**
 * Navigation in a Cloudify blueprint (`cloudify_dsl_1_x`), whose names live where TOSCA has none (node templates,
 * inputs and groups at the top, relationships as a list): go to definition and value completion of a relationship's
 * `target` and `type`, a node template's `type`, `derived_from`, `get_input`, the node of `get_property` /
 * `get_attribute`, and group members. Names resolve in the blueprint itself; node and data types also in the files it
 * imports from the workspace, and Cloudify's built-in types (its `types.yaml`) are offered by name.
 */
import { cursorAt, type TreePath } from '../../syntax/cursor.js';
import type { Span } from '../../syntax/positions.js';
import { asMap, get, type YMap, type YPair, type YScalar } from '../../syntax/tree.js';
import { CLOUDIFY_NODE_FUNCTIONS } from '../../model/tosca/cloudify/functions.js';
import {
  CLOUDIFY_DATA_TYPES,
  CLOUDIFY_NODE_TYPES,
  CLOUDIFY_PRIMITIVES,
  CLOUDIFY_RELATIONSHIP_TYPES,
} from '../../model/tosca/cloudify/types.js';
import { CompletionKind, type CompletionItem, type FeatureContext, type Hover, type LocationLink } from '../types.js';
import { toscaModelOf } from './model.js';
import { isCloudifyDsl } from '../../model/tosca/versions.js';

type RefKind = 'node' | 'input' | 'member' | 'node_type' | 'relationship_type' | 'data_type';

interface Ref {
  kind: RefKind;
  /** The node template the reference is written in (a relationship's source, not a target of its own). */
  owner?: string;
}

/** Where the sections of each kind of name are in a blueprint. */
const SECTIONS: Readonly<Record<RefKind, readonly string[]>> = {
  node: ['node_templates'],
  input: ['inputs'],
  member: ['node_templates', 'groups'],
  node_type: ['node_types'],
  relationship_type: ['relationships'],
  data_type: ['data_types'],
};

/**
 * True when the document is a Cloudify blueprint, by its own version (its summary: the outline asks, and needs no
 * model of the imports).
 */
export function isCloudifyDocument(ctx: FeatureContext): boolean {
  const s = ctx.doc.summary;
  return s.kind === 'tosca' && isCloudifyDsl(s.version?.text);
}

/** What a value at `path` (keys and list indexes, `-` for a list item being typed) names, if anything. */
function refOf(path: readonly (string | number)[]): Ref | undefined {
  const n = path.length;
  const last = path[n - 1];
  const item = (i: number) => typeof path[i] === 'number' || path[i] === '-';
  if (path[0] === 'node_templates') {
    const owner = String(path[1]);
    if (n === 3 && last === 'type') return { kind: 'node_type' };
    if (n === 5 && path[2] === 'relationships' && item(3)) {
      if (last === 'target') return { kind: 'node', owner };
      if (last === 'type') return { kind: 'relationship_type' };
    }
  }
  if (n === 3 && last === 'derived_from') {
    if (path[0] === 'node_types') return { kind: 'node_type' };
    if (path[0] === 'relationships') return { kind: 'relationship_type' };
    if (path[0] === 'data_types') return { kind: 'data_type' };
  }
  if (
    n === 5 &&
    last === 'type' &&
    path[2] === 'properties' &&
    ['node_types', 'relationships', 'data_types'].includes(String(path[0]))
  )
    return { kind: 'data_type' };
  if (n === 3 && path[0] === 'inputs' && last === 'type') return { kind: 'data_type' };
  if (last === 'get_input' || (path[n - 2] === 'get_input' && path[n - 1] === 0)) return { kind: 'input' };
  if (CLOUDIFY_NODE_FUNCTIONS.has(String(path[n - 2])) && (path[n - 1] === 0 || path[n - 1] === '-'))
    return { kind: 'node' };
  if (n === 4 && path[0] === 'groups' && path[2] === 'members' && item(3)) return { kind: 'member' };
  return undefined;
}

function sectionOf(root: YMap | null, key: string): YMap | null {
  return asMap(get(root, key));
}

/** The entries a name of `kind` may be, in the blueprint itself. */
function localEntries(ctx: FeatureContext, kind: RefKind): YPair[] {
  const root = asMap(ctx.doc.root);
  return SECTIONS[kind].flatMap((k) => sectionOf(root, k)?.pairs ?? []).filter((p) => p.key.text !== '<<');
}

/** Node and data types of the files the blueprint imports from the workspace (their summaries). */
function importedTypes(
  ctx: FeatureContext,
  kind: RefKind,
): { name: string; path: string; span: Span; keySpan: Span }[] {
  const want = kind === 'node_type' ? 'node' : kind === 'data_type' ? 'data' : undefined;
  if (!want) return [];
  const model = toscaModelOf(ctx);
  return model.closure.files
    .filter((f) => f.path !== ctx.doc.path)
    .flatMap((f) =>
      f.summary.types
        .filter((t) => t.kind === want)
        .map((t) => ({ name: t.name, path: f.path, span: t.span, keySpan: t.keySpan })),
    );
}

function builtins(kind: RefKind): readonly { name: string; derivedFrom?: string }[] {
  if (kind === 'node_type') return CLOUDIFY_NODE_TYPES;
  if (kind === 'relationship_type') return CLOUDIFY_RELATIONSHIP_TYPES;
  if (kind === 'data_type') return CLOUDIFY_DATA_TYPES;
  return [];
}

export function cloudifyDefinition(ctx: FeatureContext, offset: number): LocationLink[] {
  const at = cursorAt(ctx.doc.lines, ctx.doc.root, offset).node;
  if (!at || at.role !== 'value') return [];
  const ref = refOf(at.path);
  if (!ref) return [];
  const name = (at.scalar as YScalar).text;
  const origin = ctx.doc.lines.rangeOf(at.scalar.span);
  const local = localEntries(ctx, ref.kind).find((p) => p.key.text === name);
  const link = (path: string, span: Span, sel: Span): LocationLink[] => {
    const lines = path === ctx.doc.path ? ctx.doc.lines : ctx.linesOf(path);
    return lines
      ? [
          {
            originSelectionRange: origin,
            targetPath: path,
            targetRange: lines.rangeOf(span),
            targetSelectionRange: lines.rangeOf(sel),
          },
        ]
      : [];
  };
  if (local)
    return link(
      ctx.doc.path,
      { start: local.key.span.start, end: local.value?.span.end ?? local.key.span.end },
      local.key.span,
    );
  const imported = importedTypes(ctx, ref.kind).find((t) => t.name === name);
  return imported ? link(imported.path, imported.span, imported.keySpan) : [];
}

/** Value completions at `path` (the cursor's value path), or undefined when the place names nothing. */
export function cloudifyCompletions(
  ctx: FeatureContext,
  path: TreePath | readonly string[],
  edit: { start: number; end: number },
): CompletionItem[] | undefined {
  const ref = refOf(path);
  if (!ref) return undefined;
  const range = ctx.doc.lines.rangeOf(edit);
  const out: CompletionItem[] = [];
  const seen = new Set<string>();
  const add = (label: string, kind: number, detail: string) => {
    if (seen.has(label)) return;
    seen.add(label);
    out.push({ label, kind, detail, textEdit: { range, newText: label } });
  };
  const kindOf =
    ref.kind === 'input'
      ? CompletionKind.Variable
      : ref.kind.endsWith('type')
        ? CompletionKind.Class
        : CompletionKind.Reference;
  for (const p of localEntries(ctx, ref.kind)) {
    if (p.key.text === ref.owner) continue;
    const type = asMap(p.value)?.pairs.find((q) => q.key.text === 'type')?.value;
    const detail =
      type?.kind === 'scalar' && ref.kind !== 'input'
        ? `${ref.kind === 'member' ? '' : 'node '}${type.text}`
        : ref.kind;
    add(p.key.text, kindOf, detail);
  }
  for (const t of importedTypes(ctx, ref.kind))
    add(t.name, kindOf, `type of ${t.path.slice(t.path.lastIndexOf('/') + 1)}`);
  for (const t of builtins(ref.kind))
    add(t.name, kindOf, t.derivedFrom ? `Cloudify type, derived from ${t.derivedFrom}` : 'Cloudify type');
  if (ref.kind === 'data_type') for (const p of CLOUDIFY_PRIMITIVES) add(p, CompletionKind.Keyword, 'primitive type');
  if (ref.kind === 'node' && CLOUDIFY_NODE_FUNCTIONS.has(String(path[path.length - 2])))
    for (const k of ['SELF', 'SOURCE', 'TARGET'])
      add(k, CompletionKind.Keyword, 'the node of the template or relationship');
  return out;
}

const NOUN: Readonly<Record<RefKind, string>> = {
  node: 'node template',
  input: 'input',
  member: 'group member',
  node_type: 'node type',
  relationship_type: 'relationship type',
  data_type: 'data type',
};

/** Hover of a name a blueprint refers to: what it is and where it comes from. */
export function cloudifyHover(ctx: FeatureContext, offset: number): Hover | undefined {
  const at = cursorAt(ctx.doc.lines, ctx.doc.root, offset).node;
  if (!at || at.role !== 'value') return undefined;
  const ref = refOf(at.path);
  if (!ref) return undefined;
  const name = at.scalar.text;
  const range = ctx.doc.lines.rangeOf(at.scalar.span);
  const md = (lines: (string | undefined)[]): Hover => ({
    contents: { kind: 'markdown', value: lines.filter(Boolean).join('\n\n') },
    range,
  });
  const local = localEntries(ctx, ref.kind).find((p) => p.key.text === name);
  if (local) {
    const m = asMap(local.value);
    const field = (k: string) => {
      const v = m?.pairs.find((p) => p.key.text === k)?.value;
      return v?.kind === 'scalar' && v.value !== null ? v.text : undefined;
    };
    const noun =
      ref.kind === 'member'
        ? m?.pairs.some((p) => p.key.text === 'members')
          ? 'group'
          : 'node template'
        : NOUN[ref.kind];
    return md([
      `**${name}** — ${noun} of this blueprint`,
      field('type') && `type \`${field('type')}\``,
      field('derived_from') && `derived from \`${field('derived_from')}\``,
      field('description'),
    ]);
  }
  const imported = importedTypes(ctx, ref.kind).find((t) => t.name === name);
  if (imported)
    return md([`**${name}** — ${NOUN[ref.kind]} of \`${imported.path.slice(imported.path.lastIndexOf('/') + 1)}\``]);
  const builtin = builtins(ref.kind).find((t) => t.name === name);
  if (builtin)
    return md([
      `**${name}** — Cloudify's built-in ${NOUN[ref.kind]} (its \`types.yaml\`)`,
      builtin.derivedFrom && `derived from \`${builtin.derivedFrom}\``,
    ]);
  return undefined;
}
