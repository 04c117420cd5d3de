/** Every quick fix. Add one by writing its file and listing it here. */
import { addPlacementMappingFix } from './addPlacementMapping.js';
import { declarePropertyFix } from './declareProperty.js';
import type { Fix } from './fix.js';
import { lifecycleMapFix } from './lifecycleMap.js';
import { selectorFix } from './selector.js';
import { operationDriverRenameFix } from './operationDriverRename.js';
import { mapRequiredPropertyFix } from './mapRequiredProperty.js';
import { projectNameFix } from './name.js';
import { replaceFix } from './replace.js';

export const FIXES: readonly Fix[] = [
  replaceFix,
  projectNameFix,
  declarePropertyFix,
  mapRequiredPropertyFix,
  addPlacementMappingFix,
  lifecycleMapFix,
  selectorFix,
  operationDriverRenameFix,
];
