/** Every diagnostic rule, in the order they run. Add a rule by writing its file and listing it here. */
import { clusterRule } from './cluster.js';
import { componentTypesRule } from './componentTypes.js';
import { duplicateKeysRule } from './duplicateKeys.js';
import { grammarRule } from './grammar.js';
import { namesRule } from './names.js';
import { referencesRule } from './references.js';
import { relationshipsRule } from './relationships.js';
import type { Rule } from './rule.js';
import { syntaxRule } from './syntax.js';

export const RULES: readonly Rule[] = [syntaxRule, duplicateKeysRule, grammarRule, namesRule, referencesRule, componentTypesRule, clusterRule, relationshipsRule];
