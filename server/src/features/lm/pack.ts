/** The LM language pack: assembly, resource, assembly-template, type descriptors and lmproject files. */
import type { LanguagePack } from '../shared/pack.js';
import { complete } from './completion.js';
import { definition } from './definition.js';
import { diagnose, LM_KINDS } from './diagnostics.js';
import { LM_FIXES } from './fixes/index.js';
import { hover } from './hover.js';
import { lensReferences, lenses } from './lenses.js';
import { links } from './links.js';
import { references } from './references.js';
import { prepareRename, rename } from './rename.js';
import { semanticTokens } from './semanticTokens.js';
import { symbols, workspaceSymbols } from './symbols.js';
import { plan } from './plan.js';

export const lmPack: LanguagePack = {
  id: 'lm',
  kinds: LM_KINDS,
  complete,
  hover,
  definition,
  diagnose,
  references,
  prepareRename,
  rename,
  symbols,
  workspaceSymbols,
  links,
  lenses,
  lensReferences,
  semanticTokens,
  fixes: LM_FIXES,
  plan,
};
