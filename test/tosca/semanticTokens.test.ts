/**
 * Semantic tokens of TOSCA templates: function names, entity keywords, declared input names and
 * resolvable node types of function calls; nothing for look-alike mappings or TOSCA 2.0.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenLines } from '../support/navigation.js';
import { checkTokenShapes } from '../support/structure.js';

const tosca = (body: string) => `#- /ws/service.yaml\n${body.replace(/^\n/, '')}`;

test('function calls in flow and block form, nested calls, entity keywords and input names', async () => {
  const src = tosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  inputs:
    cpus:
      type: integer
  node_templates:
    server:
      type: tosca.nodes.Compute
      capabilities:
        host:
          properties:
            num_cpus: { get_input: cpus }
            mem_size: { get_input: memory }
    web:
      type: tosca.nodes.WebServer
      properties:
        url:
          concat:
            - 'http://'
            - { get_attribute: [ HOST, public_address ] }
            - ":"
            - get_property: [SELF, port]
  outputs:
    nodes:
      value: { get_nodes_of_type: tosca.nodes.Compute }
    bad:
      value: { get_nodes_of_type: tosca.nodes.Nothing }
    quoted:
      value: { "get_attribute": [ 'TARGET', x ] }
`);
  assert.deepEqual(await tokenLines(src), [
    'get_input function+defaultLibrary',
    'cpus parameter',
    // `memory` is not a declared input: no token (TOSCA071 flags it).
    'get_input function+defaultLibrary',
    'concat function+defaultLibrary',
    'get_attribute function+defaultLibrary',
    'HOST keyword',
    'get_property function+defaultLibrary',
    'SELF keyword',
    'get_nodes_of_type function+defaultLibrary',
    'tosca.nodes.Compute type',
    'get_nodes_of_type function+defaultLibrary',
    'get_attribute function+defaultLibrary',
    'TARGET keyword',
  ]);
});

test('mappings that only look like calls get no tokens', async () => {
  const src = tosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    properties:
      token:
        type: string
    attributes:
      concat:
        type: string
        default: { get_property: [ SELF, token ] }
topology_template:
  node_templates:
    a:
      type: my.Node
      properties:
        token: SELF
`);
  assert.deepEqual(await tokenLines(src), ['get_property function+defaultLibrary', 'SELF keyword']);
});

test('TOSCA 2.0 documents get no tokens', async () => {
  const src = tosca(`
tosca_definitions_version: tosca_2_0
service_template:
  node_templates:
    a:
      type: Compute
      properties:
        x: { get_input: y }
`);
  assert.deepEqual(await tokenLines(src), []);
});

test('broken and truncated templates: tokens stay ordered, single-line and apart', async () => {
  const body = `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  inputs:
    port: { type: integer }
  node_templates:
    web:
      type: tosca.nodes.WebServer
      properties:
        url: { concat: [ 'http://', { get_attribute: [ HOST, ip ] }, ':', { get_input: port } ] }
        list:
          get_property:
            - SELF
            - x
`;
  let count = 0;
  for (let cut = 60; cut < body.length; cut += 23) {
    count += await checkTokenShapes(tosca(body.slice(0, cut)));
    count += await checkTokenShapes(tosca(body.slice(0, cut) + '{' + body.slice(cut)));
    count += await checkTokenShapes(tosca(body.slice(0, cut) + body.slice(cut + 4)));
  }
  assert.ok(count > 50, `tokens checked: ${count}`);
});
