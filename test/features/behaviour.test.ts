/**
 * lmctl behaviour files (LM110-LM115 and the editor features in them), in packages laid out as
 * lmctl writes them: `Behaviour/Configurations/*.json` (older `Behaviour/Templates/`),
 * `Behaviour/Tests/*.json` and `Behaviour/Runtime/*.json` next to `Descriptor/assembly.yml`, with
 * `$lmctl:/` paths in `descriptorName` as in lmctl's own test packages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCompletion, checkDefinition, checkDiagnostics, checkHover, setup } from '../support/features.js';
import { checkReferences, checkRename } from '../support/navigation.js';
import { classify } from '../../server/src/model/kinds.js';

const LMPROJECT = `
#- /ws/lmproject.yml
schema: '2.0'
name: hello
version: '1.0'
type: Assembly
contains:
- name: web
  type: Resource
  resource-manager: brent
`;

const ASSEMBLY = `
#- /ws/Descriptor/assembly.yml
description: Hello world service
properties:
  greeting:
    type: string
    description: What the service says
  replicas:
    type: integer
    default: 1
  secure:
    type: boolean
composition:
  server:
    type: $lmctl:/contains:/web:/descriptor_name
    properties:
      message:
        value: \${greeting}
`;

const REST = `
#- /ws/Contains/web/Definitions/lm/resource.yaml
description: Web server
properties:
  message:
    type: string
lifecycle:
  Create: {}
#- /ws/Behaviour/Tests/Start.json
{
  "name": "Start",
  "stages": [],
  "assemblyActors": [
    {
      "instanceName": "hello",
      "assemblyConfigurationRef": "helloworld",
      "initialState": "Active",
      "provided": false
    }
  ]
}
`;

const PROJECT = `${LMPROJECT}${ASSEMBLY}${REST}`;

const CONFIG = (body: string) => `${PROJECT}
#- /ws/Behaviour/Configurations/helloworld.json
${body}`;

test('behaviour files are their own kind, by path', () => {
  assert.equal(classify('/p/Behaviour/Configurations/a.json', '{}'), 'behaviour');
  assert.equal(classify('/p/Behaviour/Templates/a.json', '{}'), 'behaviour');
  assert.equal(classify('/p/Contains/x/Behaviour/Tests/a.json', '{}'), 'behaviour');
  assert.equal(classify('/p/Behaviour/Runtime/a.json', '{}'), 'behaviour');
  assert.equal(classify('/p/Behaviour/Configurations/more/a.json', '{}'), 'behaviour');
  assert.equal(classify('Behaviour/Tests/a.json', '{}'), 'behaviour');
  assert.equal(classify('/p/Behaviour/Other/a.json', '{}'), 'other');
  assert.equal(classify('/p/config/a.json', '{}'), 'other');
});

test('a valid configuration and scenario have no findings ($lmctl:/ path and literal name)', async () => {
  await checkDiagnostics(
    CONFIG(`{
  "name": "helloworld",
  "projectId": "$lmctl:/descriptor_name",
  "descriptorName": "$lmctl:/descriptor_name",
  "properties": {
    "greeting": "hi",
    "replicas": "3",
    "secure": true
  },
  "createdAt": "2019-01-01T01:00:00.613Z"
}`),
  );
  await checkDiagnostics(
    CONFIG(`{
  "name": "helloworld",
  "descriptorName": "assembly::hello::1.0",
  "properties": {}
}`),
  );
  // The scenario names the configuration.
  const { session } = await setup(CONFIG(`{ "name": "helloworld", "descriptorName": "assembly::hello::1.0" }`));
  const doc = session.openDocument('/ws/Behaviour/Tests/Start.json', PROJECT.split('Start.json\n')[1]!, 1);
  assert.deepEqual(
    (await import('../../server/src/features/diagnostics.js')).computeDiagnostics(session.context(doc)),
    [],
  );
});

test('LM110: invalid JSON, once, where JSON stops', async () => {
  await checkDiagnostics(
    CONFIG(`{
  "name": "helloworld",
  "descriptorName": "$lmctl:/descriptor_name",
  "properties": {
    "greeting": "hi",
  }
# ^ LM110
}`),
  );
});

test('LM111: descriptorName that resolves to no workspace descriptor', async () => {
  await checkDiagnostics(
    CONFIG(`{
  "name": "helloworld",
  "descriptorName": "$lmctl:/contains:/db:/descriptor_name",
#                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ LM111
  "properties": {}
}`),
  );
  const diags = await checkDiagnostics(
    CONFIG(`{
  "name": "helloworld",
  "descriptorName": "assembly::helo::1.0",
#                    ^^^^^^^^^^^^^^^^^^^ LM111
  "properties": { "anything": 1 }
}`),
  );
  assert.match(diags[0]!.message, /did you mean `assembly::hello::1\.0`/);
  assert.equal(diags[0]!.severity, 'warning');
});

test('LM112/LM113: properties the descriptor does not declare, and values of the wrong type', async () => {
  const diags = await checkDiagnostics(
    CONFIG(`{
  "name": "helloworld",
  "descriptorName": "$lmctl:/descriptor_name",
  "properties": {
    "greting": "hi",
#   ^^^^^^^^^ LM112
    "replicas": "three",
#               ^^^^^^^ LM113
    "secure": [1]
#             ^^^ LM113
  }
}`),
  );
  assert.match(diags.find((d) => d.code === 'LM112')!.message, /did you mean `greeting`/);
});

test('LM114: a scenario actor naming no configuration of the project', async () => {
  await checkDiagnostics(`${PROJECT}
#- /ws/Behaviour/Configurations/helloworld.json
{ "name": "helloworld", "descriptorName": "$lmctl:/descriptor_name" }
#- /ws/Behaviour/Tests/Stop.json
{
  "name": "Stop",
  "stages": [],
  "assemblyActors": [
    { "instanceName": "a", "assemblyConfigurationRef": "hellowrld", "provided": false },
#                                                       ^^^^^^^^^ LM114
    { "instanceName": "b", "provided": true }
  ]
}`);
});

test('a configuration in a subfolder of Behaviour/Configurations counts (lmctl walks them)', async () => {
  await checkDiagnostics(`${PROJECT}
#- /ws/Behaviour/Configurations/more/helloworld.json
{ "name": "helloworld", "descriptorName": "$lmctl:/descriptor_name" }
#- /ws/Behaviour/Tests/Start2.json
{ "name": "Start2", "assemblyActors": [ { "assemblyConfigurationRef": "helloworld" } ] }
`);
});

test('LM115: two configurations or scenarios with one name, and a missing name', async () => {
  await checkDiagnostics(`${PROJECT}
#- /ws/Behaviour/Templates/old.json
{ "name": "helloworld", "descriptorName": "$lmctl:/descriptor_name" }
#- /ws/Behaviour/Configurations/helloworld.json
{ "name": "helloworld", "descriptorName": "$lmctl:/descriptor_name" }
#          ^^^^^^^^^^ LM115
`);
  await checkDiagnostics(`${PROJECT}
#- /ws/Behaviour/Runtime/Start.json
{ "name": "Start", "stages": [], "assemblyActors": [] }
#          ^^^^^ LM115
`);
  await checkDiagnostics(`${PROJECT}
#- /ws/Behaviour/Configurations/helloworld.json
{ "descriptorName": "$lmctl:/descriptor_name" }
# ^^^^^^^^^^^^^^^^ LM115
`);
});

test('LM116: the deprecated descriptorNameRef lmctl still rewrites', async () => {
  await checkDiagnostics(`${PROJECT}
#- /ws/Behaviour/Templates/helloworld.json
{ "name": "helloworld", "descriptorNameRef": "$lmctl.descriptor_name", "properties": {} }
#                                            ^^^^^^^^^^^^^^^^^^^^^^^^ LM116
`);
});

test('completion: descriptor names and $lmctl:/ paths, property names, configuration names', async () => {
  await checkCompletion(CONFIG(`{ "name": "helloworld", "descriptorName": "$0" }`), [
    '$lmctl:/descriptor_name',
    '$lmctl:/contains:/web:/descriptor_name',
    'assembly::hello::1.0',
    'resource::web-hello::1.0',
  ]);
  await checkCompletion(
    CONFIG(
      `{ "name": "helloworld", "descriptorName": "$lmctl:/descriptor_name", "properties": { "greeting": "x", "$0" } }`,
    ),
    ['replicas', 'secure'],
    ['greeting', 'message'],
  );
  await checkCompletion(
    `${PROJECT}
#- /ws/Behaviour/Configurations/helloworld.json
{ "name": "helloworld", "descriptorName": "$lmctl:/descriptor_name" }
#- /ws/Behaviour/Tests/Stop.json
{ "name": "Stop", "assemblyActors": [ { "assemblyConfigurationRef": "$0`,
    ['helloworld'],
  );
});

test('hover and definition: descriptor, property, configuration', async () => {
  await checkHover(CONFIG(`{ "name": "helloworld", "descriptorName": "$lmctl:/desc$0riptor_name" }`), [
    'assembly::hello::1.0',
    'Hello world service',
  ]);
  await checkHover(
    CONFIG(
      `{ "name": "helloworld", "descriptorName": "$lmctl:/descriptor_name", "properties": { "greet$0ing": "x" } }`,
    ),
    ['greeting', 'What the service says'],
  );
  await checkDefinition(
    CONFIG(`{ "name": "helloworld", "descriptorName": "$lmctl:/descriptor_name", "properties": { "repl$0icas": 2 } }`),
    { path: '/ws/Descriptor/assembly.yml', selected: 'replicas' },
  );
  await checkDefinition(CONFIG(`{ "name": "helloworld", "descriptorName": "resource::web-hello::1$0.0" }`), {
    path: '/ws/Contains/web/Definitions/lm/resource.yaml',
    selected: '',
  });
  await checkDefinition(
    `${PROJECT}
#- /ws/Behaviour/Configurations/helloworld.json
{ "name": "helloworld", "descriptorName": "$lmctl:/descriptor_name" }
#- /ws/Behaviour/Tests/Stop.json
{ "name": "Stop", "assemblyActors": [ { "assemblyConfigurationRef": "hello$0world" } ] }`,
    { path: '/ws/Behaviour/Configurations/helloworld.json', selected: 'helloworld' },
  );
});

test('hover on projectId says what lmctl writes there', async () => {
  await checkHover(
    `${LMPROJECT}${ASSEMBLY}${REST}
#- /ws/Contains/web/Behaviour/Configurations/web.json
{ "name": "web", "projectId": "some-old-$0id", "descriptorName": "$lmctl:/contains:/web:/descriptor_name" }`,
    ['lmctl replaces it', '`resource::web-hello::1.0`'],
  );
});

test('references and rename of a descriptor property include the configurations setting it', async () => {
  const src = `${LMPROJECT}${REST}
#- /ws/Behaviour/Configurations/helloworld.json
{ "name": "helloworld", "descriptorName": "$lmctl:/descriptor_name", "properties": { "greeting": "x" } }
#                                                                                     ^^^^^^^^ ref
#- /ws/Descriptor/assembly.yml
description: Hello world service
properties:
  gree$0ting:
# ^^^^^^^^ decl
    type: string
composition:
  server:
    type: $lmctl:/contains:/web:/descriptor_name
    properties:
      message:
        value: \${greeting}
#                ^^^^^^^^ ref
`;
  await checkReferences(src);
  await checkRename(src, 'salutation', {
    '/ws/Descriptor/assembly.yml': `
description: Hello world service
properties:
  salutation:
    type: string
composition:
  server:
    type: $lmctl:/contains:/web:/descriptor_name
    properties:
      message:
        value: \${salutation}
`,
    '/ws/Behaviour/Configurations/helloworld.json': `
{ "name": "helloworld", "descriptorName": "$lmctl:/descriptor_name", "properties": { "salutation": "x" } }
`,
  });
});

test('rename from a behaviour file: the property, an explicitly named descriptor, a configuration', async () => {
  const explicit = `
#- /ws/other/Descriptor/assembly.yml
name: assembly::other::2.0
properties:
  size:
    type: integer
#- /ws/other/Behaviour/Configurations/small.json
{ "name": "small", "descriptorName": "assembly::other::2.0", "properties": { "size": 1 } }
#- /ws/other/Behaviour/Tests/t.json
{ "name": "t", "assemblyActors": [ { "assemblyConfigurationRef": "small" } ] }
`;
  await checkRename(explicit.replace('"properties": { "size"', '"properties": { "si$0ze"'), 'capacity', {
    '/ws/other/Descriptor/assembly.yml': `
name: assembly::other::2.0
properties:
  capacity:
    type: integer
`,
    '/ws/other/Behaviour/Configurations/small.json': `
{ "name": "small", "descriptorName": "assembly::other::2.0", "properties": { "capacity": 1 } }
`,
  });
  await checkRename(
    explicit.replace('name: assembly::other::2.0', 'name: assembly::ot$0her::2.0'),
    'assembly::another::2.0',
    {
      '/ws/other/Descriptor/assembly.yml': `
name: assembly::another::2.0
properties:
  size:
    type: integer
`,
      '/ws/other/Behaviour/Configurations/small.json': `
{ "name": "small", "descriptorName": "assembly::another::2.0", "properties": { "size": 1 } }
`,
    },
  );
  await checkRename(explicit.replace('"name": "small"', '"name": "sm$0all"'), 'tiny', {
    '/ws/other/Behaviour/Configurations/small.json': `
{ "name": "tiny", "descriptorName": "assembly::other::2.0", "properties": { "size": 1 } }
`,
    '/ws/other/Behaviour/Tests/t.json': `
{ "name": "t", "assemblyActors": [ { "assemblyConfigurationRef": "tiny" } ] }
`,
  });
});

test('renaming a subproject rewrites the $lmctl:/ paths of configurations too', async () => {
  await checkRename(
    `
#- /ws/Descriptor/assembly.yml
composition:
  server:
    type: $lmctl:/contains:/web:/descriptor_name
#- /ws/Contains/web/Definitions/lm/resource.yaml
description: Web server
#- /ws/Behaviour/Configurations/c.json
{ "name": "c", "descriptorName": "$lmctl:/contains:/web:/descriptor_name" }
#- /ws/lmproject.yml
schema: '2.0'
name: hello
version: '1.0'
type: Assembly
contains:
- name: w$0eb
  directory: web
  type: Resource
  resource-manager: brent
`,
    'www',
    {
      '/ws/Descriptor/assembly.yml': `
composition:
  server:
    type: $lmctl:/contains:/www:/descriptor_name
`,
      '/ws/Behaviour/Configurations/c.json': `
{ "name": "c", "descriptorName": "$lmctl:/contains:/www:/descriptor_name" }
`,
      '/ws/lmproject.yml': `
schema: '2.0'
name: hello
version: '1.0'
type: Assembly
contains:
- name: www
  directory: web
  type: Resource
  resource-manager: brent
`,
    },
  );
});

test('malformed behaviour files: every feature answers at every offset without throwing', async () => {
  const { computeDiagnostics } = await import('../../server/src/features/diagnostics.js');
  const { complete } = await import('../../server/src/features/completion.js');
  const { hover } = await import('../../server/src/features/hover.js');
  const { definition } = await import('../../server/src/features/definition.js');
  const { references } = await import('../../server/src/features/references.js');
  const { prepareRename, rename } = await import('../../server/src/features/rename.js');
  const texts = [
    '',
    '[]',
    '"x"',
    '{"name": 3, "descriptorName": ["a"], "properties": [1]}',
    '{"name": "a", "properties": {"greeting": {"x": 1}}, "descriptorName": "$lmctl:/contains:/"}',
    '{"name": "s", "stages": 1, "assemblyActors": [null, 2, {"assemblyConfigurationRef": 5}]}',
    '{"name": "s", "assemblyActors": {"assemblyConfigurationRef": "x"}}',
    '{"descriptorName": "$lmctl:/descriptor_name", "properties": {"greeting": "\\u00e9\\"", ',
    "{'name': 'x', /* c */ \"properties\": {,}}",
  ];
  for (const text of texts) {
    const { session } = await setup(PROJECT);
    const doc = session.openDocument('/ws/Behaviour/Configurations/bad.json', text, 1);
    const ctx = session.context(doc);
    const internal = computeDiagnostics(ctx).filter((d) => d.code === 'LM999');
    assert.deepEqual(internal, [], text);
    for (let o = 0; o <= text.length; o++) {
      complete(ctx, o);
      hover(ctx, o);
      definition(ctx, o);
      references(ctx, o, true);
      prepareRename(ctx, o);
      rename(ctx, o, 'other');
    }
  }
});
