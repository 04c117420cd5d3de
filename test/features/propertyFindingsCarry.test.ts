/**
 * The property rule (LM020-LM029) keeps its findings per region (features/shared/regions.ts) and
 * takes them over while the known types are the same. A data type declared at the end of the file
 * changes what an unchanged property's `type:` means: its LM022 must go, as in a fresh analysis.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { ASSEMBLY, sessionOn } from './videoStreamer.js';

function lm022(s: Session, text: string, version: number): string[] {
  const doc = s.openDocument(ASSEMBLY, text, version, true);
  return computeDiagnostics(s.context(doc))
    .filter((d) => d.code === 'LM022')
    .map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`);
}

test('a data type declared elsewhere is seen by the property findings of unchanged regions', async () => {
  const typing = await sessionOn();
  const original = readFileSync(ASSEMBLY, 'utf8');
  const typed = original.replace('  flavor:\n    type: string', '  flavor:\n    type: FlavourSpec');
  assert.notEqual(typed, original);
  const dataTypes = 'data-types:\n  FlavourSpec:\n    properties:\n      size:\n        type: string\n';
  const declared = `${typed.trimEnd()}\n${dataTypes}`;
  const steps = [typed, declared, typed, `${typed} `];
  const seen: number[] = [];
  for (const [i, text] of steps.entries()) {
    const got = lm022(typing, text, i + 1);
    assert.deepEqual(got, lm022(await sessionOn(), text, 1), `step ${i}`);
    seen.push(got.length);
  }
  assert.deepEqual(seen, [1, 0, 1, 1]);
});
