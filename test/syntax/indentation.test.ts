/**
 * Indentation slips (syntax/indentation.ts): one finding in our words, on the key that is out of
 * place, instead of the parser's two generic messages on the value above or a range that starts in
 * the leading whitespace. Both packs report them (LM000, TOSCA000).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDiagnostics } from '../support/features.js';
import { checkTosca } from '../tosca/support.js';
import { parseYaml } from '../../server/src/syntax/parse.js';

const RES = '#- /ws/x/Definitions/lm/resource.yaml\n';

test('a key indented under a key that already has a value: one LM000 on that key', async () => {
  const diags = await checkDiagnostics(
    `${RES}properties:
  a:
    type: string
      default: x
#     ^^^^^^^ LM000
`,
  );
  // Only the syntax finding: the shapes of the tree the parser had to guess are not reported again (LM008).
  assert.equal(diags.length, 1);
  assert.equal(
    diags[0]!.message,
    'YAML: Indentation: `default` is indented under `type`, which already has a value (`string`), so YAML cannot ' +
      'read it as a key. Align `default` with `type` (column 5), or indent it less to put it in an enclosing ' +
      'mapping.',
  );
  assert.doesNotMatch(diags[0]!.message, /compact mappings|single line/);
});

test('a key under a list item that is a single value', async () => {
  const diags = await checkDiagnostics(
    `#- /ws/Descriptor/assembly.yml
relationships:
  r:
    lifecycle:
      Create:
      - balancer.Add
       properties: x
#      ^^^^^^^^^^ LM000
`,
    { ignore: ['LM060', 'LM061', 'LM063', 'LM066'] },
  );
  assert.match(diags[0]!.message, /under the list item `balancer\.Add`, which is a single value/);
});

test('a key aligned with no mapping: on the key, not on the leading whitespace, with the columns around', async () => {
  const diags = await checkDiagnostics(
    `${RES}properties:
  a:
    type: x
   default: y
#  ^^^^^^^ LM000
`,
    { ignore: ['LM022'] },
  );
  assert.match(
    diags[0]!.message,
    /^YAML: Indentation: `default` starts at column 4, where no mapping around it has its keys \(`type` at column 5, `a` at column 3, `properties` at column 1\)/,
  );
  // After a quoted value the deeper key is explained like the plain case.
  const quoted = parseYaml(`a:\n  type: 'string'\n    default: x\n`).problems;
  assert.equal(quoted.length, 1);
  assert.match(quoted[0]!.message, /`default` is indented under `type`, which already has a value \(`'string'`\)/);
});

test('TOSCA files get the same wording (TOSCA000)', async () => {
  const diags = await checkTosca(
    `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    web:
      type: tosca.nodes.WebServer
        properties: {}
#       ^^^^^^^^^^ TOSCA000
`,
    { ignore: ['TOSCA037', 'TOSCA064'] },
  );
  assert.match(diags.find((d) => d.code === 'TOSCA000')!.message, /`properties` is indented under `type`/);
});
