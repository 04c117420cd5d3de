import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex } from '../../server/src/syntax/positions.js';

test('LF, CRLF and lone CR line breaks', () => {
  for (const nl of ['\n', '\r\n', '\r']) {
    const text = `ab${nl}cde${nl}${nl}f`;
    const li = new LineIndex(text);
    assert.equal(li.lineCount, 4);
    const f = text.indexOf('f');
    assert.deepEqual(li.positionAt(f), { line: 3, character: 0 });
    assert.equal(li.offsetAt({ line: 3, character: 0 }), f);
    assert.equal(li.lineText(1), 'cde');
    // A character past the end of a line clamps to the line end, before the break.
    assert.equal(li.offsetAt({ line: 0, character: 99 }), 2);
  }
});

test('a position never lands between CR and LF', () => {
  const li = new LineIndex('ab\r\ncd');
  assert.deepEqual(li.positionAt(3), { line: 0, character: 2 });
});

test('astral characters count as two UTF-16 units, like LSP', () => {
  const text = 'k: "😀${x}"\n';
  const li = new LineIndex(text);
  const x = text.indexOf('x');
  assert.deepEqual(li.positionAt(x), { line: 0, character: 8 });
  assert.equal(li.offsetAt({ line: 0, character: 8 }), x);
});

test('out-of-range positions clamp', () => {
  const li = new LineIndex('a\nb');
  assert.equal(li.offsetAt({ line: 9, character: 0 }), 3);
  assert.equal(li.offsetAt({ line: -1, character: 0 }), 0);
  assert.deepEqual(li.positionAt(99), { line: 1, character: 1 });
});
