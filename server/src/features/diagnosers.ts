/**
 * Each language pack's diagnostics by the file kinds it serves, without the rest of the pack. A module
 * of its own: importing packs.ts brings in every editor feature of both packs (completion, hover and
 * their documentation tables), which the checker would otherwise load and initialise at every start
 * (LM completion's tables alone took 1.8 ms of each run over TOSCA files).
 */
import type { FileKind } from '../model/kinds.js';
import { diagnose as diagnoseLm, LM_INTERNAL_ERROR_CODE, LM_KINDS, LM_SYNTAX_CODE } from './lm/diagnostics.js';
import type { LanguagePack } from './shared/pack.js';
import {
  diagnose as diagnoseTosca,
  TOSCA_INTERNAL_ERROR_CODE,
  TOSCA_KINDS,
  TOSCA_SYNTAX_CODE,
} from './tosca/diagnostics.js';

/** A pack's diagnostics alone. */
export type Diagnoser = Pick<LanguagePack, 'kinds' | 'diagnose' | 'syntaxCode' | 'internalErrorCode'>;

/** The packs' diagnostics, in the order of `PACKS` (packs.ts). */
export const DIAGNOSERS: readonly Diagnoser[] = [
  { kinds: LM_KINDS, diagnose: diagnoseLm, syntaxCode: LM_SYNTAX_CODE, internalErrorCode: LM_INTERNAL_ERROR_CODE },
  {
    kinds: TOSCA_KINDS,
    diagnose: diagnoseTosca,
    syntaxCode: TOSCA_SYNTAX_CODE,
    internalErrorCode: TOSCA_INTERNAL_ERROR_CODE,
  },
];

/** The diagnostics of the pack serving files of `kind`. */
export function diagnoserFor(kind: FileKind): Diagnoser | undefined {
  return DIAGNOSERS.find((p) => p.kinds.includes(kind));
}
