/**
 * A TOSCA entry's header keeps its imports and declared profile / namespace names (`SummaryHeader.tosca`,
 * model/tosca/importFacts.ts), so the first open of a TOSCA file builds the workspace-wide importer and
 * profile-name maps without parsing every TOSCA file's summary. Checked here: the facts resolve exactly as
 * the summary's imports do on real repositories; after a warm start, the first open reads from the cache only
 * the summaries its model needs and finds what a cold session finds; damaged facts in a cache line cost only
 * that line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { parseCache, textSource } from '../../server/src/index/cache.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { isToscaImportFacts } from '../../server/src/model/tosca/importFacts.js';
import { MemorySummaryStore, memoryChecksum } from '../support/memorySummaryStore.js';

const CORPUS = path.join(fileURLToPath(new URL('../../..', import.meta.url)), 'shared', 'corpus', 'tosca');

test('import facts resolve as the summary imports do (tosca-parser, Puccini, xOpera examples)', async () => {
  let compared = 0;
  let edges = 0;
  for (const repo of ['openstack__tosca-parser', 'tliron__puccini', 'xlab-si__xopera-examples']) {
    const root = path.join(CORPUS, repo);
    const session = new Session();
    session.index.addRoot(root);
    await session.index.build();
    const importers = new Map<string, string[]>();
    const toscaFiles = new Set<string>();
    for (const e of session.index.allEntries()) {
      if (e.kind !== 'tosca') continue;
      toscaFiles.add(e.path);
      assert.ok(e.toscaFacts, `${e.path}: no import facts`);
      // The index's edges (from the facts) against the model's own imports (from the parsed summary).
      const got = session.index.tosca.importsOf(e.path);
      const model = session.index.tosca.modelOf(session.analyse(e.path, readFileSync(e.path, 'utf8')));
      const want = model.closure.rootImports
        .filter((r) => r.status.kind === 'ok')
        .map((r) => {
          const edge: { path: string; prefix?: string } = { path: (r.status as { path: string }).path };
          if (r.imp.namespacePrefix) edge.prefix = r.imp.namespacePrefix.name;
          return edge;
        });
      assert.deepEqual(got, want, e.path);
      for (const w of want) importers.set(w.path, [...(importers.get(w.path) ?? []), e.path]);
      compared++;
      edges += got.length;
    }
    // The importer map comes from one walk over every TOSCA file (its folders' imports resolved once each): the
    // same importers as the models' own imports, inverted (files the walk reaches outside the index aside).
    for (const p of new Set([...toscaFiles, ...importers.keys()])) {
      const walked = session.index.tosca.importersOf(p).filter((f) => toscaFiles.has(f));
      assert.deepEqual(walked, [...new Set(importers.get(p) ?? [])].sort(), `importers of ${p}`);
    }
  }
  assert.ok(compared > 150 && edges > 50, `${compared} files, ${edges} edges`);
});

const checksum = memoryChecksum;

const ROOT = '/ws';

/** A session over `files` with its index built, through `store` (a warm start when it holds a cache) or without. */
async function builtSession(files: Record<string, string>, store?: MemorySummaryStore): Promise<Session> {
  const s = new Session(new MemoryFileSystem(files), store ? { summaryStore: store } : {});
  s.index.addRoot(ROOT);
  await s.index.build();
  return s;
}
const FOLDERS = 6;
const PER_FOLDER = 8;

/** A 2.0 workspace as the bench's: profiles imported by name under namespaces, a 1.3 corner with a relative import. */
function workspace(): Record<string, string> {
  const files: Record<string, string> = {};
  const profile = (name: string, type: string) =>
    `tosca_definitions_version: tosca_2_0\nprofile: ${name}\nnode_types:\n  ${type}:\n    properties:\n` +
    `      port: { type: integer }\n`;
  files[`${ROOT}/profiles/base.yaml`] = profile('org.example.base:1.0', 'Compute');
  files[`${ROOT}/profiles/net.yaml`] = profile('org.example.net:1.0', 'Network');
  for (let f = 0; f < FOLDERS; f++)
    for (let k = 0; k < PER_FOLDER; k++)
      files[`${ROOT}/services${f}/service${k}.yaml`] = [
        'tosca_definitions_version: tosca_2_0',
        'imports:',
        '  - profile: org.example.base:1.0',
        '    namespace: base',
        '  - profile: org.example.net:1.0',
        '    namespace: net',
        'service_template:',
        '  node_templates:',
        '    host:',
        '      type: base:Compute',
        `      properties: { port: ${k === 0 ? '"x"' : 80} }`,
        '    lan:',
        '      type: net:Network',
        '',
      ].join('\n');
  files[`${ROOT}/v13/types.yaml`] =
    'tosca_definitions_version: tosca_simple_yaml_1_3\nnamespace: org.example.v13\nnode_types:\n' +
    '  my.App:\n    derived_from: tosca.nodes.SoftwareComponent\n';
  files[`${ROOT}/v13/service.yaml`] =
    'tosca_definitions_version: tosca_simple_yaml_1_3\nimports:\n  - types.yaml\ntopology_template:\n' +
    '  node_templates:\n    app:\n      type: my.App\n';
  return files;
}

