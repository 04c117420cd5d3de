/** TOSCA000 (YAML), TOSCA001–TOSCA005 (version, duplicate keys), TOSCA090 (metadata). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf, severityOf } from './support.js';

test('TOSCA000: YAML syntax errors and undefined aliases', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
metadata: {a: 1
#         ^ TOSCA000
`);
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
      capabilities:
        host:
          properties: *nothing
#                     ^^^^^^^^ TOSCA000
`);
});

test(
  'TOSCA000: flow-collection keys after the first entry are valid YAML (eemeli/yaml false alarm ' + 'dropped)',
  async () => {
    await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
dsl_definitions:
  m:
    a: 1
    { concat: [ x, y ] }: z
`);
  },
);

test('TOSCA001: missing version (with the misspelling pointed out, once: not also as an unknown keyname)', async () => {
  const d = await checkTosca(`
#- /ws/service.yaml
# lm-descriptors: tosca
tosca_definitions_versions: tosca_simple_yaml_1_3
#^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA001
`);
  assert.match(messageOf(d, 'TOSCA001'), /misspelling/);
});

test('TOSCA002: unknown version with did-you-mean; known versions and URL form accepted', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_10
#                          ^^^^^^^^^^^^^^^^^^^^^^ TOSCA002
`);
  assert.match(messageOf(d, 'TOSCA002'), /did you mean `tosca_simple_yaml_1_1`/);
  for (const v of [
    'tosca_simple_yaml_1_0',
    'tosca_simple_yaml_1_1',
    'tosca_simple_yaml_1_2',
    'tosca_simple_yaml_1_3',
    'http://docs.oasis-open.org/tosca/ns/simple/yaml/1.0',
    'tosca_simple_profile_for_nfv_1_0_0',
  ]) {
    await checkTosca(`tosca_definitions_version: ${v}\n`);
  }
});

test('TOSCA003: version not the first entry is a warning (judgement)', async () => {
  const d = await checkTosca(`
description: first
tosca_definitions_version: tosca_simple_yaml_1_3
#^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA003
`);
  assert.equal(severityOf(d, 'TOSCA003'), 'warning');
  await checkTosca(`
# a comment first is fine
tosca_definitions_version: tosca_simple_yaml_1_3
description: then
`);
});

test('TOSCA 2.0 is checked with its own grammar (TOSCA004 retired): service_template, 2.0 keynames', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_2_0
node_types:
  Anything:
    derived_from: Whatever
#                 ^^^^^^^^ TOSCA033
    unknown_keyname: flagged
#   ^^^^^^^^^^^^^^^ TOSCA010
    requirements:
      - host:
          capability: Cap
          count_range: [0, UNBOUNDED]
          occurrences: [0, 1]
#         ^^^^^^^^^^^ TOSCA208
capability_types:
  Cap:
    valid_source_node_types: [Anything]
service_template:
  node_templates:
    a:
      type: Anything
      count: 2
      directives: [select]
  topology_template: {}
# ^^^^^^^^^^^^^^^^^ TOSCA010
topology_template: {}
#^^^^^^^^^^^^^^^^ TOSCA010
`);
});

test('TOSCA005: duplicate keys', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
metadata:
  template_name: a
  template_name: b
# ^^^^^^^^^^^^^ TOSCA005
`);
});

test('TOSCA090: metadata values (template_name/author strings, template_version a version)', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
metadata:
  template_name: {complex: value}
#                ^^^^^^^^^^^^^^^^ TOSCA090
  template_author: [a, b]
#                  ^^^^^^ TOSCA090
  template_version: my version
#                   ^^^^^^^^^^ TOSCA090
  icon: classpath://node-logo.png
  template_tags: [a, b]
`);
  assert.equal(severityOf(d, 'TOSCA090'), 'error');
  // Semantic versions (seed 002) are a warning; TOSCA versions are fine.
  const w = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
metadata:
  template_version: 0.1.0-SNAPSHOT
#                   ^^^^^^^^^^^^^^ TOSCA090
`);
  assert.equal(severityOf(w, 'TOSCA090'), 'warning');
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
metadata:
  template_name: x
  template_author: y
  template_version: 2.1.3.beta-2
`);
});
