/**
 * The warm-start cache is a store the host gives the index (server/src/index/cache.ts): the format
 * and its checks need no disk and no node:crypto, so a host without either (the browser) can keep
 * summaries in memory with a checksum of its own.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import {
  CACHE_FORMAT,
  parseCache,
  serialiseCache,
  textSource,
  type CachedEntry,
  type Checksum,
  type SummaryStore,
} from '../../server/src/index/cache.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { workspaceSymbols } from '../../server/src/features/symbols.js';
import { MemorySummaryStore, memoryChecksum } from '../support/memorySummaryStore.js';

const FILES: Record<string, string> = {
  '/ws/Descriptor/assembly.yml': 'composition:\n  balancer:\n    type: resource::lb::1.0\n',
  '/ws/lb/Definitions/lm/resource.yaml': 'name: resource::lb::1.0\nproperties:\n  port:\n    type: integer\n',
  '/ws/tosca/service.yaml':
    'tosca_definitions_version: tosca_simple_yaml_1_3\n' +
    'topology_template:\n  node_templates:\n    web:\n      type: tosca.nodes.Compute\n',
};

const checksum = memoryChecksum;

async function build(fs: MemoryFileSystem, store: SummaryStore): Promise<Session> {
  const s = new Session(fs, { summaryStore: store });
  s.index.addRoot('/ws');
  await s.index.build();
  return s;
}

const symbols = (s: Session) =>
  workspaceSymbols(s.workspace(), '')
    .map((w) => `${w.name} ${w.path}`)
    .sort();

test('an index warm-starts from a store the host provides, with the host’s checksum', async () => {
  const fs = new MemoryFileSystem(FILES);
  const store = new MemorySummaryStore(64);
  const cold = await build(fs, store);
  assert.equal(cold.index.lastBuild.fromCache, 0);
  assert.equal(store.saves, 1);
  assert.match(store.text, new RegExp(`^lm-descriptors-cache ${CACHE_FORMAT}\n`));
  const warm = await build(fs, store);
  assert.equal(warm.index.lastBuild.fromCache, Object.keys(FILES).length);
  assert.equal(warm.index.lastBuild.indexed, 0);
  // Nothing read and nothing gone: the store is not written again.
  assert.equal(store.saves, 1);
  assert.deepEqual(symbols(warm), symbols(cold));
  assert.ok(symbols(warm).includes('balancer /ws/Descriptor/assembly.yml'));
});

test('a header line whose checksum does not match is dropped: that file alone is read again', async () => {
  const fs = new MemoryFileSystem(FILES);
  const store = new MemorySummaryStore(64);
  await build(fs, store);
  // The resource's header line names its descriptor: edit it (same length, so the layout holds).
  assert.ok(store.text.includes('"explicitName":"resource::lb::1.0"'));
  store.text = store.text.replace('"explicitName":"resource::lb::1.0"', '"explicitName":"resource::lb::2.0"');
  assert.equal((await store.load()).size, Object.keys(FILES).length - 1);
  const warm = await build(fs, store);
  assert.equal(warm.index.lastBuild.fromCache, Object.keys(FILES).length - 1);
  assert.equal(warm.index.lastBuild.indexed, 1);
});

test('one checksum of all header lines first: while it matches no line is hashed; when not, each line is', async () => {
  const fs = new MemoryFileSystem(FILES);
  const store = new MemorySummaryStore(64);
  await build(fs, store);
  let calls = 0;
  const counting: Checksum = (t) => (calls++, checksum(t));
  const load = (text: string) => parseCache(textSource(text), text.length, counting);
  assert.equal(load(store.text).size, Object.keys(FILES).length);
  assert.equal(calls, 1);
  // The @all line's own checksum damaged (same length): every line is checked on its own, and all hold.
  const all = /([0-9a-f]{8})\t@all\n/.exec(store.text);
  assert.ok(all);
  const other = all[1] === '00000000' ? '11111111' : '00000000';
  calls = 0;
  assert.equal(load(store.text.replace(`${all[1]}\t@all`, `${other}\t@all`)).size, Object.keys(FILES).length);
  assert.ok(calls > Object.keys(FILES).length);
});

test('a summary that does not match its checksum is found when first read: the file is read again', async () => {
  const fs = new MemoryFileSystem(FILES);
  const store = new MemorySummaryStore(64);
  const cold = await build(fs, store);
  const resource = '/ws/lb/Definitions/lm/resource.yaml';
  const expected = cold.index.get(resource)!.summary;
  store.text = store.text.replace('"port"', '"pork"');
  // Loading reads the headers only: every entry is taken.
  assert.equal((await store.load()).size, Object.keys(FILES).length);
  const warm = await build(fs, store);
  assert.equal(warm.index.lastBuild.fromCache, Object.keys(FILES).length);
  // Read now: unusable, so an empty summary of its kind while the file is read again.
  const first = warm.index.get(resource)!.summary;
  assert.equal(JSON.stringify(first).includes('pork'), false);
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(warm.index.get(resource)!.summary, expected);
  // The other summaries read as they were written.
  const assembly = '/ws/Descriptor/assembly.yml';
  assert.deepEqual(warm.index.get(assembly)!.summary, cold.index.get(assembly)!.summary);
});

test('serialised in chunks of the size asked for, parsed back whole; another format is ignored', () => {
  const entries: [string, CachedEntry][] = Array.from({ length: 20 }, (_, i) => [
    `/ws/f${i}.yaml`,
    { mtimeMs: i, size: 10, kind: 'other', header: null, json: '{"kind":"other"}' },
  ]);
  const chunks = [...serialiseCache(entries, checksum, 100)];
  assert.ok(chunks.length > 1);
  const text = chunks.join('');
  const parse = (t: string) => parseCache(textSource(t), t.length, checksum);
  const parsed = parse(text);
  assert.deepEqual(
    [...parsed.keys()],
    entries.map(([p]) => p),
  );
  const json = parsed.get('/ws/f3.yaml')!.json;
  assert.equal(typeof json === 'string' ? json : json.read(), '{"kind":"other"}');
  assert.equal(parse(text.replace(/^\S+ \d+/, `lm-descriptors-cache ${CACHE_FORMAT - 1}`)).size, 0);
  // A cut text has no trailer: nothing is taken.
  assert.equal(parse(text.slice(0, -5)).size, 0);
  // Entries whose path would break the line layout are not written.
  const bad: [string, CachedEntry][] = [['/ws/a\tb.yaml', entries[0]![1]]];
  assert.equal(parse([...serialiseCache(bad, checksum)].join('')).size, 0);
});
