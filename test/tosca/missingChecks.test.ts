/**
 * Checks that were missing: required capability properties (TOSCA060), templates defined with
 * `copy` as requirement sources and targets (TOSCA063), requirements exported through
 * `substitution_mappings` (no TOSCA064), and TOSCA063's "did you mean" suggesting only targets that
 * satisfy the requirement.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkClean, checkTosca, messageOf } from './support.js';
import { checkCompletion } from '../support/features.js';

const CAP_TYPES = `
tosca_definitions_version: tosca_simple_yaml_1_3
capability_types:
  my.capabilities.Licensed:
    derived_from: tosca.capabilities.Root
    properties:
      license_key:
        type: string
      seats:
        type: integer
        default: 1
node_types:
  my.nodes.App:
    derived_from: tosca.nodes.SoftwareComponent
    capabilities:
      licensed:
        type: my.capabilities.Licensed
`;

test('TOSCA060: required capability property not set (a warning when the capability is unassigned)', async () => {
  const d = await checkTosca(`${CAP_TYPES}
topology_template:
  node_templates:
    host:
      type: tosca.nodes.Compute
    a:
#   ^ TOSCA060
      type: my.nodes.App
      requirements:
        - host: host
    b:
      type: my.nodes.App
      capabilities:
        licensed:
#       ^^^^^^^^ TOSCA060
          properties:
            seats: 2
      requirements:
        - host: host
    c:
      type: my.nodes.App
      capabilities:
        licensed:
          properties:
            license_key: abc
      requirements:
        - host: host
`);
  assert.match(messageOf(d, 'TOSCA060'), /^Capability `licensed` of node template `a` .*`license_key`/);
  // Not mentioned at all: a warning (tosca-parser checks assigned capabilities only); assigned: an error.
  assert.deepEqual(
    d.filter((x) => x.code === 'TOSCA060').map((x) => x.severity),
    ['warning', 'error'],
  );
});

test('copy: a template without type has the type of the template it copies, as source and as target', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
    server2:
      copy: server
    db:
      type: tosca.nodes.DBMS
      requirements:
        - host: server2
    dbcopy:
      copy: db
      requirements:
        - host: server
        - hots: server
#         ^^^^ TOSCA062
    app:
      type: tosca.nodes.WebApplication
      requirements:
        - host: dbcopy
#               ^^^^^^ TOSCA063
`);
});

test('TOSCA064: a requirement exported through substitution_mappings is not "unassigned"', async () => {
  await checkClean(
    `
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  substitution_mappings:
    node_type: tosca.nodes.SoftwareComponent
    requirements:
      host: [ app, host ]
  node_templates:
    app:
      type: tosca.nodes.SoftwareComponent
`,
    { ignore: ['TOSCA037'] },
  );
});

const WRONG_TARGET = `
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    server1:
      type: tosca.nodes.Compute
    servers:
      type: tosca.nodes.network.Network
    app:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: serverz
#               ^^^^^^^ TOSCA063
`;

test('TOSCA063 did you mean: only node templates that satisfy the requirement are suggested', async () => {
  const d = await checkTosca(WRONG_TARGET);
  // `servers` is closer, but a Network cannot host software; `server1` can.
  assert.match(messageOf(d, 'TOSCA063'), /did you mean `server1`\?/);
  assert.deepEqual(d[0]!.data?.fixes, [{ fix: 'replace', replaceWith: 'server1' }]);
  // Accepting the suggestion gives a clean file; completion offers the same target.
  await checkClean(WRONG_TARGET.replace('serverz\n#               ^^^^^^^ TOSCA063', 'server1'));
  await checkCompletion(
    `#- /ws/service.yaml\n${WRONG_TARGET.replace('serverz\n#               ^^^^^^^ TOSCA063', '$0').replace(/^\n/, '')}`,
    ['server1'],
    ['servers'],
  );
});

test('a function where a keyname takes a data value (artifact file) is a value, not a wrong shape', async () => {
  // Only the idioms rule's portability hint (TOSCA105): no error, no shape warning.
  await checkClean(`
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  inputs:
    image:
      type: string
  node_templates:
    app:
      type: tosca.nodes.Container.Application
      artifacts:
        image:
          file: { get_input: image }
#         ^^^^ TOSCA105
          type: tosca.artifacts.Deployment.Image
`);
});
