/** TOSCA105: orchestrator idioms (hints and warnings, never errors). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, severityOf } from './support.js';

test('TOSCA105: ETSI NFV operations written as empty lists are a hint, not a shape error', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
interface_types:
  my.Vnflcm:
    derived_from: tosca.interfaces.Root
    operations:
      instantiate: {}
      terminate: {}
node_types:
  my.VNF:
    derived_from: tosca.nodes.Root
    interfaces:
      Vnflcm:
        type: my.Vnflcm
topology_template:
  node_templates:
    vnf:
      type: my.VNF
      interfaces:
        Vnflcm:
          instantiate: []
#         ^^^^^^^^^^^ TOSCA105
          terminate: []
#         ^^^^^^^^^ TOSCA105
`);
  assert.equal(severityOf(d, 'TOSCA105'), 'hint');
});

test('TOSCA105: an artifact file from get_input is a hint, not a shape error', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
artifact_types:
  my.Docker:
    derived_from: tosca.artifacts.Deployment.Image
topology_template:
  inputs:
    docker_image: { type: string }
  node_templates:
    app:
      type: tosca.nodes.Container.Application
      artifacts:
        image:
          file: { get_input: docker_image }
#         ^^^^ TOSCA105
          type: my.Docker
`);
  assert.equal(severityOf(d, 'TOSCA105'), 'hint');
  assert.match(d[0]!.message, /`get_input`/);
});

test('TOSCA105: vendor keynames (ARIA _extensions, Tacker policy keys) warn; nothing inside is checked', async () => {
  const d = await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
interface_types:
  my.Ops:
    derived_from: tosca.interfaces.Root
    _extensions:
#   ^^^^^^^^^^^ TOSCA105
      normative: true
    go:
      description: an operation
      _extensions:
#     ^^^^^^^^^^^ TOSCA105
        relationship_edge: source
node_types:
  my.Node:
    _extensions:
#   ^^^^^^^^^^^ TOSCA105
      shorthand_name: Node
    derived_from: tosca.nodes.Root
policy_types:
  my.Failure:
    derived_from: tosca.policies.Root
    action: respawn
#   ^^^^^^ TOSCA105
topology_template:
  node_templates:
    n:
      type: my.Node
  policies:
    - rsv:
        type: tosca.policies.Root
        reservation:
#       ^^^^^^^^^^^ TOSCA105
          start_actions: [ x ]
    - other:
        type: tosca.policies.Root
        _note: free
#       ^^^^^ TOSCA105
`);
  assert.equal(severityOf(d, 'TOSCA105'), 'warning');
  assert.ok(d.some((x) => /Apache ARIA TOSCA/.test(x.message)));
  assert.ok(d.some((x) => /Tacker/.test(x.message)));
});

test('TOSCA105 does not touch keynames in open constructs (metadata) or real keynames', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
metadata:
  _private: x
topology_template:
  policies:
    - p:
        type: tosca.policies.Root
        triggers:
          t:
            event: e
            action:
              - call_operation: Standard.start
`);
});
