/** The language packs, by the file kinds they serve. The dispatchers find a document's pack here. */
import type { FileKind } from '../model/kinds.js';
import { lmPack } from './lm/pack.js';
import type { EditedFile, LanguagePack } from './shared/pack.js';
import type { WorkspaceIndex } from '../index/workspace.js';
import { toscaPack } from './tosca/pack.js';

// The diagnostics alone live in diagnosers.ts (see there); re-exported for the editor's modules.
export { DIAGNOSERS, diagnoserFor, type Diagnoser } from './diagnosers.js';

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

/** What the pack of `kind` says a file's findings elsewhere depend on (see `LanguagePack.partsOf`). */
export function partsOf(kind: FileKind, path: string, index: WorkspaceIndex): readonly string[] | undefined {
  return packFor(kind)?.partsOf?.(path, index);
}
