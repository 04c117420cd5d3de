/**
 * The orchestrator dialects unfurl, onap and cloudshell: files written the way each orchestrator's
 * documentation shows (our own small fixtures) check clean, the dialect is found from the file or
 * the folder config file, the orchestrator's types are known (hover, completion), and seeded
 * defects are still found.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, severityOf } from './support.js';
import { checkCompletion, checkHover, setup } from '../support/features.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';

const UNFURL = `
tosca_definitions_version: tosca_simple_unfurl_1_0_0
imports:
  - repository: unfurl
    file: tosca_plugins/k8s.yaml
    when: .primary_provider[type=unfurl.relationships.ConnectsTo.K8sCluster]
node_types:
  MyApp:
    derived_from: [tosca.nodes.SoftwareComponent, unfurl.nodes.Generic]
    properties:
      image:
        type: string
        title: Container image
      settings:
        type: any
        required: false
    interfaces:
      defaults:
        implementation:
          className: unfurl.configurators.shell.ShellConfigurator
          environment:
            KUBECONFIG: { get_env: KUBECONFIG }
        inputs:
          command: echo hello
      Install:
        operations:
          check: echo checking
      Standard:
        operations:
          configure:
            implementation:
              primary: deploy.sh
              environment:
                IMAGE: { eval: .::image }
  MyOpen:
    derived_from: tosca.nodes.Root
    metadata:
      additionalProperties: true
topology_template:
  root:
    node: app
  node_templates:
    open:
      type: MyOpen
      imported: other-ensemble
      properties:
        anything: 1
    cluster:
      type: unfurl.nodes.K8sCluster
    app:
      type: MyApp
      properties:
        image: { eval: { get_env: [ IMAGE, nginx ] } }
        settings: { q: { any: thing } }
  workflows:
    check_apps:
      steps:
        check:
          target: MyApp
          activities:
            - call_operation: Standard.configure
`;

test('unfurl: a file as Unfurl documents it checks clean, found by its version name', async () => {
  await checkTosca(UNFURL, { ignore: ['TOSCA037', 'TOSCA064', 'TOSCA103', 'TOSCA105'] });
});

/** `CODE severity line` of every finding (line 0-based in the file as given, without annotations). */
async function findings(src: string, ignore: string[] = []): Promise<string[]> {
  const { ctx } = await setup(`#- /ws/service.yaml\n${src.replace(/^\n/, '')}`);
  return computeDiagnostics(ctx)
    .filter((d) => !ignore.includes(d.code))
    .map((d) => `${d.code} ${d.severity} ${d.range.start.line}`)
    .sort();
}

test('unfurl: seeded defects are still found (undeclared property, a type that exists nowhere)', async () => {
  const src = UNFURL.replace(
    '    cluster:\n      type: unfurl.nodes.K8sCluster\n',
    '    cluster:\n      type: unfurl.nodes.K8sCluster\n      properties:\n        nmae: x\n' +
      '    other:\n      type: unfurl.nodes.K8sClustr\n' +
      '    art:\n      type: tosca.nodes.Root\n      artifacts:\n' +
      '        image: { type: tosca.artifacts.File, file: a.txt }\n' +
      '      properties:\n        where: { get_artifact: [ SELF, image, /tmp, true ] }\n',
  );
  const lines = src.replace(/^\n/, '').split('\n');
  const at = (s: string) => lines.findIndex((l) => l.includes(s));
  const got = await findings(src, ['TOSCA037', 'TOSCA064', 'TOSCA103', 'TOSCA105']);
  for (const want of [
    `TOSCA061 error ${at('nmae: x')}`,
    `TOSCA030 error ${at('K8sClustr')}`,
    `TOSCA109 warning ${at('get_artifact')}`,
  ])
    assert.ok(got.includes(want), `${want} not in ${got.join(', ')}`);
});

test('unfurl: its types are known to hover and completion', async () => {
  await checkHover(
    `#- /ws/service.yaml${UNFURL}`.replace('type: unfurl.nodes.K8sCluster', 'type: unfurl.nodes.K8s$0Cluster'),
    ['unfurl.nodes.K8sCluster', 'built into Unfurl'],
  );
  await checkCompletion(
    `#- /ws/service.yaml${UNFURL}`.replace('type: unfurl.nodes.K8sCluster', 'type: unfurl.nodes.K8s$0'),
    ['unfurl.nodes.K8sCluster'],
  );
});

