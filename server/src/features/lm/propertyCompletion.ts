/**
 * Property names under `composition.<c>.properties:` (and `references.<r>.properties:`): the
 * properties the component's descriptor declares, each inserted with its mapping
 * (`name:` + `value: ${…}`) as a snippet. Required properties nobody maps come first (LM048 would
 * report them), then `deploymentLocation` / `resourceManager` when missing (LM049), then the other
 * inputs; properties already mapped are left out, and read-only outputs are never offered (LM ignores
 * values mapped into them, LM035). CP4NA "Assembly descriptors" › composition.
 */
import type { DescriptorSummary, PropertyDecl } from '../../model/lm/summary.js';
import { topLevelProperties } from '../../model/lm/summary.js';
import { SPECIAL_PROPERTIES } from '../../model/lm/vocabulary.js';
import { siblingKeys, type CursorContext } from '../../syntax/cursor.js';
import { asMap, get, getPair } from '../../syntax/tree.js';
import { CompletionKind, type CompletionItem, type FeatureContext } from '../types.js';
import { escapeSnippet } from '../shared/snippets.js';
import { propertyMarkdown } from './context.js';
import { componentTarget } from './resolve.js';

/** Columns the document indents by under the component (`properties:` to its entries), 2 by default. */
function indentUnit(ctx: FeatureContext, section: string, component: string, keyCol: number): number {
  const body = asMap(get(asMap(get(asMap(ctx.doc.root), section)), component));
  const props = getPair(body, 'properties');
  if (!props) return 2;
  const col = ctx.doc.lines.positionAt(props.key.span.start).character;
  return keyCol > col ? keyCol - col : 2;
}

export function componentPropertyCompletion(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  cur: CursorContext,
  offset: number,
): CompletionItem[] | undefined {
  const [section, component, props] = cur.path;
  if ((section !== 'composition' && section !== 'references') || !component || props !== 'properties') return;
  if (cur.path.length !== 3 || cur.inSequenceItem) return;
  const t = componentTarget(ctx, summary, component);
  if (!t || t.component.section !== section) return;
  const present = siblingKeys(ctx.doc.lines, offset, cur.column);
  const declared = t.descriptor?.summary.properties ?? [];
  const top = new Set(topLevelProperties(summary).map((p) => p.name));
  const range = ctx.doc.lines.rangeOf({ start: cur.tokenStart, end: Math.max(cur.tokenEnd, offset) });
  const childCol = cur.column + indentUnit(ctx, section, component, cur.column);
  const descName = t.descriptor ? (ctx.index.effectiveName(t.descriptor.path) ?? t.descriptor.path) : undefined;
  const out: CompletionItem[] = [];
  const add = (name: string, rank: string, detail: string, decl?: PropertyDecl) => {
    // The assembly's own property of the same name is the usual value; else the cursor waits inside `${}`.
    const value = top.has(name) ? `\\\${\${1:${escapeSnippet(name)}}}` : '\\${$1}';
    out.push({
      label: name,
      kind: CompletionKind.Property,
      detail,
      ...(decl
        ? { documentation: { kind: 'markdown', value: propertyMarkdown(decl, `declared in ${descName}`) } }
        : {}),
      sortText: `${rank}${name}`,
      insertTextFormat: 2,
      insertTextMode: 1,
      textEdit: { range, newText: `${escapeSnippet(name)}:\n${' '.repeat(childCol)}value: ${value}$0` },
    });
  };
  for (const p of declared) {
    if (p.readOnly || present.has(p.name)) continue;
    const needed = p.required && p.default === undefined && p.value === undefined;
    add(p.name, needed ? '0' : '2', `${needed ? 'required ' : ''}property${p.type ? ` (${p.type})` : ''}`, p);
  }
  for (const sp of SPECIAL_PROPERTIES)
    if (!present.has(sp) && !declared.some((p) => p.name === sp)) add(sp, '1', 'where and by whom LM places it');
  return out;
}
