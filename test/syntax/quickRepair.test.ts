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
import { analyseDocument, verifySyntax, type DocumentModel } from '../../server/src/model/document.js';
import { yamlLibrary } from '../../server/src/syntax/yamlLibrary.js';
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

test('a line typed one character at a time, each version from the one before, gives the parser’s model', () => {
  // The parser's reads, by length: a broken keystroke inside one entry reads that entry's lines, not the file.
  const lib = yamlLibrary();
  const parse = lib.parseDocument;
  const reads: number[] = [];
  (lib as { parseDocument: unknown }).parseDocument = (src: string, opts: Parameters<typeof parse>[1]) => {
    reads.push(src.length);
    return parse(src, opts);
  };
  let broken = 0;
  let small = 0;
  try {
    for (const file of FILES) {
      const original = readFileSync(file, 'utf8');
      const rng = new Rng(original.length + 1);
      // Lines that hold `key: value` at a column past 0, followed by a line at least as deep: a new property there.
      const lines = [...original.matchAll(/\n( +)[a-z_]+: \S[^\n]*\n(?=\1)/g)];
      assert.ok(lines.length > 4, file);
      for (let k = 0; k < 4; k++) {
        const m = lines[rng.int(lines.length)]!;
        const at = m.index + m[0].length - 1;
        const typed = `\n${m[1]}endpoint_note: [a, {b: c}]`;
        let before = analyseDocument(file, original, 1, { outlineFirst: true, verifyLater: true, keepParts: true });
        for (let c = 1; c <= typed.length; c++) {
          const text = original.slice(0, at) + typed.slice(0, c) + original.slice(at);
          const what = `${file}, line at ${at}, ${JSON.stringify(typed.slice(0, c))}`;
          reads.length = 0;
          const model = analyseDocument(file, text, c + 1, {
            outlineFirst: true,
            verifyLater: true,
            keepParts: true,
            previous: before,
          });
          const parsed = [...reads];
          const exact = analyseDocument(file, text, c + 1, { outlineFirst: true });
          assert.deepEqual(model.problems, exact.problems, what);
          assert.deepEqual(model.damaged, exact.damaged, what);
          assert.deepEqual(model.root, exact.root, what);
          assert.deepEqual(model.summary, exact.summary, what);
          if (exact.problems.some((p) => p.severity === 'error')) {
            broken++;
            if (parsed.length && Math.max(...parsed) < text.length / 4) small++;
          }
          before = model;
        }
      }
    }
  } finally {
    (lib as { parseDocument: unknown }).parseDocument = parse;
  }
  // Most broken keystrokes (the key before its colon, the brackets before they close) read one entry's lines.
  assert.ok(broken > 100 && small > broken * 0.7, JSON.stringify({ broken, small }));
});

test('the full check keeps a broken text’s quick model when the parser reports the same, else replaces it', () => {
  const file = FILES[0]!;
  const text = readFileSync(file, 'utf8').replace('\n    type: string', '\n    type: {\n    label: string');
  const open = () => analyseDocument(file, text, 1, { outlineFirst: true, verifyLater: true });
  const kept = open();
  assert.ok(kept.readText !== undefined && !kept.syntaxChecked, 'read quickly, checked later');
  assert.equal(verifySyntax(kept), undefined);
  assert.equal(kept.syntaxChecked, true);
  // A quick model that missed a problem (or reported it elsewhere) gives way to the parser's.
  for (const change of [
    (m: DocumentModel) => m.problems.pop(),
    (m: DocumentModel) => (m.problems[0]!.span = { start: 0, end: 1 }),
    (m: DocumentModel) => (m.damaged = []),
  ]) {
    const missed = open();
    change(missed);
    const full = verifySyntax(missed);
    assert.ok(full && full.syntaxChecked && full.readText === undefined);
    assert.deepEqual(full.problems, kept.problems);
  }
});

test('nesting typed too deep in one entry is reported as for the whole text, open or closed', () => {
  const file = FILES[0]!;
  const original = readFileSync(file, 'utf8');
  const before = analyseDocument(file, original, 1, { outlineFirst: true, verifyLater: true, keepParts: true });
  const at = original.indexOf('\n', original.indexOf('    type: string')) + 1;
  for (const typed of ['[['.repeat(70), `${'['.repeat(140)}${']'.repeat(140)}`, '{a: '.repeat(140)]) {
    const text = `${original.slice(0, at)}    deep: ${typed}\n${original.slice(at)}`;
    const typedModel = analyseDocument(file, text, 2, { outlineFirst: true, verifyLater: true, previous: before });
    const exact = analyseDocument(file, text, 2, { outlineFirst: true });
    assert.deepEqual(
      typedModel.problems.map((p) => p.yamlCode),
      ['TOO_DEEP'],
    );
    assert.deepEqual(typedModel.problems, exact.problems);
    assert.equal(typedModel.root, null);
  }
});

