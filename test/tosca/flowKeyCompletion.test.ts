/**
 * Completion at a key position inside a flow map (`{ capability: C, | }`) offers the keynames valid
 * in that map, in flow style, not values of the block key before the brace; a call position
 * (`port: { | }`) still offers functions.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCompletion, checkCompletion } from '../support/features.js';

const REQ = (version: string, def: string) =>
  `#- /ws/service.yaml\ntosca_definitions_version: ${version}\nnode_types:\n  A:\n    requirements:\n` +
  `      - host: ${def}\ncapability_types:\n  C: {}\n`;

for (const [version, range] of [
  ['tosca_2_0', 'count_range'],
  ['tosca_simple_yaml_1_3', 'occurrences'],
]) {
  test(`flow map keys in a requirement definition (${version})`, async () => {
    // After a comma: the keynames not yet written, no capability types.
    await checkCompletion(
      REQ(version!, '{ capability: C, $0 }'),
      ['node', 'relationship', range!],
      ['capability', 'C'],
    );
    // Right after the brace, and on a key being typed (which the item replaces).
    await checkCompletion(REQ(version!, '{ $0 }'), ['capability', 'node'], ['C']);
    await checkCompletion(REQ(version!, '{ capability: C, no$0 }'), ['node'], ['C']);
    assert.equal(
      await applyCompletion(REQ(version!, '{ capability: C, no$0 }'), 'node'),
      '      - host: { capability: C, node: $0 }',
    );
  });
}

test('flow map keys: a list keyname gets a flow list; a property definition its keynames', async () => {
  const prop = (def: string) =>
    `#- /ws/service.yaml\ntosca_definitions_version: tosca_2_0\nnode_types:\n  A:\n    properties:\n      p: ${def}\n`;
  await checkCompletion(prop('{ type: string, $0 }'), ['required', 'default', 'validation'], ['type', 'string']);
  assert.equal(
    await applyCompletion(REQ('tosca_2_0', '{ capability: C, $0 }'), 'count_range'),
    '      - host: { capability: C, count_range: [ $0 ] }',
  );
});

test('a call position in a flow map still offers functions (TOSCA 1.3)', async () => {
  const src =
    '#- /ws/service.yaml\ntosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n' +
    '  inputs:\n    n: { type: integer }\n  node_templates:\n    a:\n      type: tosca.nodes.Compute\n' +
    '      properties:\n        x: { $0 }\n';
  await checkCompletion(src, ['get_input']);
});

test('a call position in a TOSCA 2.0 flow map or value offers the $ functions, not the 1.x ones', async () => {
  const src = (value: string) =>
    '#- /ws/service.yaml\ntosca_definitions_version: tosca_2_0\nnode_types:\n  A:\n    properties:\n' +
    `      p: { type: integer }\nservice_template:\n  node_templates:\n    a:\n      type: A\n      properties:\n` +
    `        p: ${value}\n`;
  await checkCompletion(src('{ $0 }'), ['$get_input', '$concat'], ['get_input', 'concat']);
  assert.equal(await applyCompletion(src('{ $0 }'), '$get_input'), '        p: { \\$get_input: ${1:input_name} }');
  assert.equal(await applyCompletion(src('$0'), '$get_input'), '        p: { \\$get_input: ${1:input_name} }');
});
