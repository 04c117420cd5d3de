/**
 * The short fuzz run inside `npm test`: a few fixed seeds on each workspace (the LM example, the
 * TOSCA service, a corpus subset when ../shared is there), a self-check that the comparison can
 * fail, and one run with a deliberately desynchronised edit that must be caught. Needs
 * `npm run build` first. Long runs: `npm run fuzz` (see test/fuzz/run.ts).
 *
 * Seeds that currently fail because of a server bug are listed as KNOWN-BUG comments next to the
 * seed lists, to be put back once the bug is fixed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareDiagnostics, runFuzz, type FuzzResult } from './fuzzer.js';
import { corpusAvailable, CORPUS_DIR, type WorkspaceName } from './workspaces.js';
import type { Diagnostic } from '../support/protocolClient.js';

const SEEDS: Record<WorkspaceName, { seeds: number[]; bursts: number }> = {
  lm: { seeds: [1, 2], bursts: 25 },
  tosca: { seeds: [1, 2], bursts: 25 },
  corpus: { seeds: [1, 2], bursts: 15 },
};

const T = { timeout: 90000 };

function explain(r: FuzzResult): string {
  return r.failure
    ? `seed ${r.seed} on ${r.workspace} failed in burst ${r.failure.burst} (${r.failure.kind}): ` +
        `${r.failure.message}\nreproduction: ${r.failure.file}`
    : '';
}

for (const [workspace, { seeds, bursts }] of Object.entries(SEEDS) as [WorkspaceName, (typeof SEEDS)['lm']][]) {
  for (const seed of seeds) {
    const skip = workspace === 'corpus' && !corpusAvailable() ? `${CORPUS_DIR} is absent` : false;
    test(
      `fuzz ${workspace} seed ${seed}: ${bursts} bursts, A (edited) agrees with B (opened afresh)`,
      { ...T, skip },
      async () => {
        const r = await runFuzz({ seed, bursts, workspace });
        assert.equal(r.failure, undefined, explain(r));
        assert.equal(r.bursts, bursts);
        assert.ok(r.comparisons >= bursts, `compared ${r.comparisons} document(s)`);
        assert.ok(r.diagnostics > 0, 'the reference lists were never empty-only');
      },
    );
  }
}

const diag = (code: string, line: number, message: string, severity: 1 | 2 = 1): Diagnostic => ({
  code,
  severity,
  message,
  range: { start: { line, character: 2 }, end: { line, character: 8 } },
});

test('the comparator is order-insensitive and reports each kind of difference', () => {
  const a = [diag('LM032', 3, 'unknown property'), diag('LM000', 1, 'YAML: bad')];
  assert.ok(compareDiagnostics(a, [...a].reverse()).equal, 'same diagnostics in another order');
  const cases: [string, Diagnostic[]][] = [
    ['one missing', [a[0]!]],
    ['code', [diag('LM033', 3, 'unknown property'), a[1]!]],
    ['range', [diag('LM032', 4, 'unknown property'), a[1]!]],
    ['severity', [diag('LM032', 3, 'unknown property', 2), a[1]!]],
    ['message', [diag('LM032', 3, 'unknown propertY'), a[1]!]],
    ['duplicate', [...a, a[0]!]],
  ];
  for (const [what, b] of cases) {
    const d = compareDiagnostics(a, b);
    assert.equal(d.equal, false, `a different ${what} must be a mismatch`);
    assert.ok(d.onlyA.length + d.onlyB.length > 0, what);
  }
  const d = compareDiagnostics(a, [a[1]!]);
  assert.deepEqual(d.onlyB, []);
  assert.equal(d.onlyA.length, 1);
  assert.match(d.onlyA[0]!, /^LM032 3:2-3:8 sev1 unknown property$/);
  // Paths differ between the two servers' folders: the normalisers make them equal.
  const pa = [diag('LM043', 2, 'see /tmp/a/ws/x.yml')];
  const pb = [diag('LM043', 2, 'see /tmp/b/ws/x.yml')];
  assert.equal(compareDiagnostics(pa, pb).equal, false);
  const norm = (dir: string) => (s: string) => s.split(dir).join('<ws>');
  assert.ok(compareDiagnostics(pa, pb, norm('/tmp/a/ws'), norm('/tmp/b/ws')).equal);
});

test('the fuzz loop catches a server that saw different edits', T, async () => {
  // Every 4th edit sends A a stray `}` the fuzzer does not record: A and B must disagree.
  const r = await runFuzz({ seed: 7, bursts: 15, workspace: 'lm', sabotage: { everyEdits: 4 }, failureDir: undefined });
  assert.ok(r.failure, 'the sabotaged run must fail');
  assert.equal(r.failure.kind, 'mismatch', r.failure.message);
  assert.match(r.failure.message, /only A: /);
});
