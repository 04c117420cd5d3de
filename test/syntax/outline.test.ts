import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { outlineYaml } from '../../server/src/syntax/outline.js';
import { treeDiff } from '../support/treeCompare.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const corpus = join(repo, '..', 'shared', 'corpus');

function yamlFiles(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) yamlFiles(p, out);
    else if (/\.ya?ml$/.test(n) && statSync(p).size < 2_000_000) out.push(p);
  }
  return out;
}

test('the outline scanner builds the same tree as the full parser (corpus and examples)', (t) => {
  const roots = [join(repo, 'examples')];
  if (existsSync(corpus)) roots.push(corpus);
  else t.diagnostic('shared corpus missing: only examples/ checked');
  let same = 0;
  let bailed = 0;
  const lmBails: string[] = [];
  for (const f of roots.flatMap((r) => yamlFiles(r))) {
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
    'a: &x 1\nb: *x\n',
    'a: !tag 1\n',
    '--- \na: 1\n---\nb: 2\n',
    'a:\n\t- 1\n',
    'a: [1,\n  2]\n',
    'a: "x\\ty"\n',
    '? a\n: b\n',
  ]) {
    assert.equal(outlineYaml(src), null, JSON.stringify(src));
  }
});

test('outline scalars resolve like the YAML 1.2 core schema', () => {
  const src = "a: 1.0\nb: '1.0'\nc: true\nd: ~\ne: 0x1F\nf: text\ng:\n";
  assert.equal(treeDiff(outlineYaml(src), parseYaml(src).root), null);
});
