/**
 * The workspace pass drops parsed summaries as it goes (`WorkspaceIndex.releaseUnusedSummaries`): a
 * summary read since the last call stays parsed, one not read is parsed again on its next use (and
 * equals what it was), and an open document's summary is never dropped.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { diskSummaryStore } from '../../server/src/host/diskCache.js';
import { Session } from '../../server/src/host/session.js';
import { LazySummary } from '../../server/src/index/cache.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import type { FileSummary } from '../../server/src/model/summary.js';

/**
 * A second session over `files` (a warm start: the first wrote the cache in `dir`), whose summaries are read from the
 * cache file when first needed.
 */
async function warmSession(fs: MemoryFileSystem, dir: string): Promise<Session> {
  const open = async () => {
    const session = new Session(fs, { summaryStore: diskSummaryStore(path.join(dir, 'cache')) });
    session.index.addRoot('/ws');
    await session.index.build();
    return session;
  };
  await open();
  return open();
}

test('LazySummary.releaseIfUnused keeps a summary read in the period and drops one that was not', () => {
  const json = JSON.stringify({ kind: 'resource', properties: [], name: 'resource::a::1.0' });
  const read = new LazySummary(json, 'resource');
  const idle = new LazySummary(json, 'resource');
  const a = read.get();
  const b = idle.get();
  // Both were read in the period that ends here: both stay.
  read.releaseIfUnused();
  idle.releaseIfUnused();
  assert.equal(read.get(), a);
  // `idle` was not read in the new period: the next call drops it, the read one stays.
  read.releaseIfUnused();
  idle.releaseIfUnused();
  assert.equal(read.get(), a);
  const again = idle.get();
  assert.notEqual(again, b);
  assert.deepEqual(again, b);
});

test('LazySummary.adopt: a summary taken from the pass has no second chance', () => {
  const json = JSON.stringify({ kind: 'resource', properties: [], name: 'resource::a::1.0' });
  const s = new LazySummary(json, 'resource');
  const given = { kind: 'resource', properties: [], name: 'resource::a::1.0' } as unknown as FileSummary;
  s.adopt(() => given);
  assert.equal(s.get(), given);
  // Read in the period, yet dropped at its end: the next read parses the JSON.
  s.releaseIfUnused();
  const parsed = s.get();
  assert.notEqual(parsed, given);
  assert.deepEqual(parsed, new LazySummary(json, 'resource').get());
  // A parsed summary takes nothing.
  s.adopt(() => given);
  assert.equal(s.get(), parsed);
  // A parsed (not adopted) summary read in the period keeps its second chance.
  s.releaseIfUnused();
  assert.equal(s.get(), parsed);
});

test('the index drops the unused summaries of files nobody has open, from a warm start', async () => {
  const files = {
    '/ws/a/Definitions/lm/resource.yaml': 'name: resource::a::1.0\nproperties:\n  port:\n    type: integer\n',
    '/ws/b/Definitions/lm/resource.yaml': 'name: resource::b::1.0\nproperties: {}\n',
  };
  const fs = new MemoryFileSystem(files);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-index-release-'));
  // The first session writes the cache; the second one's summaries are read from it when needed.
  const s = await warmSession(fs, dir);
  assert.equal(s.index.lastBuild.fromCache, 2);
  const a = s.index.get('/ws/a/Definitions/lm/resource.yaml')!;
  const b = s.index.get('/ws/b/Definitions/lm/resource.yaml')!;
  const sa = a.summary;
  const sb = b.summary;
  s.index.releaseUnusedSummaries();
  assert.equal(a.summary, sa);
  s.index.releaseUnusedSummaries();
  // Only `a` was read since: `b` is parsed again, with the same content.
  assert.equal(a.summary, sa);
  assert.notEqual(b.summary, sb);
  assert.deepEqual(b.summary, sb);
  rmSync(dir, { recursive: true, force: true });
});

