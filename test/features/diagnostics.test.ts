import { test } from 'node:test';
import { checkDiagnostics } from '../support/features.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';

const asm = (body: string) => `${PROJECT}${ASSEMBLY_HEADER}\n${body}`;

test('a valid assembly has no diagnostics', async () => {
  await checkDiagnostics(
    asm(`
properties:
  deploymentLocation:
    type: string
  vip:
    read-only: true
    value: \${balancer.publicIp}
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      deploymentLocation:
        value: '\${deploymentLocation}'
      name:
        value: "\${instance.name}_lb"
  streamer:
    type: resource::vs-cluster::1.0
    cluster:
      minimum-nodes: 1
      initial-quantity: 2
      maximum-nodes: 4
relationships:
  r:
    source-capabilities:
    - streamer.Stream
    target-requirements:
    - balancer.Backend
    source-state: Active
    target-state: Active
    source-state-modifier: post
    properties:
      ip:
        value: \${source.streamIp}
    lifecycle:
      Create:
      - balancer.AddBackend
`),
    // LM049/LM050 (placement mappings, undeclared component properties) are tested in rules-properties.test.ts.
    { ignore: ['LM049', 'LM050'] },
  );
});

test('LM000 YAML syntax errors with a precise range', async () => {
  await checkDiagnostics(`#- /ws/x/Definitions/lm/resource.yaml
properties:
  a:
    default: {b: 1
#            ^ LM000
lifecycle: {}
`);
});

test('LM030-LM034: malformed and unresolved references', async () => {
  await checkDiagnostics(
    asm(`
properties:
  deploymentLocation:
    type: string
  a:
    value: \${deploymentLocaton}
#            ^^^^^^^^^^^^^^^^^ LM031
  b:
    value: \${balancer.publicIP}
#                     ^^^^^^^^ LM032
  c:
    value: \${instance.uuid}
#                     ^^^^ LM033
  d:
    value: \${source.x}
#            ^^^^^^ LM034
  e:
    value: 'x-\${deploymentLocation'
#             ^^^^^^^^^^^^^^^^^^^^ LM030
  f:
    value: \${a[x]}
#             ^^^ LM030
  g:
    value: \${}
#          ^^^ LM030
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      x:
        value: \${item}
#                ^^^^ LM034
`),
    // LM049/LM050 (placement mappings, undeclared component properties) are tested in rules-properties.test.ts.
    { ignore: ['LM049', 'LM050'] },
  );
});

test('LM031 in a resource: only its own properties', async () => {
  await checkDiagnostics(`#- /ws/x/Definitions/lm/resource.yaml
properties:
  a:
    type: string
  b:
    value: \${a}-\${instance.id}
  c:
    value: \${aa}
#            ^^ LM031
`);
});

test('LM040-LM043: component types', async () => {
  await checkDiagnostics(
    asm(`
composition:
  a:
# ^ LM040
    quantity: 1
  b:
    type: c_streamer
#         ^^^^^^^^^^ LM041
  c:
    type: $lmctl:/contains:/nosuch:/descriptor_name
#         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ LM042
  d:
    type: resource::elsewhere::1.0
#         ^^^^^^^^^^^^^^^^^^^^^^^^ LM043
  e:
    type: resource::vs-cluster::^1.0
#         ^^^^^^^^^^^^^^^^^^^^^^^^^^ LM041
references:
  f:
    type: resource::vs-cluster::^1.0
`),
    // LM049/LM050 (placement mappings, undeclared component properties) are tested in rules-properties.test.ts.
    { ignore: ['LM049', 'LM050'] },
  );
});

test('LM044-LM045: quantity with cluster, cluster numbers out of order', async () => {
  await checkDiagnostics(
    asm(`
composition:
  s:
    type: resource::vs-cluster::1.0
    quantity: 1
#   ^^^^^^^^ LM044
    cluster:
      minimum-nodes: 5
      initial-quantity: 1
#                       ^ LM045
      maximum-nodes: 2
#                    ^ LM045
  t:
    type: resource::vs-cluster::1.0
    cluster:
      initial-quantity: -1
#                       ^^ LM045
      maximum-nodes: \${max}
`),
    { ignore: ['LM031', 'LM049'] },
  );
});

