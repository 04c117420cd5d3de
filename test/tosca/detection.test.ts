/**
 * Files that are TOSCA in shape but lack or misspell `tosca_definitions_version` are recognised by
 * their content (model/kinds.ts) and told what is missing (TOSCA001); version-less type fragments
 * imported by a versioned template are read in its version, with a warning.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify } from '../../server/src/model/kinds.js';
import { checkTosca, messageOf, severityOf } from './support.js';

test('content detection: misspelt version key, topology_template, type sections naming tosca. types', () => {
  assert.equal(classify('/a.yaml', 'tosca_definitions_versions: tosca_simple_yaml_1_0\n'), 'tosca');
  assert.equal(classify('/a.yaml', 'description: x\ntopology_template:\n  node_templates: {}\n'), 'tosca');
  assert.equal(classify('/a.yaml', 'node_types:\n  my.A:\n    derived_from: tosca.nodes.Root\n'), 'tosca');
  // Only service-template keynames, and the text says it is TOSCA (tosca-parser's and OASIS's must-fail files).
  assert.equal(classify('/a.yaml', 'description: >\n  TOSCA simple profile missing version section.\n'), 'tosca');
  // Not TOSCA: other formats with similar sections, plain YAML, a comment mentioning TOSCA.
  assert.equal(
    classify('/a.yaml', 'plugins:\n  p: {}\nnode_types:\n  x:\n    derived_from: cloudify.nodes.Root\n'),
    'other',
  );
  assert.equal(classify('/a.yaml', 'heat_template_version: 2015-04-30\nresources: {}\n'), 'other');
  assert.equal(classify('/a.yaml', '# a TOSCA helper\ndescription: build settings\n'), 'other');
  assert.equal(classify('/a.yaml', 'description: TOSCA things\njobs: []\n'), 'other');
});

test('TOSCA001: a misspelt version key is pointed out once, with the fix', async () => {
  const d = await checkTosca(`
tosca_definitions_versions: tosca_simple_yaml_1_0
#^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA001
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
`);
  assert.match(messageOf(d, 'TOSCA001'), /misspelling/);
  assert.deepEqual(d[0]!.data?.fixes, [{ fix: 'replace', replaceWith: 'tosca_definitions_version' }]);
});

test('TOSCA001: topology_template with no version is an error that says what to add', async () => {
  const d = await checkTosca(`
topology_template:
#^^^^^^^^^^^^^^^^ TOSCA001
  node_templates:
    server:
      type: tosca.nodes.Compute
`);
  assert.equal(severityOf(d, 'TOSCA001'), 'error');
  assert.match(messageOf(d, 'TOSCA001'), /tosca_definitions_version: tosca_simple_yaml_1_3/);
});

test('TOSCA001: a version-less type fragment imported by a template is read in its version (a warning)', async () => {
  const d = await checkTosca(`#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_0
imports:
  - types.yaml
topology_template:
  node_templates:
    app:
      type: my.nodes.App
#- /ws/types.yaml
node_types:
#^^^^^^^^^ TOSCA001
  my.nodes.App:
    derived_from: tosca.nodes.SoftwareComponent
`);
  assert.equal(severityOf(d, 'TOSCA001'), 'warning');
  assert.match(messageOf(d, 'TOSCA001'), /tosca_simple_yaml_1_0/);
});
