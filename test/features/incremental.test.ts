/**
 * Incremental analysis (issue 21): a keystroke's analysis takes over results of the version before
 * it (`carried` in model/document.ts: reference scans keyed by their scalar's text; component types
 * resolved once per index change). Whatever it reuses, the diagnostics must be those of a fresh
 * analysis of the same text: after every edit of a seeded random sequence on real files, the open
 * document's diagnostics (its previous version kept) equal a fresh session's.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { Rng } from '../fuzz/rng.js';
import { EXAMPLE, ASSEMBLY, sessionOn } from './videoStreamer.js';

/** Seeded integers in [0, n): the same edits every run. */
function numbers(seed: number): (n: number) => number {
  const rng = new Rng(seed);
  return (n) => rng.int(n);
}

/** Pieces typed into the file: reference syntax, quotes, block scalar headers, indentation, names. */
const PIECES = ['${', '}', '.', 'x', 'balancer', ' ', '\n', '\n  ', "'", '"', '|2\n', '>-\n', ': ', '- ', '#', '\\'];

function edit(text: string, r: (n: number) => number): string {
  // Most edits land in or next to a reference, where the carried scans matter.
  const refs = [...text.matchAll(/\$\{[^}\n]*\}?/g)];
  const near = refs.length && r(4) > 0 ? refs[r(refs.length)]! : undefined;
  const at = near ? near.index + r(near[0].length + 1) : r(text.length + 1);
  switch (r(3)) {
    case 0:
      return text.slice(0, at) + PIECES[r(PIECES.length)]! + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + r(3));
    default: {
      // Toggle the character under the edit point (a digit or a letter changes, the structure stays).
      const c = text[at] ?? '';
      const to = /\d/.test(c) ? String((Number(c) + 1) % 10) : /[a-z]/.test(c) ? c.toUpperCase() : c;
      return text.slice(0, at) + to + text.slice(at + 1);
    }
  }
}

test('incremental diagnostics equal a fresh analysis after every edit of a random sequence', async () => {
  const typing = await sessionOn();
  const original = readFileSync(ASSEMBLY, 'utf8');
  for (const seed of [1, 2, 3]) {
    const r = numbers(seed);
    let text = original;
    typing.openDocument(ASSEMBLY, text, 0, true);
    for (let i = 1; i <= 60; i++) {
      // Sometimes undo to the original (a version the one before can share most scans with).
      text = r(25) === 0 ? original : edit(text, r);
      const model = typing.openDocument(ASSEMBLY, text, i, true);
      const incremental = computeDiagnostics(typing.context(model));
      // The same text analysed afresh (nothing carried over) against the same index ...
      const alone = typing.analyse(ASSEMBLY, text, i);
      assert.equal(alone.previous, undefined);
      const where = `seed ${seed}, edit ${i}:\n${text}`;
      assert.deepEqual(incremental, computeDiagnostics(typing.context(alone)), where);
      // ... and now and then in a fresh session (nothing resolved before either).
      if (i % 30 === 0) {
        const fresh = await sessionOn();
        const again = fresh.openDocument(ASSEMBLY, text, i, false);
        assert.deepEqual(incremental, computeDiagnostics(fresh.context(again)), where);
      }
    }
  }
});

/**
 * Pieces typed anywhere in a burst: keys of the sections whose entries are regions, indentation,
 * line breaks that split an entry or join two, comments, quotes, flow brackets, anchors.
 */
const ANYWHERE = [
  ...PIECES,
  'type: ',
  'properties:\n  ',
  '  ',
  '\n\n',
  '\nx: y\n',
  '{',
  '[',
  '&a ',
  '*a',
  'required: true',
  '- ',
  '---\n',
];

/** One random edit anywhere in the text: a piece typed, a few characters deleted, a line moved left or right. */
function editAnywhere(text: string, r: (n: number) => number): string {
  const at = r(text.length + 1);
  switch (r(4)) {
    case 0:
      return text.slice(0, at) + ANYWHERE[r(ANYWHERE.length)]! + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + r(6));
    case 2: {
      // Indent or dedent the line the edit point is on (an entry moves into or out of its section).
      const ls = text.lastIndexOf('\n', at - 1) + 1;
      return text.startsWith('  ', ls) && r(2)
        ? text.slice(0, ls) + text.slice(ls + 2)
        : `${text.slice(0, ls)}  ${text.slice(ls)}`;
    }
    default:
      return edit(text, r);
  }
}

