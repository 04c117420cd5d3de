/** Type references and derivation: TOSCA030–TOSCA037, TOSCA011 for definitions without a type. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf, severityOf } from './support.js';

test('TOSCA030: unknown types everywhere a type is named, with did-you-mean', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      size:
        type: scalar-unit.sise
#             ^^^^^^^^^^^^^^^^ TOSCA030
      tags:
        type: list
        entry_schema: strin
#                     ^^^^^ TOSCA030
    capabilities:
      api:
        type: tosca.capabilities.Endpoint.Pubic
#             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA030
    requirements:
      - db:
          capability: tosca.capabilities.Endpoint.Database
          node: tosca.nodes.Databse
#               ^^^^^^^^^^^^^^^^^^^ TOSCA030
          relationship: tosca.relationships.ConnectTo
#                       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA030
topology_template:
  node_templates:
    n:
      type: my.Nod
#           ^^^^^^ TOSCA030
`);
  assert.match(messageOf(d, 'TOSCA030'), /did you mean `scalar-unit.size`/);
  assert.equal(severityOf(d, 'TOSCA030'), 'error');
});

test('shorthand, tosca: and full names resolve per kind (Compute is a node and a capability type)', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Server:
    derived_from: Compute
    capabilities:
      extra:
        type: tosca:Compute
      bind: Bindable
topology_template:
  node_templates:
    a:
      type: tosca:my.Server
#           ^^^^^^^^^^^^^^^ TOSCA030
    b:
      type: my.Server
    c:
      type: tosca.nodes.Compute
`);
});

test('TOSCA031: a type of the wrong kind', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    n:
      type: tosca.capabilities.Endpoint
#           ^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA031
`);
  assert.match(
    messageOf(d, 'TOSCA031'),
    /is a capability type, but the type of node template `n` must name a node type/,
  );
});

test('TOSCA032 derived_from cycles and TOSCA033 unknown parents', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  A:
    derived_from: B
#                 ^ TOSCA032
  B:
    derived_from: A
#                 ^ TOSCA032
  C:
    derived_from: C
#                 ^ TOSCA032
  D:
    derived_from: tosca.nodes.Nothing
#                 ^^^^^^^^^^^^^^^^^^^ TOSCA033
topology_template:
  node_templates:
    a:
      type: A
`);
});

test('derived_from chains: inherited and refined properties are known in templates', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Base:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      port:
        type: integer
        required: false
  my.Derived:
    derived_from: my.Base
    properties:
      port:
        default: 8080
        constraints:
          - less_than: 9000
topology_template:
  node_templates:
    ok:
      type: my.Derived
      properties:
        component_version: 1.2
        port: 8081
    bad:
      type: my.Derived
      properties:
        port: 9001
#             ^^^^ TOSCA051
`);
});

test('TOSCA034: a type also defined in an imported file (warning)', async () => {
  await checkTosca(`
#- /ws/lib.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports: [lib.yaml]
node_types:
  my.Node:
# ^^^^^^^ TOSCA034
    derived_from: tosca.nodes.Root
`);
});

test('TOSCA035: a data type derived from a primitive cannot add properties; constraints are fine', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  url:
    derived_from: string
    properties:
      scheme:
#     ^^^^^^ TOSCA035
        type: string
  port:
    derived_from: integer
    constraints:
      - in_range: [1, 65535]
`);
});

test('TOSCA037 (hint): a type without derived_from; TOSCA011: a definition without a type', async () => {
  const d = await checkTosca(
    `
tosca_definitions_version: tosca_simple_yaml_1_3
artifact_types:
  my.Artifact:
# ^^^^^^^^^^^ TOSCA037
    description: no parent
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    properties:
      untyped:
#     ^^^^^^^ TOSCA011
        description: no type and nothing to refine
`,
    { ignore: [] },
  );
  assert.equal(severityOf(d, 'TOSCA037'), 'hint');
});

test('tosca.entity.Root (phantom root of the spec text) is accepted as no parent', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Root:
    derived_from: tosca.entity.Root
`);
});
