/**
 * LM090: operation-driver findings that carry a suggestion (`data.replaceWith`: a lower-case driver
 * type, a declared infrastructure type) get the same rename fix as LM085/LM086 elsewhere.
 */
import type { Fix } from './fix.js';
import { replaceFix } from './replace.js';

export const operationDriverRenameFix: Fix = {
  codes: ['LM090'],
  build: (ctx, d) => replaceFix.build(ctx, d),
};
