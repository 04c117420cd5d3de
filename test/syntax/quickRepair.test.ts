/**
 * An open document's broken text (`verifyLater`, model/document.ts): the parser reads it once, and the text repaired
 * after its error is read by the outline scanner where it can (syntax/recover.ts `QuickReader`). Over seeded broken
 * edits of real LM and TOSCA files, that model equals the one the parser alone builds (problems, damaged regions,
 * tree, summary), and is left unchecked for the full check that follows once typing pauses.
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
    const rng = new Rng(original.length);
    for (let i = 0; i < 40; i++) {
      const at = rng.int(original.length + 1);
      const text = original.slice(0, at) + rng.pick(BREAKS) + original.slice(at);
      const exact = analyseDocument(file, text, 1, { outlineFirst: true });
      const open = analyseDocument(file, text, 1, { outlineFirst: true, verifyLater: true });
      const what = `${file}, edit ${i} at ${at}`;
      assert.deepEqual(open.problems, exact.problems, what);
      assert.deepEqual(open.damaged, exact.damaged, what);
      assert.deepEqual(open.root, exact.root, what);
      assert.deepEqual(open.summary, exact.summary, what);
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
