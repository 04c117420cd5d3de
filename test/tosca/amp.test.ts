/**
 * The `amp` dialect (lmDescriptors.tosca.dialect): the YAML of Cloudsoft AMP's "TOSCA: Additional
 * Topics" (short excerpts, written as our own fixtures) gets errors as standard TOSCA and none
 * under the dialect; what AMP does not support is TOSCA106.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTosca, severityOf } from './support.js';
import { setup } from '../support/features.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';

const AMP = { options: { tosca: { dialect: 'amp' as const } } };

/** `code severity` of every finding as standard TOSCA (the fixtures carry the dialect's annotations). */
async function asStandard(src: string): Promise<string[]> {
  const { ctx } = await setup(`#- /ws/service.yaml\n${src.replace(/^\n/, '').replace(/\n#.*TOSCA\d+/g, '')}`);
  return [...new Set(computeDiagnostics(ctx).map((d) => `${d.code} ${d.severity}`))].sort();
}

const ICON = `
tosca_definitions_version: tosca_simple_yaml_1_3
metadata:
  template_author: Cloudsoft
  template_name: testNodeWithIcon
  template_version: 0.1.0-SNAPSHOT
node_types:
  my-webserver-type:
    derived_from: tosca.nodes.WebServer
    metadata:
      icon: classpath://node-logo.png
`;

test('amp: icons in metadata and a SNAPSHOT template_version are accepted', async () => {
  const d = await checkTosca(
    ICON.replace('0.1.0-SNAPSHOT\n', '0.1.0-SNAPSHOT\n#                   ^^^^^^^^^^^^^^ TOSCA090\n'),
  );
  assert.equal(severityOf(d, 'TOSCA090'), 'warning');
  await checkTosca(ICON, AMP);
});

const CHECK_RUNNING = `
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    a_node:
      type: tosca.nodes.SoftwareComponent
      attributes:
        main.uri:
          get_attribute: [ SELF, brooklyn.tosca.interfaces.node.lifecycle.CheckRunning.check_running.MAIN_URI ]
      interfaces:
        Standard:
          start:
            inputs:
              id: { get_attribute: [ SELF, entity.id ] }
            implementation:
              primary: classpath://scripts/echos/sleep_bg.sh
              dependencies:
                - classpath://scripts/echos/sleep_bg-body.sh
        CheckRunning:
          inputs:
            period: 1s
          operations:
            check_running: classpath://scripts/echos/sleep_bg-check-running.sh
`;

test('amp: the CheckRunning interface, sensors as attributes, classpath implementations, no host', async () => {
  assert.deepEqual(await asStandard(CHECK_RUNNING), [
    'TOSCA061 warning',
    'TOSCA064 warning',
    'TOSCA073 error',
    'TOSCA081 error',
  ]);
  await checkTosca(CHECK_RUNNING, { ...AMP, ignore: [] });
  // A misspelt operation of CheckRunning is still an error.
  await checkTosca(
    CHECK_RUNNING.replace('check_running: classpath', 'check_runing: classpath') +
      '#           ^^^^^^^^^^^^ TOSCA080\n',
    AMP,
  );
});

const GROUPS = `
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  inputs:
    deployment: { type: string }
  node_templates:
    a_node:
      type: tosca.entity.DynamicCluster
      properties:
        cluster.initial.size: 2
        dynamiccluster.memberspec:
          $brooklyn:entitySpec:
            name: Apache Tomcat Cluster
            type: io.cloudsoft.smart-tomcat9-node
            brooklyn.config:
              tomcat_deployment: { get_input: deployment }
  groups:
    - add_brooklyn_types:
        members: [ a_node ]
        type: brooklyn.tosca.groups.initializer
        properties:
          location: foo
  policies:
    - AutoScaling:
        type: tosca.policies.Scaling
        targets: [ a_node ]
        properties:
          metric: webapp.reqs.perSec.windowed.perNode
          minPoolSize: 1
          resizeDownStabilizationDelay: 1m
`;

test('amp: groups as a list, AMP catalog types, $brooklyn: values, Scaling with AMP config keys', async () => {
  assert.deepEqual(await asStandard(GROUPS), ['TOSCA012 error', 'TOSCA030 error', 'TOSCA061 error']);
  const a = await checkTosca(
    GROUPS.replace(
      '      type: tosca.entity.DynamicCluster\n',
      '      type: tosca.entity.DynamicCluster\n#           ^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA030\n',
    ).replace(
      '        type: brooklyn.tosca.groups.initializer\n',
      '        type: brooklyn.tosca.groups.initializer\n#             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA030\n',
    ),
    { ...AMP, ignore: [] },
  );
  assert.ok(a.every((x) => x.severity === 'information'));
});

