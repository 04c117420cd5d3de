/**
 * A warm start is ready from its cache before it looks at the disk, and checks every file in the
 * background (WorkspaceIndex.verifyCached in server/src/index/workspace.ts). These tests change,
 * add and delete files (an lmproject file renaming its descriptors among them) between a run that
 * saved the cache and the next one, and compare the index after the verification with what a cold
 * build of the same files gives: entries, kinds, summaries, names, symbols and reverse edges.
 * Real folders on disk.
 */
import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Session } from '../../server/src/host/session.js';
import { diskSummaryStore } from '../../server/src/host/diskCache.js';
import type { IndexChange } from '../../server/src/index/workspace.js';

let dir: string;
let ws: string;
let cacheFile: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lm-index-verify-'));
  ws = path.join(dir, 'ws');
  cacheFile = path.join(dir, 'cache');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Files written later get a later mtime than any before them, as an edit between two runs would. */
let tick = Date.now() / 1000 - 3600;
function write(rel: string, text: string): void {
  const p = path.join(ws, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text);
  tick += 1;
  utimesSync(p, tick, tick);
}

const project = (name: string, subs: string[]) =>
  `schema: '2.0'\nname: ${name}\nversion: '1.0'\ntype: Assembly\ncontains:\n` +
  subs.map((s) => `- name: ${s}\n  type: Resource\n  directory: ${s}\n`).join('');

const resource = (prop: string) => `description: a resource\nproperties:\n  ${prop}:\n    type: string\n`;

const assembly = (components: [string, string][]) =>
  'description: an assembly\nproperties:\n  deploymentLocation:\n    type: string\ncomposition:\n' +
  components.map(([c, type]) => `  ${c}:\n    type: ${type}\n`).join('');

function workspace(): void {
  for (const p of ['alpha', 'beta', 'gamma']) {
    write(`${p}/lmproject.yml`, project(p, ['web', 'db']));
    write(`${p}/Contains/web/Definitions/lm/resource.yaml`, resource('port'));
    write(`${p}/Contains/db/Definitions/lm/resource.yaml`, resource('size'));
    write(
      `${p}/Descriptor/assembly.yml`,
      assembly([
        ['web', '$lmctl:/contains:/web:/descriptor_name'],
        ['db', `resource::${p}-db::1.0`],
      ]),
    );
  }
  write('shared/Definitions/lm/resource.yaml', 'name: resource::shared::1.0\n' + resource('zone'));
}

