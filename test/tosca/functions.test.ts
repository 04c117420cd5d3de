/** Intrinsic functions: TOSCA070–TOSCA076. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf } from './support.js';

test(
  'TOSCA070: arity and argument shapes of concat, join, token, get_input, get_property, get_operation_output, ' +
    'get_artifact',
  async () => {
    await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  inputs:
    x: { type: string }
  outputs:
    a: { value: { concat: [] } }
#                         ^^ TOSCA070
    b: { value: { join: [ a, b, c ] } }
#                       ^^^^^^^^^^^ TOSCA070
    c: { value: { token: [ abc, "_" ] } }
#                        ^^^^^^^^^^^^ TOSCA070
    d: { value: { token: [ abc, "_", "1" ] } }
#                                    ^^^ TOSCA070
    e: { value: { get_property: [ server ] } }
#                               ^^^^^^^^^^ TOSCA070
    f: { value: { get_operation_output: [ server, Standard, create ] } }
#                                       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA070
    g: { value: { get_input: [] } }
#                            ^^ TOSCA070
    ok1: { value: { concat: [ a, { get_input: x } ] } }
    ok2: { value: { join: [ [ a, b ], "," ] } }
    ok3: { value: { token: [ a_b, "_-", 1 ] } }
  node_templates:
    server:
      type: tosca.nodes.Compute
`);
  },
);

test('TOSCA070: the list form of get_input is 1.3 only', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_0
topology_template:
  inputs:
    cpus: { type: integer }
  outputs:
    o: { value: { get_input: [ cpus, 0 ] } }
#                            ^^^^^^^^^^^ TOSCA070
`);
});

test('TOSCA071: get_input of an undeclared input (did you mean)', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  inputs:
    image_id: { type: string }
  node_templates:
    server:
      type: tosca.nodes.Compute
      interfaces:
        Standard:
          create:
            implementation: create.sh
            inputs:
              image: { get_input: image_ids }
#                                 ^^^^^^^^^ TOSCA071
              ok: { get_input: image_id }
`);
  assert.match(messageOf(d, 'TOSCA071'), /did you mean `image_id`/);
});

test(
  'TOSCA072 unknown entity; TOSCA073 unknown property, attribute, capability property, operation, ' + 'artifact',
  async () => {
    await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
      artifacts:
        image: { file: image.qcow2, type: tosca.artifacts.Deployment.Image.VM }
  outputs:
    a: { value: { get_attribute: [ servr, private_address ] } }
#                                  ^^^^^ TOSCA072
    b: { value: { get_attribute: [ server, privat_address ] } }
#                                          ^^^^^^^^^^^^^^ TOSCA073
    c: { value: { get_property: [ server, host, num_cpu ] } }
#                                               ^^^^^^^ TOSCA073
    d: { value: { get_operation_output: [ server, Standard, crate, out ] } }
#                                                           ^^^^^ TOSCA073
    e: { value: { get_artifact: [ server, imag ] } }
#                                         ^^^^ TOSCA073
    ok1: { value: { get_attribute: [ server, private_address ] } }
    ok2: { value: { get_property: [ server, host, num_cpus ] } }
    ok3: { value: { get_attribute: [ server, networks, net1, addresses, 0 ] } }
    ok4: { value: { get_operation_output: [ server, Standard, create, out ] } }
    ok5: { value: { get_artifact: [ server, image ] } }
`);
  },
);

test('TOSCA074: HOST without a host, HOST in outputs; HOST through a HostedOn chain is fine', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
      properties: {}
      interfaces:
        Standard:
          create:
            inputs:
              ip: { get_attribute: [ HOST, private_address ] }
#                                    ^^^^ TOSCA074
    app:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: server
      interfaces:
        Standard:
          create:
            inputs:
              ip: { get_attribute: [ HOST, private_address ] }
              bad: { get_attribute: [ HOST, nothing_here ] }
#                                           ^^^^^^^^^^^^ TOSCA073
  outputs:
    ip: { value: { get_attribute: [ HOST, private_address ] } }
#                                   ^^^^ TOSCA074
`);
});

test('TOSCA075: SOURCE/TARGET outside relationships, SELF in outputs; fine inside relationships', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
      interfaces:
        Standard:
          create:
            inputs:
              x: { get_attribute: [ TARGET, private_address ] }
#                                   ^^^^^^ TOSCA075
    app:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host:
            node: server
            relationship:
              type: tosca.relationships.HostedOn
              interfaces:
                Configure:
                  pre_configure_source:
                    inputs:
                      ip: { get_attribute: [ TARGET, private_address ] }
                      me: { get_attribute: [ SOURCE, tosca_name ] }
                      bad: { get_attribute: [ TARGET, nope ] }
#                                                     ^^^^ TOSCA073
  outputs:
    o: { value: { get_attribute: [ SELF, tosca_id ] } }
#                                  ^^^^ TOSCA075
`);
});

test('TOSCA076: an index into a value that has no entries', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
  outputs:
    o: { value: { get_attribute: [ server, private_address, 0 ] } }
#                                                           ^ TOSCA076
`);
});
