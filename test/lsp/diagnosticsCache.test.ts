/**
 * The workspace pass's persisted findings (lsp/diagnosticsCache.ts): a pass that republishes
 * stored findings must give exactly what a pass without them gives, whatever changed between the
 * sessions. Generated lmctl workspaces (the bench's generator, small), held in memory; each
 * "session" is a fresh AnalysisSession over a RecordingFileSystem, as the server builds it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AnalysisSession } from '../../server/src/host/analysisSession.js';
import { diskTextStore } from '../../server/src/host/diskCache.js';
import { RecordingFileSystem, type Probe } from '../../server/src/host/recordingFileSystem.js';
import type { DiagnosticsStore } from '../../server/src/host/serverHost.js';
import { MemoryFileSystem, type FileSystem } from '../../server/src/index/fileSystem.js';
import { passAll, workspacePass } from '../support/workspacePass.js';
import { generatedFiles } from '../support/generatedWorkspace.js';

const ROOT = '/ws';

/** A generated workspace's files, as a path -> text record under ROOT. */
function generated(assemblies: number, seed: number): Record<string, string> {
  return generatedFiles(ROOT, { assemblies, seed, bigLines: 120 });
}

function memoryStore(): DiagnosticsStore & { text?: string } {
  const store: DiagnosticsStore & { text?: string } = {
    build: 'test-build',
    load: async () => store.text,
    save: async (chunks) => {
      store.text = [...chunks].join('');
    },
  };
  return store;
}

const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };

interface Outcome {
  /** path -> the diagnostics of every workspace file, as JSON. */
  results: Map<string, string>;
  checked: number;
  reused: number;
}

/** One session: index built, one full pass; with a store, findings are reused and saved. */
async function session(fs: FileSystem, severity: Record<string, string>, store?: DiagnosticsStore): Promise<Outcome> {
  const recorder = new RecordingFileSystem(fs);
  const s = new AnalysisSession(recorder);
  s.index.addRoot(ROOT);
  await s.index.build();
  const options = () => ({ severityOverrides: severity as never });
  const wd = workspacePass(s, options);
  if (store) wd.persist = { store, fs: recorder, settings: () => JSON.stringify({ severity }) };
  await wd.pass(
    new Map(),
    token,
    () => undefined,
    (p) => 'file://' + p,
  );
  await wd.saving;
  const results = new Map<string, string>();
  for (const e of s.index.allEntries()) results.set(e.path, JSON.stringify(wd.resultOf(e.path) ?? null));
  return { results, checked: wd.lastPass.checked, reused: wd.lastPass.reused };
}

function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const withProblems = (o: Outcome) => [...o.results.values()].filter((v) => v !== 'null' && v !== '[]').length;

test('an unchanged workspace republishes every file from the store, the same as a fresh pass', async () => {
  const fs = new MemoryFileSystem(generated(6, 7));
  const store = memoryStore();
  const first = await session(fs, {}, store);
  assert.equal(first.reused, 0);
  assert.ok(store.text, 'the first pass stored its findings');
  assert.ok(withProblems(first) > 0, 'the generated workspace has findings to keep');
  const second = await session(fs, {}, store);
  assert.equal(second.reused, second.checked);
  assert.ok(second.checked > 20);
  assert.deepEqual(second.results, first.results);
});

test('a renamed resource property makes the stored findings unusable; the assembly gets fresh ones', async () => {
  const files = generated(6, 11);
  const fs = new MemoryFileSystem(files);
  const store = memoryStore();
  const before = await session(fs, {}, store);
  // A property an assembly maps into its component: renaming it in the resource changes the assembly's findings.
  const resource = Object.keys(files).find((p) => p.endsWith('/resource.yaml') && /\n {2}key_name:/.test(files[p]!))!;
  fs.write(resource, files[resource]!.replace('\n  key_name:', '\n  key_name_renamed:'));
  const after = await session(fs, {}, store);
  const fresh = await session(fs, {});
  assert.equal(after.reused, 0);
  assert.deepEqual(after.results, fresh.results);
  assert.notDeepEqual(fresh.results, before.results, 'the edit changed some finding (the test means something)');
});

