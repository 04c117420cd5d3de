/**
 * Interfaces: TOSCA080 undeclared operation, TOSCA081 undeclared interface, TOSCA082 implementation in an interface
 * type.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf, severityOf } from './support.js';

const TYPES = `tosca_definitions_version: tosca_simple_yaml_1_3
interface_types:
  my.Custom:
    derived_from: tosca.interfaces.Root
    operations:
      CustomOp: {}
      CustomOp2: {}
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    interfaces:
      Custom:
        type: my.Custom
      Standard:
        type: tosca.interfaces.node.lifecycle.Standard
        operations:
          extra_op: {}
`;

test('TOSCA080/081: operations and interfaces the types do not declare', async () => {
  const d = await checkTosca(`${TYPES}
topology_template:
  node_templates:
    n:
      type: my.Node
      interfaces:
        Custom:
          CustomOp4: run.sh
#         ^^^^^^^^^ TOSCA080
          CustomOp: run.sh
        Standard:
          operations:
            creat: create.sh
#           ^^^^^ TOSCA080
            create: create.sh
            extra_op: extra.sh
        Cutsom:
#       ^^^^^^ TOSCA081
          CustomOp: x.sh
`);
  assert.match(messageOf(d, 'TOSCA080'), /did you mean `CustomOp`/);
});

test('relationship interfaces: Configure operations, inline relationships', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    app:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host:
            node: server
            relationship:
              type: tosca.relationships.HostedOn
              interfaces:
                Configure:
                  pre_configure_source: a.sh
                  post_configure_sourc: b.sh
#                 ^^^^^^^^^^^^^^^^^^^^ TOSCA080
    server:
      type: tosca.nodes.Compute
  relationship_templates:
    r:
      type: tosca.relationships.ConnectsTo
      interfaces:
        Configure:
          add_target: t.sh
`);
});

test('TOSCA082 (warning): an interface type that implements its operations', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_0
interface_types:
  my.I:
    derived_from: tosca.interfaces.Root
    do_something:
      description: x
      implementation: do.sh
#     ^^^^^^^^^^^^^^ TOSCA082
`);
  assert.equal(severityOf(d, 'TOSCA082'), 'warning');
});
