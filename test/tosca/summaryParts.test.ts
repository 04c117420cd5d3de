/**
 * A TOSCA summary made with the parts of the version before (`SummaryParts`, model/tosca/summary.ts) is the summary
 * of the whole new tree: over seeded edits of real 1.3 and 2.0 files typed one after the other, as the editor's
 * session analyses them (the outline of the edit, then the summary). The parts taken over are counted too: a typing
 * session must actually take over the type declarations and node templates the edit is not in.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyseDocument, type DocumentModel } from '../../server/src/model/document.js';
import type { ToscaSummary } from '../../server/src/model/tosca/summary.js';
import { Rng } from '../fuzz/rng.js';

const FILES = [
  '../fixtures/realworld/tacker/legacy_vnfd/tosca-vnfd-scale.yaml',
  '../fixtures/realworld/heat-translator/etsi_nfv/tosca_nfv_vdu_affinity_with_unsupported_scope.yaml',
  '../../../shared/corpus/tosca/tliron__go-puccini/examples/2.0/requirements-and-capabilities.yaml',
].map((f) => fileURLToPath(new URL(f, import.meta.url)));

/** What gets typed: structure and words, mostly digits and letters changed in place (as the bench's keystrokes). */
const PIECES = ['x', '1', ' ', '\n', '\n    ', ': ', '- ', '#', "'", '{', '}', '[', ']', 'key: value', '\t'];

/** A seeded edit; `typing`: only letters and digits typed or changed in place, as in a value being written. */
function edit(text: string, rng: Rng, typing: boolean): string {
  let at = rng.int(text.length + 1);
  while (typing && !/\w/.test(text[at] ?? '')) at = rng.int(text.length);
  switch (typing ? 2 + rng.int(3) : rng.int(4)) {
    case 0:
      return text.slice(0, at) + rng.pick(PIECES) + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + rng.int(3));
    case 4:
      return text.slice(0, at) + rng.pick(['x', '1', 'Ab']) + text.slice(at);
    default: {
      const c = text[at] ?? '';
      const to = /\d/.test(c) ? String((Number(c) + 1) % 10) : /[a-z]/.test(c) ? c.toUpperCase() : c;
      return text.slice(0, at) + to + text.slice(at + 1);
    }
  }
}

/** The summary's parts: every type declaration and node template object. */
function partsOf(s: ToscaSummary): object[] {
  return [...s.types, ...(s.topology?.nodeTemplates ?? [])];
}

/**
 * Seeded edits of each file typed one after the other: every summary equals the fresh one. Returns how many type
 * declarations and node templates were taken over from the version before and how many were made again.
 */
function typed(typing: boolean): { taken: number; made: number; versions: number } {
  let taken = 0;
  let made = 0;
  let versions = 0;
  for (const file of FILES) {
    const original = readFileSync(file, 'utf8');
    for (let seed = 1; seed <= 2; seed++) {
      const rng = new Rng(seed * 7919 + file.length + (typing ? 1 : 0));
      let text = original;
      let before: DocumentModel = analyseDocument(file, text, 0, { outlineFirst: true, keepParts: true });
      for (let i = 1; i <= 70; i++) {
        text = rng.int(25) === 0 ? original : edit(text, rng, typing);
        const model = analyseDocument(file, text, i, { outlineFirst: true, keepParts: true, previous: before });
        const fresh = analyseDocument(file, text, i, { outlineFirst: true });
        assert.deepEqual(model.summary, fresh.summary, `${file}, seed ${seed}, edit ${i}:\n${text}`);
        if (model.kind === 'tosca' && before.kind === 'tosca') {
          const old = new Set(partsOf(before.summary as ToscaSummary));
          for (const p of partsOf(model.summary as ToscaSummary)) {
            if (old.has(p)) taken++;
            else made++;
          }
          versions++;
        }
        before = model;
      }
    }
  }
  return { taken, made, versions };
}

test('a TOSCA summary that takes parts over from the version before equals the summary of the whole tree', () => {
  // Structure typed anywhere (colons, dashes, line breaks, tabs): a broken text is read whole, and so is the next.
  const anywhere = typed(false);
  assert.ok(anywhere.versions > 300 && anywhere.taken > 0, JSON.stringify(anywhere));
  // Values typed: an edit inside one template or type takes the others over (those after it only when the text kept
  // its length: else they are moved copies, made again); one in a top-level value (the version, a description, an
  // import) reads the file whole. In these small files that leaves about two parts in three taken over.
  const values = typed(true);
  assert.ok(values.versions > 300 && values.taken > 1.5 * values.made, JSON.stringify(values));
});

test('a summary takes over nothing without the parts of the version before', () => {
  const file = FILES[0]!;
  const text = readFileSync(file, 'utf8');
  const first = analyseDocument(file, text, 1, { outlineFirst: true });
  assert.equal(first.summaryParts, undefined, 'a file read once keeps no parts');
  const kept = analyseDocument(file, text, 1, { outlineFirst: true, keepParts: true });
  assert.ok(kept.summaryParts && kept.summaryParts.size > 0);
  const edited = text.replace(/min_instances: (\d)/, (_m, d: string) => `min_instances: ${(Number(d) + 1) % 10}`);
  assert.notEqual(edited, text);
  const next = analyseDocument(file, edited, 2, { outlineFirst: true, keepParts: true, previous: kept });
  const old = new Set(partsOf(kept.summary as ToscaSummary));
  const parts = partsOf(next.summary as ToscaSummary);
  // The edited policy is no part; every type and node template is taken over.
  assert.ok(parts.length > 0 && parts.every((p) => old.has(p)), 'all parts taken over');
});