test('after a warm start, the first open of a TOSCA file reads only the summaries its model needs', async () => {
  const files = workspace();
  const store = new MemorySummaryStore();
  const start = (withStore: boolean) => builtSession(files, withStore ? store : undefined);
  await start(true);
  const warm = await start(true);
  assert.equal(warm.index.lastBuild.fromCache, Object.keys(files).length);
  const cold = await start(false);
  store.counting = true;
  const svc = `${ROOT}/services3/service0.yaml`;
  const shape = (s: Session) =>
    computeDiagnostics(s.context(s.openDocument(svc, files[svc]!, 1)))
      .map((d) => `${String(d.code)} ${d.range.start.line}`)
      .sort();
  const got = shape(warm);
  // Its model reads the two profiles (whether a profile is a stub comes from the facts); the others stay unread.
  assert.ok(store.reads <= 4, `${store.reads} summaries read from the cache`);
  assert.deepEqual(got, shape(cold));
  assert.ok(got.length > 0, 'the wrong port value is found');
  for (const p of Object.keys(files))
    assert.deepEqual(warm.index.tosca.importersOf(p), cold.index.tosca.importersOf(p), p);
  assert.equal(warm.index.tosca.importersOf(`${ROOT}/profiles/base.yaml`).length, FOLDERS * PER_FOLDER);
  assert.deepEqual(warm.index.tosca.importersOf(`${ROOT}/v13/types.yaml`), [`${ROOT}/v13/service.yaml`]);
});

test('a cache line whose import facts are damaged costs only its file', async () => {
  const files = workspace();
  const store = new MemorySummaryStore();
  const s = new Session(new MemoryFileSystem(files), { summaryStore: store });
  s.index.addRoot(ROOT);
  await s.index.build();
  const target = `${ROOT}/services1/service2.yaml`;
  // The facts of one line given a wrong shape, the same length (and its checksum made to match): the line is
  // dropped, the others load.
  const lines = store.text.split('\n');
  const i = lines.findIndex((l) => l.includes(`\t${target}\t`));
  assert.ok(i > 0 && lines[i]!.includes('"prefix":"base"'));
  const body = lines[i]!.slice(lines[i]!.indexOf('\t') + 1).replace('"prefix":"base"', '"prefix":123456');
  lines[i] = `${checksum(body)}\t${body}`;
  const loaded = parseCache(textSource(lines.join('\n')), lines.join('\n').length, checksum);
  assert.equal(loaded.has(target), false);
  assert.equal(loaded.size, Object.keys(files).length - 1);
  const ok = { imports: [{ file: 'a.yaml', prefix: 'p' }], repositories: [], stub: false };
  assert.equal(isToscaImportFacts(ok), true);
  assert.equal(isToscaImportFacts({ ...ok, stub: undefined }), false);
  assert.equal(isToscaImportFacts({ imports: [{ file: 1 }], repositories: [], stub: false }), false);
  assert.equal(isToscaImportFacts({ imports: [], repositories: [{ url: 'x' }], stub: false }), false);
});

test('a stub profile declaration is passed by from the facts, warm or cold, in the walk and in the model', async () => {
  // Two files declare the profile name; the first by rank (`profile.yaml`) holds nothing else. An import by that
  // name resolves to the other, and the walk (from the facts) must agree with the model (from the summaries).
  const files: Record<string, string> = {
    [`${ROOT}/p/profile.yaml`]: 'tosca_definitions_version: tosca_2_0\nprofile: org.example.s:1.0\n',
    [`${ROOT}/p/types.yaml`]:
      'tosca_definitions_version: tosca_2_0\nprofile: org.example.s:1.0\nnode_types:\n  Box:\n    description: x\n',
    [`${ROOT}/svc/a.yaml`]:
      'tosca_definitions_version: tosca_2_0\nimports:\n  - profile: org.example.s:1.0\n    namespace: s\n' +
      'service_template:\n  node_templates:\n    b:\n      type: s:Box\n',
  };
  const store = new MemorySummaryStore();
  const start = (withStore: boolean) => builtSession(files, withStore ? store : undefined);
  await start(true);
  const warm = await start(true);
  const cold = await start(false);
  assert.equal(warm.index.get(`${ROOT}/p/profile.yaml`)?.toscaFacts?.stub, true);
  assert.equal(warm.index.get(`${ROOT}/p/types.yaml`)?.toscaFacts?.stub, false);
  for (const s of [warm, cold]) {
    assert.deepEqual(s.index.tosca.importersOf(`${ROOT}/p/types.yaml`), [`${ROOT}/svc/a.yaml`]);
    assert.deepEqual(s.index.tosca.importersOf(`${ROOT}/p/profile.yaml`), []);
    const svc = `${ROOT}/svc/a.yaml`;
    const diags = computeDiagnostics(s.context(s.openDocument(svc, files[svc]!, 1)));
    assert.deepEqual(
      diags.map((d) => `${String(d.code)} ${d.message}`),
      [],
    );
  }
});
