/** The language packs, by the file kinds they serve. The dispatchers find a document's pack here. */
import type { FileKind } from '../model/kinds.js';
import { lmPack } from './lm/pack.js';
import type { LanguagePack } from './shared/pack.js';
import { toscaPack } from './tosca/pack.js';

export const PACKS: readonly LanguagePack[] = [lmPack, toscaPack];

/** The pack serving files of `kind`, or undefined for files no pack handles. */
export function packFor(kind: FileKind): LanguagePack | undefined {
  return PACKS.find((p) => p.kinds.includes(kind));
}
