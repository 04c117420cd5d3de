/** Code lenses. */
import type { CodeLens, FeatureContext } from '../types.js';

export function lenses(_ctx: FeatureContext): CodeLens[] {
  return []; // TODO(issue 10)
}
