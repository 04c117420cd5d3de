/** TOSCA Version 2.0 grammar rules (rules/tosca2.ts) and 2.0 readings of shared rules, with fixtures. */
import { test } from 'node:test';
import { checkTosca } from './support.js';

test('TOSCA201/202/204: empty sections, empty names, non-string descriptions', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_2_0
description: 12345
#            ^^^^^ TOSCA204
node_types:
#^^^^^^^^^ TOSCA201
policy_types:
  "":
# ^^ TOSCA202
    description: fine
`);
});

test('TOSCA203: dsl_definitions entries need an anchor; TOSCA003 is an error in 2.0', async () => {
  await checkTosca(`
description: first
tosca_definitions_version: tosca_2_0
#^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA003
dsl_definitions:
  anchored: &anchored
    a: 1
  plain: 1
# ^^^^^ TOSCA203
`);
});

test('TOSCA205/206/207: profile with a service template, imports without url or profile, count_range', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_2_0
profile: org.example:1.0
imports:
  - file: x.yaml
#   ^^^^ TOSCA206
#         ^^^^^^ TOSCA020
node_types:
  A:
    requirements:
      - r:
          capability: C
          count_range: [2, 1]
#                      ^^^^^^ TOSCA207
      - s:
          capability: C
          count_range: [0, UNBOUNDED]
capability_types:
  C: {}
service_template:
#^^^^^^^^^^^^^^^ TOSCA205
  node_templates:
    a:
      type: A
`);
});

test('TOSCA208: 1.x keynames in 2.0 are warnings naming the 2.0 keyname; TOSCA200 1.x built-in types', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_2_0
node_types:
  A:
    properties:
      p:
        type: range
#             ^^^^^ TOSCA200
        required: false
        constraints: []
#       ^^^^^^^^^^^ TOSCA208
      q:
        type: bytes
      s:
        type: scalar-unit.size
service_template:
  node_templates:
    a:
      type: A
      properties:
        q: AAAA
        s: 1 GB
`);
});
