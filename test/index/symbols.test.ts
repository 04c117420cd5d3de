/**
 * Workspace symbols come from the index headers (server/src/index/, model/indexSymbols.ts): a
 * query never parses a cached summary, the warm-start cache keeps the symbols, and the lists follow
 * every change of the index.
 */
import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Session } from '../../server/src/host/session.js';
import { CACHE_FORMAT, LazySummary } from '../../server/src/index/cache.js';
import { diskSummaryStore, loadCache } from '../../server/src/host/diskCache.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { workspaceSymbols } from '../../server/src/features/symbols.js';

const FILES: Record<string, string> = {
  '/ws/lmproject.yml': "schema: '2.0'\nname: cluster\nversion: '1.0'\ncontains:\n- name: lb\n  type: Resource\n",
  '/ws/Descriptor/assembly.yml':
    'composition:\n  balancer:\n    type: $lmctl:/contains:/lb:/descriptor_name\n' +
    'references:\n  network:\n    type: resource::net::1.0\n',
  '/ws/Contains/lb/Definitions/lm/resource.yaml': 'properties:\n  port:\n    type: integer\n',
  '/ws/net/Definitions/lm/resource.yaml': 'name: resource::net::1.0\nproperties: {}\n',
  '/ws/tosca/service.yaml':
    'tosca_definitions_version: tosca_simple_yaml_1_3\n' +
    'node_types:\n  my.Server:\n    derived_from: tosca.nodes.Compute\n' +
    'topology_template:\n  node_templates:\n    web:\n      type: my.Server\n',
};

const EXPECTED = [
  'assembly::cluster::1.0 [2] /ws/Descriptor/assembly.yml',
  'balancer [19] /ws/Descriptor/assembly.yml',
  'my.Server [5] /ws/tosca/service.yaml',
  'network [19] /ws/Descriptor/assembly.yml',
  'resource::lb-cluster::1.0 [5] /ws/Contains/lb/Definitions/lm/resource.yaml',
  'resource::net::1.0 [5] /ws/net/Definitions/lm/resource.yaml',
  'web [19] /ws/tosca/service.yaml',
];

let dir: string;
let cacheFile: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lm-index-symbols-'));
  cacheFile = path.join(dir, 'cache');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function session(fs: MemoryFileSystem): Promise<Session> {
  const s = new Session(fs, { summaryStore: diskSummaryStore(cacheFile) });
  s.index.addRoot('/ws');
  await s.index.build();
  return s;
}

const lines = (s: Session, query = '') =>
  workspaceSymbols(s.workspace(), query)
    .map((w) => `${w.name} [${w.kind}] ${w.path}`)
    .sort();

/** Runs `body` counting the cached summaries parsed meanwhile. */
function countingParses<T>(body: () => T): { value: T; parses: number } {
  const original = Object.getOwnPropertyDescriptor(LazySummary.prototype, 'get')!.value as LazySummary['get'];
  let parses = 0;
  LazySummary.prototype.get = function (this: LazySummary) {
    parses++;
    return original.call(this);
  };
  try {
    return { value: body(), parses };
  } finally {
    LazySummary.prototype.get = original;
  }
}

test('after a warm start, workspace symbols parse no summary and equal those of a cold start', async () => {
  const fs = new MemoryFileSystem(FILES);
  const cold = await session(fs);
  assert.deepEqual(lines(cold), EXPECTED);
  const warm = await session(fs);
  assert.equal(warm.index.lastBuild.fromCache, Object.keys(FILES).length);
  const { value, parses } = countingParses(() => [lines(warm), lines(warm, 'bal'), lines(warm, 'my.serv')]);
  assert.equal(parses, 0);
  assert.deepEqual(value[0], EXPECTED);
  assert.deepEqual(value[1], ['balancer [19] /ws/Descriptor/assembly.yml']);
  assert.deepEqual(value[2], ['my.Server [5] /ws/tosca/service.yaml']);
});

