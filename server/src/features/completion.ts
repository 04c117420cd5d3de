/** Completion: dispatched to the document's language pack. */
import { packFor } from './packs.js';
import type { CompletionItem, FeatureContext } from './types.js';

export function complete(ctx: FeatureContext, offset: number): CompletionItem[] {
  return packFor(ctx.doc.kind)?.complete(ctx, offset) ?? [];
}
