/**
 * Property definitions: refinement rules (TOSCA040, seed 002), malformed keynames (TOSCA041), constraints (TOSCA052),
 * defaults, generic notation (TOSCA036).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf, severityOf } from './support.js';

const BASE = `tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  my.Base:
    derived_from: tosca.datatypes.Root
  my.Sub:
    derived_from: my.Base
  my.Other:
    derived_from: tosca.datatypes.Root
node_types:
  my.Parent:
    derived_from: tosca.nodes.Root
    properties:
      must: { type: string }
      maybe: { type: string, required: false }
      data: { type: my.Base, required: false }
      fixed: { type: integer, value: 3 }
`;

test(
  'TOSCA040: allowed refinements (derived type, optional to required, defaults, constraints, value) are ' + 'clean',
  async () => {
    await checkTosca(`${BASE}
  my.Child:
    derived_from: my.Parent
    properties:
      maybe:
        required: true
        default: x
        constraints:
          - min_length: 1
      data:
        type: my.Sub
      must:
        value: fixed
`);
  },
);

test('TOSCA040: forbidden refinements', async () => {
  const d = await checkTosca(`${BASE}
  my.Child:
    derived_from: my.Parent
    properties:
      must:
        type: string
        required: false
#                 ^^^^^ TOSCA040
      data:
        type: my.Other
#             ^^^^^^^^ TOSCA040
      maybe:
        type: integer
#             ^^^^^^^ TOSCA040
      fixed:
        default: 4
#       ^^^^^^^ TOSCA040
`);
  assert.match(messageOf(d, 'TOSCA040'), /optional/);
});

test('TOSCA041: required and status must be well formed', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    properties:
      a:
        type: string
        required: sometimes
#                 ^^^^^^^^^ TOSCA041
        status: beta
#               ^^^^ TOSCA041
      b:
        type: string
        required: false
        status: experimental
`);
});

test('TOSCA052: malformed constraint clauses', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    properties:
      a:
        type: integer
        required: false
        constraints:
          - greater_then: 1
#           ^^^^^^^^^^^^ TOSCA052
          - in_range: [1]
#                     ^^^ TOSCA052
          - min_length: -1
#                       ^^ TOSCA052
          - valid_values: 3
#                         ^ TOSCA052
      f:
        type: scalar-unit.frequency
        required: false
        constraints:
          - greater_or_equal: 0.1 parsecs
#                             ^^^^^^^^^^^ TOSCA052
      p:
        type: string
        required: false
        constraints:
          - pattern: "[a-z"
#                    ^^^^^^ TOSCA052
`);
  assert.match(messageOf(d, 'TOSCA052'), /did you mean `greater_than`/);
});

test('defaults: in type definitions a warning (judgement), in topology inputs an error', async () => {
  const w = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    properties:
      list:
        type: list
        default: []
#                ^^ TOSCA051
        constraints:
          - min_length: 1
topology_template:
  inputs:
    count:
      type: integer
      default: two
#              ^^^ TOSCA050
`);
  assert.equal(w.find((x) => x.code === 'TOSCA051')!.severity, 'warning');
  assert.equal(w.find((x) => x.code === 'TOSCA050')!.severity, 'error');
});

test('TOSCA036: generic map<string,boolean> notation warns unless the dialect setting is on', async () => {
  const src = `
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    properties:
      flags:
        type: map<string,boolean>
#             ^^^^^^^^^^^^^^^^^^^ TOSCA036
topology_template:
  node_templates:
    n:
      type: my.Node
      properties:
        flags: { a: true, b: nope }
#                            ^^^^ TOSCA050
`;
  const d = await checkTosca(src);
  assert.equal(severityOf(d, 'TOSCA036'), 'warning');
  await checkTosca(src.replace(/\n#\s+\^+ TOSCA036/, ''), { options: { tosca: { genericTypeNotation: true } } });
});

test("capability definitions refine their capability type's properties under the same rules", async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Server:
    derived_from: tosca.nodes.Compute
    capabilities:
      host:
        type: tosca.capabilities.Compute
        properties:
          num_cpus:
            default: many
#                    ^^^^ TOSCA050
          mem_size:
            type: string
#                 ^^^^^^ TOSCA040
          disk_size:
            default: 10 GB
            constraints:
              - less_than: 1 TB
`);
});
