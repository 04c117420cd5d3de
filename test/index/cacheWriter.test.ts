/**
 * The writer line of the warm-start cache (server/src/index/cache.ts): a store the running build wrote
 * whole is read without the summaries' shape check; one another build wrote, or one holding a summary
 * copied unread from such a store, is checked as before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  LazySummary,
  parseCache,
  serialiseCache,
  StoredSummary,
  textSource,
  type CachedEntry,
} from '../../server/src/index/cache.js';
import { summarise } from '../../server/src/model/summary.js';
import { memoryChecksum as checksum } from '../support/memorySummaryStore.js';

/** A text no build writes (no lists): the shape check refuses it, so whether it ran shows. */
const UNCHECKED = '{"kind":"resource"}';
const VALID = JSON.stringify(summarise('resource', null));

const entry = (json: CachedEntry['json']): CachedEntry => ({
  mtimeMs: 1,
  size: 10,
  kind: 'resource',
  header: { types: [], symbols: [] },
  json,
});
const save = (entries: [string, CachedEntry][], writer?: string) =>
  [...serialiseCache(entries, checksum, 1 << 20, undefined, undefined, [], writer)].join('');
const load = (text: string, writer?: string) => parseCache(textSource(text), text.length, checksum, writer);

/** The summary a lazy read of `e` gives, and whether it was found unusable. */
function read(e: CachedEntry): { summary: unknown; invalid: boolean } {
  let invalid = false;
  const summary = new LazySummary(e.json, e.kind, () => (invalid = true)).get();
  return { summary, invalid };
}

test('a store the running build wrote whole is read without the shape check; another build’s with it', () => {
  const text = save([['/ws/a.yaml', entry(StoredSummary.held(UNCHECKED))]], 'build-1');
  assert.match(text, /\t@writer\tbuild-1\n/);
  // The same build: taken as written (its checksum still guards the text).
  const same = read(load(text, 'build-1').get('/ws/a.yaml')!);
  assert.deepEqual(same, { summary: { kind: 'resource' }, invalid: false });
  // Another build, or none named: checked, refused, read again.
  for (const other of ['build-2', undefined]) {
    const r = read(load(text, other).get('/ws/a.yaml')!);
    assert.equal(r.invalid, true);
    assert.deepEqual(r.summary, summarise('resource', null));
  }
  // A text damaged after the save fails its checksum whoever wrote it.
  const damaged = read(
    load(text.replace(UNCHECKED, UNCHECKED.replace('resource', 'resourcf')), 'build-1').get('/ws/a.yaml')!,
  );
  assert.equal(damaged.invalid, true);
});

test('a save that copies a summary nobody checked says no writer; one that was checked counts as the build’s', () => {
  const old = save(
    [
      ['/ws/a.yaml', entry(StoredSummary.held(VALID))],
      ['/ws/b.yaml', entry(StoredSummary.held(UNCHECKED))],
    ],
    'build-1',
  );
  // build-2 loads build-1's store: nothing trusted; it saves it again without reading either summary.
  const loaded = load(old, 'build-2');
  const copied = save([...loaded], 'build-2');
  assert.doesNotMatch(copied, /@writer/);
  assert.equal(read(load(copied, 'build-2').get('/ws/b.yaml')!).invalid, true);
  // Once each summary passed the check (or was written anew), the next save names the build.
  const again = load(copied, 'build-2');
  assert.equal(read(again.get('/ws/a.yaml')!).invalid, false);
  const b = again.get('/ws/b.yaml')!;
  assert.doesNotMatch(save([...again], 'build-2'), /@writer/);
  again.set('/ws/b.yaml', { ...b, json: StoredSummary.held(VALID) });
  assert.match(save([...again], 'build-2'), /\t@writer\tbuild-2\n/);
  // Without a writer nothing is said; a reader that knows no writer line skips it (the entries parse).
  assert.doesNotMatch(save([...again]), /@writer/);
  assert.equal(load(save([...again], 'build-2')).size, 2);
});
