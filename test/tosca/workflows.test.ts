/** Imperative workflows: TOSCA100–TOSCA102. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf } from './support.js';

const TOPOLOGY = `
tosca_definitions_version: tosca_simple_yaml_1_3
interface_types:
  my.Backup:
    derived_from: tosca.interfaces.Root
    operations:
      backup: {}
node_types:
  my.MySQL:
    derived_from: tosca.nodes.DBMS
    interfaces:
      Backup:
        type: my.Backup
topology_template:
  node_templates:
    my_server:
      type: tosca.nodes.Compute
    mysql:
      type: my.MySQL
      requirements:
        - host: my_server
      interfaces:
        Backup:
          operations:
            backup: backup.sh
  groups:
    servers:
      type: tosca.groups.Root
      members: [ my_server ]`;

test('workflows as in the spec examples are clean (targets, call_operation by interface and type name)', async () => {
  await checkTosca(
    `${TOPOLOGY}
  workflows:
    deploy:
      steps:
        compute_install:
          target: my_server
          activities:
            - delegate: deploy
          on_success:
            - mysql_install
        mysql_install:
          target: mysql
          activities:
            - set_state: creating
            - call_operation: tosca.interfaces.node.lifecycle.Standard.create
            - call_operation: Standard.start
            - call_operation: { operation: Standard.configure, inputs: { a: 1 } }
            - set_state: started
          on_success: mysql_backup
          on_failure: [ compute_install ]
        mysql_backup:
          target: mysql
          activities:
            - call_operation: Backup.backup
            - inline: other
        group_step:
          target: servers
          activities:
            - call_operation: Standard.stop
        relationship_step:
          target: mysql
          target_relationship: host
          operation_host: SOURCE
          activities:
            - call_operation: Configure.pre_configure_source
    other:
      preconditions:
        - target: mysql
          condition:
            - assert:
                - state: [{ equal: started }]
      steps:
        only:
          target: mysql
          activities:
            - call_operation: Backup.backup
`,
    {},
  );
});

test('TOSCA100: a step or precondition target that is no node template or group; an unknown requirement', async () => {
  const d = await checkTosca(
    `${TOPOLOGY}
  workflows:
    backup:
      preconditions:
        - target: my_sever
#                 ^^^^^^^^ TOSCA100
      steps:
        a:
          target: mysq
#                 ^^^^ TOSCA100
          activities:
            - set_state: started
        b:
          target: mysql
          target_relationship: hots
#                              ^^^^ TOSCA100
          activities:
            - set_state: started
`,
    {},
  );
  assert.match(messageOf(d, 'TOSCA100'), /did you mean `my_server`/);
  assert.ok(d.some((x) => /did you mean `host`/.test(x.message)));
});

test('TOSCA101: call_operation naming an unknown interface or operation; the span is the misspelt part', async () => {
  const d = await checkTosca(
    `${TOPOLOGY}
  workflows:
    backup:
      steps:
        a:
          target: mysql
          activities:
            - call_operation: Standard.crate
#                                      ^^^^^ TOSCA101
            - call_operation: Bakup.backup
#                             ^^^^^ TOSCA101
            - call_operation: "tosca.interfaces.node.lifecycle.Standard.strat"
#                                                                       ^^^^^ TOSCA101
            - call_operation: nodot
#                             ^^^^^ TOSCA101
`,
    {},
  );
  assert.ok(d.some((x) => /did you mean `create`/.test(x.message)));
  assert.ok(d.some((x) => /did you mean `Backup`/.test(x.message)));
  assert.ok(d.some((x) => /`<interface>.<operation>`/.test(x.message)));
});

test('TOSCA102: on_success / on_failure naming an unknown step; inline naming an unknown workflow', async () => {
  const d = await checkTosca(
    `${TOPOLOGY}
  workflows:
    backup:
      steps:
        first:
          target: mysql
          activities:
            - inline: restor
#                     ^^^^^^ TOSCA102
          on_success: [ secnd ]
#                       ^^^^^ TOSCA102
          on_failure: nowhere
#                     ^^^^^^^ TOSCA102
        second:
          target: mysql
          activities:
            - set_state: started
    restore:
      steps:
        r:
          target: mysql
          activities:
            - set_state: started
`,
    {},
  );
  assert.ok(d.some((x) => /did you mean `second`/.test(x.message)));
  assert.ok(d.some((x) => /did you mean `restore`/.test(x.message)));
});

const V2 = `
tosca_definitions_version: tosca_2_0
interface_types:
  Backup:
    inputs:
      retries: { type: integer, default: 3 }
    operations:
      backup: {}
node_types:
  Entity:
    interfaces:
      backup:
        type: Backup
        inputs:
          location: { type: string }
        operations:
          backup:
            inputs:
              name: { type: string }
              level: { type: integer, required: false }
service_template:
  node_templates:
    client:
      type: Entity
    assigned:
      type: Entity
      interfaces:
        backup:
          inputs:
            location: /srv
  workflows:`;

test('TOSCA209/TOSCA210: TOSCA 2.0 call_operation inputs against the interface and operation definitions', async () => {
  const d = await checkTosca(
    `${V2}
    backup:
      inputs:
        location: { type: string }
        name: { type: string, required: false }
        id: { type: integer }
        opt: { type: integer, required: false, default: 1 }
      steps:
        ok:
          target: assigned
          activities:
            - call_operation:
                operation: backup.backup
                inputs:
                  name: { $get_input: location }
                  level: { $get_input: opt }
        bad:
          target: client
          activities:
            - call_operation:
                operation: backup.backup
                inputs:
#               ^^^^^^ TOSCA209
                  name: { $get_input: id }
#                       ^^^^^^^^^^^^^^^^^^ TOSCA210
                  guid: 187a
#                 ^^^^ TOSCA209
            - call_operation:
                operation: backup.backup
                inputs:
                  location: { $get_input: location }
                  name: { $get_input: name }
#                       ^^^^^^^^^^^^^^^^^^^^ TOSCA210
`,
  );
  assert.match(messageOf(d, 'TOSCA209'), /§13\.2\.3\.3/);
});
