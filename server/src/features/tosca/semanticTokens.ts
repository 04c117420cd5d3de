/** Semantic tokens. */
import type { FeatureContext, SemanticToken } from '../types.js';

export function semanticTokens(_ctx: FeatureContext): SemanticToken[] {
  return []; // TODO(issue 10)
}
