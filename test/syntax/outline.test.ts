import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { outlineYaml } from '../../server/src/syntax/outline.js';
import { treeDiff } from '../support/treeCompare.js';
import { yamlFiles } from '../support/yamlFiles.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const corpus = join(repo, '..', 'shared', 'corpus');

test('the outline scanner builds the same tree as the full parser (corpus and examples)', (t) => {
  const roots = [join(repo, 'examples')];
  if (existsSync(corpus)) roots.push(corpus);
  else t.diagnostic('shared corpus missing: only examples/ checked');
  let same = 0;
  let bailed = 0;
  const lmBails: string[] = [];
  for (const f of roots.flatMap((r) => yamlFiles(r, { maxBytes: 2_000_000 }))) {
    const text = readFileSync(f, 'utf8');
    const full = parseYaml(text);
    if (full.problems.some((p) => p.severity === 'error')) continue;
    const fast = outlineYaml(text);
    if (fast === null && full.root !== null) {
      bailed++;
      if (f.includes('/corpus/lm/')) lmBails.push(f);
      continue;
    }
    const d = treeDiff(fast, full.root);
    assert.equal(d, null, `${f}: ${d}`);
    same++;
  }
  t.diagnostic(`${same} identical, ${bailed} left to the full parser`);
  assert.ok(same > 20);
  // Every LM descriptor in the corpus is plain block YAML: the fast path must cover them all.
  assert.deepEqual(lmBails, []);
});

test('the outline scanner gives up (null) on what it does not model', () => {
  for (const src of [
    'a: [&x 1, *x]\n',
    'a: &x 1\nb: *y\n',
    'a: *x\nb: &x 1\n',
    'a: &x\n  b: *x\n',
    '&x a: 1\n',
    'a: &x\nb: 1\n',
    'a: &x !t 1\n',
    'a: !tag 1\n',
    '--- \na: 1\n---\nb: 2\n',
    'a:\n\t- 1\n',
    'a: [1,\n2]\n',
    'a: [x\n  y]\n',
    '---#x\na: 1\n',
    'a: "x\\Uffff"\n',
    'a: "x\\ud800"\n',
    'a: "x\\q"\n',
    '? a\n: b\n',
  ]) {
    assert.equal(outlineYaml(src), null, JSON.stringify(src));
  }
});

test('anchors and aliases in block positions: the same tree as the full parser, targets included', () => {
  const src = [
    'dsl_definitions:',
    '  port: &port 8080',
    '  props: &props',
    '    a: 1',
    '    b: [x, y]',
    '  items: &items',
    '  - one',
    '  - &two "two"',
    'node: *props',
    'merged:',
    '  <<: *props',
    '  c: *port # a comment',
    'list:',
    '  - *two',
    '  - &port |',
    '    text',
    '  - *port',
    '  - *items',
    '',
  ].join('\n');
  const fast = outlineYaml(src);
  const full = parseYaml(src);
  assert.deepEqual(full.problems, []);
  assert.ok(fast);
  assert.equal(treeDiff(fast, full.root), null);
  // The later `&port` (the block scalar) is the target of the last alias, as in the parser.
  const list = fast.kind === 'map' ? fast.pairs.find((p) => p.key.text === 'list')?.value : null;
  const last = list?.kind === 'seq' ? list.items[2] : undefined;
  assert.equal(last?.kind === 'alias' ? last.target?.kind : undefined, 'scalar');
  assert.equal(last?.kind === 'alias' && last.target?.kind === 'scalar' ? last.target.text : undefined, 'text\n');
});

test('escapes in double-quoted scalars decode as the full parser decodes them', () => {
  const src = [
    'a: "Hello\\n"',
    'b: "tab\\there \\"quoted\\" back\\\\slash \\/ \\x41\\u00e9\\0\\e\\_\\N\\L\\P\\a\\b\\v\\f\\r\\ "',
    '"k\\u0041": [ "x\\ty", { "q\\"": 1 } ]',
    '',
  ].join('\n');
  const full = parseYaml(src);
  assert.deepEqual(full.problems, []);
  const fast = outlineYaml(src);
  assert.ok(fast);
  assert.equal(treeDiff(fast, full.root), null);
});