/**
 * After every burst of random edits (each one opened as the next version, as typing does), the open
 * document's diagnostics equal a fresh analysis of the same text: whatever a version took over from
 * the one before it (regions, scans, resolved types), the result is a fresh analysis's.
 */
async function burstsEqualFresh(
  root: string,
  file: string,
  original: string,
  seeds: number[],
  bursts: number,
): Promise<void> {
  const typing = new Session();
  typing.index.addRoot(root);
  await typing.index.build();
  let version = 0;
  for (const seed of seeds) {
    const r = numbers(seed);
    let text = original;
    typing.openDocument(file, text, ++version, true);
    for (let b = 1; b <= bursts; b++) {
      if (r(10) === 0) text = original;
      const n = 1 + r(4);
      let model = typing.openDocument(file, text, ++version, true);
      for (let i = 0; i < n; i++) {
        text = r(3) === 0 ? edit(text, r) : editAnywhere(text, r);
        model = typing.openDocument(file, text, ++version, true);
        // Diagnostics of intermediate versions too, now and then, as a server computes them when typing pauses.
        if (r(3) === 0) computeDiagnostics(typing.context(model));
      }
      const incremental = computeDiagnostics(typing.context(model));
      const alone = typing.analyse(file, text, version);
      assert.deepEqual(incremental, computeDiagnostics(typing.context(alone)), `seed ${seed}, burst ${b}:\n${text}`);
    }
    // Back to the file's own text, so the next seed starts from the same index.
    typing.openDocument(file, original, ++version, true);
  }
}

test('after every burst of edits anywhere in an assembly, its diagnostics equal a fresh analysis', async () => {
  await burstsEqualFresh(EXAMPLE, ASSEMBLY, readFileSync(ASSEMBLY, 'utf8'), [11, 12, 13], 60);
});

const TOSCA_ROOT = fileURLToPath(new URL('../fixtures/realworld/ariatosca', import.meta.url));
const TOSCA_TEMPLATE = `${TOSCA_ROOT}/multi-tier-1/multi-tier-1.yaml`;

test('after every burst of edits anywhere in a TOSCA template, its diagnostics equal a fresh analysis', async () => {
  // Its anchors make the outline scanner give up: the full parse (and its recovery on errors) is tested here.
  const text = readFileSync(TOSCA_TEMPLATE, 'utf8');
  await burstsEqualFresh(TOSCA_ROOT, TOSCA_TEMPLATE, text, [21, 22], 30);
  // The same template without its anchors and aliases (the aliased mappings written out), so the
  // outline scanner builds the tree of most versions.
  const plain = text
    .replace(/ &\w+$/gm, '')
    .replace(/\*host_capabilities/g, '{ disk_size: 10 GB, num_cpus: 2, mem_size: 4096 MB }')
    .replace(/\*os_capabilities/g, '{ architecture: x86_64, type: Linux, distribution: Ubuntu }');
  assert.ok(!/[&*]host_capabilities/.test(plain));
  await burstsEqualFresh(TOSCA_ROOT, TOSCA_TEMPLATE, plain, [23, 24], 30);
});

test('an open document keeps only the version before it, never a chain', async () => {
  const s = await sessionOn();
  const text = readFileSync(ASSEMBLY, 'utf8');
  const a = s.openDocument(ASSEMBLY, text, 1, true);
  computeDiagnostics(s.context(a));
  const b = s.openDocument(ASSEMBLY, `${text}\n`, 2, true);
  computeDiagnostics(s.context(b));
  const c = s.openDocument(ASSEMBLY, `${text}\n\n`, 3, true);
  assert.equal(c.previous, b);
  assert.equal(b.previous, undefined);
  assert.equal(a.previous, undefined);
  // Versions nobody checked (typing before the debounce ran out) are skipped: the next one keeps the
  // last version that has results to take over, still one step deep.
  computeDiagnostics(s.context(c));
  const d = s.openDocument(ASSEMBLY, `${text}\n\n\n`, 4, true);
  const e = s.openDocument(ASSEMBLY, `${text}\n\n\n\n`, 5, true);
  assert.equal(e.previous, c);
  assert.equal(c.previous, undefined);
  assert.equal(d.previous, undefined);
});
