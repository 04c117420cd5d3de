/**
 * `reoutline` (syntax/outlineEdit.ts) reads again only the entry an edit is in: whenever it gives a
 * tree, that tree is the one the outline scanner builds from the whole new text (spans included),
 * over seeded random edits of real files, typed one after the other as in an editor.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { outlineYaml } from '../../server/src/syntax/outline.js';
import { reoutline } from '../../server/src/syntax/outlineEdit.js';
import { asMap, getIn, type YNode } from '../../server/src/syntax/tree.js';

const FILES = [
  '../../examples/video-streamer/Descriptor/assembly.yml',
  '../../examples/video-streamer/Contains/streamer/Definitions/lm/resource.yaml',
  '../fixtures/realworld/tacker/legacy_vnfd/tosca-vnfd-scale.yaml',
  '../fixtures/realworld/heat-translator/etsi_nfv/tosca_nfv_vdu_affinity_with_unsupported_scope.yaml',
].map((f) => fileURLToPath(new URL(f, import.meta.url)));

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

/** What gets typed: structure (colons, dashes, indentation, line breaks, flow brackets, comments) and words. */
const PIECES = [
  'x',
  '1',
  ' ',
  '\n',
  '\n  ',
  '\n    ',
  ': ',
  '- ',
  '#',
  "'",
  '"',
  '|\n',
  '>-\n',
  '{',
  '}',
  '[',
  ']',
  ',',
  '&a ',
  '*a',
  '\t',
  '\r',
  '---',
  'key: value',
  '\n  k:\n',
  '  ',
  '${a.b}',
  '...',
];

function edit(text: string, r: (n: number) => number): string {
  const at = r(text.length + 1);
  switch (r(3)) {
    case 0:
      return text.slice(0, at) + PIECES[r(PIECES.length)]! + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + r(4));
    default: {
      const c = text[at] ?? '';
      const to = /\d/.test(c) ? String((Number(c) + 1) % 10) : /[a-z]/.test(c) ? c.toUpperCase() : c;
      return text.slice(0, at) + to + text.slice(at + 1);
    }
  }
}

test('an entry read again after an edit gives the tree of the whole new text', () => {
  let applied = 0;
  let compared = 0;
  for (const file of FILES) {
    const original = readFileSync(file, 'utf8');
    for (let seed = 1; seed <= 6; seed++) {
      const r = rng(seed * 7919 + file.length);
      let text = original;
      let tree = outlineYaml(text);
      for (let i = 0; i < 150; i++) {
        const next = r(30) === 0 ? original : edit(text, r);
        const whole = outlineYaml(next);
        const partial = tree ? reoutline(text, tree, next) : undefined;
        if (tree && whole) compared++;
        if (partial) {
          applied++;
          assert.deepEqual(partial, whole, `${file}, seed ${seed}, edit ${i}:\n${next}`);
        }
        text = next;
        tree = whole;
      }
    }
  }
  // Most edits of a text the scanner reads (before and after) land inside an entry: the partial path
  // must be the one tested.
  assert.ok(applied > compared / 2, `${applied} of ${compared} edits read one entry again`);
});

test('an edit inside one property of one node template reads only that property again', () => {
  const templates = Array.from({ length: 40 }, (_, n) =>
    [
      `    app${n}:`,
      `      type: bench.nodes.App`,
      `      properties:`,
      `        port: ${9000 + n}`,
      `        label: app ${n % 10}`,
      `      requirements:`,
      `        - host: server`,
    ].join('\n'),
  );
  const before = [
    'tosca_definitions_version: tosca_simple_yaml_1_3',
    'topology_template:',
    '  node_templates:',
    ...templates,
    '  outputs:',
    '    url: { value: { get_attribute: [ app0, url ] } }',
    '',
  ].join('\n');
  const tree = outlineYaml(before)!;
  const at = before.indexOf('label: app 7') + 'label: app '.length;
  for (const [what, text] of [
    ['a digit changed', before.slice(0, at) + '8' + before.slice(at + 1)],
    ['a character added', before.slice(0, at) + '78' + before.slice(at + 1)],
  ] as const) {
    const partial = reoutline(before, tree, text);
    assert.ok(partial, what);
    assert.deepEqual(partial, outlineYaml(text), what);
    const nodes = (root: YNode) => asMap(getIn(root, 'topology_template', 'node_templates'))!.pairs;
    const app = (root: YNode, n: number) => asMap(getIn(nodes(root)[n]!.value, 'properties'))!.pairs;
    // The edited template's other property, and the templates before it, are the old tree's own objects.
    assert.equal(app(partial, 7)[0], app(tree, 7)[0], what);
    assert.equal(nodes(partial)[6], nodes(tree)[6], what);
    // Those after it are the same objects where nothing moved, moved copies where the text got longer.
    assert.equal(nodes(partial)[8] === nodes(tree)[8], text.length === before.length, what);
  }
});
