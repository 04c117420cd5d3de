/**
 * The language pack a document's check ran, as the Node loader's code cache names them (`warm lm tosca tosca2`,
 * serverBin.ts): a session that checks a pack the cache did not cover writes the cache again, so the next start
 * has that pack's code compiled.
 */
import type { DocumentModel } from '../model/document.js';
import { isToscaSummary } from '../model/tosca/summary.js';

export function languagePackOf(model: DocumentModel): string | undefined {
  if (model.kind === 'other') return undefined;
  if (model.kind !== 'tosca') return 'lm';
  // TOSCA 2.0 runs code of its own (profiles imported by name, namespaces, its keynames): a 1.x check does not
  // compile it, so a 2.0 session started from a 1.x session's cache would run it for the first time.
  const version = isToscaSummary(model.summary) ? model.summary.version?.text.trim() : undefined;
  return version === 'tosca_2_0' ? 'tosca2' : 'tosca';
}

/**
 * What a check covers for the code cache: its pack, and `<pack>-typing` when it checked a version typed over a
 * checked one (`previous`): the incremental path (the outline re-read of one entry, the regions and what they keep,
 * the TOSCA model taken over) that a first open never runs. A session's first keystrokes otherwise compiled that code
 * every session, the slowest keystrokes of the bench's 2,000-line TOSCA template (docs/performance.md).
 */
export function packsCheckedBy(model: DocumentModel): string[] {
  const pack = languagePackOf(model);
  if (!pack) return [];
  return model.previous ? [pack, `${pack}-typing`] : [pack];
}
