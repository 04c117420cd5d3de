/** Values against types (TOSCA050), constraints (TOSCA051), data type fields (TOSCA053/054). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf } from './support.js';

const TYPES = `tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  my.Contact:
    derived_from: tosca.datatypes.Root
    properties:
      name:
        type: string
      phone:
        type: string
        required: false
  my.Person:
    derived_from: tosca.datatypes.Root
    properties:
      contacts:
        type: list
        entry_schema: my.Contact
      labels:
        type: map
        entry_schema:
          type: string
          constraints:
            - max_length: 3
        required: false
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    properties:
      i: { type: integer, required: false }
      f: { type: float, required: false }
      b: { type: boolean, required: false }
      s: { type: string, required: false }
      t: { type: timestamp, required: false }
      v: { type: version, required: false }
      r: { type: range, required: false }
      size: { type: scalar-unit.size, required: false, constraints: [ { greater_or_equal: 1 MB } ] }
      time: { type: scalar-unit.time, required: false }
      freq: { type: scalar-unit.frequency, required: false, constraints: [ { in_range: [ 0.1 GHz, 3 GHz ] } ] }
      rate: { type: scalar-unit.bitrate, required: false }
      ports: { type: list, entry_schema: { type: tosca.datatypes.network.PortDef }, required: false }
      person: { type: my.Person, required: false }
      pattern: { type: string, required: false, constraints: [ { pattern: "[a-z]+" } ] }
      choice: { type: string, required: false, constraints: [ { valid_values: [ a, b ] } ] }
      len: { type: string, required: false, constraints: [ { length: 2 } ] }
      gt: { type: integer, required: false, constraints: [ { greater_than: 0 } ] }
      le: { type: float, required: false, constraints: [ { less_or_equal: 1.5 } ] }
      eq: { type: string, required: false, constraints: [ { equal: x } ] }
      ml: { type: list, required: false, constraints: [ { min_length: 1 } ] }
topology_template:
  node_templates:
`;

test('valid values of every primitive type are clean', async () => {
  await checkTosca(`${TYPES}
    good:
      type: my.Node
      properties:
        i: 3
        f: 1.5
        b: true
        s: "3"
        t: 2024-01-31T12:00:00Z
        v: 2.1.3.beta-2
        r: [1, UNBOUNDED]
        size: 4 GiB
        time: 10 ms
        freq: 2.4 ghz
        rate: 10 Mbps
        ports: [22, 80]
        person:
          contacts:
            - name: ann
              phone: "123"
          labels: { a: abc }
        pattern: abc
        choice: b
        len: ab
        gt: 1
        le: 1.5
        eq: x
        ml: [a]
`);
});

test('TOSCA050: values that do not match their type', async () => {
  const d = await checkTosca(`${TYPES}
    bad:
      type: my.Node
      properties:
        i: two
#          ^^^ TOSCA050
        f: abc
#          ^^^ TOSCA050
        b: maybe
#          ^^^^^ TOSCA050
        s: 3
#          ^ TOSCA050
        t: tomorrow
#          ^^^^^^^^ TOSCA050
        v: 18.x
#          ^^^^ TOSCA050
        r: [5, 1]
#          ^^^^^^ TOSCA050
        size: 10
#             ^^ TOSCA050
        time: 10 parsecs
#             ^^^^^^^^^^ TOSCA050
        rate: 10
#             ^^ TOSCA050
        ports: 22
#              ^^ TOSCA050
`);
  assert.match(messageOf(d, 'TOSCA050'), /expects an integer, got the string `two`/);
});

test('TOSCA051: constraint violations (all operators, scalar units compared in base units)', async () => {
  await checkTosca(`${TYPES}
    bad:
      type: my.Node
      properties:
        size: 512 kB
#             ^^^^^^ TOSCA051
        freq: 0.05 GHz
#             ^^^^^^^^ TOSCA051
        ports: [0, 80]
#               ^ TOSCA051
        pattern: ABC
#                ^^^ TOSCA051
        choice: c
#               ^ TOSCA051
        len: abc
#            ^^^ TOSCA051
        gt: 0
#           ^ TOSCA051
        le: 2
#           ^ TOSCA051
        eq: y
#           ^ TOSCA051
        ml: []
#           ^^ TOSCA051
`);
});

test(
  'data types recursively: TOSCA053 unknown field, TOSCA054 missing required field, nested ' + 'TOSCA050/051',
  async () => {
    await checkTosca(`${TYPES}
    bad:
      type: my.Node
      properties:
        person:
          contacts:
            - name: 123
#                   ^^^ TOSCA050
            - phone: "1"
#             ^^^^^^^^^^ TOSCA054
            - name: x
              email: y
#             ^^^^^ TOSCA053
          labels:
            a: abcd
#              ^^^^ TOSCA051
          nickname: z
#         ^^^^^^^^ TOSCA053
`);
  },
);

test('normative data types: PortSpec ranges, Credential fields', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    properties:
      spec: { type: tosca.datatypes.network.PortSpec, required: false }
      cred: { type: tosca.datatypes.Credential, required: false }
topology_template:
  node_templates:
    n:
      type: my.Node
      properties:
        spec:
          protocol: tcp
          source: 1
#                 ^ TOSCA051
          source_range: [2, 10]
        cred:
          token: secret
          user: me
          keys: { a: b }
`);
});

test('function calls are not type-checked as values', async () => {
  await checkTosca(`${TYPES}
    n:
      type: my.Node
      properties:
        i: { get_input: count }
        ports: [ 22, { get_input: count } ]
  inputs:
    count:
      type: integer
`);
});
