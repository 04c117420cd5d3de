/** Completion: dispatched to the document's language pack. */
import { packFor } from './packs.js';
import type { CompletionItem, FeatureContext } from './types.js';

export function complete(ctx: FeatureContext, offset: number): CompletionItem[] {
  // Binary text has nothing to complete, describe or follow.
  if (ctx.doc.binary) return [];
  return packFor(ctx.doc.kind)?.complete(ctx, offset) ?? [];
}
