/**
 * Hover and definition on mapping keys: `composition.<c>.properties.<key>:` (the component
 * descriptor's property, or LM's own `deploymentLocation` / `resourceManager`) and relationship
 * `properties.<key>:` (the property of each operation the relationship's lifecycle runs).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDefinition, checkHover, setup } from '../support/features.js';
import { definition } from '../../server/src/features/definition.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';

const LB = '/ws/Contains/lb/Definitions/lm/resource.yaml';

const BODY = `
properties:
  deploymentLocation:
    type: string
  resourceManager:
    type: string
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
      resourceManager:
        value: \${resourceManager}
      port:
        value: 8080
  streamer:
    type: $lmctl:/contains:/vs:/descriptor_name
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
        value: \${source.streamIp}
      weight:
        value: 3
    lifecycle:
      Create:
      - target.AddBackend
`;

/** The assembly with the cursor at `|` in the first text of it matching `at`. */
const asm = (at: string) => `${PROJECT}${ASSEMBLY_HEADER}${BODY.replace(at.replace('|', ''), at.replace('|', '$0'))}`;

test('a component mapping key: hover and definition reach the component descriptor property', async () => {
  await checkHover(asm('po|rt:'), ['port', '`integer`', 'default: `80`', 'resource::lb-cluster::1.0']);
  await checkDefinition(asm('po|rt:'), { path: LB, selected: 'port' });
});

test('deploymentLocation / resourceManager mapping keys: what LM passes every component', async () => {
  await checkHover(asm('      deployment|Location:'), ['deploymentLocation', 'LM places this component']);
  await checkHover(asm('      resource|Manager:'), ['resourceManager', 'resource manager']);
  await checkDefinition(asm('      resource|Manager:'), null);
});

test('a relationship property key links to the operation property it feeds', async () => {
  await checkHover(asm('      i|p:'), ['relationship `r`', '`balancer.AddBackend`']);
  await checkDefinition(asm('      i|p:'), { path: LB, selected: 'ip' });
  const md = await checkHover(asm('      wei|ght:'), ['weight']);
  assert.match(md, /no operation its lifecycle runs declares/);
  const { fixture, ctx } = await setup(asm('      wei|ght:'));
  assert.deepEqual(definition(ctx, fixture.cursor!.offset), []);
});
