/**
 * The short fuzz run inside `npm test`: a few fixed seeds on each workspace (the LM example, the
 * TOSCA service, a corpus subset when ../shared is there), a self-check that the comparison can
 * fail, and one run with a deliberately desynchronised edit that must be caught. Needs
 * `npm run build` first. Long runs: `npm run fuzz` (see test/fuzz/run.ts).
 *
 * Seeds that once found a bug are kept as regression seeds below (long ones with FUZZ_LONG=1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { compareDiagnostics, FuzzRun, runFuzz, type FuzzResult } from './fuzzer.js';
import { corpusAvailable, CORPUS_DIR, sourceWorkspace, type WorkspaceName } from './workspaces.js';
import { LspClient, fileUri, withCode, type Diagnostic } from '../support/protocolClient.js';
import { tempDir, tempWorkspace } from '../support/protocolWorkspace.js';

const SEEDS: Record<WorkspaceName, { seeds: number[]; bursts: number }> = {
  lm: { seeds: [1, 2], bursts: 25 },
  tosca: { seeds: [1, 2], bursts: 25 },
  corpus: { seeds: [1, 2], bursts: 12 },
};

const T = { timeout: 90000 };

/**
 * Seeds that once failed, replayed as they were. `long` ones take ~40 s together and run with FUZZ_LONG=1 (a minimal
 * scenario of their bug below runs always).
 * - `an importer gained`: the TOSCA model of an imported file was not rebuilt when another file *became* one of its
 *   importers (an import line repaired, `tosca_definitions_version` or an `imports:` entry gained). Fixed in
 *   server/src/index/toscaModels.ts (reverse import edges compared when a cached model is reused).
 * - `an imported file edited`: a TOSCA template checked again with the same text after a file it imports changed
 *   kept the type table's number and the loops of its first check, so its findings were those of the types before
 *   (features/tosca/rules/modelInputs.ts, cycles.ts; test/features/importChangeRecheck).
 */
