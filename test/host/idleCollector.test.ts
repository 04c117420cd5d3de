/**
 * The young-generation collection after a check (host/idleCollector.ts): the decision on a fake
 * young generation, and the V8 wiring once (that it gets a collector without leaving a global `gc`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { idleYoungCollector, youngCollector } from '../../server/src/host/idleCollector.js';

const MB = 1024 * 1024;

/** A young generation of `capacity` bytes that checks fill by hand; turns run when `turn()` is called. */
function fakeYoung(capacity: number) {
  const state = { used: 0, collections: 0, pending: [] as (() => void)[] };
  const collector = youngCollector({
    newSpace: () => ({ used: state.used, free: capacity - state.used }),
    collect: () => {
      state.collections++;
      state.used = 0;
    },
    later: (fn) => state.pending.push(fn),
  });
  /** One check that allocates `bytes`; V8's own collection when it would overflow. */
  const check = (bytes: number) => {
    if (state.used + bytes > capacity) state.used = 0;
    state.used += bytes;
    collector.afterCheck();
  };
  const turn = () => {
    for (const fn of state.pending.splice(0)) fn();
  };
  return { state, check, turn, collector };
}

test('at ready, what the load left in the young generation is collected on the next turn, twice', () => {
  const small = fakeYoung(16 * MB);
  small.state.used = MB / 2;
  small.collector.atReady();
  small.turn();
  assert.equal(small.state.collections, 0, 'half a megabyte is left where it is');
  const y = fakeYoung(16 * MB);
  y.state.used = 7 * MB;
  y.collector.atReady();
  assert.equal(y.state.collections, 0, 'not before the ready status is written');
  y.turn();
  // The first moves what is alive to the other half of the young generation, the second to the old one.
  assert.equal(y.state.collections, 2);
  // The first open's check then starts from an empty young generation, and is measured from there.
  y.check(9 * MB);
  y.turn();
  assert.equal(y.state.collections, 3, 'a 9 MB check leaves no room for another');
});

test('checks that leave room below the trigger of V8 are never followed by a collection', () => {
  const y = fakeYoung(16 * MB);
  for (let i = 0; i < 4; i++) {
    y.check(MB);
    y.turn();
  }
  // 4 MB used, 12.8 MB is V8's line: two more checks of 1 MB fit with room to spare.
  assert.equal(y.state.collections, 0);
});

test('a collection is made on the next turn once the next check would cross the line, then not again', () => {
  const y = fakeYoung(16 * MB);
  let first = -1;
  for (let i = 0; i < 30; i++) {
    y.check(MB);
    assert.equal(y.state.pending.length <= 1, true, 'one collection queued at most');
    y.turn();
    if (y.state.collections > 0 && first < 0) first = i;
    // The young generation never reaches V8's own trigger (80%) at the end of a check.
    assert.ok(y.state.used <= 0.8 * 16 * MB, `check ${i}: ${y.state.used / MB} MB used`);
  }
  // 12.8 MB is the line and each check needs twice its 1 MB: collected after the 11th check, not before.
  assert.equal(first, 10);
  assert.ok(y.state.collections >= 2 && y.state.collections <= 3, `${y.state.collections} collections`);
});

test('an interval with a collection in it (use fell) is not taken for what a check allocates', () => {
  const y = fakeYoung(16 * MB);
  y.check(MB);
  y.check(MB);
  // V8 collected between these checks: use falls from 2 MB to 0.5 MB.
  y.state.used = 0;
  y.check(0.5 * MB);
  y.turn();
  assert.equal(y.state.collections, 0);
});

test('a large check (a full open) is forgotten after a few small ones', () => {
  const y = fakeYoung(16 * MB);
  y.check(0.5 * MB);
  y.check(6 * MB);
  y.turn();
  assert.equal(y.state.collections, 1, 'room for another 6 MB check is not left: collected');
  let more = 0;
  for (let i = 0; i < 6; i++) {
    const before = y.state.collections;
    y.check(0.5 * MB);
    y.turn();
    more += y.state.collections - before;
  }
  assert.ok(more <= 2, `${more} collections after the large check`);
});

test('the first check of a session, with nothing measured before it, counts what the young generation holds', () => {
  const y = fakeYoung(16 * MB);
  // An open before ready's collection could run: 4 MB from the start, then the open's own 5 MB.
  y.state.used = 4 * MB;
  y.check(5 * MB);
  y.turn();
  assert.equal(y.state.collections, 1, '9 MB used leaves no room for another check like it');
  // Small first checks are left alone.
  const z = fakeYoung(16 * MB);
  z.check(MB);
  z.turn();
  assert.equal(z.state.collections, 0);
});

test('the collector comes from V8 without leaving a global gc behind', () => {
  const c = idleYoungCollector();
  assert.ok(c, 'Node 20+ gives a collector');
  c.afterCheck();
  assert.equal((globalThis as { gc?: unknown }).gc, undefined);
});
