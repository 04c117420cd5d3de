/**
 * The workspace pass keeps the heap's growth small while a large pass runs (ServerHost.passHeap,
 * host/heapGrowth.ts): tightened at its start and at each release point, restored once at its end,
 * also when it is cancelled; a small pass leaves V8's growth alone. Its findings do not depend on it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnalysisSession } from '../../server/src/host/analysisSession.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { workspacePass } from '../support/workspacePass.js';

/** `n` resource descriptors, every tenth with an unknown key (a finding to compare). */
function resources(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const extra = i % 10 === 0 ? '  colour: blue\n' : '';
    out[`/ws/r${i}/Definitions/lm/resource.yaml`] =
      `name: resource::r${i}::1.0\nproperties:\n  size:\n    type: integer\n${extra}`;
  }
  return out;
}

async function pass(n: number, cancelAfter?: number) {
  const s = new AnalysisSession(new MemoryFileSystem(resources(n)));
  s.index.addRoot('/ws');
  await s.index.build();
  const wd = workspacePass(s);
  const calls: string[] = [];
  wd.heap = { tighten: () => calls.push('tighten'), restore: () => calls.push('restore') };
  const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
  const findings = new Map<string, string>();
  await wd.pass(
    new Map(),
    token,
    (items) => {
      for (const it of items) findings.set(it.uri, JSON.stringify(it.kind === 'full' ? it.items : []));
    },
    (p) => 'file://' + p,
    // Called between slices: the client cancels once this many files were done.
    (done) => {
      if (cancelAfter !== undefined && done >= cancelAfter) token.isCancellationRequested = true;
    },
  );
  await wd.saving;
  return { calls, findings, checked: wd.lastPass.checked };
}

test('a pass over 2,100 files tightens at its start and at its two release points, and restores once', async () => {
  const { calls, checked, findings } = await pass(2100);
  assert.equal(checked, 2100);
  assert.deepEqual(calls, ['tighten', 'tighten', 'tighten', 'restore']);
  assert.equal(findings.size, 210, 'every tenth file has its finding');
});

test('a pass under a release period leaves the heap alone', async () => {
  const { calls, checked } = await pass(300);
  assert.equal(checked, 300);
  assert.deepEqual(calls, []);
});

test('a cancelled large pass restores the growth too', async () => {
  const { calls, checked } = await pass(1200, 1);
  assert.ok(checked < 1200, `checked ${checked}`);
  assert.equal(calls[0], 'tighten');
  assert.equal(calls.at(-1), 'restore');
  assert.equal(calls.filter((c) => c === 'restore').length, 1);
});
