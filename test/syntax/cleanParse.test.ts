/**
 * The sliced syntax check's verdict (syntax/cleanParse.ts) against the full parse it stands in for: a text it answers
 * clean must be one `parseYaml` finds nothing in but control characters, over the corpus, the examples, the bench's
 * big assembly and seeded mutations of large files (the kind it composes in parts); and a valid text with no alias
 * must be answered clean, or the slicing would never be used.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser, type CST } from 'yaml';
import { cleanParseSteps, splitDocument } from '../../server/src/syntax/cleanParse.js';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { Rng } from '../fuzz/rng.js';
import { generatedFiles } from '../support/generatedWorkspace.js';
import { yamlFiles } from '../support/yamlFiles.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const corpus = join(repo, '..', 'shared', 'corpus');

/** Runs the steps to the end; the verdict and how many steps it yielded. */
function verdict(text: string): { clean: boolean; steps: number } {
  const g = cleanParseSteps(text);
  for (let steps = 0; ; steps++) {
    const r = g.next();
    if (r.done) return { clean: r.value, steps };
  }
}

/** What the full parse reports that the outline scanner's model would lack (all but control characters). */
function fullProblems(text: string): string[] {
  return parseYaml(text)
    .problems.filter((p) => p.yamlCode !== 'CONTROL_CHARACTER')
    .map((p) => `${p.yamlCode}@${p.span.start}`);
}

const big = Object.entries(generatedFiles('/ws', { assemblies: 2, seed: 7, bigLines: 2000 })).find(([p]) =>
  p.endsWith('bench-big/Descriptor/assembly.yml'),
)![1];

test('answered clean: the full parse finds nothing; a valid text with no alias: answered clean', (t) => {
  const files = [join(repo, 'examples'), ...(existsSync(corpus) ? [corpus] : [])].flatMap((d) =>
    yamlFiles(d, { tosca: true, maxBytes: 1_000_000 }),
  );
  if (!existsSync(corpus)) t.diagnostic('shared corpus missing: examples only');
  const texts = [...files.map((f) => readFileSync(f, 'utf8')), big];
  let clean = 0;
  let flagged = 0;
  for (const text of texts) {
    const full = fullProblems(text);
    const v = verdict(text);
    if (v.clean) assert.deepEqual(full, [], `answered clean, but the full parse reports:\n${text.slice(0, 300)}`);
    if (!full.length && !text.includes('*'))
      assert.ok(v.clean, `valid, no alias, not answered clean:\n${text.slice(0, 300)}`);
    if (v.clean) clean++;
    if (full.length) flagged++;
  }
  t.diagnostic(`${texts.length} texts: ${clean} clean, ${flagged} with problems`);
  assert.ok(clean > texts.length / 2);
});

test('seeded mutations of large files: never answered clean when the full parse finds something', (t) => {
  const large = existsSync(corpus)
    ? yamlFiles(corpus, { tosca: true, maxBytes: 1_000_000 })
        .filter((f) => statSync(f).size > 16_000)
        .slice(0, 6)
        .map((f) => readFileSync(f, 'utf8'))
    : [];
  const sources = [big, ...large];
  const edits = [
    ' ',
    '',
    '\n',
    ': ',
    '- ',
    '\t',
    '"',
    "'",
    '[',
    '{',
    '}',
    '#',
    '  ',
    'a:\n',
    '- a\n',
    '|\n',
    '&a ',
    '!t ',
  ];
  const rng = new Rng(20261128);
  let caught = 0;
  let clean = 0;
  for (let i = 0; i < 240; i++) {
    let text = sources[i % sources.length]!;
    for (let k = rng.range(1, 3); k > 0; k--) {
      const at = rng.int(text.length);
      const edit = edits[rng.int(edits.length)]!;
      // '' deletes a character; the others insert (at a line start half the time: indentation slips).
      const pos = rng.chance(0.5) ? text.lastIndexOf('\n', at) + 1 : at;
      text = edit === '' ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, pos) + edit + text.slice(pos);
    }
    const full = fullProblems(text);
    const v = verdict(text);
    if (v.clean) {
      clean++;
      assert.deepEqual(full, [], `mutation ${i} answered clean, but the full parse reports ${full.join(', ')}`);
    } else if (full.length) caught++;
  }
  t.diagnostic(`240 mutations: ${caught} with problems answered no, ${clean} answered clean`);
  // The comparison can fail: many mutations break the text, and many leave it valid.
  assert.ok(caught > 40 && clean > 40, `caught ${caught}, clean ${clean}`);
});

test('the big assembly is composed in parts of a few kilobytes, and in many steps', () => {
  const tokens = [...new Parser().parse(big)];
  const doc = tokens.find((x): x is CST.Document => x.type === 'document')!;
  const parts = splitDocument(doc, big.length);
  assert.ok(parts.length > 10, `${parts.length} parts`);
  // Each part composes a few kilobytes of the text (a value left empty in a part is composed as parts of its own).
  const chars = (x: unknown): number => {
    if (!x || typeof x !== 'object') return 0;
    const own = typeof (x as { source?: unknown }).source === 'string' ? (x as { source: string }).source.length : 0;
    return own + Object.values(x).reduce((n: number, v) => n + chars(v), 0);
  };
  const sizes = parts.map((p) => chars(p.value));
  assert.ok(
    sizes.every((n) => n < 12_000),
    sizes.join(' '),
  );
  assert.equal(
    sizes.reduce((a, b) => a + b, 0),
    chars(doc.value),
    'every character composed once',
  );
  assert.ok(verdict(big).steps > 100);
});
