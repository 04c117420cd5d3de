/** Editor features on TOSCA 2.0 files: keyname completion and hover from the 2.0 grammar, profile types, outline. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCompletion, checkDefinition, checkHover, setup } from '../support/features.js';
import { symbols } from '../../server/src/features/tosca/symbols.js';

const PROFILE = `#- /ws/profile/profile.yaml
tosca_definitions_version: tosca_2_0
profile: org.example.base:1.0
node_types:
  Server:
    description: A server the example profile defines.
    properties:
      cores:
        type: integer
`;

test('2.0 keyname completion: service_template at the top, count_range in requirement definitions', async () => {
  await checkCompletion(
    `#- /ws/a.yaml
tosca_definitions_version: tosca_2_0
$0
`,
    ['service_template', 'profile', 'functions'],
    ['topology_template'],
  );
  await checkCompletion(
    `#- /ws/a.yaml
tosca_definitions_version: tosca_2_0
node_types:
  A:
    requirements:
      - host:
          capability: C
          $0
`,
    ['count_range', 'node_filter'],
    ['occurrences'],
  );
  await checkCompletion(
    `#- /ws/a.yaml
tosca_definitions_version: tosca_2_0
service_template:
  node_templates:
    a:
      $0
`,
    ['count', 'copy', 'directives'],
  );
});

test('2.0 hover on a keyname, and on a type from a profile imported by name with a namespace', async () => {
  await checkHover(
    `#- /ws/a.yaml
tosca_definitions_version: tosca_2_0
node_types:
  A:
    requirements:
      - host:
          count_$0range: [0, 1]
`,
    ['count_range', 'requirement definition'],
  );
  await checkHover(
    `${PROFILE}#- /ws/a.yaml
tosca_definitions_version: tosca_2_0
imports:
  - profile: org.example.base:1.0
    namespace: base
service_template:
  node_templates:
    s:
      type: base:Ser$0ver
`,
    ['A server the example profile defines.'],
  );
});

test('2.0 definition of a namespaced profile type lands in the profile file', async () => {
  await checkDefinition(
    `${PROFILE}#- /ws/a.yaml
tosca_definitions_version: tosca_2_0
imports:
  - profile: org.example.base:1.0
    namespace: base
service_template:
  node_templates:
    s:
      type: base:Ser$0ver
`,
    { path: '/ws/profile/profile.yaml', selected: 'Server' },
  );
});

test('2.0 outline: the service template and its node templates', async () => {
  const { ctx } = await setup(`#- /ws/a.yaml
tosca_definitions_version: tosca_2_0
node_types:
  A: {}
service_template:
  node_templates:
    web:
      type: A
`);
  const names = JSON.stringify(symbols(ctx));
  assert.ok(names.includes('"web"'), names);
});
