/** Every LM rule, in the order they run. Add a rule by writing its file and listing it here. */
import { clusterRule } from './cluster.js';
import { componentTypesRule } from './componentTypes.js';
import { duplicateKeysRule } from '../../shared/duplicateKeys.js';
import { grammarRule } from './grammar.js';
import { namesRule } from './names.js';
import { referencesRule } from './references.js';
import { relationshipsRule } from './relationships.js';
import { componentMappingsRule } from './componentMappings.js';
import { dataTypesRule } from './dataTypes.js';
import { dependenciesRule } from './dependencies.js';
import { fusedKeysRule } from './fusedKeys.js';
import { itemsRule } from './items.js';
import { legacyHeaderRule } from './legacyHeader.js';
import { metricsPoliciesRule } from './metricsPolicies.js';
import { propertiesRule } from './properties.js';
import { lifecycleRule } from './lifecycle.js';
import { driversRule } from './drivers.js';
import { referenceOnlyRule } from './referenceOnly.js';
import { lifecycleFilesRule } from './lifecycleFiles.js';
import { projectFileRule } from './projectFile.js';
import { packageLayoutRule } from './packageLayout.js';
import { ansibleRmRule } from './ansibleRm.js';
import { behaviourJsonRule } from './behaviourJson.js';
import { behaviourRule } from './behaviour.js';
import type { LmRule, LmRuleContext } from './context.js';
import { syntaxRule } from './syntax.js';

export const LM_RULES: readonly LmRule[] = [
  syntaxRule,
  // Behaviour files are JSON: LM110 reports what JSON itself rejects there.
  {
    ...duplicateKeysRule<LmRuleContext>('LM009'),
    kinds: ['assembly', 'resource', 'assembly-template', 'type', 'lmproject'],
  },
  grammarRule,
  namesRule,
  referencesRule,
  componentTypesRule,
  clusterRule,
  relationshipsRule,
  legacyHeaderRule,
  propertiesRule,
  fusedKeysRule,
  dataTypesRule,
  componentMappingsRule,
  dependenciesRule,
  itemsRule,
  metricsPoliciesRule,
  lifecycleRule,
  driversRule,
  referenceOnlyRule,
  lifecycleFilesRule,
  projectFileRule,
  packageLayoutRule,
  ansibleRmRule,
  behaviourJsonRule,
  behaviourRule,
];
