import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { scanScalarReferences, scanText } from '../../server/src/syntax/references.js';
import { asMap, type YScalar } from '../../server/src/syntax/tree.js';

/** The references of the value of key `v` in `src`, as source slices of their segments. */
function refsOf(src: string): string[][] {
  const root = asMap(parseYaml(src).root)!;
  const value = root.pairs.find((p) => p.key.text === 'v')!.value as YScalar;
  return scanScalarReferences(src, value).map((r) => [
    src.slice(r.span.start, r.span.end),
    ...r.segments.map((s) => src.slice(s.span.start, s.span.end)),
  ]);
}

test('plain scalar, embedded in text', () => {
  assert.deepEqual(refsOf('v: ${instance.name}_gw\n'), [['${instance.name}', 'instance', 'name']]);
});

test('single-quoted with an escaped quote before the reference', () => {
  assert.deepEqual(refsOf("v: 'it''s ${balancer.publicIp}'\n"), [['${balancer.publicIp}', 'balancer', 'publicIp']]);
});

test('double-quoted with escapes shifting offsets', () => {
  assert.deepEqual(refsOf('v: "a\\tb\\u00e9 ${x.y}"\n'), [['${x.y}', 'x', 'y']]);
  // An escaped dollar still forms a reference in the value; its span covers the escape.
  assert.deepEqual(refsOf('v: "\\x24{p}"\n'), [['\\x24{p}', 'p']]);
});

test('literal and folded block scalars', () => {
  assert.deepEqual(refsOf('v: |\n  first ${a}\n  second ${b.c}\n'), [
    ['${a}', 'a'],
    ['${b.c}', 'b', 'c'],
  ]);
  assert.deepEqual(refsOf('v: >-\n  one ${a}\n  two ${b}\n'), [
    ['${a}', 'a'],
    ['${b}', 'b'],
  ]);
});

test('multi-line plain scalar', () => {
  assert.deepEqual(refsOf('v: start\n  ${a.b} end\n'), [['${a.b}', 'a', 'b']]);
});

test('indexes and nested paths', () => {
  assert.deepEqual(refsOf('v: ${m.list[0].x[12]}\n'), [['${m.list[0].x[12]}', 'm', 'list', '0', 'x', '12']]);
});

test('CRLF documents keep exact spans', () => {
  assert.deepEqual(refsOf('a: 1\r\nv: "${p}"\r\n'), [['${p}', 'p']]);
});

test('malformed references carry an error and a span', () => {
  const r = scanText('x ${a..b} ${} ${c[x]} ${open');
  assert.equal(r.length, 4);
  assert.match(r[0]!.error!, /Unexpected `\.`/);
  assert.match(r[1]!.error!, /Empty reference/);
  assert.match(r[2]!.error!, /List index/);
  assert.match(r[3]!.error!, /not closed/);
  assert.equal(r[3]!.segments[0]!.text, 'open');
});

test('no references in non-string scalars or text without ${', () => {
  assert.deepEqual(refsOf('v: 12\n'), []);
  assert.deepEqual(refsOf('v: $lmctl:/contains:/a:/descriptor_name\n'), []);
});
