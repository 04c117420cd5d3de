/**
 * LM024 runs its line pattern only on the lines `colonLines` picks (one scan of the text per
 * keystroke). Those must include every line the pattern matches: checked on the LM examples and on
 * seeded random texts of keys, values, colons, `#`, `::` names, CR LF and CR line breaks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { colonLines, FUSED } from '../../server/src/features/lm/rules/fusedKeys.js';
import { LineIndex } from '../../server/src/syntax/positions.js';
import { yamlFiles } from '../support/yamlFiles.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

function matchingLines(text: string): number[] {
  const lines = new LineIndex(text);
  const out: number[] = [];
  for (let l = 0; l < lines.lineCount; l++) if (FUSED.test(lines.lineText(l))) out.push(l);
  return out;
}

/** The lines with a match of /:[^\s:#]/, each once: what `colonLines` must give (it scans with `indexOf`). */
function reference(text: string, starts: readonly number[]): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/:[^\s:#]/g)) {
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1]! <= m.index) line++;
    if (out.at(-1) !== line) out.push(line);
  }
  return out;
}

function check(text: string, what: string): void {
  const lines = new LineIndex(text);
  const picked = colonLines(text, lines.lineStarts);
  assert.deepEqual(picked, reference(text, lines.lineStarts), `${what}: the lines with a colon the pattern needs`);
  for (let i = 1; i < picked.length; i++) assert.ok(picked[i - 1]! < picked[i]!, `${what}: in order, each once`);
  const set = new Set(picked);
  for (const l of matchingLines(text)) assert.ok(set.has(l), `${what}: line ${l} matches but was not picked`);
}

test('colonLines picks every line the LM024 pattern matches (examples)', () => {
  const files: string[] = [];
  files.push(...yamlFiles(join(REPO, 'examples'), { max: 400 }));
  assert.ok(files.length > 5);
  for (const f of files) check(readFileSync(f, 'utf8'), f);
});

test('colonLines picks every line the LM024 pattern matches (seeded random texts)', () => {
  let s = 99;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const pick = (xs: readonly string[]) => xs[Math.floor(next() * xs.length)]!;
  const indents = ['', '  ', '    ', '\t', ' - ', '- '];
  const keys = ['type', 'value', 'x-y_1', '9a', '', 'quantity'];
  const colons = [':', ': ', '::', ':#', ' :', ''];
  const rest = [
    '${a.b}',
    "'q'",
    'v',
    ' # c',
    '#',
    ':',
    '',
    'a:b',
    '\u00a0x',
    '\t1',
    ':\u2028',
    ':\u3000',
    ':\ufeff',
    ':\u00e9',
  ];
  const breaks = ['\n', '\r\n', '\r'];
  let matched = 0;
  for (let t = 0; t < 2000; t++) {
    let text = '';
    const n = 1 + Math.floor(next() * 8);
    for (let i = 0; i < n; i++) {
      text += pick(indents) + pick(keys) + pick(colons) + pick(rest) + pick(rest);
      if (i < n - 1 || next() < 0.5) text += pick(breaks);
    }
    matched += matchingLines(text).length;
    check(text, JSON.stringify(text));
  }
  assert.ok(matched > 200, `only ${matched} matching lines generated`);
});
