/**
 * Navigation added for what real packages write: policy `metric` and `target` (definition and
 * hover), capabilities and requirements the other descriptor does not declare (hover says where
 * they are), and file paths in hovers as links that open the file at the declaration.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDefinition, checkHover } from '../support/features.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';

const asm = (body: string) => `${PROJECT}${ASSEMBLY_HEADER}\n${body}`;
const A = '/ws/Descriptor/assembly.yml';
const LB = '/ws/Contains/lb/Definitions/lm/resource.yaml';

const POLICIES = `composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    cluster:
      minimum-nodes: 1
      maximum-nodes: 3
metrics:
  lbload:
    source-metric: balancer.load
policies:
  scale:
    type: policy::scale
    metric: balancer.load
    target: balancer
  promoted:
    type: policy::scale
    metric: lbload
    target: balancer
`;

test('policy `metric: component.metric`: definition and hover on both parts', async () => {
  await checkDefinition(asm(POLICIES.replace('metric: balancer.load', 'metric: balancer.lo$0ad')), {
    path: LB,
    selected: 'load',
  });
  await checkDefinition(asm(POLICIES.replace('metric: balancer.load', 'metric: bala$0ncer.load')), {
    path: A,
    selected: 'balancer',
  });
  await checkHover(asm(POLICIES.replace('metric: balancer.load', 'metric: balancer.lo$0ad')), [
    '**load** — metric of `resource::lb-cluster::1.0`',
    'metric::load',
  ]);
});

test('policy `target: component` and a dotless metric promoted by the assembly', async () => {
  await checkDefinition(asm(POLICIES.replace('target: balancer\n  promoted', 'target: bal$0ancer\n  promoted')), {
    path: A,
    selected: 'balancer',
  });
  await checkHover(asm(POLICIES.replace('target: balancer\n  promoted', 'target: bal$0ancer\n  promoted')), [
    '**balancer** — component of type `$lmctl:/contains:/lb:/descriptor_name`',
    'clustered (scalable)',
  ]);
  await checkDefinition(asm(POLICIES.replace('metric: lbload', 'metric: lbl$0oad')), { path: A, selected: 'lbload' });
  await checkHover(asm(POLICIES.replace('metric: lbload', 'metric: lbl$0oad')), ['**lbload** — metric of']);
});

test("a resource's heal policy metric goes to the metric in the same file", async () => {
  const res = `#- /ws/x/Definitions/lm/resource.yaml
metrics:
  h:
    type: metric::integrity
policies:
  heal:
    type: policy::heal
    metric: $0h
`;
  await checkDefinition(res, { path: '/ws/x/Definitions/lm/resource.yaml', selected: 'h' });
  await checkHover(res, ['**h** — metric of', 'metric::integrity']);
});

const WRONG_SIDE = `composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
  streamer:
    type: $lmctl:/contains:/vs:/descriptor_name
relationships:
  r:
    source-capabilities:
    - balancer.Backend
    target-requirements:
    - streamer.Stream
`;

test('a capability the descriptor declares as a requirement: hover says so and where', async () => {
  const md = await checkHover(asm(WRONG_SIDE.replace('balancer.Backend', 'balancer.Back$0end')), [
    '**Backend** — not declared as a capability of `resource::lb-cluster::1.0`',
    'as a requirement of `resource::lb-cluster::1.0`',
    'source-capabilities',
  ]);
  // The link opens the balancer resource at the `Backend:` line.
  assert.match(
    md,
    /\[\.\.\/Contains\/lb\/Definitions\/lm\/resource\.yaml\]\(<file:\/\/\/ws\/Contains\/lb\/Definitions\/lm\/resource\.yaml#L\d+>\)/,
  );
  // A requirement that another component declares as a capability.
  await checkHover(asm(WRONG_SIDE.replace('streamer.Stream', 'streamer.Str$0eam')), [
    '**Stream** — not declared as a requirement of `resource::vs-cluster::1.0`',
    'as a capability of `resource::vs-cluster::1.0`',
  ]);
  await checkDefinition(asm(WRONG_SIDE.replace('balancer.Backend', 'balancer.Back$0end')), null);
});

test('hovers link file paths to the file at the declaration line', async () => {
  const md = await checkHover(asm(`composition:\n  balancer:\n    type: $lmctl:/contains:/l$0b:/descriptor_name\n`), [
    'resource::lb-cluster::1.0',
  ]);
  assert.match(
    md,
    /\[\.\.\/Contains\/lb\/Definitions\/lm\/resource\.yaml\]\(<file:\/\/\/ws\/Contains\/lb\/Definitions\/lm\/resource\.yaml#L1>\)/,
  );
  const member = await checkHover(
    asm(
      `composition:\n  balancer:\n    type: $lmctl:/contains:/lb:/descriptor_name\n` +
        `properties:\n  a:\n    value: \${balancer.publi$0cIp}\n`,
    ),
    ['publicIp'],
  );
  // `publicIp:` is on line 3 of the balancer resource.
  assert.match(member, /resource\.yaml#L3>\)/);
});
