/**
 * A cold build without a summary store holds the summaries it computed as their files' text and encodes them
 * after ready (`WorkspaceIndex.heldSummary`, `LazySummary.fromSource`): every reader sees what a build that
 * encodes at once gives, before and after the encoding; the budget bounds what is held; a build that saves
 * a cache, and the checker's, hold nothing until idle.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diskSummaryStore } from '../../server/src/host/diskCache.js';
import { nodeFileSystem } from '../../server/src/host/nodeFileSystem.js';
import { LazySummary } from '../../server/src/index/cache.js';
import { WorkspaceIndex, type IndexOptions } from '../../server/src/index/workspace.js';
import { summariseFile } from '../../server/src/model/document.js';
import { decodeSummary } from '../../server/src/model/summaryCodec.js';

const corpus = join(fileURLToPath(new URL('../../..', import.meta.url)), 'shared', 'corpus');

async function built(options: IndexOptions, root = corpus): Promise<WorkspaceIndex> {
  const index = new WorkspaceIndex(nodeFileSystem, options);
  index.addRoot(root);
  await index.build();
  return index;
}

test('LazySummary.fromSource reads as its source, encodes once, and reads the same after', () => {
  const p = '/ws/t.yaml';
  const text = 'tosca_definitions_version: tosca_2_0\nnode_types:\n  A:\n    properties:\n      p: {type: string}\n';
  let computed = 0;
  const held = LazySummary.fromSource('tosca', () => (computed++, summariseFile(p, text).summary));
  assert.equal(held.unencoded, true);
  const first = held.get();
  assert.deepStrictEqual(first, summariseFile(p, text).summary);
  assert.equal(held.get(), first, 'computed once while held');
  assert.equal(computed, 1);
  // Encoding uses the object already computed and lets it go; what is read next is its decoded form.
  held.encode();
  assert.equal(held.unencoded, false);
  assert.equal(computed, 1);
  const json = held.toJson();
  const jsonText = typeof json === 'string' ? json : json.read();
  assert.deepStrictEqual(decodeSummary('tosca', jsonText!), first);
  assert.deepStrictEqual(held.get(), first);
  // Released while held, a summary is encoded (the pass releases what it read).
  const released = LazySummary.fromSource('tosca', () => summariseFile(p, text).summary);
  released.release();
  assert.equal(released.unencoded, false);
  assert.deepStrictEqual(released.get(), first);
});

test('the corpus built holding its sources reads as if encoded at once, before and after idle', async () => {
  const encoded = await built({ keptSourceBytes: 0 });
  assert.equal(encoded.heldAsSource, 0);
  const held = await built({});
  const entries = [...encoded.allEntries()];
  assert.ok(entries.length > 1000, 'the corpus is there');
  // Held until idle: the encoding started after the build and has not had its turn yet.
  assert.ok(held.heldAsSource > 1000, `${held.heldAsSource} held`);
  // The headers first, as the build made them (a held TOSCA file's from its headline), before any summary is read.
  for (const e of entries) {
    const h = held.get(e.path)!;
    assert.deepStrictEqual(h.symbols, e.symbols, e.path);
    assert.deepStrictEqual(h.toscaFacts, e.toscaFacts, e.path);
  }
  for (const e of entries) assert.deepStrictEqual(held.get(e.path)?.summary, e.summary, e.path);
  await held.encoded();
  assert.equal(held.heldAsSource, 0);
  // Encoded at idle, then released: what is read next is decoded from the compact form.
  held.releaseSummaries();
  for (const e of entries) {
    const h = held.get(e.path)!;
    assert.deepStrictEqual(h.summary, e.summary, e.path);
    assert.deepStrictEqual(h.symbols, e.symbols, e.path);
    assert.deepStrictEqual(h.toscaFacts, e.toscaFacts, e.path);
  }
});

test('the budget bounds what a build holds; a build that saves a cache and the checker hold nothing', async () => {
  const lm = join(corpus, 'lm');
  const small = await built({ keptSourceBytes: 16 * 1024 }, lm);
  assert.ok(small.heldAsSource > 0 && small.heldAsSource < small.size / 2, `${small.heldAsSource} of ${small.size}`);
  await small.encoded();
  const dir = mkdtempSync(join(os.tmpdir(), 'lm-index-held-'));
  try {
    const saving = await built({ summaryStore: diskSummaryStore(join(dir, 'cache')) }, lm);
    assert.equal(saving.heldAsSource, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const checker = await built({ analyse: () => undefined }, lm);
  const held = checker.heldAsSource;
  assert.ok(held > 50, `${held} held`);
  // The checker's index is never encoded at idle: it lives for one check.
  await checker.encoded();
  assert.equal(checker.heldAsSource, held);
});
