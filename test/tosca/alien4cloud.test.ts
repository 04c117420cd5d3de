/**
 * The Alien4Cloud dialect: archives in its DSL (`alien_dsl_2_0_0`), written as its own archives write them (our own
 * small fixtures, shaped after alien4cloud/samples and csar-public-library), check clean; an archive is imported by
 * `template_name:template_version`; Alien4Cloud's normative types stand in for the catalog's; seeded defects are
 * still found; and what Alien4Cloud accepts that others do not is a warning, never an error.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca } from './support.js';
import { checkCompletion, checkDefinition, checkHover, setup } from '../support/features.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';

const TYPES = `
#- /ws/demo/types/types.yml
tosca_definitions_version: alien_dsl_2_0_0
metadata:
  template_name: demo.types
  template_version: 2.2.0-SNAPSHOT
  template_author: demo
imports:
  - tosca-normative-types:1.0.0-ALIEN20
  - alien-base-types:3.0.0
repositories:
  docker:
    url: https://hub.docker.com/
    type: http
data_types:
  demo.datatypes.Settings:
    derived_from: tosca.datatypes.Root
    properties:
      port: {type: integer}
capability_types:
  demo.capabilities.Http:
    derived_from: tosca.capabilities.Endpoint
    abstract: false
    tags:
      icon: http.png
    properties:
      port:
        type: integer
        default: 8080
node_types:
  demo.nodes.Jdk:
    derived_from: tosca.nodes.SoftwareComponent
    abstract: true
    tags:
      icon: jdk.png
    properties:
      home:
        type: string
        required: false
    capabilities:
      host: tosca.capabilities.Container
  demo.nodes.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      context_path:
        type: string
        default: /
      settings:
        type: demo.datatypes.Settings
        required: false
    attributes:
      url: { concat: ["http://", get_attribute: [HOST, public_ip_address], ":", get_property: [SELF, http, port]] }
      pid: { get_operation_output: [SELF, Standard, start, PID] }
    capabilities:
      http:
        type: demo.capabilities.Http
        properties:
          protocol: http
    requirements:
      - database:
          capability: tosca.capabilities.Endpoint.Database
          relationship: tosca.relationships.ConnectsTo
          occurrences: [0, 1]
    interfaces:
      Standard:
        create:
          inputs:
            JAVA_HOME: { get_property: [TARGET, host, home] }
            PASSWORD: { get_secret: [/app/password] }
            SETTINGS_PORT: { get_property: [SELF, "settings.port"] }
          implementation: scripts/create.sh
        start:
          implementation:
            file: demo/app:latest
            repository: docker
            type: tosca.artifacts.Deployment.Image.VM
    artifacts:
      - war:
          file: app.war
          type: tosca.artifacts.File
      - scripts: scripts
relationship_types:
  demo.relationships.AppOnJdk:
    derived_from: tosca.relationships.HostedOn
    abstract: true
    valid_target_types: [demo.nodes.Jdk]
    interfaces:
      configure:
        pre_configure_source: scripts/pre.sh
`;

const TOPOLOGY = `
#- /ws/demo/topology/types.yml
tosca_definitions_version: alien_dsl_2_0_0
metadata:
  template_name: demo.topology
  template_version: 1.0.0-SNAPSHOT
imports:
  - tosca-normative-types:1.0.0-ALIEN20
  - demo.types:2.2.0-SNAPSHOT
topology_template:
  tags:
    owner: ops
  input_artifacts:
    war: binary/app.war
  node_templates:
    Net:
      type: tosca.nodes.Network
      properties:
        ip_version: 4
    Compute:
      type: tosca.nodes.Compute
      capabilities:
        endpoint:
          properties:
            port: 22
      requirements:
        - network:
            node: Net
            capability: tosca.capabilities.Connectivity
            relationship: tosca.relationships.Network
    Jdk:
      type: demo.nodes.Jdk
      metadata:
        a4c_edit_x: "10"
      properties:
        component_version: 1.8.0-131-b11
      requirements:
        - jdkHostedOnCompute:
            type_requirement: host
            node: Compute
            capability: tosca.capabilities.Container
            relationship: tosca.relationships.HostedOn
    App:
      type: demo.nodes.App
      properties:
        context_path: 8080
      requirements:
        - appHostedOnJdk:
            type_requirement: host
            node: Jdk
#                 ^^^ TOSCA063
            capability: tosca.capabilities.Container
            relationship: demo.relationships.AppOnJdk
      artifacts:
        war:
          file: { get_input_artifact: war }
          type: tosca.artifacts.File
  workflows:
    install:
      steps:
        App_pre_configure_source:
          target: App
          target_relationship: appHostedOnJdk
          operation_host: SOURCE
          activities:
            - call_operation: Configure.pre_configure_source
`;

async function findings(src: string): Promise<string[]> {
  const { ctx } = await setup(src);
  return computeDiagnostics(ctx)
    .filter((d) => !['TOSCA064', 'TOSCA103'].includes(d.code))
    .map((d) => `${d.code} ${d.severity} ${d.range.start.line} ${d.message}`)
    .sort();
}

test('alien4cloud: a type archive as Alien4Cloud writes it checks clean', async () => {
  await checkTosca(TYPES);
});

test('alien4cloud: a topology importing archives by name and version: clean but for a foreign host', async () => {
  const d = await checkTosca(TYPES + TOPOLOGY);
  // Jdk is not a Compute, as the SoftwareComponent's host requirement asks, but offers the Container capability:
  // Alien4Cloud deploys it, so a warning that says why.
  const w = d.find((x) => x.code === 'TOSCA063');
  assert.equal(w?.severity, 'warning');
  assert.match(w!.message, /Alien4Cloud matches requirements by capability type/);
});

test('alien4cloud: without the archive an import is a warning that says how Alien4Cloud finds it', async () => {
  const got = await findings(TOPOLOGY);
  const missing = got.filter((f) => f.startsWith('TOSCA021'));
  assert.equal(missing.length, 1, got.join('\n'));
  assert.match(missing[0]!, /Archive `demo\.types:2\.2\.0-SNAPSHOT` is not in the workspace/);
  assert.ok(!got.some((f) => f.includes(' error ')), got.join('\n'));
});

test('alien4cloud: the version must match the archive exactly', async () => {
  const got = await findings(TYPES + TOPOLOGY.replace('demo.types:2.2.0-SNAPSHOT', 'demo.types:2.2.0'));
  assert.ok(
    got.some((f) => /^TOSCA021 warning .*`demo\.types:2\.2\.0`/.test(f)),
    got.join('\n'),
  );
});

test('alien4cloud: seeded defects are still found', async () => {
  const topology = TOPOLOGY.replace('        context_path: 8080\n', '        context_pth: 8080\n')
    .replace('            node: Net\n', '            node: Nett\n')
    .replace('      type: tosca.nodes.Network\n', '      type: tosca.nodes.Netwrk\n');
  const got = (await findings(TYPES + topology)).filter((f) => f.includes(' error '));
  const codes = got.map((f) => f.split(' ')[0]).sort();
  assert.deepEqual(codes, ['TOSCA030', 'TOSCA061', 'TOSCA063'], got.join('\n'));
  // A step naming a relationship the node does not have.
  const step = await findings(
    TYPES + TOPOLOGY.replace('target_relationship: appHostedOnJdk', 'target_relationship: nope'),
  );
  assert.ok(
    step.some((f) => f.startsWith('TOSCA100 error')),
    step.join('\n'),
  );
});

test('alien4cloud: an unknown key is a warning, as Alien4Cloud imports the archive and ignores it', async () => {
  const got = await findings(TYPES.replace('    abstract: true\n    tags:\n      icon: jdk.png', '    abstrct: true'));
  const unknown = got.filter((f) => f.startsWith('TOSCA010'));
  assert.equal(unknown.length, 1, got.join('\n'));
  assert.match(unknown[0]!, /^TOSCA010 warning .*did you mean `abstract`.*Alien4Cloud ignores a key it does not know/);
});

test('alien4cloud: the same archive read as standard TOSCA is not', async () => {
  const standard = TYPES.replace('alien_dsl_2_0_0', 'tosca_simple_yaml_1_2').replace(/imports:\n( {2}- .*\n)+/, '');
  const got = await findings(standard);
  // Its `abstract`, `tags`, repository `type`, list of artifacts and long implementation are not TOSCA's.
  for (const code of ['TOSCA010', 'TOSCA012'])
    assert.ok(
      got.some((f) => f.startsWith(`${code} error`)),
      code,
    );
});

test('alien4cloud: the dialect is found from the version, and an import of its normative types', async () => {
  const byImport = `
#- /ws/thing.yaml
tosca_definitions_version: tosca_simple_yaml_1_0
imports:
  - tosca-normative-types:1.0.0-ALIEN20
node_types:
  demo.nodes.Thing:
    derived_from: tosca.nodes.Root
    abstract: true
`;
  assert.deepEqual(await findings(byImport), []);
});

test('alien4cloud: an import by name and version opens the archive; its types and the library hover', async () => {
  const withCursor = (from: string, to: string) => (TYPES + TOPOLOGY).replace(from, to);
  await checkDefinition(withCursor('  - demo.types:2.2.0-SNAPSHOT\n', '  - demo.ty$0pes:2.2.0-SNAPSHOT\n'), {
    path: '/ws/demo/types/types.yml',
    selected: '',
  });
  await checkDefinition(withCursor('      type: demo.nodes.Jdk\n', '      type: demo.nodes.J$0dk\n'), {
    path: '/ws/demo/types/types.yml',
    selected: 'demo.nodes.Jdk',
  });
  // Alien4Cloud's own Compute, with its `network` requirement.
  await checkHover(withCursor('      type: tosca.nodes.Compute\n', '      type: tosca.nodes.Com$0pute\n'), ['network']);
});

test('alien4cloud: completion offers the keys of the dialect, not in a standard file', async () => {
  const nodeType = (version: string) => `
#- /ws/types.yml
tosca_definitions_version: ${version}
node_types:
  demo.nodes.A:
    derived_from: tosca.nodes.Root
    $0
`;
  await checkCompletion(nodeType('alien_dsl_2_0_0'), ['abstract', 'tags', 'portability', 'properties']);
  await checkCompletion(nodeType('tosca_simple_yaml_1_2'), ['properties'], ['abstract', 'tags']);
  await checkHover(nodeType('alien_dsl_2_0_0').replace('    $0\n', '    abs$0tract: true\n'), [
    '**abstract** — keyname of a node type',
    "Alien4Cloud's documentation",
  ]);
});
