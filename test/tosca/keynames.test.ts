/** TOSCA010 unknown keynames (did you mean), TOSCA011 missing required keynames, TOSCA012 wrong shapes. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf, severityOf } from './support.js';

test('TOSCA010: misspelt keynames at every level, with did-you-mean', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
descriptions: x
#^^^^^^^^^^^ TOSCA010
node_typess: {}
#^^^^^^^^^^ TOSCA010
topology_template:
  node_template: {}
# ^^^^^^^^^^^^^ TOSCA010
`);
  assert.match(messageOf(d, 'TOSCA010'), /did you mean `description`/);
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    capabilities1: {}
#   ^^^^^^^^^^^^^ TOSCA010
topology_template:
  node_templates:
    n:
      type: my.Node
      requirement: []
#     ^^^^^^^^^^^ TOSCA010
      properties: {}
`);
});

test('TOSCA010: corrected keynames are clean; interface types and interfaces accept operation names', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_0
interface_types:
  my.Interface:
    derived_from: tosca.interfaces.Root
    do_something:
      description: an operation written the 1.0 way
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    interfaces:
      Mine:
        type: my.Interface
        do_something: scripts/do.sh
topology_template:
  node_templates:
    n:
      type: my.Node
      interfaces:
        Mine:
          do_something: scripts/other.sh
`);
});

test('TOSCA011: required keynames (template type, repository url, import file)', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
repositories:
  repo:
# ^^^^ TOSCA011
    description: no url
imports:
  - name_only:
#   ^^^^^^^^^ TOSCA011
      namespace_prefix: x
topology_template:
  node_templates:
    n:
#   ^ TOSCA011
      description: no type
`);
  // A template that copies another one needs no type.
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    a:
      type: tosca.nodes.Compute
    b:
      copy: a
`);
});

test('TOSCA012: wrong shapes (description a map, requirements not a list, entries with two keys)', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
description: {a: b}
#            ^^^^^^ TOSCA012
topology_template:
  policies: {p: {type: tosca.policies.Root}}
#           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA012
  node_templates:
    n:
      type: tosca.nodes.Compute
      requirements:
        - local_storage: s
          dependency: s
#         ^^^^^^^^^^ TOSCA012
    s:
      type: tosca.nodes.Storage.BlockStorage
      properties:
        name: vol
        size: 1 GB
`);
});

test('TOSCA012 (warning): 2.0-style requirement maps and Puccini-style node_filter maps are tolerated', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    requirements:
#   ^^^^^^^^^^^^ TOSCA012
      other:
        capability: tosca.capabilities.Node
        occurrences: [0, 1]
topology_template:
  node_templates:
    n:
      type: my.Node
      node_filter:
        properties:
#       ^^^^^^^^^^ TOSCA012
          size:
            - greater_than: 1
`);
  assert.equal(severityOf(d, 'TOSCA012'), 'warning');
});
