/**
 * The workspace pass gives the index the summary of each file it checked (`WorkspaceIndex.adoptSummary`) when the
 * index's cached summary was made from the same version of the file, so the assembly checked after a project's
 * resources does not parse their cached JSON again. What it gives must be what parsing that JSON gives, key for key
 * (a key set to `undefined` is not an absent key), and the findings must not move; a file changed on disk since the
 * index saw it keeps the index's summary.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diskSummaryStore } from '../../server/src/host/diskCache.js';
import { Session } from '../../server/src/host/session.js';
import { LazySummary } from '../../server/src/index/cache.js';
import { MemoryFileSystem, type FileSystem } from '../../server/src/index/fileSystem.js';
import { workspacePass } from '../support/workspacePass.js';
import type { FileSummary } from '../../server/src/model/summary.js';

const roots = [
  join(fileURLToPath(new URL('../../..', import.meta.url)), 'shared', 'corpus', 'lm'),
  join(fileURLToPath(new URL('../../..', import.meta.url)), 'shared', 'corpus', 'tosca'),
  fileURLToPath(new URL('../fixtures/diagnostics', import.meta.url)),
  fileURLToPath(new URL('../fixtures/realworld', import.meta.url)),
];

/** A session over `root` whose summaries come from the cache `cacheFile` (written by the first such session). */
async function warm(fs: FileSystem | undefined, root: string, cacheFile: string): Promise<Session> {
  const s = new Session(fs, { summaryStore: diskSummaryStore(cacheFile) });
  s.index.addRoot(root);
  await s.index.build();
  return s;
}

/** One full pass: every report, by uri. */
async function pass(s: Session): Promise<Map<string, unknown>> {
  const wd = workspacePass(s);
  const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
  const out = new Map<string, unknown>();
  await wd.pass(
    new Map(),
    token,
    (items) => {
      for (const it of items) out.set(it.uri, it);
    },
    (p) => 'file://' + p,
  );
  return out;
}

type Adopt = (this: LazySummary, value: () => FileSummary) => void;

/**
 * Runs `body` with `LazySummary.adopt` replaced by `wrap(original)`; gives back the original afterwards.
 */
async function withAdopt<T>(wrap: (original: Adopt) => Adopt, body: () => Promise<T>): Promise<T> {
  const proto = LazySummary.prototype as unknown as { adopt: Adopt };
  const original = proto.adopt;
  proto.adopt = wrap(original);
  try {
    return await body();
  } finally {
    proto.adopt = original;
  }
}

/** The summary `s` would parse from its JSON (a copy of it asked, so `s` itself is left as it is). */
function parsedTwin(s: LazySummary): FileSummary {
  const twin = Object.assign(Object.create(LazySummary.prototype) as LazySummary, s);
  return twin.get();
}

/**
 * `LazySummary.adopt` holding each summary that takes the pass's to what parsing its JSON gives, strictly; counts
 * them in `count.adopted`.
 */
function strictAdopt(count: { adopted: number }): (original: Adopt) => Adopt {
  return (original) =>
    function (this: LazySummary, value: () => FileSummary) {
      const held = this as unknown as { value?: FileSummary };
      const before = held.value;
      // What parsing its JSON would give, asked before the summary takes the pass's.
      const twin = parsedTwin(this);
      original.call(this, value);
      if (before === undefined) {
        assert.deepStrictEqual(held.value, twin);
        count.adopted++;
      } else assert.equal(held.value, before);
    };
}

for (const root of roots) {
  test(`adopted summaries equal the parsed ones, same findings: ${root}`, { skip: !existsSync(root) }, async () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'lm-pass-adopt-'));
    try {
      const cacheFile = join(dir, 'index.cache');
      await warm(undefined, root, cacheFile);
      const count = { adopted: 0 };
      let files = 0;
      const withAdoption = await withAdopt(strictAdopt(count), async () => {
        const s = await warm(undefined, root, cacheFile);
        files = [...s.index.allEntries()].length;
        return pass(s);
      });
      const without = await withAdopt(
        () => () => undefined,
        async () => pass(await warm(undefined, root, cacheFile)),
      );
      // Only a pass of 100 files or more adopts (it drops the parsed summaries at its end).
      if (files >= 100) assert.ok(count.adopted > 0, 'some summaries adopted');
      else assert.equal(count.adopted, 0);
      assert.deepStrictEqual(withAdoption, without);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a file changed on disk since the index saw it keeps the index summary', async () => {
  const resource = '/ws/p/Contains/fw/Definitions/lm/resource.yaml';
  const files: Record<string, string> = {
    '/ws/p/lmproject.yml': "schema: '2.0'\nname: p\nversion: '1.0'\ntype: Assembly\n",
    '/ws/p/Descriptor/assembly.yml': 'name: assembly::p::1.0\n',
    [resource]: 'name: resource::fw::1.0\nproperties:\n  port:\n    type: integer\n',
  };
  // Enough files for a pass that adopts (100 or more).
  for (let i = 0; i < 110; i++) files[`/ws/q${i}/Definitions/lm/resource.yaml`] = `name: resource::q${i}::1.0\n`;
  const fs = new MemoryFileSystem(files);
  const dir = mkdtempSync(join(os.tmpdir(), 'lm-pass-adopt-'));
  try {
    const cacheFile = join(dir, 'index.cache');
    await warm(fs, '/ws', cacheFile);
    const s = await warm(fs, '/ws', cacheFile);
    const before = structuredClone(s.index.get(resource)!.summary);
    // Not parsed when the pass comes to it (a parsed summary takes nothing).
    s.index.releaseSummaries();
    // Changed without the index being told (no watched-file event yet): a new mtime and size.
    fs.write(resource, 'name: resource::fw::1.0\nproperties:\n  port:\n    type: string\n  host:\n    type: string\n');
    // Each adopted summary equals its parsed JSON: the changed file's new summary does not.
    const count = { adopted: 0 };
    await withAdopt(strictAdopt(count), () => pass(s));
    assert.deepStrictEqual(s.index.get(resource)!.summary, before);
    // The files not changed were adopted.
    assert.ok(count.adopted >= 100);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