test('a deleted descriptor, one added back, a setting and a file outside the index each invalidate', async () => {
  const files = generated(5, 3);
  const fs = new MemoryFileSystem(files);
  const store = memoryStore();
  await session(fs, {}, store);
  const resource = Object.keys(files).find((p) => p.endsWith('/resource.yaml'))!;

  fs.delete(resource);
  const deleted = await session(fs, {}, store);
  assert.equal(deleted.reused, 0);
  assert.deepEqual(deleted.results, (await session(fs, {})).results);

  fs.write(resource, files[resource]!);
  const restored = await session(fs, {}, store);
  assert.equal(restored.reused, 0);
  assert.deepEqual(restored.results, (await session(fs, {})).results);

  const severity = { LM030: 'off' };
  const setting = await session(fs, severity, store);
  assert.equal(setting.reused, 0);
  assert.deepEqual(setting.results, (await session(fs, severity)).results);

  // A file the index does not hold but a rule looked for: a legacy `VNFCs/` folder beside `Contains/`
  // (lmctl refuses both, LM102). Only the recorded existence check can see it.
  const project = Object.keys(files).find((p) => p.endsWith('/lmproject.yml'))!;
  fs.write(project.replace('lmproject.yml', 'VNFCs/notes.txt'), 'legacy');
  const outside = await session(fs, severity, store);
  const fresh = await session(fs, severity);
  assert.equal(outside.reused, 0);
  assert.deepEqual(outside.results, fresh.results);
  assert.match(fresh.results.get(project)!, /LM102/, "the new folder changed the project file's findings");

  const same = await session(fs, severity, store);
  assert.equal(same.reused, same.checked, 'nothing changed since the last pass');
  assert.deepEqual(same.results, fresh.results);
});

test('a file created under a folder stored as absent invalidates the findings (only it was asked)', async () => {
  const files = generated(5, 13);
  const fs = new MemoryFileSystem(files);
  const store = memoryStore();
  await session(fs, {}, store);
  // Stored by folder, each name relative to its folder's row: `openstack` would be the folder under `Lifecycle`.
  assert.doesNotMatch(store.text!, /openstack/, 'the paths under an absent Lifecycle/ were not asked');
  const resource = Object.keys(files).find((p) => p.endsWith('/Definitions/lm/resource.yaml'))!;
  fs.write(
    resource.replace('Definitions/lm/resource.yaml', 'Lifecycle/openstack/heat.yaml'),
    'heat_template_version: 1',
  );
  const after = await session(fs, {}, store);
  assert.equal(after.reused, 0);
  assert.deepEqual(after.results, (await session(fs, {})).results);
});

test("the pass's single-open read and a stat, then a read (file systems without it): the same findings", async () => {
  const fs = new MemoryFileSystem(generated(6, 17));
  // The same files through a file system without `readFileWithStatSync` (the web host's).
  const plain: FileSystem = Object.assign(Object.create(fs) as MemoryFileSystem, { readFileWithStatSync: undefined });
  const single = await session(fs, {});
  const twoStep = await session(plain, {});
  assert.ok(withProblems(single) > 0);
  assert.deepEqual(single.results, twoStep.results);
});

test('random edits between sessions: the pass with the store always equals a fresh pass', async () => {
  const files = generated(8, 29);
  const fs = new MemoryFileSystem(files);
  const store = memoryStore();
  const random = rng(20261127);
  const paths = () => [...fs.files.keys()];
  await session(fs, {}, store);
  for (let round = 0; round < 12; round++) {
    const op = Math.floor(random() * 6);
    const all = paths();
    const p = all[Math.floor(random() * all.length)]!;
    const text = fs.files.get(p)?.text ?? '';
    if (op === 0) {
      // A line removed.
      const lines = text.split('\n');
      lines.splice(Math.floor(random() * lines.length), 1);
      fs.write(p, lines.join('\n'));
    } else if (op === 1) fs.delete(p);
    else if (op === 2) {
      // A name or type changed by one character.
      fs.write(
        p,
        text.replace(/::(\w)/, (_m, c: string) => `::${c === 'x' ? 'y' : 'x'}`),
      );
    } else if (op === 3) {
      // A file outside the index where rules look (lifecycle scripts beside a resource).
      const dir = p.slice(0, p.lastIndexOf('/'));
      fs.write(`${dir}/Lifecycle/ansible/scripts/Install.yaml.txt`, 'echo');
    } else if (op === 4) fs.write(p, text); // Touched: the same text, a new mtime.
    // op 5: nothing changed.
    const withStore = await session(fs, {}, store);
    const fresh = await session(fs, {});
    assert.deepEqual(withStore.results, fresh.results, `round ${round}, edit ${op} of ${p}`);
    if (op === 5) {
      assert.equal(withStore.reused, withStore.checked, `round ${round}: nothing changed, everything reused`);
    }
  }
});

test('the recorder gives back each probe as asked, first answers kept, a changed answer refusing a save', () => {
  const fs = new MemoryFileSystem({ '/a/b.yaml': 'x: 1\n', 'rel.txt': 'r' });
  const rec = new RecordingFileSystem(fs);
  rec.existsSync('/a/b.yaml');
  rec.existsSync('/a/missing');
  rec.existsSync('rel.txt');
  rec.existsSync('/top');
  rec.statSync('/a/b.yaml');
  const sorted = (probes: Iterable<Probe> | undefined) =>
    probes && [...probes].sort((a, b) => (a.join() < b.join() ? -1 : 1));
  assert.deepEqual(sorted(rec.probes(() => false)), [
    ['/a/b.yaml', 'e', '1'],
    ['/a/b.yaml', 's', rec.answer('/a/b.yaml', 's')],
    ['/a/missing', 'e', '0'],
    ['/top', 'e', '0'],
    ['rel.txt', 'e', '1'],
  ]);
  assert.deepEqual(sorted(rec.probes((p) => p.startsWith('/a/'))), [
    ['/top', 'e', '0'],
    ['rel.txt', 'e', '1'],
  ]);
  fs.write('/top', 'now here');
  rec.existsSync('/top');
  assert.equal(
    rec.probes(() => false),
    undefined,
  );
});

