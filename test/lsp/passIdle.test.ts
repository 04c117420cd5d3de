/**
 * `WorkspaceDiagnostics.idle()`: what the server's warm-up waits for before each of its analyses (lsp/server.ts), so
 * that a workspace pass, which runs the same rules over every file, is not lengthened by them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnalysisSession } from '../../server/src/host/analysisSession.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { passAll, workspacePass } from '../support/workspacePass.js';

async function pass(files: number): Promise<{ s: AnalysisSession; wd: ReturnType<typeof workspacePass> }> {
  const record: Record<string, string> = {};
  for (let i = 0; i < files; i++)
    record[`/ws/r${i}/Definitions/lm/resource.yaml`] =
      `name: resource::r${i}::1.0\nproperties:\n  a:\n    type: string\n`;
  const s = new AnalysisSession(new MemoryFileSystem(record));
  s.index.addRoot('/ws');
  await s.index.build();
  return { s, wd: workspacePass(s) };
}

test('idle() answers at once when no pass runs, and after the running ones otherwise', async () => {
  const { wd } = await pass(30);
  assert.equal(await wd.idle(), false);
  const order: string[] = [];
  const first = passAll(wd).then(() => order.push('first'));
  const waited = wd.idle().then((w) => order.push(`idle ${w}`));
  // A second pass starts while the first runs: idle() waits for it too.
  const second = passAll(wd).then(() => order.push('second'));
  await Promise.all([first, waited, second]);
  assert.deepEqual(order.slice(-1), ['idle true']);
  assert.equal(await wd.idle(), false);
});

test('a pass that fails still ends: idle() does not wait for it forever', async () => {
  const { s, wd } = await pass(5);
  const broken = Object.create(s) as AnalysisSession;
  Object.defineProperty(broken, 'index', {
    get() {
      throw new Error('index gone');
    },
  });
  const failing = workspacePass(broken);
  await assert.rejects(passAll(failing));
  assert.equal(await failing.idle(), false);
  assert.equal(await wd.idle(), false);
});
