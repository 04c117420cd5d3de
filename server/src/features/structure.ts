/**
 * Folding and selection ranges: the same for every YAML file a pack serves, from the YAML tree
 * (shared/structure.ts), so they are not per pack.
 */
import { packFor } from './packs.js';
import { foldingRanges as fold, selectionRanges as select } from './shared/structure.js';
import type { FeatureContext, FoldingRange, SelectionRange } from './types.js';

export function foldingRanges(ctx: FeatureContext): FoldingRange[] {
  return packFor(ctx.doc.kind) && !ctx.doc.binary ? fold(ctx) : [];
}

export function selectionRanges(ctx: FeatureContext, offsets: readonly number[]): SelectionRange[] {
  return packFor(ctx.doc.kind) && !ctx.doc.binary ? select(ctx, offsets) : [];
}
