/**
 * The relationship rule (LM060-LM067, LM070) keeps its findings per region: each relationship's states, modifiers
 * and transitions, and the `<component>.<member>` items of each relationship, published operation, metric and
 * policy, taken over while the region's text, the components (names, sections, types) and the index's resolution
 * generation are the same. After every keystroke of seeded edits in and around those sections the open document's
 * diagnostics must equal a fresh analysis of the same text; a component renamed elsewhere in the file, or a
 * requirement renamed in the balancer's open descriptor, must reach the unchanged relationship entries.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { Rng } from '../fuzz/rng.js';
import { ASSEMBLY, BALANCER, sessionOn } from './videoStreamer.js';

const RELATIONSHIP_CODES = ['LM060', 'LM061', 'LM062', 'LM063', 'LM064', 'LM065', 'LM066', 'LM067', 'LM070'];

/** Text typed into the relationships and the sections after them: names, states, members, keys, anchors. */
const PIECES = [
  'balancer',
  'streamer',
  'storage',
  'source',
  'target',
  '.',
  'x',
  'Active',
  'pre',
  'Create',
  '\n  rel-x:\n    source-state: Active\n',
  '\n    - balancer.Nope',
  'target-state: ',
  ': ',
  '- ',
  '\n',
  '  ',
  '#',
  '&a ',
  '*a',
];

function edit(text: string, r: (n: number) => number): string {
  // Most edits land in the relationships and below (operations, metrics, policies); some anywhere.
  const from = r(4) > 0 ? text.indexOf('\nrelationships:') : 0;
  const at = from + r(text.length - from + 1);
  switch (r(4)) {
    case 0:
    case 1:
      return text.slice(0, at) + PIECES[r(PIECES.length)]! + text.slice(at);
    case 2:
      return text.slice(0, at) + text.slice(at + 1 + r(4));
    default: {
      const c = text[at] ?? '';
      const to = /[a-z]/.test(c) ? c.toUpperCase() : /[A-Z]/.test(c) ? c.toLowerCase() : c;
      return text.slice(0, at) + to + text.slice(at + 1);
    }
  }
}

test('the relationship findings taken over per region equal a fresh analysis after every edit', async () => {
  const typing = await sessionOn();
  const original = readFileSync(ASSEMBLY, 'utf8');
  let compared = 0;
  for (const seed of [11, 12, 13, 14]) {
    const rng = new Rng(seed);
    const r = (n: number) => rng.int(n);
    let text = original;
    typing.openDocument(ASSEMBLY, text, 0, true);
    for (let i = 1; i <= 50; i++) {
      text = r(20) === 0 ? original : edit(text, r);
      const incremental = computeDiagnostics(typing.context(typing.openDocument(ASSEMBLY, text, i, true)));
      const alone = typing.analyse(ASSEMBLY, text, i);
      assert.equal(alone.previous, undefined);
      assert.deepEqual(incremental, computeDiagnostics(typing.context(alone)), `seed ${seed}, edit ${i}:\n${text}`);
      if (incremental.some((d) => RELATIONSHIP_CODES.includes(String(d.code)))) compared++;
    }
  }
  // The edits must reach the rule's findings, not only leave them empty.
  assert.ok(compared > 40, `versions with relationship findings: ${compared}`);
});

