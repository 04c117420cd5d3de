/**
 * TOSCA051 on `vnfm_info: [Tacker]`: clean when the VNF type redefines vnfm_info as Tacker's samples do (the
 * helloworld3 package, unmodified: test/fixtures/nfv/SOURCES.md), an error saying why when it does not
 * (SOL001's pattern applies; tosca-parser, and so Tacker, refuses it too).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkTosca, messageOf, severityOf } from './support.js';

const DIR = fileURLToPath(new URL('../fixtures/nfv/tacker-vnfd/Definitions/', import.meta.url));
const read = (f: string) => readFileSync(DIR + f, 'utf8');
const IGNORE = ['TOSCA037', 'TOSCA064', 'TOSCA103', 'TOSCA340'];

test("TOSCA051: Tacker's top-level VNFD with its VNF type's vnfm_info redefinition is clean", async () => {
  const diags = await checkTosca(
    ['helloworld3_types.yaml', 'helloworld3_df_simple.yaml', 'helloworld3_top.vnfd.yaml']
      .map((f) => `#- /ws/Definitions/${f}\n${read(f)}`)
      .join(''),
    { ignore: IGNORE },
  );
  assert.equal(severityOf(diags, 'TOSCA051'), undefined);
});

test('TOSCA051: `Tacker` without the redefinition is an error that says why and what to do', async () => {
  const types = read('helloworld3_types.yaml').replace(/\n {6}vnfm_info:\n(?: {8}.*\n)+/, '\n');
  assert.ok(!types.includes('vnfm_info'));
  const top = read('helloworld3_top.vnfd.yaml');
  const line = top.split('\n').findIndex((l) => l.trim() === '- Tacker');
  const marked = top
    .split('\n')
    .flatMap((l, i) => (i === line ? [l, `#${' '.repeat(l.indexOf('T') - 1)}^^^^^^ TOSCA051`] : [l]))
    .join('\n');
  const diags = await checkTosca(
    `#- /ws/Definitions/helloworld3_types.yaml\n${types}` +
      `#- /ws/Definitions/helloworld3_df_simple.yaml\n${read('helloworld3_df_simple.yaml')}` +
      `#- /ws/Definitions/helloworld3_top.vnfd.yaml\n${marked}`,
    { ignore: IGNORE },
  );
  assert.equal(severityOf(diags, 'TOSCA051'), 'error');
  assert.match(messageOf(diags, 'TOSCA051'), /redefine `vnfm_info`.*tosca-parser, and so Tacker, refuses/);
});
