/**
 * The LM language pack: assembly, resource, assembly-template, type descriptors, lmproject files
 * and lmctl behaviour files (JSON configurations and scenarios; behaviour/ answers for those).
 */
import type { LanguagePack } from '../shared/pack.js';
import type { FeatureContext } from '../types.js';
import { complete } from './completion.js';
import { definition } from './definition.js';
import { affectedBy } from './affected.js';
import { diagnose, LM_INTERNAL_ERROR_CODE, LM_KINDS, LM_SYNTAX_CODE } from './diagnostics.js';
import { LM_FIXES } from './fixes/index.js';
import { hover } from './hover.js';
import { lensReferences, lenses } from './lenses.js';
import { links } from './links.js';
import { references } from './references.js';
import { prepareRename, rename } from './rename.js';
import { semanticTokens } from './semanticTokens.js';
import { symbols, workspaceSymbols } from './symbols.js';
import { plan } from './plan.js';
import { behaviourCompletion } from './behaviour/completion.js';
import { behaviourDefinition, behaviourHover } from './behaviour/navigation.js';
import { configurationReferences, prepareConfigurationRename, renameConfiguration } from './behaviour/symbol.js';

const isBehaviour = (ctx: FeatureContext) => ctx.doc.kind === 'behaviour';

export const lmPack: LanguagePack = {
  id: 'lm',
  kinds: LM_KINDS,
  syntaxCode: LM_SYNTAX_CODE,
  internalErrorCode: LM_INTERNAL_ERROR_CODE,
  affectedBy,
  complete: (ctx, offset) => (isBehaviour(ctx) ? behaviourCompletion(ctx, offset) : complete(ctx, offset)),
  hover: (ctx, offset) => (isBehaviour(ctx) ? behaviourHover(ctx, offset) : hover(ctx, offset)),
  definition: (ctx, offset) => (isBehaviour(ctx) ? behaviourDefinition(ctx, offset) : definition(ctx, offset)),
  diagnose,
  references: (ctx, offset, decl) =>
    (isBehaviour(ctx) ? configurationReferences(ctx, offset, decl) : undefined) ?? references(ctx, offset, decl),
  prepareRename: (ctx, offset) =>
    (isBehaviour(ctx) ? prepareConfigurationRename(ctx, offset) : undefined) ?? prepareRename(ctx, offset),
  rename: (ctx, offset, newName) =>
    (isBehaviour(ctx) ? renameConfiguration(ctx, offset, newName) : undefined) ?? rename(ctx, offset, newName),
  symbols: (ctx) => (isBehaviour(ctx) ? [] : symbols(ctx)),
  workspaceSymbols,
  links: (ctx) => (isBehaviour(ctx) ? [] : links(ctx)),
  lenses: (ctx) => (isBehaviour(ctx) ? [] : lenses(ctx)),
  lensReferences,
  semanticTokens: (ctx) => (isBehaviour(ctx) ? [] : semanticTokens(ctx)),
  fixes: LM_FIXES,
  plan,
};
