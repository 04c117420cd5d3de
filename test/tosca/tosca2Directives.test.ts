/** TOSCA216: directives TOSCA Version 2.0 does not define (node templates, requirement and capability assignments). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca } from './support.js';

const TYPES = `
capability_types:
  Service: {}
node_types:
  Server:
    capabilities:
      service: { type: Service }
  Client:
    requirements:
      - service: { capability: Service }
`;

test('TOSCA216: standard directives are clean; misspelt, 1.3 and unknown ones are warnings with a fix', async () => {
  const diags = await checkTosca(`
tosca_definitions_version: tosca_2_0
${TYPES}
service_template:
  node_templates:
    fine:
      type: Server
      directives: [ select, substitute, create ]
      capabilities:
        service:
          directives: [ internal, external ]
    misspelt:
      type: Server
      directives: [ substitue ]
#                   ^^^^^^^^^ TOSCA216
    older:
      type: Server
      directives:
        - selectable
#         ^^^^^^^^^^ TOSCA216
    vendor:
      type: Server
      directives: [ discover ]
#                   ^^^^^^^^ TOSCA216
    client:
      type: Client
      requirements:
        - service:
            node: fine
            directives: [ externl ]
#                         ^^^^^^^ TOSCA216
      capabilities: {}
`);
  const byWord = (w: string) => diags.find((d) => d.message.startsWith(`\`${w}\``))!;
  assert.equal(byWord('substitue').severity, 'warning');
  assert.match(byWord('substitue').message, /§7\.2\.1.*did you mean `substitute`\?/);
  assert.deepEqual(byWord('substitue').data, { fixes: [{ fix: 'replace', replaceWith: 'substitute' }] });
  assert.match(byWord('selectable').message, /1\.3 name.*`select`/);
  assert.deepEqual(byWord('selectable').data, { fixes: [{ fix: 'replace', replaceWith: 'select' }] });
  assert.match(byWord('discover').message, /orchestrator may define its own/);
  assert.equal(byWord('discover').data, undefined);
  assert.match(byWord('externl').message, /requirement.*§8\.5.*did you mean `external`/);
});

test('TOSCA216: 1.x files keep their directives (1.3 names, orchestrator ones) unchecked', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  Server:
    derived_from: tosca.nodes.Root
topology_template:
  node_templates:
    a:
      type: Server
      directives: [ selectable, discover ]
`);
});
