/**
 * References and rename of the names a Cloudify blueprint declares and uses: node templates (relationship targets,
 * the node of `get_property` / `get_attribute`, group members), inputs (`get_input`), groups (members, policy
 * targets) and the blueprint's own node, relationship and data types (`type`, `derived_from`, property types).
 *
 * Within the blueprint only, and only when no other workspace file takes part in it: Cloudify merges a blueprint with
 * the files it imports, and a file another blueprint imports uses that blueprint's names, so there a list of uses
 * would be incomplete and a rename half done. Then both say so instead.
 */
import type { Span } from '../../syntax/positions.js';
import { asScalar, asSeq, isMergeKey, type YNode, type YPair, type YScalar } from '../../syntax/tree.js';
import { CLOUDIFY_NODE_FUNCTIONS, CLOUDIFY_NODE_KEYWORDS } from '../../model/tosca/cloudify/functions.js';
import type { FeatureContext, Reference, RenamePlace, RenameResult } from '../types.js';
import { toscaModelOf } from './model.js';

type Kind = 'node' | 'input' | 'group' | 'node_type' | 'relationship_type' | 'data_type';

interface Occurrence {
  /** A use naming a group member may be a node template or a group: both kinds. */
  kinds: readonly Kind[];
  name: string;
  span: Span;
  declaration: boolean;
}

const DECLARED_IN: Readonly<Record<string, Kind>> = {
  node_templates: 'node',
  inputs: 'input',
  groups: 'group',
  node_types: 'node_type',
  relationships: 'relationship_type',
  data_types: 'data_type',
};

function pairs(n: YNode | null | undefined): YPair[] {
  // Aliases are not followed: a use is where it is written (an anchor's content is walked where it stands).
  return n?.kind === 'map' ? n.pairs.filter((p) => !isMergeKey(p)) : [];
}

function value(m: YNode | null | undefined, key: string): YNode | null {
  return pairs(m).find((p) => p.key.text === key)?.value ?? null;
}

function nameOf(n: YNode | null | undefined): YScalar | undefined {
  const s = n?.kind === 'scalar' ? asScalar(n) : null;
  return s && typeof s.value === 'string' && s.text.trim() ? s : undefined;
}

/** Every declaration and use of a blueprint name in the document. */
function occurrences(root: YNode | null): Occurrence[] {
  const out: Occurrence[] = [];
  const use = (n: YNode | null | undefined, ...kinds: Kind[]) => {
    const s = nameOf(n);
    if (s) out.push({ kinds, name: s.text, span: s.span, declaration: false });
  };
  for (const section of pairs(root)) {
    const kind = DECLARED_IN[section.key.text];
    if (!kind) continue;
    for (const e of pairs(section.value))
      out.push({ kinds: [kind], name: e.key.text, span: e.key.span, declaration: true });
  }
  for (const t of pairs(value(root, 'node_templates'))) {
    use(value(t.value, 'type'), 'node_type');
    for (const r of asSeq(value(t.value, 'relationships'))?.items ?? []) {
      use(value(r, 'type'), 'relationship_type');
      use(value(r, 'target'), 'node');
    }
  }
  for (const [section, kind] of [
    ['node_types', 'node_type'],
    ['relationships', 'relationship_type'],
    ['data_types', 'data_type'],
  ] as const) {
    for (const t of pairs(value(root, section))) {
      use(value(t.value, 'derived_from'), kind);
      for (const p of pairs(value(t.value, 'properties'))) use(value(p.value, 'type'), 'data_type');
    }
  }
  for (const i of pairs(value(root, 'inputs'))) use(value(i.value, 'type'), 'data_type');
  for (const g of pairs(value(root, 'groups')))
    for (const m of asSeq(value(g.value, 'members'))?.items ?? []) use(m, 'node', 'group');
  for (const p of pairs(value(root, 'policies')))
    for (const t of asSeq(value(p.value, 'targets'))?.items ?? []) use(t, 'group');
  calls(root, out, 0);
  return out;
}

