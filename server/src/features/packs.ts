/** The language packs, by the file kinds they serve. The dispatchers find a document's pack here. */
import type { FileKind } from '../model/kinds.js';
import { diagnose as diagnoseLm, LM_KINDS } from './lm/diagnostics.js';
import { lmPack } from './lm/pack.js';
import type { LanguagePack } from './shared/pack.js';
import { diagnose as diagnoseTosca, TOSCA_KINDS } from './tosca/diagnostics.js';
import { toscaPack } from './tosca/pack.js';

export const PACKS: readonly LanguagePack[] = [lmPack, toscaPack];

/** The pack serving files of `kind`, or undefined for files no pack handles. */
export function packFor(kind: FileKind): LanguagePack | undefined {
  return PACKS.find((p) => p.kinds.includes(kind));
}

/** A pack's diagnostics alone. */
export interface Diagnoser {
  readonly kinds: readonly FileKind[];
  readonly diagnose: LanguagePack['diagnose'];
}

/**
 * Each pack's diagnostics by the kinds it serves, without the rest of the pack: the checker's
 * bundle then leaves the editor features (completion, hover and their documentation) out, which
 * it would otherwise load and compile at every start.
 */
export const DIAGNOSERS: readonly Diagnoser[] = [
  { kinds: LM_KINDS, diagnose: diagnoseLm },
  { kinds: TOSCA_KINDS, diagnose: diagnoseTosca },
];

/** The diagnostics of the pack serving files of `kind`. */
export function diagnoserFor(kind: FileKind): Diagnoser | undefined {
  return DIAGNOSERS.find((p) => p.kinds.includes(kind));
}
