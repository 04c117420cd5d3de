/**
 * Findings that were wrong on valid real-world files (issue 20): a remote import that may redefine a
 * non-normative type, a type imported under a namespace prefix with a local namesake, and file modes
 * such as `0755` as integers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca } from './support.js';

test('a remote import may redefine a non-normative type: its extra properties are not unknown', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - https://example.org/tosca/docker-types.yaml
#   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA021
topology_template:
  node_templates:
    app:
      type: tosca.nodes.Container.Application.Docker
      properties:
        environment: { A: b }
        command: [ run ]
`);
  assert.equal(d.length, 1);
});

test('without an unread import, an undeclared property of a non-normative type is still an error', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    app:
      type: tosca.nodes.Container.Application.Docker
      properties:
        environment: { A: b }
#       ^^^^^^^^^^^ TOSCA061
`);
});

test('TOSCA034: a type imported under a namespace prefix does not clash with a local namesake', async () => {
  const K8S = `
#- /ws/k8s.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  Quantity:
    derived_from: string
`;
  await checkTosca(`${K8S}
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - file: k8s.yaml
    namespace_prefix: k8s
data_types:
  Quantity:
    derived_from: integer
`);
  await checkTosca(`${K8S}
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - file: k8s.yaml
data_types:
  Quantity:
# ^^^^^^^^ TOSCA034
    derived_from: integer
`);
});

test('file modes such as 0755 and 0644 are integers (YAML 1.1 octal, YAML 1.2 digits)', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  my.FileMode:
    derived_from: tosca.datatypes.Root
    properties:
      mode:
        type: integer
        default: 0755
node_types:
  my.File:
    derived_from: tosca.nodes.Root
    properties:
      mode: { type: integer, default: 0644 }
      flags: { type: integer, default: 0b101 }
topology_template:
  node_templates:
    f:
      type: my.File
      properties:
        mode: 0600
        flags: 12_000
`);
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.File:
    derived_from: tosca.nodes.Root
    properties:
      mode: { type: integer }
topology_template:
  node_templates:
    f:
      type: my.File
      properties:
        mode: 07.5
#             ^^^^ TOSCA050
`);
});
