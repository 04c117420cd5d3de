/**
 * Code lenses of a descriptor: "used by N assemblies" on its name (on the top of the file when
 * lmctl derives the name), and "N references" on each top-level property. Only their places are
 * decided here; the counts come from the pack's references when the editor shows them, starting
 * at `at`, which sits on the name's (or the property key's) text as a cursor would.
 */
import { topLevelProperties } from '../../model/lm/summary.js';
import { unquotedSpan } from '../../syntax/scalars.js';
import type { CodeLens, FeatureContext } from '../types.js';
import { descriptorOf } from './context.js';

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
  return out;
}