test('LM060-LM067: relationships and published operations', async () => {
  await checkDiagnostics(
    asm(`
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
  streamer:
    type: resource::vs-cluster::1.0
references:
  net:
    type: resource::somenet::1.0
relationships:
  r:
    source-capabilities:
    - streamr.Stream
#     ^^^^^^^ LM060
    - streamer.Strem
#              ^^^^^ LM062
    target-requirements:
    - net.Backend
#     ^^^ LM061
    - balancer
#     ^^^^^^^^ LM061
    source-state: Running
#                 ^^^^^^^ LM063
    target-state: Active
    target-state-modifier: before
#                          ^^^^^^ LM064
    lifecycle:
      Create:
      - balancer.AddBackend
      - target.AddBackend
      - balancer.Nope
#                ^^^^ LM066
      - nobody.Op
#       ^^^^^^ LM066
      Delete:
#     ^^^^^^ LM065
      - balancer.AddBackend
operations:
  Pub:
    source-operation: balancer.AddBackends
#                              ^^^^^^^^^^^ LM067
    multiple-instances: all
#                       ^^^ LM067
`),
    { ignore: ['LM043', 'LM049'] },
  );
});

test('LM063 missing state is a warning on the relationship name', async () => {
  const diags = await checkDiagnostics(
    asm(`
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
relationships:
  r:
# ^ LM063
    target-state: Active
`),
    // LM049/LM050 (placement mappings, undeclared component properties) are tested in rules-properties.test.ts.
    { ignore: ['LM049', 'LM050', 'LM060', 'LM061'] },
  );
  if (diags[0]?.severity !== 'warning') throw new Error('expected a warning');
});

test('LM062 is only a hint when the descriptor declares no capabilities at all', async () => {
  const diags = await checkDiagnostics(
    asm(`
composition:
  store:
    type: assembly::store-cluster::1.0
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
relationships:
  r:
    source-capabilities:
    - store.Files
#           ^^^^^ LM062
    target-requirements:
    - balancer.Backend
    source-state: Active
    target-state: Active
`),
    // LM049/LM050 (placement mappings, undeclared component properties) are tested in rules-properties.test.ts.
    { ignore: ['LM049', 'LM050'] },
  );
  if (diags[0]?.severity !== 'hint') throw new Error(`expected a hint, got ${diags[0]?.severity}`);
});

test('LM001-LM005: descriptor names', async () => {
  await checkDiagnostics(asm(`name: assembly:vnf1:1.0\n#     ^^^^^^^^^^^^^^^^^ LM001\n`));
  await checkDiagnostics(
    asm(
      `name: assembly::_bad name::v1.0\n#               ^^^^^^^^^ LM002\n#                          ^^^^ LM003\n#  ` +
        `   ^^^^^^^^^^^^^^^^^^^^^^^^^ LM005\n`,
    ),
  );
  await checkDiagnostics(
    asm(`name: resource::cluster::1.0\n#     ^^^^^^^^ LM004\n#     ^^^^^^^^^^^^^^^^^^^^^^ LM005\n`),
  );
  await checkDiagnostics(asm(`name: assembly::cluster::1.0\n`));
  // A subproject's explicit name must carry the chained `<sub>-<parent>` name.
  // The `$0` makes the streamer resource the file under test.
  await checkDiagnostics(
    PROJECT.replace(
      'description: Video streamer',
      'name: resource::vs::1.0\n#     ^^^^^^^^^^^^^^^^^ LM005\n$0description: Video streamer',
    ),
  );
});

test('LM009: duplicate keys', async () => {
  await checkDiagnostics(`#- /ws/x/Definitions/lm/resource.yaml
properties:
  flavor:
    type: string
  flavor:
# ^^^^^^ LM009
    type: integer
`);
});