/** Everything the index answers from, as plain data. */
function snapshot(s: Session): unknown {
  const index = s.index;
  const entries = [...index.allEntries()]
    .map((e) => ({
      path: path.relative(ws, e.path),
      kind: e.kind,
      // The summary itself, not its JSON: one read back from the cache has its keys in its schema's order.
      summary: e.summary,
      symbols: JSON.stringify(e.symbols),
      name: index.effectiveName(e.path),
      dependents: index.dependentsOf(e.path).map((p) => path.relative(ws, p)),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
  const names = index.descriptorNames().map((n) => [
    n,
    index
      .lookup(n)
      .map((e) => path.relative(ws, e.path))
      .sort(),
  ]);
  return { entries, names };
}

async function cold(): Promise<unknown> {
  const s = new Session();
  s.index.addRoot(ws);
  await s.index.build();
  return snapshot(s);
}

/** A warm start told when it is ready: what it held then, at the end, and the changes it announced. */
async function warm(): Promise<{ atReady: unknown; verifying: boolean; done: unknown; changes: IndexChange[] }> {
  const s = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  s.index.addRoot(ws);
  const changes: IndexChange[] = [];
  s.index.onDidChange((c) => changes.push(c));
  let atReady: unknown;
  let verifying = false;
  await s.index.build(undefined, () => {
    atReady = snapshot(s);
    verifying = s.index.verifying && s.index.state === 'ready';
  });
  assert.equal(s.index.verifying, false);
  return { atReady, verifying, done: snapshot(s), changes };
}

test('a warm start is ready with the cached index and converges to a cold build after changes on disk', async () => {
  workspace();
  const first = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  first.index.addRoot(ws);
  await first.index.build();
  const saved = snapshot(first);

  // Nothing changed: ready with everything, nothing announced after it.
  const same = await warm();
  assert.equal(same.verifying, true);
  assert.deepEqual(same.atReady, saved);
  assert.deepEqual(same.done, saved);
  assert.deepEqual(
    same.changes.map((c) => c.reason),
    ['build'],
  );

  // Changed, added, deleted; the lmproject change renames beta's descriptors.
  write('alpha/Contains/web/Definitions/lm/resource.yaml', resource('listen_port'));
  write('alpha/Contains/cache/Definitions/lm/resource.yaml', resource('ttl'));
  write('alpha/lmproject.yml', project('alpha', ['web', 'db', 'cache']));
  rmSync(path.join(ws, 'gamma/Contains/db/Definitions/lm/resource.yaml'));
  write('beta/lmproject.yml', project('beta2', ['web', 'db']));
  write('delta/lmproject.yml', project('delta', ['web']));
  write('delta/Contains/web/Definitions/lm/resource.yaml', resource('port'));
  write('shared/Definitions/lm/resource.yaml', 'name: resource::shared::2.0\n' + resource('zone'));

  const after = await warm();
  assert.equal(after.verifying, true);
  // Until verified, the index is the one the cache saved.
  assert.deepEqual(after.atReady, saved);
  const expected = await cold();
  assert.notDeepEqual(expected, saved);
  assert.deepEqual(after.done, expected);
  const announced = after.changes.slice(1).flatMap((c) => c.paths.map((p) => path.relative(ws, p)));
  assert.deepEqual(announced.sort(), [
    'alpha/Contains/cache/Definitions/lm/resource.yaml',
    'alpha/Contains/web/Definitions/lm/resource.yaml',
    'alpha/lmproject.yml',
    'beta/lmproject.yml',
    'delta/Contains/web/Definitions/lm/resource.yaml',
    'delta/lmproject.yml',
    'gamma/Contains/db/Definitions/lm/resource.yaml',
    'shared/Definitions/lm/resource.yaml',
  ]);

  // The verification saved what it found: the next start is ready with it.
  const again = await warm();
  assert.deepEqual(again.atReady, expected);
  assert.deepEqual(again.done, expected);
  assert.equal(again.changes.length, 1);
});

test('an entry replaced while the warm start verifies (a watched-file event) is kept', async () => {
  workspace();
  const first = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  first.index.addRoot(ws);
  await first.index.build();
  const file = 'alpha/Contains/web/Definitions/lm/resource.yaml';
  write(file, resource('stale_port'));

  const s = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  s.index.addRoot(ws);
  let refreshed: Promise<void> | undefined;
  const built = s.index.build(undefined, () => {
    // The file changes again and the watcher reports it before the verification reads it.
    write(file, resource('fresh_port'));
    refreshed = s.index.refreshFromDisk(path.join(ws, file));
  });
  await built;
  await refreshed;
  assert.match(JSON.stringify(s.index.get(path.join(ws, file))?.summary), /fresh_port/);
  assert.deepEqual(snapshot(s), await cold());
});

test('without onReady (the command-line checker) the build is ready only when checked against the disk', async () => {
  workspace();
  const first = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  first.index.addRoot(ws);
  await first.index.build();
  rmSync(path.join(ws, 'shared'), { recursive: true });
  const s = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  s.index.addRoot(ws);
  await s.index.build();
  assert.equal(s.index.lastBuild.verifiedMs, undefined);
  assert.deepEqual(snapshot(s), await cold());
});

test('names that follow an open lmproject file are not saved; the next start derives them', async () => {
  workspace();
  const first = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  first.index.addRoot(ws);
  // An editor holds beta's project file with another name: beta's descriptors are named after it.
  first.openDocument(path.join(ws, 'beta/lmproject.yml'), project('renamed', ['web', 'db']), 1);
  await first.index.build();
  assert.ok(first.index.descriptorNames().some((n) => n.includes('renamed')));
  const again = await warm();
  // The cache lacks the open file (an editor's text is never saved): at ready beta's descriptors
  // have no project, and none is named after the editor's text.
  assert.doesNotMatch(JSON.stringify(again.atReady), /renamed/);
  assert.match(JSON.stringify(again.atReady), /resource::db-alpha::1\.0/);
  assert.deepEqual(again.done, await cold());
});

test('a document open while the verification saves keeps its disk entry and names in the cache', async () => {
  workspace();
  const first = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  first.index.addRoot(ws);
  await first.index.build();
  write('shared/Definitions/lm/resource.yaml', 'name: resource::shared::3.0\n' + resource('zone'));
  const s = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  s.index.addRoot(ws);
  const open = path.join(ws, 'alpha/Descriptor/assembly.yml');
  await s.index.build(undefined, () => {
    s.openDocument(open, assembly([['other', 'resource::nowhere::1.0']]), 1);
  });
  const next = await warm();
  const expected = await cold();
  // Ready with every file as on disk (the open document's editor text never reaches the cache).
  assert.deepEqual(next.atReady, expected);
  assert.equal(next.changes.length, 1);
});

test('a file added under a root that is removed while the warm start verifies stays out', async () => {
  workspace();
  const first = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  first.index.addRoot(ws);
  await first.index.build();
  write('epsilon/Definitions/lm/resource.yaml', resource('port'));
  const s = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  s.index.addRoot(ws);
  // The verification's first pause comes after the new file was read: the root goes then.
  s.index.deferTo = async () => s.index.removeRoot(ws);
  await s.index.build(undefined, () => undefined);
  assert.equal(s.index.size, 0);
});
