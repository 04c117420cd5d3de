/**
 * The first keystrokes of a session ran the incremental path (the outline re-read of one entry,
 * the carried results of the rules) cold: 13–17 ms where a warm one takes 3–4 ms. This analyses a
 * descriptor, then one edit of it through the same path as a keystroke, results dropped: nothing is
 * installed in the session or the index (the models live only here), so no published finding and no
 * cache changes.
 */
import { analyseDocument, type DocumentModel } from '../model/document.js';
import { computeDiagnosticsInSlices } from '../features/diagnostics.js';
import type { AnalysisSession } from './analysisSession.js';

/** The text with one letter typed into a scalar value near its middle (undefined: no value found). */
export function editedCopy(text: string): string | undefined {
  const value = /: [A-Za-z0-9]/g;
  value.lastIndex = text.length >> 1;
  const m = value.exec(text) ?? /: [A-Za-z0-9]/.exec(text);
  if (!m) return undefined;
  const at = m.index + m[0].length;
  return `${text.slice(0, at)}x${text.slice(at)}`;
}

/**
 * Analyses `text` and an edited copy as an open document and a keystroke would be (the outline
 * scanner, the copy's `previous` the first model), each model's rules in slices of `sliceMs` with
 * `pause` between them (it throws to stop). Rejects with what `pause` threw.
 */
export async function warmEdit(
  session: AnalysisSession,
  path: string,
  text: string,
  pause: () => Promise<void>,
  sliceMs: number,
): Promise<void> {
  const edited = editedCopy(text);
  if (edited === undefined) return;
  const opts = { maxFullParseBytes: session.index.maxFileBytes, outlineFirst: true };
  const first = analyseDocument(path, text, 0, opts);
  await computeDiagnosticsInSlices(session.context(first), {}, pause, sliceMs);
  await pause();
  const next: DocumentModel = analyseDocument(path, edited, 1, { ...opts, previous: first });
  // As the session installs a new version (AnalysisSession.install): results carry over from the one before.
  next.previous = first;
  await computeDiagnosticsInSlices(session.context(next), {}, pause, sliceMs);
}

/** The largest assembly of the index up to `maxBytes` that is not open (the most entries to read and carry). */
export function warmEditPick(session: AnalysisSession, maxBytes: number): string | undefined {
  let pick: string | undefined;
  let size = 0;
  for (const e of session.index.allEntries()) {
    const s = e.stat?.size ?? Infinity;
    if (e.kind === 'assembly' && !e.open && s <= maxBytes && s > size) [pick, size] = [e.path, s];
  }
  return pick;
}
