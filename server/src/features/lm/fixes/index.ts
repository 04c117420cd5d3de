/** Every LM quick fix, by the kind of payload it handles. Add one by writing its file and listing it here. */
import type { FixTable } from '../../shared/fix.js';
import { replaceFix } from '../../shared/replaceFix.js';
import { addPlacementMappingFix } from './addPlacementMapping.js';
import { declareMemberFix } from './declareMember.js';
import { declarePropertyFix } from './declareProperty.js';
import { lifecycleMapFix } from './lifecycleMap.js';
import { mapRequiredPropertyFix } from './mapRequiredProperty.js';
import { projectNameFix } from './name.js';
import { selectorFix } from './selector.js';

export const LM_FIXES: FixTable = {
  replace: replaceFix,
  'project-name': projectNameFix,
  'declare-property': declarePropertyFix,
  'map-required-property': mapRequiredPropertyFix,
  'add-placement-mapping': addPlacementMappingFix,
  'lifecycle-map': lifecycleMapFix,
  'wrap-selector': selectorFix,
  'declare-member': declareMemberFix,
};
