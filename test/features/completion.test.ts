import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCompletion, checkCompletion } from '../support/features.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';

const asm = (body: string) => `${PROJECT}${ASSEMBLY_HEADER}\n${body}`;

const BASE = `properties:
  deploymentLocation:
    type: string
  flavor:
    default: small
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
  streamer:
    type: resource::vs-cluster::1.0
    cluster:
      initial-quantity: 2
references:
  net:
    type: resource::somenet::1.0
`;

test('inside ${ lists top-level properties, components, references and instance', async () => {
  await checkCompletion(
    asm(BASE + `relationships:\n  r:\n    properties:\n      a:\n        value: \${$0\noperations: {}\n`),
    ['deploymentLocation', 'flavor', 'balancer', 'streamer', 'net', 'instance', 'source', 'target'],
    ['item'],
  );
  // Inside component `balancer`, the component itself is not offered (it would map its own output).
  await checkCompletion(
    asm(BASE).replace('value: ${deploymentLocation}', 'value: ${$0'),
    ['deploymentLocation', 'flavor', 'streamer', 'net', 'instance'],
    ['balancer', 'source', 'target', 'item'],
  );
});

test('after ${component. the properties of the component descriptor in another file', async () => {
  await checkCompletion(
    asm(BASE).replace('value: ${deploymentLocation}', 'value: ${balancer.$0}'),
    ['publicIp', 'privateIp', 'port'],
    ['flavor', 'streamIp'],
  );
});

test('completing a member keeps an existing closing brace and adds a missing one', async () => {
  assert.equal(
    await applyCompletion(asm(BASE).replace('value: ${deploymentLocation}', 'value: ${balancer.pu$0}'), 'publicIp'),
    '        value: ${balancer.publicIp}',
  );
  assert.equal(
    await applyCompletion(asm(BASE).replace('value: ${deploymentLocation}', "value: '${balancer.pu$0'"), 'publicIp'),
    "        value: '${balancer.publicIp}'",
  );
});

test('instance members', async () => {
  await checkCompletion(asm(BASE).replace('value: ${deploymentLocation}', 'value: ${instance.$0}'), [
    'name',
    'id',
    'index',
  ]);
});

test('source and target inside relationship properties, resolved through the relationship', async () => {
  const rel = `relationships:
  lbToVs:
    source-capabilities:
    - streamer.Stream
    target-requirements:
    - balancer.Backend
    source-state: Active
    target-state: Active
    properties:
      ip:
        value: \${source.$0}
`;
  await checkCompletion(asm(BASE + rel), ['streamIp'], ['publicIp']);
  await checkCompletion(asm(BASE + rel.replace('${source.$0}', '${$0}')), ['source', 'target', 'flavor', 'balancer']);
});

test('item inside a component with items', async () => {
  const body = BASE.replace('  streamer:\n', '  streamer:\n    items: ${flavor}\n').replace(
    '    cluster:\n      initial-quantity: 2\n',
    '    properties:\n      x:\n        value: ${$0}\n',
  );
  await checkCompletion(asm(body), ['item']);
});

test('component type values: every descriptor name in the workspace and $lmctl paths', async () => {
  await checkCompletion(
    asm(BASE.replace('type: resource::somenet::1.0', 'type: $0')),
    [
      'resource::lb-cluster::1.0',
      'resource::vs-cluster::1.0',
      'assembly::store-cluster::1.0',
      '$lmctl:/contains:/lb:/descriptor_name',
    ],
    ['assembly::cluster::1.0'],
  );
});

test("source-capabilities: component. then that component's capabilities", async () => {
  const rel = `relationships:\n  r:\n    source-capabilities:\n    - $0\n`;
  await checkCompletion(asm(BASE + rel), ['balancer.', 'streamer.', 'net']);
  await checkCompletion(asm(BASE + rel.replace('- $0', '- streamer.$0')), ['Stream'], ['Balancer']);
});

test('target-requirements offers requirements; references are not targets', async () => {
  const rel = `relationships:\n  r:\n    target-requirements:\n    - $0\n`;
  await checkCompletion(asm(BASE + rel), ['balancer.'], ['net.', 'net']);
  await checkCompletion(asm(BASE + rel.replace('- $0', '- balancer.Ba$0')), ['Backend'], ['Balancer']);
});

test('relationship lifecycle: prefixes then operations of the component', async () => {
  const rel =
    `relationships:\n  r:\n    source-capabilities:\n    - streamer.Stream\n    target-requirements:\n   ` +
    ` - balancer.Backend\n    lifecycle:\n      Create:\n      - $0\n`;
  await checkCompletion(asm(BASE + rel), ['balancer.', 'source.', 'target.']);
  await checkCompletion(asm(BASE + rel.replace('- $0', '- balancer.$0')), ['AddBackend']);
  await checkCompletion(asm(BASE + rel.replace('- $0', '- target.$0')), ['AddBackend']);
  await checkCompletion(asm(BASE + rel.replace('- $0', '- source.$0')), ['Register'], ['AddBackend']);
});

test('operations source-operation and multiple-instances', async () => {
  await checkCompletion(asm(BASE + `operations:\n  Publish:\n    source-operation: balancer.$0\n`), ['AddBackend']);
  await checkCompletion(asm(BASE + `operations:\n  Publish:\n    multiple-instances: $0\n`), ['every', 'any', 'first']);
});

test('enum values: states, modifiers, property types', async () => {
  await checkCompletion(asm(BASE + `relationships:\n  r:\n    source-state: $0\n`), [
    'Installed',
    'Inactive',
    'Active',
    'Broken',
  ]);
  await checkCompletion(asm(BASE + `relationships:\n  r:\n    target-state-modifier: $0\n`), ['pre', 'post']);
  await checkCompletion(asm(BASE.replace('    type: string\n  flavor', '    type: $0\n  flavor')), [
    'string',
    'integer',
    'map',
    'list',
    'timestamp',
  ]);
});

test('policy target offers clustered components, upgrade-dependencies other components', async () => {
  await checkCompletion(
    asm(BASE + `policies:\n  scale:\n    type: policy::scale\n    target: $0\n`),
    ['streamer'],
    ['balancer'],
  );
  await checkCompletion(
    asm(BASE.replace('    cluster:\n', '    upgrade-dependencies:\n    - $0\n    cluster:\n')),
    ['balancer'],
    ['streamer'],
  );
});

test('no completion outside descriptors', async () => {
  await checkCompletion(`#- /ws/playbook.yml\n- hosts: all\n  tasks:\n  - debug: msg=\${$0}\n`, [], ['instance']);
});
