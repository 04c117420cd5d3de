/**
 * An open document's broken text (`verifyLater`, model/document.ts): the parser reads it once, and the text repaired
 * after its error is read by the outline scanner where it can (syntax/recover.ts `QuickReader`). Over seeded broken
 * edits of real LM and TOSCA files, that model equals the one the parser alone builds (problems, damaged regions,
 * tree, summary), and is left unchecked for the full check that follows once typing pauses; so does the model of the
 * same text typed into the clean version, whose first read may leave out the top-level entries before the edit.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyseDocument } from '../../server/src/model/document.js';
import { Rng } from '../fuzz/rng.js';

const FILES = [
  '../../examples/video-streamer/Descriptor/assembly.yml',
  '../fixtures/realworld/ariatosca/multi-tier-1/multi-tier-1.yaml',
  '../fixtures/realworld/heat-translator/etsi_nfv/etsi_nfv_sol001_common_types.yaml',
  '../fixtures/realworld/indigo-tosca-templates/deep-oc/deep-oc-generic-dev.yml',
].map((f) => fileURLToPath(new URL(f, import.meta.url)));

/** What breaks a line while it is typed: a key without its colon yet, a bracket or quote not closed, a stray column. */
const BREAKS = ['\n        endp', '\nx', 'x\n   y', ': {', ' [a, ', '"', "'", '\t', ': :', '- ', '\n  - a\n b: c'];

test('a broken text repaired and read by the outline scanner gives the model the parser alone gives', () => {
  let quick = 0;
  let broken = 0;
  for (const file of FILES) {
    const original = readFileSync(file, 'utf8');
    const before = analyseDocument(file, original, 1, { outlineFirst: true, verifyLater: true, keepParts: true });
    assert.ok(before.outlined, `${file}: the outline scanner reads it`);
    const rng = new Rng(original.length);
    for (let i = 0; i < 40; i++) {
      const at = rng.int(original.length + 1);
      const text = original.slice(0, at) + rng.pick(BREAKS) + original.slice(at);
      const exact = analyseDocument(file, text, 1, { outlineFirst: true });
      const open = analyseDocument(file, text, 1, { outlineFirst: true, verifyLater: true });
      // Typed into the clean version: the parser's first read may start at the edited top-level entry.
      const typed = analyseDocument(file, text, 2, { outlineFirst: true, verifyLater: true, previous: before });
      const what = `${file}, edit ${i} at ${at}`;
      for (const [how, m] of [
        ['opened', open],
        ['typed', typed],
      ] as const) {
        assert.deepEqual(m.problems, exact.problems, `${what} (${how})`);
        assert.deepEqual(m.damaged, exact.damaged, `${what} (${how})`);
        assert.deepEqual(m.root, exact.root, `${what} (${how})`);
        assert.deepEqual(m.summary, exact.summary, `${what} (${how})`);
      }
      if (exact.problems.some((p) => p.severity === 'error')) broken++;
      // Not checked and not the outline of the text itself: the outline of the repaired text.
      if (!open.syntaxChecked && !open.outlined) {
        quick++;
        assert.ok(open.problems.length > 0, `${what}: only a broken text is read quickly`);
      }
    }
  }
  // About half the breaks are repaired in one step into a text the outline scanner reads (the others take more
  // repairs, a re-indent PyYAML-style, or constructs the scanner leaves to the parser).
  assert.ok(broken > 80 && quick > broken / 3, JSON.stringify({ broken, quick }));
});

test('typed breaks next to an anchor or in a top-level key line give the parser’s model too', () => {
  const clean = [
    '---',
    'tosca_definitions_version: tosca_simple_yaml_1_3',
    'metadata: &m',
    '  author: x',
    'node_types:',
    '  my.A:',
    '    derived_from: tosca.nodes.Root',
    '    metadata: *m',
    'topology_template:',
    '  node_templates:',
    '    a:',
    '      type: my.A',
    '',
  ].join('\n');
  const file = '/ws/service.yaml';
  const before = analyseDocument(file, clean, 1, { outlineFirst: true, verifyLater: true, keepParts: true });
  for (const text of [
    // The edited entry's key line is no longer a key: on its own it would read as a scalar document.
    clean.replace('topology_template:', 'topology_template'),
    clean.replace('node_types:', 'node_types\n  x: {'),
    // An alias into the text before the edit (an anchor there), next to a break.
    clean.replace('    metadata: *m', '    metadata: *m\n    properties: {'),
  ]) {
    const exact = analyseDocument(file, text, 2, { outlineFirst: true });
    const typed = analyseDocument(file, text, 2, { outlineFirst: true, verifyLater: true, previous: before });
    assert.ok(exact.problems.length > 0, text);
    assert.deepEqual(typed.problems, exact.problems, text);
    assert.deepEqual(typed.root, exact.root, text);
  }
});
