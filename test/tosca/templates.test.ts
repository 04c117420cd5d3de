/** Topology templates: TOSCA060–TOSCA066. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf, severityOf } from './support.js';

test('TOSCA060: required property missing; TOSCA061: undeclared property (did you mean)', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    db:
#   ^^ TOSCA060
      type: tosca.nodes.Database
      properties:
        passwrd: x
#       ^^^^^^^ TOSCA061
        user: admin
      requirements:
        - host: dbms
    dbms:
      type: tosca.nodes.DBMS
      requirements:
        - host: server
    server:
      type: tosca.nodes.Compute
`);
  assert.match(messageOf(d, 'TOSCA060'), /required property `name`/);
  assert.match(messageOf(d, 'TOSCA061'), /did you mean `password`/);
});

test('required properties: defaults, copy and substitute/select directives count as set', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    a:
      type: tosca.nodes.Database
      directives: [ select ]
      requirements:
        - host: dbms
    b:
      type: tosca.nodes.Database
      properties:
        name: b
      requirements:
        - host: dbms
    c:
      copy: b
    dbms:
      type: tosca.nodes.DBMS
      requirements:
        - host: server
    server:
      type: tosca.nodes.Compute
`);
});

test('TOSCA062: unknown requirement and capability names', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
      capabilities:
        hots:
#       ^^^^ TOSCA062
          properties: { num_cpus: 2 }
      requirements:
        - local_storag: vol
#         ^^^^^^^^^^^^ TOSCA062
    vol:
      type: tosca.nodes.Storage.BlockStorage
      properties: { name: v, size: 1 GB }
`);
});

test('TOSCA063: requirement targets that are not node templates or cannot satisfy the requirement', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    app:
      type: tosca.nodes.WebApplication
      requirements:
        - host: server1
#               ^^^^^^^ TOSCA063
    app2:
      type: tosca.nodes.WebApplication
      requirements:
        - host: server
#               ^^^^^^ TOSCA063
    sw:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host:
            node: vol
#                 ^^^ TOSCA063
    vol:
      type: tosca.nodes.Storage.BlockStorage
      properties: { name: v, size: 1 GB }
    server:
      type: tosca.nodes.Compute
`);
});

test('requirements that fit: named capability, capability type, abstract node type target', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    sw:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host:
            node: server
            capability: host
            relationship: tosca.relationships.HostedOn
        - dependency:
            node: tosca.nodes.Compute
    server:
      type: tosca.nodes.Compute
`);
});

test(
  'TOSCA064 (warning): a mandatory requirement left unassigned (judgement: an orchestrator may fulfil ' + 'it)',
  async () => {
    const d = await checkTosca(
      `
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    web:
#   ^^^ TOSCA064
      type: tosca.nodes.WebServer
`,
      { ignore: [] },
    );
    assert.equal(severityOf(d, 'TOSCA064'), 'warning');
  },
);

test('TOSCA065: group members and policy targets', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
  groups:
    g:
      type: tosca.groups.Root
      members: [ server, servr ]
#                        ^^^^^ TOSCA065
  policies:
    - p:
        type: tosca.policies.Placement
        targets: [ g, nowhere ]
#                     ^^^^^^^ TOSCA065
`);
});

test('TOSCA066: substitution mappings', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Service:
    derived_from: tosca.nodes.Root
    properties:
      port: { type: integer }
topology_template:
  substitution_mappings:
    node_type: my.Service
#              ^^^^^^^^^^ TOSCA066
    capabilities:
      api: [ server, hots ]
#                    ^^^^ TOSCA066
    requirements:
      net: [ nothing, dependency ]
#            ^^^^^^^ TOSCA066
  node_templates:
    server:
      type: tosca.nodes.Compute
`);
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Service:
    derived_from: tosca.nodes.Root
    properties:
      port: { type: integer }
topology_template:
  inputs:
    port: { type: integer }
  substitution_mappings:
    node_type: my.Service
    capabilities:
      api: [ server, host ]
  node_templates:
    server:
      type: tosca.nodes.Compute
`);
});
