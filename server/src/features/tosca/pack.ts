/**
 * The TOSCA language pack: service templates and type files of the Simple Profile in YAML (and TOSCA 2.0, syntax only).
 */
import type { LanguagePack } from '../shared/pack.js';
import { complete } from './completion.js';
import { definition } from './definition.js';
import { diagnose } from './diagnostics.js';
import { TOSCA_FIXES } from './fixes/index.js';
import { hover } from './hover.js';

export const toscaPack: LanguagePack = {
  id: 'tosca',
  kinds: ['tosca'],
  complete,
  hover,
  definition,
  diagnose,
  fixes: TOSCA_FIXES,
};
