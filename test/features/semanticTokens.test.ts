/**
 * Semantic tokens of LM descriptors: `${…}` references by what they resolve to (root, member,
 * index; nothing for unresolved or flagged parts) and `$lmctl:/` paths, with exact single-line spans
 * in every scalar style.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenLines } from '../support/navigation.js';
import { checkTokenShapes } from '../support/structure.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';

const asm = (body: string) => `${PROJECT}${ASSEMBLY_HEADER}\n${body}`;

const BASE = `name: assembly::cluster::1.0
properties:
  deploymentLocation:
    type: string
  vip:
    type: string
    read-only: true
    value: \${balancer.publicIp}
  hosts:
    type: list
  first:
    type: string
    value: \${hosts[0]}
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
      port:
        value: \${balancer.port}
  streamer:
    type: resource::vs-cluster::1.0
    properties:
      name:
        value: \${instance.name}-\${vip}
relationships:
  r:
    source-capabilities:
    - streamer.Stream
    target-requirements:
    - balancer.Backend
    properties:
      ip:
        value: \${target.privateIp}
`;

test('references: property, component and member, index, built-ins, relationship source/target', async () => {
  assert.deepEqual(await tokenLines(asm(BASE)), [
    'balancer namespace',
    'publicIp property+readonly',
    'hosts variable',
    '0 number',
    '$lmctl keyword',
    'contains keyword',
    'lb namespace',
    'descriptor_name variable+readonly+defaultLibrary',
    'deploymentLocation variable',
    'balancer namespace',
    'port property',
    'instance variable+defaultLibrary',
    'name property+defaultLibrary',
    'vip variable+readonly',
    'target namespace+defaultLibrary',
    'privateIp property+readonly',
  ]);
});

test('unresolved roots, unknown members and malformed references get no token', async () => {
  const body = `name: assembly::cluster::1.0
properties:
  a:
    type: string
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      x:
        value: \${nope}
      y:
        value: \${balancer.publicIP}
      z:
        value: \${balancer}
      w:
        value: \${a
      v:
        value: \${a.b!c}
      u:
        value: \${instance.nothing}
`;
  assert.deepEqual(await tokenLines(asm(body)), [
    '$lmctl keyword',
    'contains keyword',
    'lb namespace',
    'descriptor_name variable+readonly+defaultLibrary',
    // `${balancer.publicIP}`: the root resolves, the misspelt member is flagged (LM032).
    'balancer namespace',
    // `${a.b!c}`: the parts before the bad character still resolve.
    'a variable',
    'b property',
    'instance variable+defaultLibrary',
  ]);
});

test('exact spans in quoted, escaped, block and embedded scalars', async () => {
  const body = `name: assembly::cluster::1.0
properties:
  deploymentLocation:
    type: string
  a:
    type: string
    value: 'x \${deploymentLocation} y'
  b:
    type: string
    value: "\\t\${deploymentLocation}"
  c:
    type: string
    value: |
      first line
      then \${deploymentLocation} here
  d:
    type: string
    value: >-
      folded \${deploymentLocation}
      and more
  e:
    type: string
    value: "\${deployment\\
      Location}"
`;
  // The last one is split over two lines by an escaped line break: a token cannot span lines.
  assert.deepEqual(await tokenLines(asm(body)), [
    'deploymentLocation variable',
    'deploymentLocation variable',
    'deploymentLocation variable',
    'deploymentLocation variable',
  ]);
});

test('resource descriptors and quoted $lmctl paths; lmproject files get none', async () => {
  const resource = `
#- /ws/Contains/lb/Definitions/lm/resource.yaml
name: resource::lb::1.0
properties:
  publicIp:
    type: string
  label:
    type: string
    value: "\${publicIp}"
`;
  assert.deepEqual(await tokenLines(resource), ['publicIp variable']);
  const quoted = `name: assembly::cluster::1.0
composition:
  balancer:
    type: '$lmctl:/contains:/lb:/descriptor_name'
  broken:
    type: $lmctl:/contains:/descriptor_name
`;
  assert.deepEqual(await tokenLines(asm(quoted)), [
    '$lmctl keyword',
    'contains keyword',
    'lb namespace',
    'descriptor_name variable+readonly+defaultLibrary',
  ]);
  const project = `
#- /ws/lmproject.yml
name: \${notAReference}
type: $lmctl:/contains:/lb:/descriptor_name
`;
  assert.deepEqual(await tokenLines(project), []);
});

test('broken and truncated descriptors: tokens stay ordered, single-line and apart', async () => {
  const text = asm(BASE);
  const head = text.slice(0, text.lastIndexOf(ASSEMBLY_HEADER) + ASSEMBLY_HEADER.length + 1);
  const body = BASE;
  let count = 0;
  for (let cut = 11; cut < body.length; cut += 37) {
    count += await checkTokenShapes(head + body.slice(0, cut));
    count += await checkTokenShapes(head + body.slice(0, cut) + '"\n' + body.slice(cut));
    count += await checkTokenShapes(head + body.slice(0, cut) + body.slice(cut + 5));
  }
  assert.ok(count > 100, `tokens checked: ${count}`);
});
