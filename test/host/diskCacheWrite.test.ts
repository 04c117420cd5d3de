/**
 * The index cache is written through one buffer, piece by piece (host/diskCache.ts `saveCache`): the file holds the
 * same bytes as the serialised text written whole, across the buffer's edges, with texts larger than the buffer and
 * texts that are not ASCII, and loads back (the header lines' checksum taken piece by piece gives the same file).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { diskTextStore, loadCache, saveCache } from '../../server/src/host/diskCache.js';
import { serialiseCache, StoredSummary, type CachedEntry } from '../../server/src/index/cache.js';

const checksum = (s: string) => hash('sha1', s, 'base64url').slice(0, 16);

test('the buffered write gives the bytes of the whole text, and loads back', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-cache-write-'));
  try {
    const texts = [
      ...Array.from({ length: 3000 }, (_, i) => JSON.stringify({ kind: 'other', n: i, pad: 'x'.repeat(i % 700) })),
      JSON.stringify({ kind: 'other', big: 'y'.repeat(1.5 * 1024 * 1024) }),
      JSON.stringify({ kind: 'other', name: 'câble — ümlaut ✓ 日本' }),
      ...Array.from({ length: 500 }, (_, i) => JSON.stringify({ kind: 'other', é: 'ü'.repeat(i) })),
    ];
    // Some paths not ASCII: the header lines' checksum is taken piece by piece (`Checksum.ofPieces`), not joined.
    const entries: [string, CachedEntry][] = texts.map((json, i) => [
      i % 7 === 0 ? `/ws/dossier ü${i % 40}/câble ${i}.yaml` : `/ws/dir${i % 40}/f${i}.yaml`,
      { mtimeMs: 1795829337113.5 + i, size: json.length, kind: 'other', header: null, json },
    ]);
    const file = path.join(dir, 'index.cache');
    await saveCache(file, entries);
    const whole = [...serialiseCache(entries, checksum, 1 << 20, (s) => Buffer.byteLength(s, 'utf8'))].join('');
    assert.equal(readFileSync(file).toString('latin1'), Buffer.from(whole, 'utf8').toString('latin1'));
    const loaded = await loadCache(file);
    assert.equal(loaded.size, entries.length);
    for (const [p, e] of entries) {
      const json = loaded.get(p)!.json;
      assert.equal(typeof json === 'string' ? json : json.read(), e.json);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('held summaries are read from the file being written while the save goes on, then from the cache', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-cache-write-'));
  try {
    const texts = Array.from({ length: 4000 }, (_, i) =>
      JSON.stringify({ kind: 'other', n: i, pad: 'z'.repeat(i % 900), u: 'ü✓'.repeat(i % 7) }),
    );
    const held = texts.map((t) => StoredSummary.held(t));
    const entries: [string, CachedEntry][] = held.map((json, i) => [
      `/ws/d${i % 30}/f${i}.yaml`,
      { mtimeMs: 1795829337113 + i, size: texts[i]!.length, kind: 'other', header: null, json },
    ]);
    const file = path.join(dir, 'index.cache');
    let done = false;
    let rounds = 0;
    let early = 0;
    const saving = saveCache(file, entries).then(() => (done = true));
    // Reads between the save's writes: every summary gives its own text, whether moved yet or not.
    while (!done) {
      await new Promise((r) => setImmediate(r));
      rounds++;
      for (let i = 0; i < held.length; i++) {
        assert.equal(held[i]!.read(), texts[i]);
        if (!done && held[i]!.sum !== undefined) early++;
      }
    }
    await saving;
    assert.ok(rounds > 1 && early > 0, `reads during the save: ${rounds} rounds, ${early} moved early`);
    for (let i = 0; i < held.length; i++) {
      assert.notEqual(held[i]!.sum, undefined); // its text left memory
      assert.equal(held[i]!.read(), texts[i]);
    }
    const whole = [...serialiseCache(entries, checksum, 1 << 20, (s) => Buffer.byteLength(s, 'utf8'))].join('');
    assert.equal(readFileSync(file).toString('latin1'), Buffer.from(whole, 'utf8').toString('latin1'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the stored findings are written and hashed through one buffer: the same text loads back', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-text-write-'));
  try {
    const pieces = [
      '{"format":1}',
      ...Array.from({ length: 6000 }, (_, i) => `\n[${i % 9},"/ws/f${i}.yaml","${'ü✓日'.repeat(i % 300)}"]`),
      '\n' + 'w'.repeat(1.5 * 1024 * 1024),
      ...Array.from({ length: 50 }, (_, i) => `\n["x${'é'.repeat(i * 40)}"]`),
      '',
    ];
    const file = path.join(dir, 'diagnostics.cache');
    const store = diskTextStore(file, 'b');
    await store.save(pieces);
    const whole = pieces.join('');
    assert.equal(await store.load(), whole);
    assert.equal(readFileSync(file, 'utf8'), `${whole}\n${hash('sha1', whole, 'base64url')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