const ONAP = `
tosca_definitions_version: tosca_simple_yaml_1_1_0
topology_template:
  policies:
    - onap.vfirewall.tca:
        type: onap.policies.monitoring.tcagen2
        type_version: 1.0.0
        version: 1.0.0
        name: onap.vfirewall.tca
        metadata:
          policy-id: onap.vfirewall.tca
          policy-version: 1
        properties:
          tca.policy:
            - domain: measurementsForVfScaling
`;

test('onap: a policy as the ONAP policy framework writes it checks clean', async () => {
  await checkTosca(ONAP);
});

test('onap: a policy type file is found by its ONAP type names', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_1
policy_types:
  onap.policies.Monitoring:
    derived_from: tosca.policies.Root
    version: 1.0.0
    name: onap.policies.Monitoring
    description: a base policy type for monitoring
`);
});

test('onap: seeded defects are still found', async () => {
  const src = ONAP.replace('          tca.policy:', '          tca.polcy: []\n          tca.policy:').replace(
    '    - onap.vfirewall.tca:\n',
    '    - other:\n        type: onap.policies.monitoring.nope\n    - onap.vfirewall.tca:\n',
  );
  const lines = src.replace(/^\n/, '').split('\n');
  const at = (s: string) => lines.findIndex((l) => l.includes(s));
  assert.deepEqual(await findings(src), [
    `TOSCA030 error ${at('monitoring.nope')}`,
    `TOSCA061 error ${at('tca.polcy')}`,
  ]);
});

const SHELL = `
tosca_definitions_version: tosca_simple_yaml_1_0
metadata:
  template_name: MySwitch
  template_author: Anonymous
  template_version: 1.0.0
imports:
  - cloudshell_standard: cloudshell_networking_standard_5_0_4.yaml
#                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA108
node_types:
  vendor.switch.MySwitch:
    derived_from: cloudshell.nodes.Switch
    properties:
      my attribute:
        type: string
        default: value 1
        tags: [setting, configuration]
    capabilities:
      auto_discovery_capability:
        type: cloudshell.capabilities.AutoDiscovery
        properties:
          User:
            type: string
          Password:
            type: cloudshell.datatypes.Password
`;

test('cloudshell: a shell definition as the CloudShell Developer Guide shows it checks clean', async () => {
  const d = await checkTosca(SHELL);
  assert.equal(severityOf(d, 'TOSCA108'), 'information');
});

test('cloudshell: an unknown attribute rule and a type that exists nowhere are found', async () => {
  const src = SHELL.replace(/\n#.*TOSCA108/, '')
    .replace('tags: [setting, configuration]', 'tags: [setting, confguration]')
    .replace(
      '        type: cloudshell.capabilities.AutoDiscovery\n',
      '        type: cloudshell.capabilities.AutoDiscovery\n      other:\n        type: tosca.capabilities.Nope\n',
    );
  const lines = src.replace(/^\n/, '').split('\n');
  const at = (s: string) => lines.findIndex((l) => l.includes(s));
  assert.deepEqual(await findings(src), [
    `TOSCA030 error ${at('capabilities.Nope')}`,
    `TOSCA107 warning ${at('confguration')}`,
    `TOSCA108 information ${at('cloudshell_standard')}`,
  ]);
});

test('the folder config file sets the dialect for a file that does not say it', async () => {
  const FILE = `
#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: tosca.nodes.Root
    properties:
      port: { type: integer, title: Port }
`;
  await checkTosca(`
#- /ws/.lm-descriptors.json
{ "tosca": { "dialect": "unfurl" } }
${FILE}`);
  await checkTosca(`
#- /ws/other/.lm-descriptors.json
{ "tosca": { "dialect": "unfurl" } }
${FILE.replace('title: Port }', 'title: Port }\n#                            ^^^^^ TOSCA010')}`);
});

test('the NFV profile is read as such whatever the dialect', async () => {
  await checkTosca(
    `
tosca_definitions_version: tosca_simple_profile_for_nfv_1_0_0
topology_template:
  node_templates:
    n:
      type: tosca.nodes.Root
`,
    { options: { tosca: { dialect: 'onap' } } },
  );
});
