/**
 * The TOSCA language pack: service templates and type files of the Simple Profile in YAML (and TOSCA 2.0, syntax only).
 */
import type { LanguagePack } from '../shared/pack.js';
import { complete } from './completion.js';
import { definition } from './definition.js';
import { affectedBy, cloudifyParts } from './affected.js';
import { diagnose, TOSCA_INTERNAL_ERROR_CODE, TOSCA_KINDS, TOSCA_SYNTAX_CODE } from './diagnostics.js';
import { TOSCA_FIXES } from './fixes/index.js';
import { hover } from './hover.js';
import { lenses } from './lenses.js';
import { links } from './links.js';
import { references } from './references.js';
import { prepareRename, rename } from './rename.js';
import { semanticTokens } from './semanticTokens.js';
import { symbols, workspaceSymbols } from './symbols.js';
import { plan } from './plan.js';
import { migrateActions } from './migrate/refactor.js';

export const toscaPack: LanguagePack = {
  id: 'tosca',
  kinds: TOSCA_KINDS,
  syntaxCode: TOSCA_SYNTAX_CODE,
  internalErrorCode: TOSCA_INTERNAL_ERROR_CODE,
  affectedBy,
  partsOf: cloudifyParts,
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
  lensReferences: (ctx, at) => references(ctx, at, false),
  semanticTokens,
  fixes: TOSCA_FIXES,
  refactors: migrateActions,
  plan,
};