test('a cold build parses no summary for workspace symbols either (the headers are computed at indexing)', async () => {
  const s = new Session(new MemoryFileSystem(FILES), {});
  s.index.addRoot('/ws');
  await s.index.build();
  const { value, parses } = countingParses(() => lines(s));
  assert.equal(parses, 0);
  assert.deepEqual(value, EXPECTED);
});

test('the cache round trip keeps each entry’s symbols: [name, tag, start, end], spans of the names', async () => {
  await session(new MemoryFileSystem(FILES));
  const cache = await loadCache(cacheFile);
  /** `[name, tag, start, end]` of the first occurrence of `name` in `file`. */
  const at = (file: string, name: string, tag: string) => {
    const start = FILES[file]!.indexOf(name);
    return [name, tag, start, start + name.length];
  };
  const asm = '/ws/Descriptor/assembly.yml';
  assert.deepEqual(cache.get(asm)?.header?.symbols, [
    ['', 'descriptor', 0, 0],
    at(asm, 'balancer', 'component'),
    at(asm, 'network', 'reference'),
  ]);
  const net = '/ws/net/Definitions/lm/resource.yaml';
  assert.deepEqual(cache.get(net)?.header?.symbols, [at(net, 'resource::net::1.0', 'descriptor')]);
  const svc = '/ws/tosca/service.yaml';
  assert.deepEqual(cache.get(svc)?.header?.symbols, [
    at(svc, 'my.Server', 'type:node'),
    at(svc, 'web', 'template:node'),
  ]);
  // lmproject files have nothing to list and keep no header.
  assert.equal(cache.get('/ws/lmproject.yml')?.header, null);
});

/**
 * Rewrites one header line of the cache file (with a valid checksum, as a tampering tool would),
 * keeping the layout: the header lines follow the summaries, and the trailer gives their offset
 * and length in bytes.
 */
function rewriteLine(file: string, pathInLine: string, edit: (fields: string[]) => string[]): void {
  const buf = readFileSync(file);
  const trailer = /^(\d+) (\d+)\n$/.exec(buf.subarray(buf.length - 32).toString('latin1'))!;
  const at = Number(trailer[1]);
  const text = buf
    .subarray(at, buf.length - 32)
    .toString('utf8')
    .split('\n');
  const i = text.findIndex((l) => l.split('\t')[1] === pathInLine);
  assert.ok(i >= 0, `no cache line for ${pathInLine}`);
  const body = edit(text[i]!.split('\t').slice(1)).join('\t');
  const sum = createHash('sha1').update(body).digest('base64url').slice(0, 16);
  text[i] = `${sum}\t${body}`;
  const headers = text.join('\n');
  const digits = (n: number) => String(n).padStart(15, '0');
  writeFileSync(file, new Uint8Array(buf.subarray(0, at)));
  appendFileSync(file, `${headers}${digits(at)} ${digits(Buffer.byteLength(headers))}\n`);
}

test('cache lines without symbols, or with malformed ones, are not trusted: the file is read again', async () => {
  const fs = new MemoryFileSystem(FILES);
  await session(fs);
  assert.match(readFileSync(cacheFile, 'utf8'), new RegExp(`^lm-descriptors-cache ${CACHE_FORMAT}\n`));
  // A header of the previous shape (no symbols), a TOSCA line without a header, a symbol with a bad tag.
  rewriteLine(cacheFile, '/ws/Descriptor/assembly.yml', (f) => {
    f[4] = JSON.stringify({ types: ['$lmctl:/contains:/lb:/descriptor_name', 'resource::net::1.0'] });
    return f;
  });
  rewriteLine(cacheFile, '/ws/tosca/service.yaml', (f) => {
    f[4] = '-';
    return f;
  });
  rewriteLine(cacheFile, '/ws/net/Definitions/lm/resource.yaml', (f) => {
    f[4] = JSON.stringify({ explicitName: 'resource::net::1.0', types: [], symbols: [['x', 'bogus', 0, 1]] });
    return f;
  });
  const warm = await session(fs);
  assert.equal(warm.index.lastBuild.fromCache, Object.keys(FILES).length - 3);
  assert.equal(warm.index.lastBuild.indexed, 3);
  assert.deepEqual(lines(warm), EXPECTED);
});

