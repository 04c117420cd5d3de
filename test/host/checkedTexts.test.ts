/**
 * The full syntax check of a document opened again with a text already checked clean is skipped
 * (host/analysisSession.ts `checkedTexts`): the model is the same as a fresh session's check gives.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import type { DocumentModel } from '../../server/src/model/document.js';

const PATH = '/ws/Descriptor/assembly.yml';
const CLEAN = 'name: assembly::a::1.0\ndescription: d\ncomposition:\n  c:\n    type: resource::r::1.0\n';
// The outline scanner leaves these to the full parser: a syntax error. The fast model reads the text repaired after
// it with the outline scanner (not checked yet); the check confirms it (the same problems) and keeps it, so the next
// keystroke reads on from its tree.
const FALLBACK = 'name: assembly::a::1.0\nproperties: {a: [1, 2\n';

async function session(): Promise<Session> {
  const s = new Session(new MemoryFileSystem({ [PATH]: CLEAN }));
  s.index.addRoot('/ws');
  await s.index.build();
  return s;
}

const known = (s: Session) => (s as unknown as { checkedTexts: Map<string, { text: string }> }).checkedTexts;

/** Open (fast, as the server opens), complete the check; what an editor would see. */
async function openChecked(s: Session, text: string, version: number) {
  const model = s.openDocument(PATH, text, version, true);
  const fast = model.syntaxChecked;
  const full = await s.verifyOpenInSlices(model);
  const shown: DocumentModel = full ?? model;
  return { fast, full: full !== undefined, checked: shown.syntaxChecked, problems: JSON.stringify(shown.problems) };
}

test('a text opened again after a clean check: the same model, without the full parse', async () => {
  const s = await session();
  const first = await openChecked(s, CLEAN, 1);
  assert.equal(first.fast, false, 'the outline scanner built the fast model');
  assert.equal(known(s).get(PATH)?.text, CLEAN);
  await s.closeDocument(PATH);
  const again = await openChecked(s, CLEAN, 2);
  assert.deepEqual(again, first);
  // An edited text is checked in full again, and becomes the one remembered.
  const edited = CLEAN.replace('description: d', 'description: e');
  assert.deepEqual(await openChecked(s, edited, 3), await openChecked(await session(), edited, 1));
  assert.equal(known(s).get(PATH)?.text, edited);
});

test('a broken text is not remembered as a clean check', async () => {
  const s = await session();
  const r = await openChecked(s, FALLBACK, 1);
  assert.deepEqual([r.fast, r.full, r.checked], [false, false, true]);
  assert.equal(known(s).has(PATH), false);
  assert.deepEqual(await openChecked(s, FALLBACK, 2), await openChecked(await session(), FALLBACK, 1));
});

test('a changed size cap checks the text again', async () => {
  const s = await session();
  await openChecked(s, CLEAN, 1);
  s.index.maxFileBytes = 10;
  await s.closeDocument(PATH);
  const fresh = await session();
  fresh.index.maxFileBytes = 10;
  assert.deepEqual(await openChecked(s, CLEAN, 2), await openChecked(fresh, CLEAN, 1));
});

test('at most eight texts are remembered', async () => {
  const s = await session();
  for (let i = 0; i < 12; i++) {
    const p = `/ws/Descriptor/a${i}.yml`;
    const model = s.openDocument(p, CLEAN.replace('::a::', `::a${i}::`), 1, true);
    await s.verifyOpenInSlices(model);
    await s.closeDocument(p);
  }
  assert.deepEqual(
    [...known(s).keys()],
    [4, 5, 6, 7, 8, 9, 10, 11].map((i) => `/ws/Descriptor/a${i}.yml`),
  );
});
