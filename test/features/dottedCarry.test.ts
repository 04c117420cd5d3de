/**
 * `<component>.<member>` items (features/lm/dotted.ts) take the split of a flow scalar over from the
 * version before when its style and source text are the same. After every edit of a seeded random
 * sequence in and around the relationships of a real assembly, the open document's items equal a
 * fresh analysis's: same heads, members, spans and places.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Session } from '../../server/src/host/session.js';
import { collectDottedItems, type DottedItem } from '../../server/src/features/lm/dotted.js';
import { Rng } from '../fuzz/rng.js';
import { ASSEMBLY } from './videoStreamer.js';

/** Seeded integers in [0, n): the same edits every run. */
function numbers(seed: number): (n: number) => number {
  const rng = new Rng(seed);
  return (n) => rng.int(n);
}

const PIECES = ['.', 'x', ' ', '\n', '\n    ', "'", '"', '- ', '\\', 'é', '#', ': '];

function edit(text: string, r: (n: number) => number): string {
  // Half the edits land in a dotted item, the rest anywhere (moving the items after them).
  const items = [...text.matchAll(/- [\w'".]+\.[\w'"]+/g)];
  const at = items.length && r(2) ? items[r(items.length)]!.index + r(12) : r(text.length + 1);
  return r(2) ? text.slice(0, at) + PIECES[r(PIECES.length)]! + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
}

function view(i: DottedItem): unknown {
  return { ...i, node: i.node.span };
}

test('dotted items taken over per scalar equal a fresh analysis after every edit', () => {
  const original = readFileSync(ASSEMBLY, 'utf8');
  const typing = new Session();
  const r = numbers(21);
  let text = original;
  let reused = 0;
  for (let v = 1; v <= 400; v++) {
    text = r(30) === 0 ? original : edit(text, r);
    const doc = typing.openDocument(ASSEMBLY, text, v, true);
    const items = collectDottedItems(doc);
    const fresh = collectDottedItems(new Session().openDocument(ASSEMBLY, text, 1, true));
    assert.deepEqual(items.map(view), fresh.map(view), `version ${v}`);
    if (doc.previous) reused++;
  }
  assert.ok(reused > 300, 'most versions had a previous one to take over from');
});
