/**
 * The spec's non-normative types (TOSCA Simple Profile in YAML 1.0 §8, 1.1–1.3 §9) are known without
 * an import, with hover naming their section and that they are non-normative; a definition in the
 * workspace wins over them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkClean, checkTosca } from './support.js';
import { checkHover } from '../support/features.js';

test('non-normative node, capability and artifact types are known without an import', async () => {
  await checkClean(`
tosca_definitions_version: tosca_simple_yaml_1_2
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
    dbms:
      type: tosca.nodes.DBMS.MySQL
      properties:
        root_password: secret
      requirements:
        - host: server
    db:
      type: tosca.nodes.Database.MySQL
      properties:
        name: wordpress
      requirements:
        - host: dbms
    web:
      type: tosca.nodes.WebServer.Apache
      requirements:
        - host: server
    app:
      type: tosca.nodes.Container.Application.Docker
      artifacts:
        image:
          type: tosca.artifacts.Deployment.Image.Container.Docker
          file: wordpress:latest
`);
});

test('non-normative types are still checked: a required property, a wrong host', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    dbms:
#   ^^^^ TOSCA060
      type: tosca.nodes.DBMS.MySQL
    db:
      type: tosca.nodes.Database.MySQL
      properties:
        name: x
      requirements:
        - host: web
#               ^^^ TOSCA063
    web:
      type: tosca.nodes.WebServer.Apache
`);
});

test('hover on a non-normative type names its section and says it is non-normative', async () => {
  for (const [version, section] of [
    ['tosca_simple_yaml_1_0', '§8.3.3'],
    ['tosca_simple_yaml_1_2', '§9.3.3'],
  ] as const) {
    const text = await checkHover(
      `#- /ws/service.yaml
tosca_definitions_version: ${version}
topology_template:
  node_templates:
    web:
      type: tosca.nodes.WebServer.Apa$0che
`,
      ['tosca.nodes.WebServer.Apache', 'non-normative', section],
    );
    assert.match(text, /import a definition/);
  }
});

test('a workspace definition of a non-normative type wins over the built-in one', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  tosca.nodes.WebServer.Apache:
    derived_from: tosca.nodes.WebServer
    properties:
      admin_port:
        type: integer
topology_template:
  node_templates:
    web:
#   ^^^ TOSCA060
      type: tosca.nodes.WebServer.Apache
`);
});