const REGRESSION_SEEDS: { workspace: WorkspaceName; seed: number; bursts: number; long: boolean; why: string }[] = [
  { workspace: 'tosca', seed: 4, bursts: 60, long: true, why: 'an importer gained' },
  { workspace: 'tosca', seed: 1724146778, bursts: 60, long: true, why: 'an importer gained' },
  { workspace: 'tosca', seed: 2010576025, bursts: 100, long: true, why: 'an importer gained' },
  { workspace: 'tosca', seed: 1655193194, bursts: 12, long: false, why: 'an imported file edited' },
  { workspace: 'tosca', seed: 1150842862, bursts: 14, long: false, why: 'an imported file edited' },
];
const longSkip = process.env['FUZZ_LONG'] ? false : 'long (set FUZZ_LONG=1 to run)';

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
  const dir = tempDir('fuzz-selfcheck');
  try {
    const r = await runFuzz({ seed: 7, bursts: 15, workspace: 'lm', sabotage: { everyEdits: 4 }, failureDir: dir });
    assert.ok(r.failure, 'the sabotaged run must fail');
    assert.equal(r.failure.kind, 'mismatch', r.failure.message);
    assert.match(r.failure.message, /only A: /);
    const rec = JSON.parse(readFileSync(r.failure.file, 'utf8')) as Record<string, unknown>;
    assert.equal(rec['seed'], 7);
    assert.equal(rec['burst'], r.failure.burst);
    for (const k of ['textsBefore', 'burstSteps', 'textsAfter', 'diagnosticsA', 'diagnosticsB'])
      assert.ok(rec[k], `the reproduction has ${k}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a seed always sends the same messages', T, async () => {
  const a = await runFuzz({ seed: 11, bursts: 3, workspace: 'tosca' });
  const b = await runFuzz({ seed: 11, bursts: 3, workspace: 'tosca' });
  assert.equal(a.failure, undefined, explain(a));
  assert.equal(a.traceHash, b.traceHash);
  assert.equal(a.edits, b.edits);
  const c = await runFuzz({ seed: 12, bursts: 3, workspace: 'tosca' });
  assert.notEqual(a.traceHash, c.traceHash);
});

for (const { workspace, seed, bursts, long, why } of REGRESSION_SEEDS) {
  test(
    `regression fuzz ${workspace} seed ${seed}: ${bursts} bursts (${why})`,
    { ...T, skip: long && longSkip },
    async () => {
      const r = await runFuzz({ seed, bursts, workspace });
      assert.equal(r.failure, undefined, explain(r));
      assert.equal(r.bursts, bursts);
    },
  );
}

test('fuzz tosca seed 4 with files rewritten on disk: 25 bursts, A agrees with B', T, async () => {
  // Types files no document has open change under open templates or are deleted (a branch switched), both servers
  // told.
  const r = await runFuzz({ seed: 4, bursts: 25, workspace: 'tosca', diskChanges: true });
  assert.equal(r.failure, undefined, explain(r));
  assert.ok(r.diskWrites > 0, 'some file was rewritten on disk');
  assert.ok(r.diskDeletes > 0, 'some file was deleted');
  assert.ok(r.comparisons >= 25, `compared ${r.comparisons} document(s)`);
});

test('fuzz tosca and lm with settings changes: 25 bursts each, A agrees with B', T, async () => {
  // The dialect, a severity override or the size cap changes under open documents whose results A keeps per entry.
  for (const workspace of ['tosca', 'lm'] as const) {
    const r = await runFuzz({ seed: 6, bursts: 25, workspace, configChanges: true });
    assert.equal(r.failure, undefined, explain(r));
    assert.ok(r.configChanges > 0, `${workspace}: the settings changed`);
  }
});

test('a settings change of the fuzzer reaches both servers: an override turns a reported code off', T, async () => {
  const source = sourceWorkspace('tosca', 1);
  const run = new FuzzRun({ seed: 1, bursts: 0, workspace: 'tosca' }, source);
  try {
    await run.start();
    // A document with one finding more than its file: an unknown top-level keyname.
    const rel = run.candidates.find((c) => /^tosca_definitions_version:/m.test(run.fileText.get(c)!))!;
    run.openDoc(rel, `${run.fileText.get(rel)!.trimEnd()}\nnot_a_keyname: 1\n`, 'buffer');
    await run.settleA();
    const code = (await run.reference()).get(rel)?.find((d) => /not_a_keyname/.test(d.message))?.code;
    const found = code === undefined ? undefined : { rel, code: String(code) };
    assert.ok(found, 'a document of the TOSCA workspace has a finding');
    run.configure({ severity: { [found.code]: 'off' } });
    // A re-checks its open document under the new settings and agrees with B's fresh open (compare throws if not).
    await run.compare();
    const after = (await run.reference()).get(found.rel) ?? [];
    assert.ok(!after.some((d) => String(d.code) === found.code), `${found.code} is off in B: ${JSON.stringify(after)}`);
  } finally {
    await run.stop();
    source.dispose();
  }
});

test('regression: an imported TOSCA file is re-checked when a file starts importing it', T, async () => {
  const ws = tempWorkspace('fuzz-known-bug', null);
  const service = [
    'tosca_definitions_version: tosca_simple_yaml_1_3',
    'imports:',
    '  - types.yaml',
    'node_types:',
    '  my.nodes.Base:',
    '    derived_from: tosca.nodes.Root',
    '',
  ].join('\n');
  const types = [
    'tosca_definitions_version: tosca_simple_yaml_1_3',
    'node_types:',
    '  my.nodes.App:',
    '    derived_from: my.nodes.Base',
    '',
  ].join('\n');
  ws.write('service.yaml', service);
  ws.write('types.yaml', types);
  const c = new LspClient();
  try {
    await c.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } });
    await c.waitForStatus('ready');
    const su = fileUri(ws.file('service.yaml'));
    const tu = fileUri(ws.file('types.yaml'));
    const importLine = (text: string) => ({
      range: { start: { line: 2, character: 4 }, end: { line: 2, character: 9 } },
      text,
    });
    const settle = async (uri: string) => {
      const v = c.versionOf(uri)!;
      await c.waitForDiagnostics(uri, (_, p) => p.version === v, 5000);
      await new Promise((r) => setTimeout(r, 300));
    };
    c.open(su, service);
    c.open(tu, types);
    await settle(su);
    assert.deepEqual(
      withCode(c.latestDiagnostics(tu)!.diagnostics, 'TOSCA033'),
      [],
      'my.nodes.Base comes from the importer',
    );
    c.changeIncremental(su, [importLine('other')]); // service.yaml stops importing types.yaml
    await settle(su);
    assert.equal(withCode(c.latestDiagnostics(tu)!.diagnostics, 'TOSCA033').length, 1, 'now my.nodes.Base is unknown');
    c.changeIncremental(su, [importLine('types')]); // ...and imports it again: the original texts
    await settle(su);
    assert.deepEqual(
      withCode(c.latestDiagnostics(tu)!.diagnostics, 'TOSCA033'),
      [],
      'types.yaml must be re-checked with its importer back (a fresh server reports nothing here)',
    );
  } finally {
    await c.shutdown();
    ws.cleanup();
  }
});
