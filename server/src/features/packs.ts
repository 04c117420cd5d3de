/** The language packs, by the file kinds they serve. The dispatchers find a document's pack here. */
import type { FileKind } from '../model/kinds.js';
import { diagnose as diagnoseLm, LM_INTERNAL_ERROR_CODE, LM_KINDS, LM_SYNTAX_CODE } from './lm/diagnostics.js';
import { lmPack } from './lm/pack.js';
import type { EditedFile, LanguagePack } from './shared/pack.js';
import {
  diagnose as diagnoseTosca,
  TOSCA_INTERNAL_ERROR_CODE,
  TOSCA_KINDS,
  TOSCA_SYNTAX_CODE,
} from './tosca/diagnostics.js';
import { toscaPack } from './tosca/pack.js';

export const PACKS: readonly LanguagePack[] = [lmPack, toscaPack];

/** The pack serving files of `kind`, or undefined for files no pack handles. */
export function packFor(kind: FileKind): LanguagePack | undefined {
  return PACKS.find((p) => p.kinds.includes(kind));
}

/**
 * The other workspace files whose diagnostics an edit may change: every pack's answer, whatever
 * the kind of the edited file (a script is no pack's file but matters to its LM package).
 */
export function affectedBy(edit: EditedFile): Set<string> {
  const out = new Set<string>();
  for (const pack of PACKS) for (const p of pack.affectedBy(edit)) out.add(p);
  return out;
}

/** A pack's diagnostics alone. */
export type Diagnoser = Pick<LanguagePack, 'kinds' | 'diagnose' | 'syntaxCode' | 'internalErrorCode'>;

/**
 * Each pack's diagnostics by the kinds it serves, without the rest of the pack: the checker's
 * bundle then leaves the editor features (completion, hover and their documentation) out, which
 * it would otherwise load and compile at every start.
 */
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