test('LazySummary.releaseIfUnreadLately: an adopted summary goes, a parsed one when not read in the period', () => {
  const json = JSON.stringify({ kind: 'resource', properties: [], name: 'resource::a::1.0' });
  const s = new LazySummary(json, 'resource');
  const given = { kind: 'resource', properties: [], name: 'resource::a::1.0' } as unknown as FileSummary;
  assert.equal(
    s.adopt(() => given),
    true,
  );
  assert.equal(s.get(), given);
  // Read in the period, yet dropped: no second chance for an adopted summary.
  assert.equal(s.releaseIfUnreadLately(), false);
  const parsed = s.get();
  assert.notEqual(parsed, given);
  assert.deepEqual(parsed, new LazySummary(json, 'resource').get());
  // A parsed summary takes nothing; read in the period, it stays; not read in the next, it goes.
  assert.equal(
    s.adopt(() => given),
    false,
  );
  assert.equal(s.releaseIfUnreadLately(), true);
  assert.equal(s.get(), parsed);
  s.unreadLately();
  assert.equal(s.releaseIfUnreadLately(), false);
  assert.equal(s.parsed, false);
  assert.deepEqual(s.get(), parsed);
});

test('the index drops what a pass parsed or adopted one period after: adopted always, parsed unread', async () => {
  const files = {
    '/ws/a/Definitions/lm/resource.yaml': 'name: resource::a::1.0\nproperties:\n  port:\n    type: integer\n',
    '/ws/b/Definitions/lm/resource.yaml': 'name: resource::b::1.0\nproperties: {}\n',
    '/ws/c/Definitions/lm/resource.yaml': 'name: resource::c::1.0\nproperties: {}\n',
  };
  const fs = new MemoryFileSystem(files);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-index-adopted-'));
  const s = await warmSession(fs, dir);
  const [pa, pb, pc] = Object.keys(files) as [string, string, string];
  const summaryOf = (p: string) => s.index.get(p)!.summary;
  // What the pass gives: the summary of the file's text (an equal value), held by the entry as the index keeps it.
  const given = new Map([pa, pb].map((p) => [p, structuredClone(summaryOf(p))]));
  s.index.releaseSummaries();
  s.index.trackParsed(true);
  const adopt = (p: string) => {
    s.index.adoptSummary(p, 'resource', fs.statSync(p)!, given.get(p)!);
    return summaryOf(p);
  };
  // Period 1: `a` adopted, `c` parsed from its JSON.
  const ga = adopt(pa);
  const sc = summaryOf(pc);
  s.index.releaseParsedLately();
  // Period 2: `b` adopted, `c` read again.
  const gb = adopt(pb);
  assert.equal(summaryOf(pa), ga);
  assert.equal(summaryOf(pc), sc);
  s.index.releaseParsedLately();
  // `a` is dropped (parsed again, equal), `b` stays until the next call, `c` (read in period 2) stays.
  const again = summaryOf(pa);
  assert.notEqual(again, ga);
  assert.deepEqual(again, ga);
  assert.equal(summaryOf(pb), gb);
  s.index.releaseParsedLately();
  assert.notEqual(summaryOf(pb), gb);
  // Period 3 read `a` and `b`, not `c`: its end dropped `c`.
  const sc2 = summaryOf(pc);
  assert.notEqual(sc2, sc);
  assert.deepEqual(sc2, sc);
  // Outside a pass nothing is logged: nothing dropped.
  s.index.trackParsed(false);
  s.index.releaseParsedLately();
  s.index.releaseParsedLately();
  assert.equal(summaryOf(pc), sc2);
  rmSync(dir, { recursive: true, force: true });
});

test("a pass's periods keep a TOSCA type file's parsed summary, and drop an unread template's", async () => {
  const head = 'tosca_definitions_version: tosca_simple_yaml_1_3\n';
  const files = {
    '/ws/types.yaml': `${head}node_types:\n  demo.App:\n    derived_from: tosca.nodes.Root\n`,
    '/ws/service.yaml':
      `${head}imports: [types.yaml]\n` + 'topology_template:\n  node_templates:\n    a: { type: demo.App }\n',
  };
  const fs = new MemoryFileSystem(files);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-index-tosca-types-'));
  try {
    const s = await warmSession(fs, dir);
    const summaryOf = (p: string) => s.index.get(p)!.summary;
    s.index.trackParsed(true);
    const types = summaryOf('/ws/types.yaml');
    const service = summaryOf('/ws/service.yaml');
    // Two periods that read neither: the template's parsed summary goes, the type file's stays.
    s.index.releaseParsedLately();
    s.index.releaseParsedLately();
    s.index.releaseParsedLately();
    assert.equal(summaryOf('/ws/types.yaml'), types);
    const again = summaryOf('/ws/service.yaml');
    assert.notEqual(again, service);
    assert.deepEqual(again, service);
    // The pass's end drops both, as before.
    s.index.trackParsed(false);
    s.index.releaseSummaries();
    assert.notEqual(summaryOf('/ws/types.yaml'), types);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
