/** Find references and document highlights: dispatched to the document's language pack. */
import { packFor } from './packs.js';
import type { FeatureContext, Reference } from './types.js';

export function references(ctx: FeatureContext, offset: number, includeDeclaration: boolean): Reference[] {
  if (ctx.doc.binary) return [];
  return packFor(ctx.doc.kind)?.references(ctx, offset, includeDeclaration) ?? [];
}

/** The occurrences of the symbol at the offset within this document (declaration included). */
export function highlights(ctx: FeatureContext, offset: number): Reference[] {
  return references(ctx, offset, true).filter((r) => r.path === ctx.doc.path);
}
