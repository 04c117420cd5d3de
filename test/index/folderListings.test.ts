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
import { hash64 } from '../../server/src/util/hash.js';
import { diskSummaryStore, loadCache } from '../../server/src/host/diskCache.js';
import {
  CacheContents,
  parseCache,
  serialiseCache,
  textSource,
  type CachedFolder,
} from '../../server/src/index/cache.js';

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

test('listings over several lines: the same at once and in slices; a damaged line loses only its rows', () => {
  // 4,500 folders in a tree (each folder's row after its parent's, as the walk saves them): three lines; the
  // last 300 are subfolders of folders of the second line.
  const folders: [string, CachedFolder][] = [['/ws', { mtimeMs: 1, dirs: [], files: [] }]];
  const add = (i: number, name: string) => {
    const [parent, listing] = folders[i]!;
    listing.dirs.push(name);
    folders.push([`${parent}/${name}`, { mtimeMs: 1000 + folders.length, dirs: [], files: [`${name}.yaml`] }]);
  };
  for (let i = 0; folders.length < 4200; i++) for (let k = 0; k < 3 && folders.length < 4200; k++) add(i, `d${i}-${k}`);
  for (let j = 0; j < 300; j++) add(2500 + j, `e${j}`);
  const checksum = hash64;
  const text = [...serialiseCache([], checksum, 1 << 20, undefined, undefined, folders)].join('');
  assert.equal(text.match(/\t@folders\t/g)?.length, 3);
  const parse = (t: string) => parseCache(textSource(t), t.length, checksum);
  assert.deepEqual([...parse(text).folders], folders);
  const paused: number[] = [];
  return (async () => {
    const c = parse(text);
    let n = 0;
    const sliced = await c.foldersInSlices(async () => void paused.push(n++));
    assert.deepEqual([...sliced], folders);
    assert.equal(paused.length, 2);
    // A character of the second line changed (same length, so the other lines stay where they are):
    // its rows fail their checksum, and so do the rows under them in the third line; the first line's hold.
    const second = text.indexOf('\t@folders\t', text.indexOf('\t@folders\t') + 1);
    const at = text.indexOf('d', second + 20);
    const damaged = text.slice(0, at) + 'e' + text.slice(at + 1);
    const got = parse(damaged).folders;
    // Expected: every row outside the second line whose ancestors' rows are all outside it too.
    const rowOf = new Map(folders.map(([p], i) => [p, i]));
    const lost = (i: number): boolean => {
      if (i >= 2000 && i < 4000) return true;
      const p = folders[i]![0];
      const parent = rowOf.get(p.slice(0, p.lastIndexOf('/')));
      return parent !== undefined && lost(parent);
    };
    const expected = folders.filter((_, i) => !lost(i));
    assert.equal(expected.length, 2200);
    assert.deepEqual([...got], expected);
  })();
});
