/**
 * A save begun while a build reads (host/diskCache.ts `DiskSink`, `SummaryStore.begin`): the texts given to the
 * sink are written ahead of the save and read back from the file being written; the save goes on with that file.
 * The file holds the bytes of the same entries saved at once when the sink's texts come in the entries' order, loads
 * back the same entries otherwise, and a dropped sink leaves no file and its summaries readable.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { diskSummaryStore, loadCache } from '../../server/src/host/diskCache.js';
import { serialiseCache, StoredSummary, type CachedEntry, type SummaryStore } from '../../server/src/index/cache.js';

const checksum = (s: string) => hash('sha1', s, 'base64url').slice(0, 16);
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** Summary texts across the sink's 1 MB buffer's edges: small, non-ASCII, one larger than the buffer. */
function texts(): string[] {
  return [
    ...Array.from({ length: 2500 }, (_, i) => JSON.stringify({ kind: 'other', n: i, pad: 'x'.repeat(i % 800) })),
    JSON.stringify({ kind: 'other', big: 'y'.repeat(1.5 * 1024 * 1024) }),
    ...Array.from({ length: 1500 }, (_, i) => JSON.stringify({ kind: 'other', é: 'ü✓'.repeat(i % 300) })),
  ];
}

const entryOf = (json: CachedEntry['json'], i: number, size: number): [string, CachedEntry] => [
  i % 9 === 0 ? `/ws/dossier ü${i % 30}/câble ${i}.yaml` : `/ws/d${i % 30}/f${i}.yaml`,
  { mtimeMs: 1795829337113.5 + i, size, kind: 'other', header: null, json },
];

/** `body` with a store of `dir/index.cache` in a temporary folder `dir`, removed afterwards. */
async function inStore(body: (dir: string, file: string, store: SummaryStore) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-cache-sink-'));
  try {
    const file = path.join(dir, 'index.cache');
    await body(dir, file, diskSummaryStore(file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("the sink's texts are read back while the build goes on; the file is the one a save at once writes", () =>
  inStore(async (dir, file, store) => {
    const sink = (await store.begin!())!;
    assert.ok(sink);
    const all = texts();
    const held: StoredSummary[] = [];
    let early = 0;
    for (const t of all) {
      held.push(sink.hold(t));
      // Every text reads as itself, written already or not.
      if (held.length % 97 === 0) for (let i = 0; i < held.length; i++) assert.equal(held[i]!.read(), all[i]);
    }
    for (const h of held) if (h.sum !== undefined) early++;
    assert.ok(early > held.length / 2, `${early} of ${held.length} texts left memory before the save`);
    const entries = held.map((json, i) => entryOf(json, i, all[i]!.length));
    await store.save(entries, [], sink);
    for (let i = 0; i < held.length; i++) {
      assert.notEqual(held[i]!.sum, undefined);
      assert.equal(held[i]!.read(), all[i]);
    }
    const plain = all.map((json, i) => entryOf(json, i, json.length));
    const whole = [...serialiseCache(plain, checksum, 1 << 20, bytes)].join('');
    assert.equal(readFileSync(file).toString('latin1'), Buffer.from(whole, 'utf8').toString('latin1'));
    assert.deepEqual(
      readdirSync(dir).filter((n) => n.endsWith('.tmp')),
      [],
    );
  }));

test("a save mixing the sink's texts with others, in another order, loads back every entry", () =>
  inStore(async (dir, file, store) => {
    const sink = (await store.begin!())!;
    const all = texts();
    // Odd entries through the sink, even ones as plain texts or held texts the sink never saw; saved in reverse.
    const entries = all.map((t, i) => entryOf(i % 2 ? sink.hold(t) : i % 4 ? t : StoredSummary.held(t), i, t.length));
    entries.reverse();
    await store.save(entries, [], sink);
    const loaded = await loadCache(file);
    assert.equal(loaded.size, entries.length);
    for (const [p, e] of entries) {
      const want = typeof e.json === 'string' ? e.json : e.json.read();
      const got = loaded.get(p)!.json;
      assert.equal(typeof got === 'string' ? got : got.read(), want);
    }
  }));

test('a dropped sink leaves no file and its texts readable; a sink of another file is not its save', () =>
  inStore(async (dir, file, store) => {
    const all = texts();
    const sink = (await store.begin!())!;
    const held = all.map((t) => sink.hold(t));
    sink.drop();
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(readdirSync(dir), []);
    for (let i = 0; i < held.length; i++) assert.equal(held[i]!.read(), all[i]);
    // A sink begun for another file: the save writes its own file, every text from what it is given.
    const other = (await diskSummaryStore(path.join(dir, 'other.cache')).begin!())!;
    const entries = all.map((t, i) => entryOf(other.hold(t), i, t.length));
    await store.save(entries, [], other);
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(!existsSync(path.join(dir, 'other.cache')));
    assert.deepEqual(readdirSync(dir), ['index.cache']);
    const loaded = await loadCache(file);
    assert.equal(loaded.size, all.length);
    for (const [p, e] of entries) {
      const got = loaded.get(p)!.json;
      assert.equal(typeof got === 'string' ? got : got.read(), (e.json as StoredSummary).read());
    }
  }));
