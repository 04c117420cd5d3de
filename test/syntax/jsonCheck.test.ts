/** The JSON validator behind LM110: valid JSON passes, and each kind of mistake is placed where it is. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonProblem } from '../../server/src/syntax/jsonCheck.js';

test('valid JSON (as Python reads it, NaN and the infinities too) has no problem', () => {
  for (const t of [
    '{}',
    ' [ ] ',
    '{"a": -0.5e3, "b": [null, false, true, {"c": "\\u00e9\\n"}]}',
    '{\n\t"name": "x"\n}\n',
    '{"a": NaN, "b": -Infinity, "c": Infinity}',
  ])
    assert.equal(jsonProblem(t), undefined, t);
});

test('mistakes are placed where JSON stops', () => {
  const at = (t: string) => {
    const p = jsonProblem(t);
    assert.ok(p, t);
    return [p.offset, p.message] as const;
  };
  assert.deepEqual(at('{"a": 1,}')[0], 8);
  assert.match(at('{"a": 1,}')[1], /trailing comma/);
  assert.deepEqual(at('[1,2,]')[0], 5);
  assert.match(at("{'a': 1}")[1], /double quotes/);
  assert.deepEqual(at('{"a" 1}')[0], 5);
  assert.deepEqual(at('notjson')[0], 0);
  assert.match(at('')[1], /empty/);
  assert.deepEqual(at('{"a": "x\ny"}')[0], 8);
  assert.deepEqual(at('{"a":1} x')[0], 8);
  assert.match(at('// c\n{}')[1], /comment/);
  assert.match(at('{"a": "open')[1], /not closed/);
  assert.match(at('['.repeat(2000))[1], /deeply/);
});
