import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeFlow, sourceSpanOf, type DecodedScalar } from '../../server/src/syntax/scalars.js';
import { Rng } from '../fuzz/rng.js';

// `decodeFlow` takes a one-line scalar without escapes verbatim (the first check of a large descriptor decodes
// hundreds of them); the character-by-character decoding must give the same value and spans for every text.

/** The per-character spans a verbatim decoding (`verbatimAt`) stands for, as the character-wise one lists them. */
function expanded(d: DecodedScalar): DecodedScalar {
  if (d.verbatimAt === undefined) return d;
  const at = d.verbatimAt;
  const n = d.text.length;
  return {
    text: d.text,
    starts: Array.from({ length: n }, (_, i) => at + i),
    ends: Array.from({ length: n }, (_, i) => at + i + 1),
  };
}
test('the verbatim decoding of flow scalars equals the character-by-character one', () => {
  const rng = new Rng(21);
  const alphabet = ['a', 'b', '$', '{', '}', '.', ' ', ' ', '\t', "'", '"', '\\', 'n', 'x', 'u', '\n', '\r', '0', 'é'];
  let verbatim = 0;
  for (let i = 0; i < 5000; i++) {
    let src = '';
    const n = rng.int(24);
    for (let k = 0; k < n; k++) src += alphabet[rng.int(alphabet.length)];
    const from = rng.int(4);
    const text = 'k: ' + src;
    for (const mode of ['plain', 'single', 'double'] as const) {
      const to = Math.min(text.length, 3 + from + rng.int(n + 1));
      const at = Math.min(3 + from, to);
      const fast = decodeFlow(text, at, to, mode);
      const slow = decodeFlow(text, at, to, mode, false);
      const what = `${mode} ${JSON.stringify(text.slice(at, to))}`;
      assert.deepEqual(expanded(fast), slow, what);
      // And every range maps to the same source span.
      for (let a = 0; a <= slow.text.length + 1; a++)
        for (let b = a; b <= slow.text.length + 1; b++)
          assert.deepEqual(sourceSpanOf(fast, a, b, 7), sourceSpanOf(slow, a, b, 7), `${what} [${a}, ${b})`);
      if (!/[\n\r'\\]/.test(text.slice(at, to))) verbatim++;
    }
  }
  assert.ok(verbatim > 1000);
});
