/** Go to definition: dispatched to the document's language pack. */
import { packFor } from './packs.js';
import type { FeatureContext, LocationLink } from './types.js';

export function definition(ctx: FeatureContext, offset: number): LocationLink[] {
  // Binary text has nothing to complete, describe or follow.
  if (ctx.doc.binary) return [];
  return packFor(ctx.doc.kind)?.definition(ctx, offset) ?? [];
}
