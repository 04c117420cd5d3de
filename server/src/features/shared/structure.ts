/** Folding ranges and selection ranges from the YAML tree. */
import type { FeatureContext, FoldingRange, SelectionRange } from '../types.js';

export function foldingRanges(_ctx: FeatureContext): FoldingRange[] {
  return []; // TODO(issue 10)
}

export function selectionRanges(ctx: FeatureContext, offsets: readonly number[]): SelectionRange[] {
  // TODO(issue 10): expand from the word to each enclosing node.
  return offsets.map((o) => ({ range: ctx.doc.lines.rangeOf({ start: o, end: o }) }));
}
