/**
 * The warm start takes a folder's listing from the cache while the folder's mtime is unchanged
 * (server/src/index/cache.ts `CachedFolder`, the walk in index/workspace.ts): a file added, removed
 * or renamed changes its folder's mtime and the folder is listed again; a folder changed just before
 * it was listed is not kept. Real folders on disk, with mtimes set in the past where a test needs
 * listings to be kept.
 */
import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Session } from '../../server/src/host/session.js';
import { diskSummaryStore, loadCache } from '../../server/src/host/diskCache.js';
import { CacheContents } from '../../server/src/index/cache.js';

let dir: string;
let ws: string;
let cacheFile: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lm-index-folders-'));
  ws = path.join(dir, 'ws');
  cacheFile = path.join(dir, 'cache');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const RESOURCE = 'name: resource::lb::1.0\nproperties:\n  port:\n    type: integer\n';

function write(rel: string, text = RESOURCE): void {
  const p = path.join(ws, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text);
}

/** Sets every folder under `ws` (and `ws`) to an mtime an hour ago, so their listings are kept. */
function ageFolders(root = ws): void {
  const old = new Date(Date.now() - 3600_000);
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) if (e.isDirectory()) walk(path.join(d, e.name));
    utimesSync(d, old, old);
  };
  walk(root);
}

async function build(): Promise<Session> {
  const s = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  s.index.addRoot(ws);
  await s.index.build();
  return s;
}

const indexed = (s: Session) => [...s.index.allEntries()].map((e) => path.relative(ws, e.path)).sort();

test('a folder unchanged since its listing is not listed again; a changed one is', async () => {
  write('a/Definitions/lm/resource.yaml');
  write('b/Definitions/lm/resource.yaml');
  ageFolders();
  await build();
  const kept = await loadCache(cacheFile);
  assert.ok(kept instanceof CacheContents);
  assert.ok(kept.folders.has(path.join(ws, 'a/Definitions/lm')));
  assert.deepEqual(kept.folders.get(path.join(ws, 'a/Definitions/lm'))?.files, ['resource.yaml']);

  // A file slipped into a folder whose mtime is then put back: the kept listing stands (the proof
  // that the folder was not listed again).
  const lm = path.join(ws, 'a/Definitions/lm');
  const before = statSync(lm).mtime;
  write('a/Definitions/lm/extra.yaml');
  utimesSync(lm, before, before);
  assert.deepEqual(indexed(await build()), ['a/Definitions/lm/resource.yaml', 'b/Definitions/lm/resource.yaml']);

  // An honest change (the mtime moves): listed again, the new file found.
  write('b/Definitions/lm/other.yaml');
  assert.deepEqual(indexed(await build()), [
    'a/Definitions/lm/resource.yaml',
    'b/Definitions/lm/other.yaml',
    'b/Definitions/lm/resource.yaml',
  ]);
});

test('renamed and removed folders and files are seen on the next warm start', async () => {
  write('a/Definitions/lm/resource.yaml');
  write('b/Definitions/lm/resource.yaml');
  ageFolders();
  await build();
  renameSync(path.join(ws, 'a'), path.join(ws, 'c'));
  rmSync(path.join(ws, 'b/Definitions/lm/resource.yaml'));
  assert.deepEqual(indexed(await build()), ['c/Definitions/lm/resource.yaml']);
  // And again from the cache that start wrote.
  assert.deepEqual(indexed(await build()), ['c/Definitions/lm/resource.yaml']);
});

test('a folder changed just before it was listed is not kept', async () => {
  write('a/Definitions/lm/resource.yaml');
  // Folders fresh from mkdir: their mtimes are within the last moment.
  await build();
  const kept = await loadCache(cacheFile);
  assert.ok(kept instanceof CacheContents);
  assert.equal(kept.folders.size, 0);
});
