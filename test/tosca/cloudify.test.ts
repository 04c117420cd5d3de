/**
 * Cloudify's blueprint DSL (`cloudify_dsl_1_x`): not TOSCA, so a blueprint written as Cloudify's own examples write
 * them (our own fixtures, shaped after cloudify-hello-world-example and Cloudify's blueprint examples) gets none of the
 * TOSCA rules' findings; Cloudify's keyname table and reference checks find what its parser rejects at upload; names
 * an imported file may declare are never reported; YAML merge keys are read as PyYAML reads them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf, severityOf } from './support.js';
import { checkCompletion, checkDefinition, checkHover, setup } from '../support/features.js';
import { references } from '../../server/src/features/references.js';
import { prepareRename, rename } from '../../server/src/features/rename.js';
import { codeLenses } from '../../server/src/features/links.js';
import { checkSymbols } from '../support/navigation.js';

const BLUEPRINT = `
tosca_definitions_version: cloudify_dsl_1_4
description: A VM and a web server on it.
imports:
  - https://cloudify.co/spec/cloudify/6.4.0/types.yaml
  - plugin:cloudify-openstack-plugin?version= >=3.2.2
  - cloudify/types/types.yaml
inputs:
  image:
    type: string
    display_label: Image
    default: ubuntu
  port:
    type: integer
    default: 8080
    constraints:
      - valid_values: [8080, 8081]
dsl_definitions:
  client: &client
    username: { get_secret: keystone_username }
    region: { get_input: image }
node_templates:
  vm:
    type: cloudify.nodes.openstack.Server
    properties:
      client_config: *client
      agent_config:
        install_method: none
    capabilities:
      scalable:
        properties:
          default_instances: 1
  http_web_server:
    type: cloudify.nodes.WebServer
    properties:
      port: { get_input: port }
    relationships:
      - type: cloudify.relationships.contained_in
        target: vm
        source_interfaces:
          cloudify.interfaces.relationship_lifecycle:
            preconfigure:
              implementation: scripts/pre.sh
              inputs:
                host: { get_attribute: [TARGET, ip] }
    interfaces:
      cloudify.interfaces.lifecycle:
        configure: scripts/configure.sh
        start:
          implementation: scripts/start.sh
          executor: central_deployment_agent
          max_retries: 3
          inputs:
            ip: { get_attribute: [SELF, ip] }
            url: { concat: ['http://', { get_attribute: [vm, ip] }, ':', { get_property: [SELF, port] }] }
groups:
  web:
    members: [vm, http_web_server]
outputs:
  endpoint:
    description: The URL.
    value: { concat: ['http://', { get_attribute: [vm, ip] }] }
labels:
  env:
    values: [demo]
`;

test('cloudify: a blueprint as Cloudify writes it has no finding, and no TOSCA rule runs', async () => {
  await checkTosca(BLUEPRINT, { ignore: [] });
});

test('cloudify: keynames, required keys and shapes as its parser checks them at upload', async () => {
  const diags = await checkTosca(`
tosca_definitions_version: cloudify_dsl_1_3
inputs:
  name:
    type: string
    defualt: x
#   ^^^^^^^ TOSCA010
node_templates:
  vm:
    type: cloudify.nodes.Compute
    description: no such key
#   ^^^^^^^^^^^ TOSCA010
    relationships:
      - { type: cloudify.relationships.depends_on }
#       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA011
  net:
# ^^^ TOSCA011
    properties: {}
outputs:
  ip:
    value: x
    interfaces: []
#   ^^^^^^^^^^ TOSCA010
topology_template: {}
#^^^^^^^^^^^^^^^^ TOSCA010
`);
  assert.match(messageOf(diags, 'TOSCA010'), /did you mean `default`\?.*Cloudify's parser rejects the blueprint/);
  assert.ok(diags.some((d) => d.message.includes('Node template `net` has no `type`; a node template requires it')));
  // No TOSCA finding: no TOSCA002 for the version, no TOSCA type or import checks.
  assert.ok(diags.every((d) => ['TOSCA010', 'TOSCA011'].includes(d.code)));
});

test('cloudify: targets, inputs, nodes and group members that are not in the blueprint', async () => {
  const diags = await checkTosca(`
tosca_definitions_version: cloudify_dsl_1_4
imports:
  - cloudify/types/types.yaml
inputs:
  image: {}
node_templates:
  vm:
    type: cloudify.nodes.Compute
    properties:
      image: { get_input: imag }
#                         ^^^^ TOSCA501
      ip: { get_attribute: [SOURCE, ip] }
#                           ^^^^^^ TOSCA503
  app:
    type: cloudify.nodes.ApplicationModule
    properties:
      peer: { get_property: [vn, image] }
#                            ^^ TOSCA502
    relationships:
      - type: cloudify.relationships.contained_in
        target: vmm
#               ^^^ TOSCA500
      - type: cloudify.relationships.depends_on
        target: app
#               ^^^ TOSCA500
groups:
  g:
    members: [vm, ap]
#                 ^^ TOSCA504
outputs:
  o:
    value: { get_attribute: [SELF, ip] }
#                            ^^^^ TOSCA503
`);
  assert.match(messageOf(diags, 'TOSCA500'), /`vmm` \(the target\) is no node template.*did you mean `vm`/);
  assert.match(messageOf(diags, 'TOSCA501'), /did you mean `image`/);
  assert.ok(
    diags.some((d) => d.code === 'TOSCA500' && d.message.includes('Node template `app` has a relationship to itself')),
  );
  assert.equal(severityOf(diags, 'TOSCA503'), 'error');
});

test('cloudify: names a merged file may declare are not checked; SELF and TARGET still are', async () => {
  // A file of the blueprint's folder is merged into it: the blueprint may use its names.
  await checkTosca(`
tosca_definitions_version: cloudify_dsl_1_4
imports:
  - cloudify/types/types.yaml
  - includes/application.yaml
node_templates:
  app:
    type: cloudify.nodes.Root
    properties:
      a: { get_input: from_include }
    relationships:
      - type: cloudify.relationships.contained_in
        target: vm_of_include
`);
  // A file the blueprint imports uses the blueprint's names.
  await checkTosca(`
#- /ws/bp/blueprint.yaml
tosca_definitions_version: cloudify_dsl_1_4
imports:
  - includes/app.yaml
inputs:
  user: {}
node_templates:
  vm:
    type: cloudify.nodes.Compute
#- /ws/bp/includes/app.yaml
tosca_definitions_version: cloudify_dsl_1_4
node_templates:
  app:
    type: cloudify.nodes.Root
    properties:
      user: { get_input: user }
      peer: { get_attribute: [TARGET, ip] }
#                             ^^^^^^ TOSCA503
    relationships:
      - type: cloudify.relationships.contained_in
        target: vm
`);
  // Names under a namespace come from an uploaded blueprint.
  await checkTosca(`
tosca_definitions_version: cloudify_dsl_1_4
imports:
  - infra--blueprint:infrastructure
node_templates:
  app:
    type: cloudify.nodes.Root
    relationships:
      - type: cloudify.relationships.connected_to
        target: infra--vm
`);
});

test('YAML merge keys: read as PyYAML merges them; two of them in one mapping are a warning', async () => {
  const diags = await checkTosca(`
tosca_definitions_version: cloudify_dsl_1_4
dsl_definitions:
  a: &a
    type: cloudify.nodes.Root
  b: &b
    properties: {}
node_templates:
  one:
    <<: *a
  two:
    <<: *a
    <<: *b
#   ^^ TOSCA005
`);
  assert.equal(severityOf(diags, 'TOSCA005'), 'warning');
  assert.match(messageOf(diags, 'TOSCA005'), /PyYAML and SnakeYAML merge both.*`<<: \[\*a, \*b\]`/);
  // The same in TOSCA: no unknown keyname `<<`, and the merged `type` counts.
  await checkTosca(
    `
tosca_definitions_version: tosca_simple_yaml_1_3
dsl_definitions:
  compute: &compute
    type: tosca.nodes.Compute
topology_template:
  node_templates:
    a:
      <<: *compute
`,
    { ignore: ['TOSCA037', 'TOSCA064', 'TOSCA103', 'TOSCA269', 'TOSCA040', 'TOSCA060'] },
  );
});

test('cloudify: completion and hover know the blueprint, not TOSCA', async () => {
  await checkCompletion(
    `
#- /ws/blueprint.yaml
tosca_definitions_version: cloudify_dsl_1_4
$0
`,
    ['node_templates', 'inputs', 'outputs', 'plugins', 'workflows'],
    ['topology_template', 'artifact_types'],
  );
  await checkCompletion(
    `
#- /ws/blueprint.yaml
tosca_definitions_version: cloudify_dsl_1_4
node_templates:
  vm:
    type: cloudify.nodes.Compute
    $0
`,
    ['properties', 'relationships', 'interfaces', 'capabilities'],
    ['requirements', 'artifacts'],
  );
  await checkHover(`#- /ws/blueprint.yaml\ntosca_definitions_version: cloudify_dsl_1_$04\n`, [
    "Cloudify DSL 1.4 (Cloudify's blueprint language",
  ]);
  await checkHover(
    `
#- /ws/blueprint.yaml
tosca_definitions_version: cloudify_dsl_1_4
node_templates:
  vm:
    type: cloudify.nodes.Compute
    relation$0ships: []
`,
    ['target: <node template>'],
  );
});

const NAV = `
#- /ws/bp/types.yaml
tosca_definitions_version: cloudify_dsl_1_4
node_types:
  my.nodes.App:
    derived_from: cloudify.nodes.ApplicationModule
#- /ws/bp/blueprint.yaml
tosca_definitions_version: cloudify_dsl_1_4
imports:
  - cloudify/types/types.yaml
  - types.yaml
inputs:
  image:
    type: string
node_templates:
  vm:
    type: cloudify.nodes.Compute
    properties:
      image: { get_input: image }
  app:
    type: my.nodes.App
    relationships:
      - type: cloudify.relationships.contained_in
        target: vm
    interfaces:
      cloudify.interfaces.lifecycle:
        start:
          inputs:
            ip: { get_attribute: [vm, ip] }
groups:
  all:
    members: [vm, app]
outputs:
  ip:
    value: { get_attribute: [vm, ip] }
`;

const at = (needle: string, cursor: string) => NAV.replace(needle, cursor);

test('cloudify: go to definition of targets, inputs, nodes of functions, members and types', async () => {
  const bp = '/ws/bp/blueprint.yaml';
  await checkDefinition(at('        target: vm', '        target: v$0m'), { path: bp, selected: 'vm' });
  await checkDefinition(at('{ get_input: image }', '{ get_input: im$0age }'), { path: bp, selected: 'image' });
  await checkDefinition(at('ip: { get_attribute: [vm, ip] }\ngroups', 'ip: { get_attribute: [v$0m, ip] }\ngroups'), {
    path: bp,
    selected: 'vm',
  });
  await checkDefinition(at('members: [vm, app]', 'members: [vm, a$0pp]'), { path: bp, selected: 'app' });
  // A node type of a file the blueprint imports.
  await checkDefinition(at('    type: my.nodes.App', '    type: my.nodes.A$0pp'), {
    path: '/ws/bp/types.yaml',
    selected: 'my.nodes.App',
  });
  await checkDefinition(at('        target: vm', '        target: nowhere$0'), null);
  await checkHover(at('        target: vm', '        target: v$0m'), [
    '**vm** — node template of this blueprint',
    'type `cloudify.nodes.Compute`',
  ]);
  await checkHover(at('    type: my.nodes.App', '    type: my.nodes.A$0pp'), ['node type of `types.yaml`']);
  await checkHover(at('    type: cloudify.nodes.Compute', '    type: cloudify.nodes.Com$0pute'), [
    "Cloudify's built-in node type",
    'derived from `cloudify.nodes.Root`',
  ]);
});

test('cloudify: completion of targets, inputs, types; the outline of a blueprint', async () => {
  await checkCompletion(at('        target: vm', '        target: $0'), ['vm'], ['app', 'image']);
  await checkCompletion(at('{ get_input: image }', '{ get_input: $0 }'), ['image'], ['vm']);
  await checkCompletion(
    at('    type: my.nodes.App', '    type: $0'),
    ['my.nodes.App', 'cloudify.nodes.Compute', 'cloudify.nodes.WebServer'],
    ['cloudify.relationships.contained_in', 'vm'],
  );
  await checkCompletion(
    at('      - type: cloudify.relationships.contained_in', '      - type: $0'),
    ['cloudify.relationships.contained_in', 'cloudify.relationships.connected_to'],
    ['cloudify.nodes.Compute'],
  );
  await checkSymbols(
    NAV,
    `
imports [3]
  cloudify/types/types.yaml [1]
  types.yaml [1]
inputs [3]
  image [13] string
node_templates [3]
  vm [19] cloudify.nodes.Compute
    properties [3]
      image [7]
  app [19] my.nodes.App
    relationships [3]
      vm [11] cloudify.relationships.contained_in
    interfaces [3]
      cloudify.interfaces.lifecycle [11]
        start [6]
groups [3]
  all [4]
outputs [3]
  ip [14]
`,
  );
});

test('cloudify: keys and functions newer than the blueprint declares (TOSCA505)', async () => {
  const diags = await checkTosca(`
tosca_definitions_version: cloudify_dsl_1_1
description: came with 1_2
#^^^^^^^^^^ TOSCA505
inputs:
  name:
    type: string
    display_label: Name
#   ^^^^^^^^^^^^^ TOSCA505
node_templates:
  vm:
    type: cloudify.nodes.Compute
    capabilities: {}
#   ^^^^^^^^^^^^ TOSCA505
    interfaces:
      cloudify.interfaces.lifecycle:
        create:
          implementation: scripts/create.sh
          max_retries: 3
          inputs:
            all: { merge: [{ a: 1 }, { b: 2 }] }
#                  ^^^^^ TOSCA505
            url: { concat: [a, b] }
`);
  assert.match(messageOf(diags, 'TOSCA505'), /came with cloudify_dsl_1_2; this blueprint declares cloudify_dsl_1_1/);
  // At 1_5 everything is there.
  await checkTosca(`
tosca_definitions_version: cloudify_dsl_1_5
description: fine
policies: {}
`);
});

const SOLO = `
#- /ws/solo/blueprint.yaml
tosca_definitions_version: cloudify_dsl_1_4
imports:
  - cloudify/types/types.yaml
inputs:
  image: {}
dsl_definitions:
  props: &props
    ip: { get_attribute: [vm, ip] }
node_types:
  my.App:
    derived_from: cloudify.nodes.Root
node_templates:
  vm:
    type: cloudify.nodes.Compute
    properties:
      image: { get_input: image }
  app:
    type: my.App
    properties: *props
    relationships:
      - type: cloudify.relationships.contained_in
        target: vm
groups:
  all:
    members: [vm, app]
outputs:
  ip:
    value: { get_attribute: [vm, ip] }
`;

test('cloudify: references and rename of a node template, an input and a type within the blueprint', async () => {
  const run = async (needle: string, cursor: string) => {
    const { fixture, ctx } = await setup(SOLO.replace(needle, cursor));
    return { ctx, offset: fixture.cursor!.offset };
  };
  const lines = (refs: { range: { start: { line: number; character: number } }; declaration: boolean }[]) =>
    refs.map((r) => `${r.range.start.line}:${r.range.start.character}${r.declaration ? ' decl' : ''}`);
  // From the declaration: the anchor's use where it is written, the target, the member, the output.
  let { ctx, offset } = await run('  vm:\n', '  v$0m:\n');
  assert.deepEqual(lines(references(ctx, offset, true)), ['7:26', '12:2 decl', '21:16', '24:14', '27:29']);
  const edit = rename(ctx, offset, 'server');
  assert.ok('edit' in edit, JSON.stringify(edit));
  assert.equal(Object.values(edit.edit.changes)[0]!.length, 5);
  assert.match(JSON.stringify(rename(ctx, offset, 'app')), /already declares `app`/);
  assert.match(JSON.stringify(rename(ctx, offset, 'a b')), /not a plain name/);
  // From a use: the input, and the blueprint's own type.
  ({ ctx, offset } = await run('{ get_input: image }', '{ get_input: im$0age }'));
  assert.deepEqual(lines(references(ctx, offset, false)), ['15:26']);
  ({ ctx, offset } = await run('    type: my.App', '    type: my.A$0pp'));
  assert.deepEqual(lines(references(ctx, offset, true)), ['9:2 decl', '17:10']);
  const place = prepareRename(ctx, offset);
  assert.ok(place && 'range' in place, JSON.stringify(place));
  assert.deepEqual([place.range.start, place.placeholder], [{ line: 17, character: 10 }, 'my.App']);
  // Not declared here (Cloudify's own type): nothing to rename.
  ({ ctx, offset } = await run('    type: cloudify.nodes.Compute', '    type: cloudify.nodes.Com$0pute'));
  assert.match(JSON.stringify(prepareRename(ctx, offset)), /not declared in this blueprint/);
});

test('cloudify: no references, rename or lenses where a merged file may use the names', async () => {
  // NAV imports a type file of the workspace: Cloudify merges it into the blueprint.
  const src = at('  vm:\n    type: cloudify.nodes.Compute', '  v$0m:\n    type: cloudify.nodes.Compute');
  const { fixture, ctx } = await setup(src);
  const offset = fixture.cursor!.offset;
  assert.deepEqual(references(ctx, offset, true), []);
  assert.match(JSON.stringify(prepareRename(ctx, offset)), /this blueprint imports a file of the workspace/);
  assert.deepEqual(codeLenses(ctx), []);
});

test('cloudify: properties of a template whose type the blueprint declares down to cloudify.nodes.Root', async () => {
  const diags = await checkTosca(`
tosca_definitions_version: cloudify_dsl_1_4
imports:
  - plugin:cloudify-openstack-plugin
node_types:
  my.Base:
    derived_from: cloudify.nodes.Root
    properties:
      port: { type: integer }
      name: { default: web }
  my.App:
    derived_from: my.Base
    properties:
      path: { type: string, required: false }
  my.OnPlugin:
    derived_from: cloudify.nodes.openstack.Server
node_templates:
  app:
    type: my.App
    properties:
      port: 80
      pth: /
#     ^^^ TOSCA506
      resource_id: app-1
  bare:
# ^^^^ TOSCA507
    type: my.App
  existing:
    type: my.App
    properties:
      use_external_resource: true
  server:
    type: my.OnPlugin
    properties:
      anything: at all
`);
  assert.match(messageOf(diags, 'TOSCA506'), /sets `pth`.*did you mean `path`/);
  assert.match(messageOf(diags, 'TOSCA507'), /does not set `port`, mandatory in its type `my.App`/);
});

test('cloudify: a type neither the blueprint nor Cloudify defines, where nothing else can (TOSCA508)', async () => {
  const src = (imports: string) => `
tosca_definitions_version: cloudify_dsl_1_4
imports:
${imports}
node_types:
  my.App:
    derived_from: cloudify.nodes.Rot
node_templates:
  vm:
    type: cloudify.nodes.Comptue
  app:
    type: my.App
    relationships:
      - type: cloudify.relationships.contained
        target: vm
`;
  const diags = await checkTosca(
    `${src('  - cloudify/types/types.yaml')}`
      .replace(
        'derived_from: cloudify.nodes.Rot',
        'derived_from: cloudify.nodes.Rot\n#                 ^^^^^^^^^^^^^^^^^^ TOSCA508',
      )
      .replace(
        'type: cloudify.nodes.Comptue',
        'type: cloudify.nodes.Comptue\n#         ^^^^^^^^^^^^^^^^^^^^^^ TOSCA508',
      )
      .replace(
        'type: cloudify.relationships.contained\n',
        'type: cloudify.relationships.contained\n#             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA508\n',
      ),
  );
  assert.equal(severityOf(diags, 'TOSCA508'), 'warning');
  assert.ok(diags.some((d) => /did you mean `cloudify.nodes.Root`/.test(d.message)));
  // A plugin may define them: nothing said.
  await checkTosca(src('  - cloudify/types/types.yaml\n  - plugin:cloudify-openstack-plugin'));
});
