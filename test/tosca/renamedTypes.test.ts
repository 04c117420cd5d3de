/**
 * Simple Profile 1.0's storage type names in a later file (the 1.1 and 1.2 texts still write them; tosca-parser knows
 * only them): read as the renamed types, a TOSCA030 warning with the fix, and what derives from them keeps their
 * properties. In a 1.0 file they are the types themselves.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf, severityOf } from './support.js';

test('tosca.nodes.BlockStorage in a 1.3 file: the renamed type, with a warning', async () => {
  const diags = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Volume:
    derived_from: tosca.nodes.BlockStorage
#                 ^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA030
topology_template:
  node_templates:
    vol:
      type: my.Volume
      properties:
        name: vol
        size: 10 GB
    bucket:
      type: tosca.nodes.ObjectStorage
#           ^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA030
      properties:
        name: data
`);
  assert.equal(severityOf(diags, 'TOSCA030'), 'warning');
  assert.match(messageOf(diags, 'TOSCA030'), /renamed in 1\.1.*Write `tosca\.nodes\.Storage\.BlockStorage`/);
  assert.deepEqual(diags.find((d) => d.code === 'TOSCA030')?.data?.fixes, [
    { fix: 'replace', replaceWith: 'tosca.nodes.Storage.BlockStorage' },
  ]);
  // In 1.0 it is the type's own name.
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_0
topology_template:
  node_templates:
    vol:
      type: tosca.nodes.BlockStorage
      properties:
        size: 10 GB
`);
});
