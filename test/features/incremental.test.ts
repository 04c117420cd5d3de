/**
 * Incremental analysis (issue 21): a keystroke's analysis takes over results of the version before
 * it (`carried` in model/document.ts: reference scans keyed by their scalar's text; component types
 * resolved once per index change). Whatever it reuses, the diagnostics must be those of a fresh
 * analysis of the same text: after every edit of a seeded random sequence on real files, the open
 * document's diagnostics (its previous version kept) equal a fresh session's.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/video-streamer', import.meta.url));
const ASSEMBLY = `${EXAMPLE}/Descriptor/assembly.yml`;

/** Small seeded PRNG (mulberry32): the same edits every run. */
function rng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Pieces typed into the file: reference syntax, quotes, block scalar headers, indentation, names. */
const PIECES = ['${', '}', '.', 'x', 'balancer', ' ', '\n', '\n  ', "'", '"', '|2\n', '>-\n', ': ', '- ', '#', '\\'];

function edit(text: string, r: (n: number) => number): string {
  // Most edits land in or next to a reference, where the carried scans matter.
  const refs = [...text.matchAll(/\$\{[^}\n]*\}?/g)];
  const near = refs.length && r(4) > 0 ? refs[r(refs.length)]! : undefined;
  const at = near ? near.index + r(near[0].length + 1) : r(text.length + 1);
  switch (r(3)) {
    case 0:
      return text.slice(0, at) + PIECES[r(PIECES.length)]! + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + r(3));
    default: {
      // Toggle the character under the edit point (a digit or a letter changes, the structure stays).
      const c = text[at] ?? '';
      const to = /\d/.test(c) ? String((Number(c) + 1) % 10) : /[a-z]/.test(c) ? c.toUpperCase() : c;
      return text.slice(0, at) + to + text.slice(at + 1);
    }
  }
}

async function sessionOn(): Promise<Session> {
  const s = new Session();
  s.index.addRoot(EXAMPLE);
  await s.index.build();
  return s;
}

test('incremental diagnostics equal a fresh analysis after every edit of a random sequence', async () => {
  const typing = await sessionOn();
  const original = readFileSync(ASSEMBLY, 'utf8');
  for (const seed of [1, 2, 3]) {
    const r = rng(seed);
    let text = original;
    typing.openDocument(ASSEMBLY, text, 0, true);
    for (let i = 1; i <= 60; i++) {
      // Sometimes undo to the original (a version the one before can share most scans with).
      text = r(25) === 0 ? original : edit(text, r);
      const model = typing.openDocument(ASSEMBLY, text, i, true);
      const incremental = computeDiagnostics(typing.context(model));
      // The same text analysed afresh (nothing carried over) against the same index ...
      const alone = typing.analyse(ASSEMBLY, text, i);
      assert.equal(alone.previous, undefined);
      const where = `seed ${seed}, edit ${i}:\n${text}`;
      assert.deepEqual(incremental, computeDiagnostics(typing.context(alone)), where);
      // ... and now and then in a fresh session (nothing resolved before either).
      if (i % 30 === 0) {
        const fresh = await sessionOn();
        const again = fresh.openDocument(ASSEMBLY, text, i, false);
        assert.deepEqual(incremental, computeDiagnostics(fresh.context(again)), where);
      }
    }
  }
});

test('an open document keeps only the version before it, never a chain', async () => {
  const s = await sessionOn();
  const text = readFileSync(ASSEMBLY, 'utf8');
  const a = s.openDocument(ASSEMBLY, text, 1, true);
  const b = s.openDocument(ASSEMBLY, `${text}\n`, 2, true);
  const c = s.openDocument(ASSEMBLY, `${text}\n\n`, 3, true);
  assert.equal(c.previous, b);
  assert.equal(b.previous, undefined);
  assert.equal(a.previous, undefined);
});
