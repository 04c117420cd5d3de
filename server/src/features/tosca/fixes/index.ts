/**
 * Every TOSCA quick fix, by the kind of payload it handles. Add one by writing its file and listing
 * it here. TOSCA rules attach `replace` payloads to their "did you mean" findings.
 */
import type { FixTable } from '../../shared/fix.js';
import { replaceFix } from '../../shared/replaceFix.js';
import { constraintsFix } from './constraints.js';
import { reindentFix } from './reindent.js';

export const TOSCA_FIXES: FixTable = {
  replace: replaceFix,
  reindent: reindentFix,
  'constraints-to-validation': constraintsFix,
};
