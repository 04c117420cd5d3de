/**
 * The duplicate-key rule (LM009, TOSCA005) keeps the findings inside each region and takes them over while the
 * region's text and the line it starts on are the same. Its message names the line of the first key, so a line
 * added above an unchanged entry must renumber it, as a fresh analysis does; a duplicate typed as a new sibling of
 * an unchanged entry (a key compared outside the regions) must be reported too.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { ASSEMBLY, EXAMPLE } from './videoStreamer.js';

const TOSCA_ROOT = fileURLToPath(new URL('../fixtures/realworld/ariatosca', import.meta.url));
const TOSCA_TEMPLATE = `${TOSCA_ROOT}/multi-tier-1/multi-tier-1.yaml`;

async function sessionOn(root: string): Promise<Session> {
  const s = new Session();
  s.index.addRoot(root);
  await s.index.build();
  return s;
}

/** Each text typed in turn into `file`: its duplicate-key findings against a fresh analysis's, per version. */
async function typedAgainstFresh(root: string, file: string, code: string, texts: string[]): Promise<string[][]> {
  const typing = await sessionOn(root);
  const fresh = await sessionOn(root);
  const pick = (s: Session, doc: Parameters<Session['context']>[0]) =>
    computeDiagnostics(s.context(doc))
      .filter((d) => d.code === code)
      .map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`);
  return texts.map((text, i) => {
    const got = pick(typing, typing.openDocument(file, text, i + 1, true));
    assert.deepEqual(got, pick(fresh, fresh.analyse(file, text, i + 1)), `version ${i + 1}`);
    return got;
  });
}

test('LM009: an unchanged entry below an added line names the moved line', async () => {
  const assembly = readFileSync(ASSEMBLY, 'utf8');
  const type = '    type: $lmctl:/contains:/network:/descriptor_name\n';
  const twice = assembly.replace(`  network:\n${type}`, `  network:\n${type}${type}`);
  assert.notEqual(twice, assembly);
  // A line added in the description, far above; then a character typed on the same line (nothing moves).
  const added = twice.replace('description: >-\n', 'description: >-\n  More.\n');
  const typed = added.replace('  More.\n', '  Moore.\n');
  const seen = await typedAgainstFresh(EXAMPLE, ASSEMBLY, 'LM009', [twice, added, typed]);
  assert.equal(seen[0]!.length, 1);
  assert.notDeepEqual(seen[1], seen[0]);
  assert.deepEqual(seen[2], seen[1]);
  // A second `network` component typed after the last one: compared outside the regions.
  const sibling = typed.replace('\nrelationships:', '  network:\n    type: x\n\nrelationships:');
  assert.notEqual(sibling, typed);
  const [, again] = await typedAgainstFresh(EXAMPLE, ASSEMBLY, 'LM009', [typed, sibling]);
  assert.equal(again!.length, 2, again!.join('\n'));
});

test('TOSCA005: an unchanged node template below an added line names the moved line', async () => {
  const template = readFileSync(TOSCA_TEMPLATE, 'utf8');
  // Inside the `node_templates` entry of `topology_template` (a region).
  const type = '      type: tosca.nodes.WebApplication.PayPalPizzaStore\n';
  const twice = template.replace(type, `${type}${type}`);
  assert.notEqual(twice, template);
  const added = twice.replace('description: >-\n', 'description: >-\n  More.\n');
  const seen = await typedAgainstFresh(TOSCA_ROOT, TOSCA_TEMPLATE, 'TOSCA005', [twice, added, `${added}\n`]);
  assert.equal(seen[0]!.length, 1);
  assert.notDeepEqual(seen[1], seen[0]);
  assert.deepEqual(seen[2], seen[1]);
});