test('TOSCA106: what AMP does not support, as warnings under the dialect only', async () => {
  const src = `
tosca_definitions_version: tosca_simple_yaml_1_3
description: a deployable template
data_types:
  my.Data:
    derived_from: tosca.datatypes.Root
    properties:
      tags:
        type: list
        entry_schema: string
#       ^^^^^^^^^^^^ TOSCA106
      name:
        type: string
        constraints:
          - schema: whatever
#           ^^^^^^ TOSCA106
topology_template:
  description: again
  node_templates:
    server:
      type: tosca.nodes.Compute
      artifacts:
        image: image.qcow2
    app:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: tosca.nodes.Compute
#               ^^^^^^^^^^^^^^^^^^^ TOSCA106
        - dependency: server
        - dependency: server
#         ^^^^^^^^^^ TOSCA106
  policies:
    - placement:
        type: tosca.policies.Placement
#             ^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA106
        targets: [ server ]
        triggers:
          on_fail:
#         ^^^^^^^ TOSCA106
            event: fail
            action:
              - call_operation: Standard.start
  outputs:
    nodes:
      value: { get_nodes_of_type: tosca.nodes.Compute }
#              ^^^^^^^^^^^^^^^^^ TOSCA106
    art:
      value: { get_artifact: [ server, image ] }
#              ^^^^^^^^^^^^ TOSCA106
  substitution_mappings:
    node_type: tosca.nodes.Root
    requirements:
#   ^^^^^^^^^^^^ TOSCA106
      dependency: [ app, dependency ]
`;
  const d = await checkTosca(src, AMP);
  assert.ok(d.every((x) => x.severity === 'warning'));
  assert.ok(d.some((x) => /write `type: list<string>` instead/.test(x.message)));
  // Standard TOSCA: none of these is a finding.
  assert.deepEqual(
    (await asStandard(src)).filter((x) => !/TOSCA0(37|64)|TOSCA103/.test(x)),
    [],
  );
});

/**
 * The YAML of Cloudsoft AMP's "TOSCA: Additional Topics" itself (../shared/seeds/002_*, read when
 * present): the two whole templates as shown, and the fragments (a `groups` list, a topology with
 * a DynamicCluster and a Scaling policy, the location group of the Locations section) inside the
 * least template that holds them.
 */
const SEEDS = join(fileURLToPath(new URL('../..', import.meta.url)), '..', 'shared', 'seeds');

function ampDocumentExamples(doc: string): Record<string, string> {
  const cut = (from: string, to: string): string => {
    const i = doc.indexOf(from);
    const j = doc.indexOf(to, i);
    assert.ok(i >= 0 && j > i, `example not found: ${from.split('\n')[0]}`);
    return doc.slice(i, j);
  };
  const V = 'tosca_definitions_version: tosca_simple_yaml_1_3\n';
  const indent = (s: string) => s.replace(/^(?=.)/gm, '  ');
  return {
    icon: cut(`${V}\nmetadata:\n  template_author`, '\nTo keep the implementation'),
    checkRunning: cut(`${V}\nmetadata:\n  template_name: demoCheck`, '\nThe service will not report'),
    groups:
      `${V}topology_template:\n  node_templates:\n    tomcat-cluster:\n      type: tosca.entity.DynamicCluster\n` +
      indent(cut('groups:\n- add_brooklyn_types:', '\nThe org.apache.brooklyn.policy.autoscaling')),
    scaling: V + cut('topology_template:\n  node_templates:\n    a_node:\n      type: tosca.entity', '\nThe scaling'),
    // Shown flattened into one line of prose in the document.
    location:
      `${V}topology_template:\n  node_templates:\n    templateName:\n      type: tosca.nodes.SoftwareComponent\n` +
      '    specific_node:\n      type: tosca.nodes.SoftwareComponent\n  groups:\n  - add_brooklyn_types:\n' +
      '      members: [templateName,specific_node]\n      type: brooklyn.tosca.groups.initializer\n' +
      '      properties:\n        location: foo\n',
  };
}

test('amp: the YAML of the AMP document itself checks without errors or warnings (errors as standard)', async (t) => {
  const seed = existsSync(SEEDS) ? readdirSync(SEEDS).find((f) => f.startsWith('002')) : undefined;
  if (!seed) {
    t.skip(`the AMP document is not at ${SEEDS}`);
    return;
  }
  const examples = ampDocumentExamples(readFileSync(join(SEEDS, seed), 'utf8'));
  for (const [name, yaml] of Object.entries(examples)) {
    const { ctx } = await setup(`#- /ws/${name}.yaml\n${yaml}`);
    const amp = computeDiagnostics(ctx, { tosca: { dialect: 'amp' } });
    const loud = amp.filter((d) => d.severity === 'error' || d.severity === 'warning');
    assert.deepEqual(
      loud.map((d) => `${d.code} ${d.message}`),
      [],
      `${name} under amp`,
    );
    // What is left are notes that say what is not checked (AMP catalog types, deployment config).
    assert.ok(
      amp.every((d) => /Cloudsoft AMP/.test(d.message)),
      `${name}: ${amp.map((d) => d.message).join('\n')}`,
    );
    const standard = computeDiagnostics(ctx);
    if (name !== 'icon')
      assert.ok(
        standard.some((d) => d.severity === 'error'),
        `${name} as standard TOSCA: ${standard.map((d) => d.code).join(' ')}`,
      );
  }
});
