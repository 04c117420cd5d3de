/**
 * Folding ranges and selection ranges from the YAML tree: the same for every file a pack serves
 * (folding.ts and selection.ts hold the two walks).
 */
import type { FeatureContext, FoldingRange, SelectionRange } from '../types.js';
import { foldingRanges as fold } from './folding.js';
import { selectionRanges as select } from './selection.js';

export function foldingRanges(ctx: FeatureContext): FoldingRange[] {
  return fold(ctx.doc);
}

export function selectionRanges(ctx: FeatureContext, offsets: readonly number[]): SelectionRange[] {
  return select(ctx.doc, offsets);
}
