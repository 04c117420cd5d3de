/** Find references: every use of the symbol under the cursor, across the workspace. */
import type { FeatureContext, Reference } from '../types.js';

export function references(_ctx: FeatureContext, _offset: number, _includeDeclaration: boolean): Reference[] {
  return []; // TODO(issue 10)
}
