/**
 * Find references (and, through the dispatcher, document highlights): every occurrence of the
 * symbol under the cursor across the workspace, found by occurrences.ts from the index's reverse
 * edges. Declarations and mapping keys (`composition.<c>.properties.<p>:`) are writes.
 */
import type { FeatureContext, Reference } from '../types.js';
import { occurrencesOf } from './occurrences.js';
import { symbolAt } from './symbol.js';

export function references(ctx: FeatureContext, offset: number, includeDeclaration: boolean): Reference[] {
  const at = symbolAt(ctx, offset);
  if (!at) return [];
  const out: Reference[] = [];
  for (const o of occurrencesOf(ctx, at.symbol)) {
    if (o.declaration && !includeDeclaration) continue;
    const r: Reference = { path: o.path, range: o.lines.rangeOf(o.span), declaration: o.declaration };
    if (o.write) r.write = true;
    out.push(r);
  }
  return out;
}
