/** Semantic tokens: dispatched to the document's language pack, sorted by position. */
import { packFor } from './packs.js';
import type { FeatureContext, SemanticToken } from './types.js';

export function semanticTokens(ctx: FeatureContext): SemanticToken[] {
  if (ctx.doc.binary) return [];
  const tokens = packFor(ctx.doc.kind)?.semanticTokens(ctx) ?? [];
  return [...tokens].sort((a, b) => a.start - b.start);
}
