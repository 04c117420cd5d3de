/** Go to definition: dispatched to the document's language pack. */
import { packFor } from './packs.js';
import type { FeatureContext, LocationLink } from './types.js';

export function definition(ctx: FeatureContext, offset: number): LocationLink[] {
  return packFor(ctx.doc.kind)?.definition(ctx, offset) ?? [];
}
