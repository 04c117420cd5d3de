/** Document links to other files. */
import type { DocumentLink, FeatureContext } from '../types.js';

export function links(_ctx: FeatureContext): DocumentLink[] {
  return []; // TODO(issue 10)
}