test('a control character typed into a text without one is found by the scan of what the keystroke inserted', () => {
  const file = FILES[0]!;
  const original = readFileSync(file, 'utf8');
  const opts = { outlineFirst: true, verifyLater: true, keepParts: true } as const;
  const clean = analyseDocument(file, original, 1, opts);
  assert.equal(clean.controlFree, true);
  const at = original.indexOf('    type: string') + '    type: str'.length;
  // In a value (the outline reads on), and in a line broken too (the parser's probe reads it).
  for (const typed of ['\u0007', '\u0007\n  x', '\n        endp\u0001']) {
    const text = original.slice(0, at) + typed + original.slice(at);
    const model = analyseDocument(file, text, 2, { ...opts, previous: clean });
    const exact = analyseDocument(file, text, 2, { outlineFirst: true });
    assert.ok(
      exact.problems.some((p) => p.yamlCode === 'CONTROL_CHARACTER'),
      JSON.stringify(typed),
    );
    assert.deepEqual(model.problems, exact.problems, JSON.stringify(typed));
    assert.equal(model.controlFree, undefined);
    // Deleted again: the model before had one, so the whole text is scanned.
    const mended = analyseDocument(file, original, 3, { ...opts, previous: model });
    assert.deepEqual(mended.problems, []);
    assert.equal(mended.controlFree, true);
  }
});

test('a nested key that loses its colon, with lines under it, gives the parser’s model', () => {
  let compared = 0;
  for (const file of [FILES[0]!, FILES[2]!]) {
    const original = readFileSync(file, 'utf8');
    const before = analyseDocument(file, original, 1, { outlineFirst: true, verifyLater: true, keepParts: true });
    // `    name:` lines followed by deeper ones: the colon deleted, then the name cut short, as when it is retyped.
    for (const m of [...original.matchAll(/\n( {2,})([a-z_]+):\n(?=\1 )/g)].slice(0, 12)) {
      const at = m.index + 1 + m[1]!.length;
      for (const key of [m[2]!, m[2]!.slice(0, 1)]) {
        const text = original.slice(0, at) + key + original.slice(at + m[2]!.length + 1);
        const typed = analyseDocument(file, text, 2, { outlineFirst: true, verifyLater: true, previous: before });
        const exact = analyseDocument(file, text, 2, { outlineFirst: true });
        assert.deepEqual(typed.problems, exact.problems, `${file}: ${JSON.stringify(key)} at ${at}`);
        assert.deepEqual(typed.root, exact.root, `${file}: ${JSON.stringify(key)} at ${at}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 20, String(compared));
});

test('a broken text analysed again after its repaired reading keeps every problem (a flow map left open)', () => {
  // The last line of an entry holds an unclosed flow collection, and a shallower line follows. Read alone (the
  // edited entry's lines: syntax/recover.ts `probeEntry`), the parser reports the unclosed collection at that line's
  // last `}`, the whole text at the next line's first token; the probe took its reading, and the flow map's own
  // problem was lost on the next version of the same text (found by the edit-sequence fuzzer).
  const text =
    'topology_template:\n  outputs:\n    web_url:\n' +
    '      value: { concat: ["http://", { get_attribute: [host, public_address] },' +
    '${ ":", { get_property: [web, port] }] }\n' +
    '    db_port:\n      value: 1\n';
  const opts = { outlineFirst: true, verifyLater: true, keepParts: true };
  const first = analyseDocument('/ws/s.yaml', text, 1, opts);
  const again = analyseDocument('/ws/s.yaml', text, 2, { ...opts, previous: first });
  const exact = analyseDocument('/ws/s.yaml', text, 1, { outlineFirst: true });
  const problems = (m: DocumentModel) => m.problems.map((p) => `${p.span.start} ${p.message}`);
  assert.ok(
    problems(exact).some((p) => p.includes('Flow map `{` is not closed')),
    problems(exact).join('\n'),
  );
  assert.deepEqual(problems(first), problems(exact));
  assert.deepEqual(problems(again), problems(exact));
});
