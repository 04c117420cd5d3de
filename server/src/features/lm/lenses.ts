/**
 * Code lenses of a descriptor: "used by N assemblies" on its name (on the top of the file when
 * lmctl derives the name), "N references" on each top-level property; in an assembly, "Show
 * deployment plan" on `composition` and "build step k of n" on each component and reference. Only their places are
 * decided here; the counts come from the pack's references when the editor shows them, starting
 * at `at`, which sits on the name's (or the property key's) text as a cursor would.
 */
import { topLevelProperties } from '../../model/lm/summary.js';
import { asMap, getPair } from '../../syntax/tree.js';
import { unquotedSpan } from '../../syntax/scalars.js';
import type { CodeLens, FeatureContext, Reference, ReferenceLensFormat } from '../types.js';
import { occurrencesOf } from './occurrences.js';
import { references } from './references.js';
import type { LmSymbol } from './symbol.js';
import { descriptorOf } from './context.js';

/**
 * The uses a lens counts. "Used by" counts the uses of this descriptor's own name, so it also works
 * at the top of a file whose name lmctl derives (where no text spells the name); the others count
 * the references of the property at `at`.
 */
export function lensReferences(ctx: FeatureContext, at: number, format: ReferenceLensFormat): Reference[] {
  if (format !== 'usedBy') return references(ctx, at, false);
  const name = ctx.index.effectiveName(ctx.doc.path);
  if (!name) return [];
  const symbol: LmSymbol = { kind: 'descriptor', name, files: ctx.index.lookup(name).map((e) => e.path) };
  // Assemblies only: configurations in behaviour files (which also name the descriptor) are not uses.
  return occurrencesOf(ctx, symbol)
    .filter((o) => !o.declaration && ctx.index.get(o.path)?.kind !== 'behaviour')
    .map((o) => ({ path: o.path, range: o.lines.rangeOf(o.span), declaration: false }));
}

export function lenses(ctx: FeatureContext): CodeLens[] {
  const summary = descriptorOf(ctx);
  if (!summary) return [];
  const { lines, text } = ctx.doc;
  const out: CodeLens[] = [];
  // Only assemblies and resources are component types, so only they can be used by assemblies.
  if (summary.kind === 'assembly' || summary.kind === 'resource') {
    const name = summary.explicitName;
    if (name) {
      const span = unquotedSpan(text, name.span);
      out.push({ range: lines.rangeOf(span), at: span.start, format: 'usedBy' });
    } else if (ctx.index.effectiveName(ctx.doc.path)) {
      out.push({ range: lines.rangeOf({ start: 0, end: 0 }), at: 0, format: 'usedBy' });
    }
  }
  for (const p of topLevelProperties(summary)) {
    const span = unquotedSpan(text, p.keySpan);
    out.push({ range: lines.rangeOf(span), at: span.start, format: 'references' });
  }
  if (summary.kind === 'assembly') {
    const composition = getPair(asMap(ctx.doc.root), 'composition');
    if (composition)
      out.push({ range: lines.rangeOf(composition.key.span), at: composition.key.span.start, format: 'showPlan' });
    const seen = new Set<string>();
    for (const c of summary.components) {
      if (seen.has(c.name)) continue;
      seen.add(c.name);
      out.push({ range: lines.rangeOf(c.keySpan), at: c.keySpan.start, format: 'planStep' });
    }
  }
  return out;
}
