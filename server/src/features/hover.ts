/** Hover: dispatched to the document's language pack. */
import { packFor } from './packs.js';
import type { FeatureContext, Hover } from './types.js';

export function hover(ctx: FeatureContext, offset: number): Hover | undefined {
  // Binary text has nothing to complete, describe or follow.
  if (ctx.doc.binary) return undefined;
  return packFor(ctx.doc.kind)?.hover(ctx, offset);
}
