import { test } from 'node:test';
import { checkDefinition, checkHover } from '../support/features.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';

const asm = (body: string) => `${PROJECT}${ASSEMBLY_HEADER}\n${body}`;
const A = '/ws/Descriptor/assembly.yml';
const LB = '/ws/Contains/lb/Definitions/lm/resource.yaml';

const BASE = `properties:
  deploymentLocation:
    type: string
    description: Where to deploy
  vip:
    read-only: true
    value: \${balancer.publicIp}
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
  streamer:
    type: resource::vs-cluster::1.0
  storage:
    type: assembly::store-cluster::1.0
relationships:
  r:
    source-capabilities:
    - streamer.Stream
    target-requirements:
    - balancer.Backend
    source-state: Active
    target-state: Active
    properties:
      ip:
        value: \${target.privateIp}
    lifecycle:
      Create:
      - balancer.AddBackend
      Cease:
      - storage.Mount
`;

test('${prop} goes to the top-level property', async () => {
  await checkDefinition(asm(BASE.replace('value: ${deploymentLocation}', 'value: ${deploy$0mentLocation}')), {
    path: A,
    selected: 'deploymentLocation',
  });
});

test('${component.prop}: on the root, the component entry; on the member, the property in the other file', async () => {
  await checkDefinition(asm(BASE.replace('${balancer.publicIp}', '${bal$0ancer.publicIp}')), {
    path: A,
    selected: 'balancer',
  });
  await checkDefinition(asm(BASE.replace('${balancer.publicIp}', '${balancer.public$0Ip}')), {
    path: LB,
    selected: 'publicIp',
  });
});

test('${target.x} resolves through the relationship', async () => {
  await checkDefinition(asm(BASE.replace('${target.privateIp}', '${target.priv$0ateIp}')), {
    path: LB,
    selected: 'privateIp',
  });
});

test('component type goes to the descriptor file (literal and $lmctl)', async () => {
  await checkDefinition(asm(BASE.replace('type: resource::vs-cluster::1.0', 'type: resource::vs-clu$0ster::1.0')), {
    path: '/ws/Contains/vs/Definitions/lm/resource.yaml',
    selected: '',
  });
  await checkDefinition(
    asm(BASE.replace('$lmctl:/contains:/lb:/descriptor_name', '$lmctl:/contains:/l$0b:/descriptor_name')),
    { path: LB, selected: '' },
  );
});

test(
  'operations in relationship lifecycles go to the resource operation or the published assembly ' + 'operation',
  async () => {
    await checkDefinition(asm(BASE.replace('- balancer.AddBackend', '- balancer.AddBa$0ckend')), {
      path: LB,
      selected: 'AddBackend',
    });
    await checkDefinition(asm(BASE.replace('- storage.Mount', '- storage.Mo$0unt')), {
      path: '/ws/Contains/store/Descriptor/assembly.yml',
      selected: 'Mount',
    });
  },
);

test('capabilities and requirements go to their declaration', async () => {
  await checkDefinition(asm(BASE.replace('- streamer.Stream', '- streamer.Str$0eam')), {
    path: '/ws/Contains/vs/Definitions/lm/resource.yaml',
    selected: 'Stream',
  });
  await checkDefinition(asm(BASE.replace('- balancer.Backend', '- balancer.Back$0end')), {
    path: LB,
    selected: 'Backend',
  });
});

test('nothing to go to for unresolved names', async () => {
  await checkDefinition(asm(BASE.replace('value: ${deploymentLocation}', 'value: ${nope$0}')), null);
});

test('hover on a member reference shows the declaration and where it comes from', async () => {
  await checkHover(asm(BASE.replace('${balancer.publicIp}', '${balancer.public$0Ip}')), [
    'publicIp',
    'string',
    'read-only',
    'The floating address',
    'resource::lb-cluster::1.0',
  ]);
});

test('hover on a top-level reference shows type and description', async () => {
  await checkHover(asm(BASE.replace('value: ${deploymentLocation}', 'value: ${deploy$0mentLocation}')), [
    'deploymentLocation',
    'Where to deploy',
  ]);
});

test('hover on a component type shows the descriptor name, description and file', async () => {
  await checkHover(asm(BASE.replace('type: resource::vs-cluster::1.0', 'type: resource::vs-clu$0ster::1.0')), [
    'resource::vs-cluster::1.0',
    'Video streamer',
    'Contains/vs/Definitions/lm/resource.yaml',
  ]);
});

test('hover on instance members', async () => {
  await checkHover(asm(BASE.replace('value: ${deploymentLocation}', 'value: ${instance.na$0me}-x')), ['instance.name']);
});
