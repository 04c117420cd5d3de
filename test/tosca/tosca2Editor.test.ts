/** Editor features on TOSCA 2.0 files across profiles imported with a namespace: completion, references, rename. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCompletion, checkDefinition } from '../support/features.js';
import {
  checkReferences,
  checkRename,
  lensLines,
  linkLines,
  tokenLines,
  workspaceSymbolLines,
} from '../support/navigation.js';

const PROFILE = `tosca_definitions_version: tosca_2_0
profile: org.example.base:1.0
node_types:
  Server:
    description: A server the example profile defines.
  Database:
    derived_from: Server
capability_types:
  Endpoint: {}
relationship_types:
  Connects: {}
data_types:
  Range:
    properties:
      low:
        type: integer
`;

const SERVICE = `tosca_definitions_version: tosca_2_0
imports:
  - profile: org.example.base:1.0
    namespace: base
node_types:
  Local:
    derived_from: base:Server
service_template:
  node_templates:
    s:
      type: base:Server
    d:
      type: base:Database
`;

const ws = (profile: string, service: string) => `#- /ws/profile/profile.yaml\n${profile}#- /ws/a.yaml\n${service}`;

test('2.0 type completion: imported profile types with their namespace, own types bare, no 1.x names', async () => {
  await checkCompletion(
    ws(PROFILE, SERVICE.replace('type: base:Database', 'type: $0')),
    ['base:Server', 'base:Database', 'Local'],
    ['Server', 'tosca.nodes.Compute', 'Compute', 'base:Endpoint'],
  );
  await checkCompletion(
    ws(PROFILE, SERVICE.replace('derived_from: base:Server', 'derived_from: $0')),
    ['base:Server', 'base:Database'],
    ['tosca.nodes.Root', 'Root', 'Server'],
  );
  await checkCompletion(
    ws(
      PROFILE,
      `${SERVICE}capability_types:
  Mine:
    derived_from: $0
`,
    ),
    ['base:Endpoint'],
    ['base:Server', 'tosca.capabilities.Root', 'Endpoint'],
  );
  await checkCompletion(
    ws(
      PROFILE,
      `${SERVICE}relationship_types:
  Mine:
    derived_from: $0
`,
    ),
    ['base:Connects'],
    ['tosca.relationships.Root', 'Connects'],
  );
  await checkCompletion(
    ws(
      PROFILE,
      `${SERVICE}data_types:
  Mine:
    properties:
      r:
        type: $0
`,
    ),
    ['base:Range', 'integer'],
    ['tosca.datatypes.Root', 'Range'],
  );
});

test('2.0 type completion in requirement and capability definitions: the namespaced types of their kind', async () => {
  const local = (body: string) =>
    ws(PROFILE, SERVICE.replace('    derived_from: base:Server\n', `    derived_from: base:Server\n${body}`));
  await checkCompletion(
    local(`    requirements:
      - db:
          capability: $0
`),
    ['base:Endpoint'],
    ['base:Server', 'tosca.capabilities.Node'],
  );
  await checkCompletion(
    local(`    requirements:
      - db:
          capability: base:Endpoint
          relationship: $0
`),
    ['base:Connects'],
    ['tosca.relationships.DependsOn', 'base:Endpoint'],
  );
  await checkCompletion(
    local(`    capabilities:
      api:
        type: $0
`),
    ['base:Endpoint'],
    ['tosca.capabilities.Endpoint', 'base:Server'],
  );
});

test('2.0 type completion in the 2.0 list keynames of capability and relationship types', async () => {
  const list = (section: string, key: string) =>
    ws(PROFILE, `${SERVICE}${section}:\n  Mine:\n    ${key}:\n      - $0\n`);
  await checkCompletion(list('capability_types', 'valid_source_node_types'), ['base:Server'], ['base:Endpoint']);
  await checkCompletion(list('capability_types', 'valid_relationship_types'), ['base:Connects'], ['base:Server']);
  await checkCompletion(list('relationship_types', 'valid_capability_types'), ['base:Endpoint'], ['base:Server']);
  await checkCompletion(list('relationship_types', 'valid_target_node_types'), ['base:Server'], ['base:Endpoint']);
  await checkCompletion(list('relationship_types', 'valid_source_node_types'), ['base:Database'], ['base:Range']);
  // The same as flow lists: after `[`, after `, `, continued on the next line, and in a flow map.
  const flow = (section: string, body: string) => ws(PROFILE, `${SERVICE}${section}:\n  Mine:\n${body}\n`);
  const nodeTypes = ['base:Server', 'base:Database'];
  await checkCompletion(flow('capability_types', '    valid_source_node_types: [$0]'), nodeTypes, ['base:Endpoint']);
  await checkCompletion(flow('capability_types', '    valid_source_node_types: [ base:Server, $0 ]'), nodeTypes, [
    'base:Endpoint',
  ]);
  await checkCompletion(
    flow('relationship_types', '    valid_capability_types: [\n      $0\n    ]'),
    ['base:Endpoint'],
    ['base:Server'],
  );
  await checkCompletion(
    ws(
      PROFILE,
      SERVICE.replace(
        '    derived_from: base:Server\n',
        `    derived_from: base:Server
    capabilities:
      api: { type: base:Endpoint, valid_source_node_types: [ $0 ] }
`,
      ),
    ),
    nodeTypes,
    ['base:Endpoint'],
  );
});

test('2.0 type completion in the profile itself: its own types unprefixed', async () => {
  await checkCompletion(
    ws(PROFILE.replace('derived_from: Server', 'derived_from: $0'), SERVICE),
    ['Server'],
    ['base:Server', 'tosca.nodes.Root'],
  );
});

test('2.0 rename a profile type: declaration, derived_from, and base: uses in importers keep the prefix', async () => {
  const after = {
    '/ws/profile/profile.yaml': PROFILE.replace('  Server:', '  Host:').replace(
      'derived_from: Server',
      'derived_from: Host',
    ),
    '/ws/a.yaml': SERVICE.replace('derived_from: base:Server', 'derived_from: base:Host').replace(
      'type: base:Server',
      'type: base:Host',
    ),
  };
  await checkRename(ws(PROFILE.replace('  Server:', '  Ser$0ver:'), SERVICE), 'Host', after);
  await checkRename(ws(PROFILE, SERVICE.replace('type: base:Server', 'type: base:Ser$0ver')), 'Host', after);
  await checkRename(
    ws(PROFILE, SERVICE.replace('type: base:Server', 'type: base:Ser$0ver')),
    'base:Host',
    /`namespace` in 2\.0\): give the name without one/,
  );
});

test('2.0 references of a profile type: the base: uses in a file importing the profile by name', async () => {
  await checkReferences(`
#- /ws/profile/profile.yaml
tosca_definitions_version: tosca_2_0
profile: org.example.base:1.0
node_types:
  Server:
# ^^^^^^ decl
    description: A server.
  Database:
    derived_from: Server
    #             ^^^^^^ ref
#- /ws/a.yaml
tosca_definitions_version: tosca_2_0
imports:
  - profile: org.example.base:1.0
    namespace: base
node_types:
  Local:
    derived_from: base:Server
    #             ^^^^^^^^^^^ ref
service_template:
  node_templates:
    s:
      type: base:Ser$0ver
      #     ^^^^^^^^^^^ ref
#- /ws/other.yaml
tosca_definitions_version: tosca_2_0
node_types:
  Server: {}
service_template:
  node_templates:
    t:
      type: Server
`);
});

test('2.0 semantic tokens: $ calls only; a 1.x call shape is a plain map in 2.0 and gets none', async () => {
  const src = `#- /ws/a.yaml
tosca_definitions_version: tosca_2_0
service_template:
  inputs:
    y:
      type: string
  node_templates:
    a:
      type: Compute
      properties:
        x: { get_input: y }
        z: { $get_input: y }
        w: { get_property: [ SELF, x ] }
`;
  assert.deepEqual(await tokenLines(src), ['$get_input function+defaultLibrary', 'y parameter']);
});

test('2.0 document link of a profile import, code lens and workspace symbol of a profile type', async () => {
  const src = (cursor: string) => `#- /ws/profile/profile.yaml
tosca_definitions_version: tosca_2_0
profile: org.example.base:1.0
node_types:
  Server: {}${cursor}
#- /ws/a.yaml
tosca_definitions_version: tosca_2_0
imports:
  - profile: org.example.base:1.0
    namespace: base
service_template:
  node_templates:
    s:
      type: base:Server
$0`;
  const a = src('');
  assert.deepEqual(await linkLines(a), ['/ws/a.yaml:2:13-33 -> /ws/profile/profile.yaml']);
  assert.deepEqual(await lensLines(src('$0').replace(/\$0$/, '')), ['3: 1 template · 0 subtypes']);
  assert.deepEqual(await workspaceSymbolLines(a, 'Serv'), ['Server [5] /ws/profile/profile.yaml']);
});

test('2.0 references and definition of a profile capability type used in the 2.0 list keynames', async () => {
  const profile = (cursor: string) => `#- /ws/profile/profile.yaml
tosca_definitions_version: tosca_2_0
profile: org.example.base:1.0
node_types:
  Server: {}
capability_types:
  End${cursor}point: {}
# ^^^^^^^^ decl
`;
  const a = `#- /ws/a.yaml
tosca_definitions_version: tosca_2_0
imports:
  - profile: org.example.base:1.0
    namespace: base
relationship_types:
  R:
    valid_capability_types: [ base:Endpoint ]
    #                         ^^^^^^^^^^^^^ ref
    valid_target_node_types: [ base:Server ]
capability_types:
  C:
    derived_from: base:Endpoint
    #             ^^^^^^^^^^^^^ ref
    valid_source_node_types: [ base:Server ]
`;
  await checkReferences(profile('$0') + a);
  await checkDefinition(profile('') + a.replace('[ base:Endpoint ]', '[ base:End$0point ]'), {
    path: '/ws/profile/profile.yaml',
    selected: 'Endpoint',
  });
});
