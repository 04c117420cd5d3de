/**
 * util/sameData.ts: true only where the JSON texts of both values are the same (the comparison it replaced in the
 * TOSCA model's reuse of a type table), on hand-made pairs and on the type declarations of real TOSCA files
 * against seeded variations of them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sameData } from '../../server/src/util/sameData.js';
import { summariseTosca } from '../../server/src/model/tosca/summary.js';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { yamlFiles } from '../support/yamlFiles.js';
import { Rng } from '../fuzz/rng.js';

const json = (v: unknown) => JSON.stringify(v);

test('equal data, different data and the cases JSON does not tell apart', () => {
  const equal: [unknown, unknown][] = [
    [1, 1],
    ['a', 'a'],
    [null, null],
    [[], []],
    [{}, {}],
    [
      { a: [1, { b: 'x' }], c: null },
      { a: [1, { b: 'x' }], c: null },
    ],
  ];
  for (const [a, b] of equal) assert.equal(sameData(a, b), true, json([a, b]));
  const different: [unknown, unknown][] = [
    [1, 2],
    [1, '1'],
    [null, {}],
    [[], {}],
    [[1], [1, 2]],
    [{ a: 1 }, { a: 2 }],
    [{ a: 1 }, { b: 1 }],
    [
      { a: 1, b: 2 },
      { b: 2, a: 1 },
    ],
    [{ span: { start: 1, end: 2 } }, { span: { start: 1, end: 3 } }],
  ];
  for (const [a, b] of different) {
    assert.equal(sameData(a, b), false, json([a, b]));
    assert.notEqual(json(a), json(b), 'a pair JSON tells apart');
  }
  // JSON reads these alike; answering false only costs the reuse.
  assert.equal(sameData({ a: undefined }, {}), false);
  assert.equal(sameData([NaN], [null]), false);
});

/** Every number in the value, replaced in turn by a seeded neighbour (a place moved, a bound changed). */
function variations(value: unknown, rng: Rng, count: number): unknown[] {
  const text = JSON.stringify(value);
  const numbers = [...text.matchAll(/\d+/g)];
  const out: unknown[] = [];
  for (let i = 0; i < count && numbers.length; i++) {
    const m = numbers[rng.int(numbers.length)]!;
    out.push(JSON.parse(text.slice(0, m.index) + String(Number(m[0]) + 1) + text.slice(m.index + m[0].length)));
  }
  return out;
}

test('on the type declarations of real TOSCA files, true exactly where the JSON texts agree', () => {
  const root = fileURLToPath(new URL('../../../shared/corpus/tosca', import.meta.url));
  const files = yamlFiles(root, { tosca: true, maxBytes: 200_000, max: 120 });
  assert.ok(files.length > 50, `TOSCA files in the corpus: ${files.length}`);
  const rng = new Rng(7);
  let compared = 0;
  let withTypes = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const types = summariseTosca(parseYaml(text).root).types;
    if (types.length) withTypes++;
    const again = summariseTosca(parseYaml(text).root).types;
    assert.equal(sameData(types, again), true, file);
    for (const other of variations(types, rng, 3)) {
      assert.equal(sameData(types, other), json(types) === json(other), file);
      compared++;
    }
  }
  assert.ok(withTypes > 20 && compared > 60, `${withTypes} files with types, ${compared} variations`);
});