/** `get_input` and the node functions anywhere in the blueprint, nested calls included. */
function calls(n: YNode | null, out: Occurrence[], depth: number): void {
  if (!n || depth > 60) return;
  if (n.kind === 'seq') for (const it of n.items) calls(it, out, depth + 1);
  if (n.kind !== 'map') return;
  if (n.pairs.length === 1) {
    const p = n.pairs[0]!;
    const first = p.value?.kind === 'seq' ? p.value.items[0] : p.value;
    const s = nameOf(first);
    if (s && p.key.text === 'get_input') out.push({ kinds: ['input'], name: s.text, span: s.span, declaration: false });
    if (s && CLOUDIFY_NODE_FUNCTIONS.has(p.key.text) && p.value?.kind === 'seq' && !CLOUDIFY_NODE_KEYWORDS.has(s.text))
      out.push({ kinds: ['node'], name: s.text, span: s.span, declaration: false });
  }
  for (const p of n.pairs) calls(p.value, out, depth + 1);
}

/** The occurrence under the cursor and every occurrence of the same name and kind. */
function symbolAt(ctx: FeatureContext, offset: number): { at: Occurrence; all: Occurrence[] } | undefined {
  const list = occurrences(ctx.doc.root);
  const at = list.find((o) => offset >= o.span.start && offset <= o.span.end);
  if (!at) return undefined;
  // A member names a node template, else a group: the declaration decides which.
  const declared = (k: Kind) => list.some((o) => o.declaration && o.name === at.name && o.kinds.includes(k));
  const kind = at.kinds.length > 1 ? (at.kinds.find(declared) ?? at.kinds[0]!) : at.kinds[0]!;
  const all = list.filter((o) => o.name === at.name && o.kinds.includes(kind));
  return { at, all };
}

/** Why another file may take part in this blueprint's names, or undefined when none can. */
function sharedWith(ctx: FeatureContext): string | undefined {
  if (ctx.index.tosca.importersOf(ctx.doc.path).length) return 'another blueprint imports this file';
  const local = toscaModelOf(ctx).closure.rootImports.some((r) => r.status.kind === 'ok');
  return local ? 'this blueprint imports a file of the workspace' : undefined;
}

export function cloudifyReferences(ctx: FeatureContext, offset: number, includeDeclaration: boolean): Reference[] {
  const found = symbolAt(ctx, offset);
  if (!found || sharedWith(ctx)) return [];
  return found.all
    .filter((o) => includeDeclaration || !o.declaration)
    .sort((a, b) => a.span.start - b.span.start)
    .map((o) => ({
      path: ctx.doc.path,
      range: ctx.doc.lines.rangeOf(o.span),
      declaration: o.declaration,
      ...(o.declaration ? { write: true } : {}),
    }));
}

export function cloudifyPrepareRename(ctx: FeatureContext, offset: number): RenamePlace | undefined {
  const found = symbolAt(ctx, offset);
  if (!found) return undefined;
  if (!found.all.some((o) => o.declaration))
    return { error: `\`${found.at.name}\` is not declared in this blueprint.` };
  const shared = sharedWith(ctx);
  if (shared) return { error: `Rename is not available here: ${shared}, and Cloudify merges their names.` };
  if (found.all.some((o) => ctx.doc.text.slice(o.span.start, o.span.end) !== o.name))
    return { error: `\`${found.at.name}\` is quoted or escaped somewhere: rename it by hand.` };
  return { range: ctx.doc.lines.rangeOf(found.at.span), placeholder: found.at.name };
}

export function cloudifyRename(ctx: FeatureContext, offset: number, newName: string): RenameResult {
  const place = cloudifyPrepareRename(ctx, offset);
  if (!place) return { error: 'Nothing to rename here.' };
  if ('error' in place) return place;
  const { all } = symbolAt(ctx, offset)!;
  if (!/^[^\s:#{}[\],&*!|>'"%@`]+$/.test(newName) || newName.includes('--'))
    return { error: `\`${newName}\` is not a plain name (no spaces, YAML indicators or \`--\`).` };
  const kinds = all.find((o) => o.declaration)!.kinds;
  const clash = occurrences(ctx.doc.root).some(
    (o) => o.declaration && o.name === newName && o.kinds.some((k) => kinds.includes(k)),
  );
  if (clash) return { error: `The blueprint already declares \`${newName}\`.` };
  const edits = all.map((o) => ({ range: ctx.doc.lines.rangeOf(o.span), newText: newName }));
  return { edit: { changes: { [ctx.doc.path]: edits } } };
}
