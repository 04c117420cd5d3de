/**
 * A text that is not YAML as written lists at most MAX_LISTED_SYNTAX_ERRORS YAML errors, then one that counts the
 * rest (LM000 and TOSCA000 alike); a file with fewer lists them all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnosticsOf } from '../support/features.js';
import { MAX_LISTED_SYNTAX_ERRORS } from '../../server/src/features/shared/syntaxCap.js';

/** A whole template on one line with its line breaks escaped, as a generator wrote it: an error every few words. */
const oneLine = (n: number) =>
  'tosca_definitions_version: tosca_simple_yaml_1_3\\ntopology_template:\\n' +
  Array.from({ length: n }, (_, i) => `  node_templates:\\n    n${i}: {type: a: b}`).join('\\n');

test('syntax errors: the first ones listed, then how many more', async () => {
  const diags = await diagnosticsOf(`#- /ws/service.yaml\n${oneLine(60)}\n`);
  const syntax = diags.filter((d) => d.code === 'TOSCA000');
  assert.equal(syntax.length, MAX_LISTED_SYNTAX_ERRORS + 1, JSON.stringify(syntax.map((d) => d.message)));
  const last = syntax[syntax.length - 1]!;
  assert.match(last.message, /^YAML: \d+ more errors from here on are not listed \(the first 30 are\)/);
  assert.equal(last.severity, 'error');
  // Listed in order: the count sits after the last listed error.
  assert.ok(last.range.start.character > syntax[syntax.length - 2]!.range.start.character);
  // An LM descriptor too.
  const lm = await diagnosticsOf(
    `#- /ws/Descriptor/assembly.yml\n${Array.from({ length: 40 }, (_, i) => `k${i}: a: b`).join('\n')}\n`,
  );
  const lm0 = lm.filter((d) => d.code === 'LM000');
  assert.equal(lm0.length, MAX_LISTED_SYNTAX_ERRORS + 1, JSON.stringify(lm0.map((d) => d.message)));
  assert.match(lm0[lm0.length - 1]!.message, /more errors? from here on/);
  // A few errors are all listed, without the count.
  const few = (await diagnosticsOf(`#- /ws/service.yaml\n${oneLine(2)}\n`)).filter((d) => d.code === 'TOSCA000');
  assert.ok(few.length > 1 && few.length <= MAX_LISTED_SYNTAX_ERRORS, String(few.length));
  assert.ok(few.every((d) => !/not listed/.test(d.message)));
});
