/**
 * Rules TOSCA 1.3 introduced do not apply to 1.0–1.2 files: property refinement restrictions
 * (TOSCA040) and constraints that accumulate along `derived_from` (a child's redefinition replaces
 * its parent's constraints before 1.3).
 */
import { test } from 'node:test';
import { checkClean, checkTosca } from './support.js';

const TYPES = (version: string) => `
tosca_definitions_version: ${version}
node_types:
  my.nodes.Base:
    derived_from: tosca.nodes.Root
    properties:
      flavor:
        type: string
        constraints:
          - valid_values: [ small, medium ]
      size:
        type: integer
        required: true
  my.nodes.Child:
    derived_from: my.nodes.Base
    properties:
      flavor:
        type: string
        constraints:
          - valid_values: [ large ]
      size:
        type: string
        required: false
topology_template:
  node_templates:
    c:
      type: my.nodes.Child
      properties:
        flavor: large
        size: big
`;

for (const v of ['tosca_simple_yaml_1_0', 'tosca_simple_yaml_1_1', 'tosca_simple_yaml_1_2']) {
  test(`${v}: a child redefines its parent's properties and valid_values freely`, async () => {
    await checkClean(TYPES(v));
  });
}

test('tosca_simple_yaml_1_3: the same redefinitions are refinements and break their rules', async () => {
  await checkTosca(
    TYPES('tosca_simple_yaml_1_3')
      .replace(
        '        type: string\n        required: false\n',
        '        type: string\n#             ^^^^^^ TOSCA040\n' +
          '        required: false\n#                 ^^^^^ TOSCA040\n',
      )
      .replace('        flavor: large\n', '        flavor: large\n#               ^^^^^ TOSCA051\n'),
  );
});
