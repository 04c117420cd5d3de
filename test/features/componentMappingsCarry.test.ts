/**
 * The component-mapping rule (LM035, LM048-LM051) keeps its findings per region and takes them over
 * while the index resolves the component types to the same descriptors. A property renamed in the
 * balancer's descriptor (open in the editor) changes what the assembly's unchanged `balancer` entry
 * maps into: the next keystroke in the assembly, elsewhere, must report it as a fresh analysis does.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { ASSEMBLY, BALANCER, sessionOn } from './videoStreamer.js';

function mappingFindings(s: Session, text: string, version: number): string[] {
  const doc = s.openDocument(ASSEMBLY, text, version, true);
  return computeDiagnostics(s.context(doc))
    .filter((d) => ['LM035', 'LM048', 'LM050'].includes(String(d.code)))
    .map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character} ${d.message}`);
}

test('a descriptor changed in another file is seen by the unchanged component entries', async () => {
  const typing = await sessionOn();
  const assembly = readFileSync(ASSEMBLY, 'utf8');
  const balancer = readFileSync(BALANCER, 'utf8');
  const renamed = balancer.replace('  server_name:', '  server_label:');
  assert.notEqual(renamed, balancer);
  const before = mappingFindings(typing, assembly, 1);
  typing.openDocument(BALANCER, renamed, 1, true);
  const after = mappingFindings(typing, `${assembly} `, 2);
  const fresh = await sessionOn();
  fresh.openDocument(BALANCER, renamed, 1, true);
  assert.deepEqual(after, mappingFindings(fresh, `${assembly} `, 1));
  assert.ok(after.length > before.length, 'the renamed property is reported');
});
