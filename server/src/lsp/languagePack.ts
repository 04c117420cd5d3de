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