test('the disk store gives back what it saved, and nothing once the file was altered or cut', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-diag-store-'));
  try {
    const file = path.join(dir, 'sub', 'diagnostics.cache');
    const store = diskTextStore(file, 'b');
    assert.equal(await store.load(), undefined);
    await store.save(['{"a":1}', '\n[0,"/x"]', '']);
    assert.equal(await store.load(), '{"a":1}\n[0,"/x"]');
    const saved = readFileSync(file, 'utf8');
    writeFileSync(file, saved.replace('"/x"', '"/y"'));
    assert.equal(await store.load(), undefined);
    writeFileSync(file, saved.slice(0, 10));
    assert.equal(await store.load(), undefined);
    // A save removes the temporary files an interrupted save left (old ones only: a young one may be
    // another window's save in progress), and nothing else.
    const sub = path.dirname(file);
    const old = path.join(sub, '.diagnostics.cache.0123456789abcdef.tmp');
    const young = path.join(sub, '.diagnostics.cache.fedcba9876543210.tmp');
    const other = path.join(sub, '.index-1.cache.0123456789abcdef.tmp');
    for (const f of [old, young, other]) writeFileSync(f, 'partial');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(old, hourAgo, hourAgo);
    utimesSync(other, hourAgo, hourAgo);
    await store.save(['{"a":2}']);
    assert.equal(await store.load(), '{"a":2}');
    assert.deepEqual(readdirSync(sub).sort(), [
      '.diagnostics.cache.fedcba9876543210.tmp',
      '.index-1.cache.0123456789abcdef.tmp',
      'diagnostics.cache',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A session over `fs` through a recorder, as the server builds it, its index built. */
async function indexed(fs: FileSystem): Promise<{ recorder: RecordingFileSystem; s: AnalysisSession }> {
  const recorder = new RecordingFileSystem(fs);
  const s = new AnalysisSession(recorder);
  s.index.addRoot(ROOT);
  await s.index.build();
  return { recorder, s };
}

test("the findings are written once the pass's answer is out, and they are the pass's findings", async () => {
  const fs = new MemoryFileSystem(generated(4, 5));
  const { recorder, s } = await indexed(fs);
  const wd = workspacePass(s, () => ({}));
  let savedAt: number | undefined;
  const store = memoryStore();
  const save = store.save.bind(store);
  store.save = async (chunks) => {
    savedAt = performance.now();
    await save(chunks);
  };
  wd.persist = { store, fs: recorder, settings: () => '{}' };
  await passAll(wd);
  const answeredAt = performance.now();
  // The answer goes out on a later turn (vscode-jsonrpc's writer), and through the pipe over the next ones.
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  assert.equal(savedAt, undefined, 'nothing is serialised while the answer goes out');
  await wd.saving;
  assert.ok(savedAt !== undefined && savedAt - answeredAt >= 200, `saved ${savedAt! - answeredAt} ms after`);
  // What was stored is what a second session republishes: the first pass's findings.
  const second = await indexed(fs);
  const wd2 = workspacePass(second.s, () => ({}));
  wd2.persist = { store, fs: second.recorder, settings: () => '{}' };
  await passAll(wd2);
  assert.equal(wd2.lastPass.reused, wd2.lastPass.checked);
  for (const e of s.index.allEntries()) assert.deepEqual(wd2.resultOf(e.path), wd.resultOf(e.path));
});

test('the disk store lets the event loop turn while it saves chunks that take long to make', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-diag-store-'));
  try {
    const store = diskTextStore(path.join(dir, 'diagnostics.cache'), 'b');
    // The longest stretch between two turns of the event loop while the store saves.
    let last = performance.now();
    let longest = 0;
    let saving = true;
    const turn = () => {
      const t = performance.now();
      longest = Math.max(longest, t - last);
      last = t;
      if (saving) setImmediate(turn);
    };
    setImmediate(turn);
    let made = 0;
    // Forty chunks of 3 ms each (the findings' rows are made as the store pulls them): 120 ms in all.
    function* slow(): Generator<string> {
      for (let i = 0; i < 40; i++) {
        const until = performance.now() + 3;
        while (performance.now() < until);
        made++;
        yield `[${i}]\n`;
      }
    }
    await store.save(slow());
    saving = false;
    assert.equal(made, 40);
    assert.ok(longest < 60, `the event loop waited ${longest.toFixed(0)} ms at most during a 120 ms save`);
    assert.ok((await store.load())?.startsWith('[0]\n[1]'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
