/**
 * The open document's syntax check in slices (host/analysisSession.ts `verifyOpenInSlices`): the same outcome as the
 * check in one piece, yielding between slices, giving up when an edit replaced the text, and one check per text when
 * a document is closed and opened again meanwhile.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { verifySyntax } from '../../server/src/model/document.js';
import { generatedFiles } from '../support/generatedWorkspace.js';

const PATH = '/ws/bench-big/Descriptor/assembly.yml';
const BIG = generatedFiles('/ws', { assemblies: 2, seed: 7, bigLines: 2000 })[PATH]!;

async function session(): Promise<Session> {
  const s = new Session(new MemoryFileSystem({ [PATH]: BIG }));
  s.index.addRoot('/ws');
  await s.index.build();
  return s;
}

/** A way to yield that counts, and runs `at` on the given yield. */
function yields(at?: { n: number; run: () => void | Promise<void> }) {
  const c = { n: 0, giveWay: async () => {} };
  c.giveWay = async () => {
    c.n++;
    if (at && c.n === at.n) await at.run();
    await new Promise<void>((r) => setImmediate(r));
  };
  return c;
}

test('the big assembly is checked in slices, with the outcome of the check in one piece', async () => {
  const s = await session();
  const model = s.openDocument(PATH, BIG, 1, true);
  assert.equal(model.syntaxChecked, false, 'the outline scanner built the fast model');
  const y = yields();
  assert.equal(await s.verifyOpenInSlices(model, y.giveWay, 0), undefined);
  assert.equal(model.syntaxChecked, true);
  assert.ok(y.n > 100, `${y.n} slices`);
  const other = await session();
  const whole = other.openDocument(PATH, BIG, 1, true);
  assert.equal(verifySyntax(whole), undefined);
  assert.equal(whole.syntaxChecked, true);
  // Remembered as checked clean: opened again, it is marked so without a check.
  await s.closeDocument(PATH);
  const again = s.openDocument(PATH, BIG, 2, true);
  const y2 = yields();
  assert.equal(await s.verifyOpenInSlices(again, y2.giveWay, 0), undefined);
  assert.equal(again.syntaxChecked, true);
  assert.equal(y2.n, 0);
});

test('an edit during the check makes it give up; the edited text is left to its own check', async () => {
  const s = await session();
  const model = s.openDocument(PATH, BIG, 1, true);
  const edited = BIG.replace('description:', 'description:  ');
  let next: ReturnType<typeof s.openDocument> | undefined;
  const y = yields({ n: 2, run: () => void (next = s.openDocument(PATH, edited, 2, true)) });
  assert.equal(await s.verifyOpenInSlices(model, y.giveWay, 0), undefined);
  assert.equal(y.n, 2, 'no slice after the edit');
  assert.equal(model.syntaxChecked, false);
  assert.equal(next!.syntaxChecked, false);
  assert.equal(await s.verifyOpenInSlices(next!), undefined);
  assert.equal(next!.syntaxChecked, true);
});

test('closed and opened again during the check: one check, its verdict for the new model', async () => {
  const s = await session();
  const model = s.openDocument(PATH, BIG, 1, true);
  let reopened: ReturnType<typeof s.openDocument> | undefined;
  let second: Promise<unknown> | undefined;
  const y = yields({
    n: 2,
    run: async () => {
      await s.closeDocument(PATH);
      reopened = s.openDocument(PATH, BIG, 2, true);
      second = s.verifyOpenInSlices(reopened, async () => assert.fail('a second check ran'), 0);
    },
  });
  assert.equal(await s.verifyOpenInSlices(model, y.giveWay, 0), undefined);
  assert.equal(await second, undefined);
  assert.ok(y.n > 100, 'the first check went on after the close');
  assert.equal(model.syntaxChecked, false, 'closed: nothing to mark');
  assert.equal(reopened!.syntaxChecked, true);
});