test('outline scalars resolve like the YAML 1.2 core schema', () => {
  const src = "a: 1.0\nb: '1.0'\nc: true\nd: ~\ne: 0x1F\nf: text\ng:\n";
  assert.equal(treeDiff(outlineYaml(src), parseYaml(src).root), null);
});

/**
 * The command-line checker trusts a tree the scanner returns (no full parse), so whatever it
 * accepts must be error-free YAML that the parser reads the same way. Seeded mutations of the
 * corpus (deleted and inserted characters, indentation changes, joined and duplicated lines,
 * comments, flow collections) hunt for text it accepts although the parser complains or differs.
 * OUTLINE_MUTANTS=N runs more (default 3,000).
 */
test('the outline scanner accepts nothing the full parser reports or reads differently (mutations)', (t) => {
  const roots = [join(repo, 'examples')];
  if (existsSync(corpus)) roots.push(corpus);
  const files = roots.flatMap((r) => yamlFiles(r, { maxBytes: 2_000_000 })).filter((f) => statSync(f).size < 30_000);
  const wanted = Number(process.env['OUTLINE_MUTANTS'] ?? 3000);
  let seed = 20261123;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;
  const CHARS = [':', '-', ' ', '"', "'", '[', ']', '{', '}', ',', '#', '\n', 'a', '|', '>', '&', '*', '!', '?'];
  const MORE = ['%', '@', '`', '\t', '\\', '1', '.', '  ', ': ', '- ', '...', '---', '\r', '\u00a0', '\ufeff'];
  const mutate = (text: string): string => {
    const i = Math.floor(rnd() * text.length);
    const lines = text.split('\n');
    const li = Math.floor(rnd() * lines.length);
    switch (Math.floor(rnd() * 10)) {
      case 0:
        return text.slice(0, i) + text.slice(i + 1);
      case 1:
      case 2:
        return text.slice(0, i) + pick([...CHARS, ...MORE]) + text.slice(i);
      case 3:
        lines.splice(li, 0, lines[li]!);
        break;
      case 4:
        lines[li] = ' '.repeat(1 + Math.floor(rnd() * 3)) + lines[li];
        break;
      case 5:
        lines[li] = lines[li]!.replace(/^ {1,2}/, '');
        break;
      case 6:
        lines.splice(li, 0, ' '.repeat(Math.floor(rnd() * 8)) + pick(['# c', '', ' ', '#', '# x: 1']));
        break;
      case 7:
        lines[li] += pick([' # c', ' ', ':', ' [a, {b: [c]}]', ' {x: [1, 2],', '  y: {z: w}}', ' [ ]', ' {}']);
        break;
      case 8: {
        const m = /^( *)([^]*)$/.exec(lines[li]!)!;
        lines[li] = m[1] + pick(['- ', '? ', '-  ', '  ']) + m[2];
        break;
      }
      default:
        if (li + 1 < lines.length) lines.splice(li, 2, `${lines[li]} ${lines[li + 1]!.trim()}`);
    }
    return lines.join('\n');
  };
  let accepted = 0;
  const bad: string[] = [];
  for (let n = 0; n < wanted; n++) {
    const f = pick(files);
    let text = readFileSync(f, 'utf8');
    for (let k = 1 + Math.floor(rnd() * 2); k > 0; k--) text = mutate(text);
    const fast = outlineYaml(text);
    if (!fast) continue;
    accepted++;
    const full = parseYaml(text);
    const problems = full.problems.filter((p) => p.yamlCode !== 'CONTROL_CHARACTER').map((p) => p.message);
    const d = treeDiff(fast, full.root);
    if (problems.length || d) bad.push(`${f} (mutant ${n}): ${problems[0] ?? d}\n${JSON.stringify(text)}`);
  }
  t.diagnostic(`${accepted} of ${wanted} mutants accepted by the scanner`);
  assert.deepEqual(bad.slice(0, 3), []);
});