test('the symbol lists follow the index: edits of open documents, changes on disk, removals, renames', async () => {
  const fs = new MemoryFileSystem(FILES);
  const s = await session(fs);
  assert.deepEqual(lines(s, 'bal'), ['balancer [19] /ws/Descriptor/assembly.yml']);
  // An open document's text wins.
  s.openDocument(
    '/ws/Descriptor/assembly.yml',
    'composition:\n  balancer2:\n    type: $lmctl:/contains:/lb:/descriptor_name\n',
    1,
  );
  assert.deepEqual(lines(s, 'bal'), ['balancer2 [19] /ws/Descriptor/assembly.yml']);
  // A TOSCA file changed on disk.
  fs.write('/ws/tosca/service.yaml', FILES['/ws/tosca/service.yaml']!.replace('my.Server', 'my.Host'));
  await s.index.refreshFromDisk('/ws/tosca/service.yaml');
  assert.deepEqual(lines(s, 'my.host'), ['my.Host [5] /ws/tosca/service.yaml']);
  assert.deepEqual(lines(s, 'my.serv'), []);
  // A file removed.
  fs.delete('/ws/net/Definitions/lm/resource.yaml');
  s.index.remove('/ws/net/Definitions/lm/resource.yaml');
  assert.deepEqual(lines(s, 'net'), []);
  // The project renamed: derived descriptor names (and the components' container) follow.
  fs.write('/ws/lmproject.yml', FILES['/ws/lmproject.yml']!.replace('name: cluster', 'name: farm'));
  await s.index.refreshFromDisk('/ws/lmproject.yml');
  assert.deepEqual(lines(s, '::1.0'), [
    'assembly::farm::1.0 [2] /ws/Descriptor/assembly.yml',
    'resource::lb-farm::1.0 [5] /ws/Contains/lb/Definitions/lm/resource.yaml',
  ]);
  const [comp] = workspaceSymbols(s.workspace(), 'balancer2');
  assert.equal(comp?.containerName, 'assembly::farm::1.0');
});

test('repeated queries reuse the lists the index keeps until it changes', async () => {
  const s = await session(new MemoryFileSystem(FILES));
  const { lmPack } = await import('../../server/src/features/lm/pack.js');
  const ws = s.workspace();
  const first = lmPack.workspaceSymbols(ws);
  assert.equal(lmPack.workspaceSymbols(ws), first);
  s.openDocument('/ws/tosca/service.yaml', FILES['/ws/tosca/service.yaml']!, 1);
  const second = lmPack.workspaceSymbols(ws);
  assert.notEqual(second, first);
  // Entries that did not change keep their symbol objects.
  assert.equal(
    second.find((x) => x.name === 'balancer'),
    first.find((x) => x.name === 'balancer'),
  );
});

test('summaries nobody has read yet are read from the new cache file after a save replaced the old one', async () => {
  const fs = new MemoryFileSystem(FILES);
  // Without a store: every summary stays in memory.
  const plain = new Session(fs, {});
  plain.index.addRoot('/ws');
  await plain.index.build();
  // A cold build with a store: the summaries it indexed are read back from the file it wrote.
  const cold = await session(fs);
  for (const p of Object.keys(FILES)) assert.deepEqual(cold.index.get(p)!.summary, plain.index.get(p)!.summary, p);
  const warm = await session(fs);
  const before = statSync(cacheFile).ino;
  // One file changed and the index rebuilt: the cache file is written again (a new file renamed over it).
  fs.write('/ws/net/Definitions/lm/resource.yaml', 'name: resource::net::1.0\nproperties:\n  cidr: {}\n');
  await warm.index.build();
  assert.equal(warm.index.lastBuild.indexed, 1);
  assert.notEqual(statSync(cacheFile).ino, before);
  for (const p of [
    '/ws/Descriptor/assembly.yml',
    '/ws/tosca/service.yaml',
    '/ws/Contains/lb/Definitions/lm/resource.yaml',
  ])
    assert.deepEqual(warm.index.get(p)!.summary, cold.index.get(p)!.summary, p);
});