function relationshipFindings(s: Session, text: string, version: number): string[] {
  const doc = s.openDocument(ASSEMBLY, text, version, true);
  return computeDiagnostics(s.context(doc))
    .filter((d) => RELATIONSHIP_CODES.includes(String(d.code)))
    .map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character} ${d.message}`);
}

test('a component renamed elsewhere in the file reaches the unchanged relationship entries', async () => {
  const typing = await sessionOn();
  const assembly = readFileSync(ASSEMBLY, 'utf8');
  const before = relationshipFindings(typing, assembly, 1);
  assert.deepEqual(before, []);
  // The `storage` component's key (under `composition`, far above the relationships) renamed.
  const renamed = assembly.replace(/^ {2}storage:/m, '  storage2:');
  assert.notEqual(renamed, assembly);
  const after = relationshipFindings(typing, renamed, 2);
  const fresh = await sessionOn();
  assert.deepEqual(after, relationshipFindings(fresh, renamed, 1));
  assert.ok(
    after.some((f) => f.startsWith('LM060') && f.includes('`storage` is not a component')),
    after.join('\n'),
  );
});

test('a requirement renamed in an open descriptor reaches the unchanged relationship entries', async () => {
  const typing = await sessionOn();
  const assembly = readFileSync(ASSEMBLY, 'utf8');
  const balancer = readFileSync(BALANCER, 'utf8');
  const renamed = balancer.replace('  HttpBackend:', '  HttpUpstream:');
  assert.notEqual(renamed, balancer);
  assert.deepEqual(relationshipFindings(typing, assembly, 1), []);
  typing.openDocument(BALANCER, renamed, 1, true);
  // A keystroke at the end of the assembly, far from the relationship that names the requirement.
  const after = relationshipFindings(typing, `${assembly} `, 2);
  const fresh = await sessionOn();
  fresh.openDocument(BALANCER, renamed, 1, true);
  assert.deepEqual(after, relationshipFindings(fresh, `${assembly} `, 1));
  assert.ok(
    after.some((f) => f.startsWith('LM062') && f.includes('HttpBackend')),
    after.join('\n'),
  );
});

/** Types `edits` one after another into the assembly; each version's relationship findings against a fresh one's. */
async function typedAgainstFresh(texts: string[]): Promise<string[][]> {
  const typing = await sessionOn();
  const fresh = await sessionOn();
  const seen: string[][] = [];
  texts.forEach((text, i) => {
    const got = relationshipFindings(typing, text, i + 1);
    const want = computeDiagnostics(fresh.context(fresh.analyse(ASSEMBLY, text, i + 1)))
      .filter((d) => RELATIONSHIP_CODES.includes(String(d.code)))
      .map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character} ${d.message}`);
    assert.deepEqual(got, want, `version ${i + 1}`);
    seen.push(got);
  });
  return seen;
}

test('relationship names written twice: the states of the last entry are checked for both', async () => {
  const assembly = readFileSync(ASSEMBLY, 'utf8');
  // A second `balance-streamers` without `target-state`: both entries report it (at the first one's key).
  const twice = assembly.replace('\noperations:', '  balance-streamers:\n    source-state: Active\n\noperations:');
  assert.notEqual(twice, assembly);
  const fixed = twice.replace(
    '  balance-streamers:\n    source-state: Active\n',
    '  balance-streamers:\n    source-state: Active\n    target-state: Active\n',
  );
  const seen = await typedAgainstFresh([twice, fixed]);
  assert.equal(seen[0]!.filter((f) => f.startsWith('LM063')).length, 2, seen[0]!.join('\n'));
  assert.deepEqual(
    seen[1]!.filter((f) => f.startsWith('LM063')),
    [],
  );
});

test('an item that is an alias of an anchor in another entry is checked where the alias is', async () => {
  const assembly = readFileSync(ASSEMBLY, 'utf8');
  const anchored = assembly
    .replace('    - balancer.HttpBackend\n', '    - &backend balancer.HttpBackend\n')
    .replace('    - streamer.NfsMount\n', '    - *backend\n');
  assert.notEqual(anchored, assembly);
  // The alias typed again as a source capability: `HttpBackend` is a requirement of the balancer, not a capability.
  const moved = anchored.replace('    - storage.NfsExport\n', '    - *backend\n');
  assert.notEqual(moved, anchored);
  const seen = await typedAgainstFresh([anchored, moved]);
  assert.equal(seen[1]!.filter((f) => f.startsWith('LM062')).length, 1, seen[1]!.join('\n'));
});

test('relationship names written twice among many relationships (the uniqueness check of long lists)', async () => {
  const assembly = readFileSync(ASSEMBLY, 'utf8');
  let many = '';
  for (let i = 0; i < 40; i++) many += `  generated-${i}:\n    source-state: Active\n    target-state: Active\n`;
  const twice = assembly.replace('\noperations:', `${many}  generated-7:\n    source-state: Active\n\noperations:`);
  const fixed = twice.replace(
    '  generated-7:\n    source-state: Active\n\n',
    '  generated-7:\n    source-state: Active\n    target-state: Active\n\n',
  );
  const seen = await typedAgainstFresh([twice, fixed]);
  assert.equal(seen[0]!.filter((f) => f.startsWith('LM063')).length, 2, seen[0]!.join('\n'));
  assert.deepEqual(
    seen[1]!.filter((f) => f.startsWith('LM063')),
    [],
  );
});
