/**
 * Imports (TOSCA020–TOSCA026): relative files, long/named forms, namespace prefixes, repositories, cycles, CSAR roots,
 * importer context.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf, severityOf } from './support.js';

const TYPES = `#- /ws/types/my-types.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.nodes.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      port:
        type: integer
`;

test('imports: short, long and 1.0 named forms resolve relative to the importing file', async () => {
  await checkTosca(
    `${TYPES}
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types/my-types.yaml
  - file: ./types/my-types.yaml
  - named: types/my-types.yaml
topology_template:
  node_templates:
    app:
      type: my.nodes.App
      properties:
        port: 80
`,
    { ignore: ['TOSCA037', 'TOSCA064', 'TOSCA025'] },
  );
});

test('TOSCA020: missing file; types from it are then reported as warnings, not errors', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types/missing.yaml
#   ^^^^^^^^^^^^^^^^^^ TOSCA020
topology_template:
  node_templates:
    app:
      type: my.nodes.App
#           ^^^^^^^^^^^^ TOSCA030
`);
  assert.equal(severityOf(d, 'TOSCA020'), 'error');
  assert.equal(severityOf(d, 'TOSCA030'), 'warning');
});

test('TOSCA021: remote imports are never fetched, reported as not resolved (warning)', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - https://example.com/types.yaml
#   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA021
`);
  assert.equal(severityOf(d, 'TOSCA021'), 'warning');
  assert.match(messageOf(d, 'TOSCA021'), /never downloads/);
});

test('TOSCA022: import through an undeclared repository; declared local repositories resolve', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
repositories:
  my_repo: https://example.com/repo
imports:
  - file: types.yaml
    repository: my_rep
#               ^^^^^^ TOSCA022
`);
  await checkTosca(`${TYPES}
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
repositories:
  local: ./types
imports:
  - file: my-types.yaml
    repository: local
topology_template:
  node_templates:
    app:
      type: my.nodes.App
      properties:
        port: 8080
`);
});

test('TOSCA023: imported file with an unknown version (error) or no version (warning)', async () => {
  await checkTosca(`
#- /ws/bad.yaml
tosca_definitions_version: tosca_simple_yaml_XXX
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - bad.yaml
#   ^^^^^^^^ TOSCA023
`);
  const d = await checkTosca(`
#- /ws/noversion.yaml
# lm-descriptors: tosca
node_types: {}
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - noversion.yaml
#   ^^^^^^^^^^^^^^ TOSCA023
`);
  assert.equal(severityOf(d, 'TOSCA023'), 'warning');
});

test('TOSCA024: import cycles are safe (information); TOSCA025 duplicate prefix', async () => {
  await checkTosca(`
#- /ws/a.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - service.yaml
node_types:
  A:
    derived_from: tosca.nodes.Root
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - a.yaml
#   ^^^^^^ TOSCA024
topology_template:
  node_templates:
    a:
      type: A
`);
  await checkTosca(`${TYPES}
#- /ws/other.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - file: types/my-types.yaml
    namespace_prefix: mt
  - file: other.yaml
    namespace_prefix: mt
#                     ^^ TOSCA025
`);
});

test('namespace prefixes: imported types are visible as prefix:Name', async () => {
  await checkTosca(`${TYPES}
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_0
imports:
  - my-types:
      file: types/my-types.yaml
      namespace_prefix: mt
topology_template:
  node_templates:
    app:
      type: mt:my.nodes.App
      properties:
        port: 8080
    other:
      type: mt:nope
#           ^^^^^^^ TOSCA030
`);
});

test('TOSCA026: a nested import found relative to a parent folder (tosca-parser style) is information', async () => {
  const d = await checkTosca(`${TYPES}
#- /ws/lib/nested.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types/my-types.yaml
#   ^^^^^^^^^^^^^^^^^^^ TOSCA026
`);
  assert.equal(severityOf(d, 'TOSCA026'), 'information');
});

test('profile imports: `file: org.example:1.0` resolves to the file declaring that namespace', async () => {
  await checkTosca(`
#- /ws/profiles/example/profile.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
namespace: org.example:1.0
node_types:
  Thing:
    derived_from: tosca.nodes.Root
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - file: org.example:1.0
    namespace_prefix: ex
topology_template:
  node_templates:
    t:
      type: ex:Thing
`);
});

test('type files that rely on the file importing them see its types (importer context)', async () => {
  await checkTosca(`
#- /ws/main.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - fragment.yaml
data_types:
  my.Base:
    derived_from: tosca.datatypes.Root
#- /ws/fragment.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  my.Derived:
    derived_from: my.Base
  my.Broken:
    derived_from: my.Nope
#                 ^^^^^^^ TOSCA033
`);
});

test('CSAR: imports relative to the archive root (TOSCA-Metadata/TOSCA.meta)', async () => {
  await checkTosca(`
#- /ws/csar/TOSCA-Metadata/TOSCA.meta
TOSCA-Meta-File-Version: 1.0
Entry-Definitions: Definitions/main.yaml
#- /ws/csar/Definitions/types/t.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  T:
    derived_from: tosca.nodes.Root
#- /ws/csar/Definitions/sub/main.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - /Definitions/types/t.yaml
topology_template:
  node_templates:
    t:
      type: T
`);
});
