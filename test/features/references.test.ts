/**
 * Find references and document highlights in LM descriptors: every symbol kind, from its
 * declaration and from uses, across files. Uses are marked `# ^^^ ref`, declarations `# ^^^ decl`.
 */
import { test } from 'node:test';
import { checkHighlights, checkReferences } from '../support/navigation.js';

const PROJECT = `
#- /ws/lmproject.yml
schema: '2.0'
name: cluster
version: '1.0'
type: Assembly
contains:
- name: lb
  type: Resource
  resource-manager: brent
- name: store
  type: Assembly
`;

/** The balancer resource, annotated by the caller through `mark`. */
const lb = (body: string) => `#- /ws/Contains/lb/Definitions/lm/resource.yaml\n${body}`;
const asm = (body: string) => `#- /ws/Descriptor/assembly.yml\n${body}`;

test('a resource property: declaration, own uses, component members, source/target and mapping keys', async () => {
  const src = `${PROJECT}${lb(`description: Load balancer
properties:
  publicIp:
# ^^^^^^^^ decl
    type: string
    read-only: true
  port:
    type: integer
  url:
    value: http://\${publicIp}:\${port}
#                   ^^^^^^^^ ref
`)}${asm(`properties:
  vip:
    value: \${balancer.publicIp}
#                     ^^^^^^^^ ref
  publicIp:
    type: string
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      publicIp:
#     ^^^^^^^^ ref
        value: \${publicIp}
  other:
    type: resource::lb-cluster::1.0
relationships:
  r:
    source-capabilities:
    - other.Balancer
    target-requirements:
    - balancer.Backend
    properties:
      a:
        value: \${source.publicIp}
#                       ^^^^^^^^ ref
      b:
        value: '\${target.pub$0licIp}'
#                        ^^^^^^^^ ref
`)}`;
  await checkReferences(src);
  await checkReferences(src.replace('$0', '').replace('  publicIp:\n# ^', '  pub$0licIp:\n# ^'));
  await checkReferences(src, { includeDeclaration: false });
});

test("an assembly's top-level property is not the component property of the same name", async () => {
  await checkReferences(
    `${PROJECT}${lb(`properties:
  publicIp:
    type: string
`)}${asm(`properties:
  publicIp:
# ^^^^^^^^ decl
    type: string
  vip:
    value: \${balancer.publicIp}
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      publicIp:
        value: \${public$0Ip}
#                ^^^^^^^^ ref
    items: \${publicIp}
#            ^^^^^^^^ ref
`)}`,
  );
});

test('highlights: the uses and the writes of the cursor file only', async () => {
  await checkHighlights(
    `${PROJECT}${lb(`properties:
  port:
    type: integer
`)}${asm(`properties:
  vip:
    value: \${balancer.po$0rt}
#                     ^^^^ ref
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      port:
#     ^^^^ ref
        value: 80
`)}`,
  );
});

test('a component: ${…} roots, relationship items, operations, metrics, policies, upgrade dependencies', async () => {
  const src = `${PROJECT}${lb(`properties:
  port: {type: integer}
`)}${asm(`properties:
  vip:
    value: \${balancer.port}
#            ^^^^^^^^ ref
composition:
  balancer:
# ^^^^^^^^ decl
    type: $lmctl:/contains:/lb:/descriptor_name
    cluster: {minimum-nodes: 1}
  other:
    type: resource::lb-cluster::1.0
    upgrade-dependencies: [balancer]
#                          ^^^^^^^^ ref
relationships:
  r:
    source-capabilities:
    - bal$0ancer.Balancer
#     ^^^^^^^^ ref
    target-requirements:
    - other.Backend
    properties:
      a: {value: '\${source.port}'}
    lifecycle:
      Create:
      - balancer.AddBackend
#       ^^^^^^^^ ref
      - source.AddBackend
operations:
  Add:
    source-operation: balancer.AddBackend
#                     ^^^^^^^^ ref
metrics:
  lbload:
    source-metric: balancer.load
#                  ^^^^^^^^ ref
policies:
  scale:
    type: policy::scale
    metric: balancer.load
#           ^^^^^^^^ ref
    target: balancer
#           ^^^^^^^^ ref
`)}`;
  await checkReferences(src);
  await checkHighlights(src);
});

test('a reference (references section) used as a bare relationship source', async () => {
  await checkReferences(
    `${PROJECT}${asm(`references:
  net:
# ^^^ decl
    type: resource::network::1.0
composition:
  box:
    type: resource::box::1.0
relationships:
  r:
    source-capabilities:
    - n$0et
#     ^^^ ref
    target-requirements:
    - box.Network
    properties:
      id: {value: '\${net.id}'}
#                    ^^^ ref
`)}`,
  );
});

test('operations, capabilities, requirements and metrics: the resource declaration and assembly uses', async () => {
  const resource = (marks: Record<string, string>) =>
    lb(`properties:
  port: {type: integer}
operations:
  AddBackend:
${marks.op ?? ''}    description: adds
capabilities:
  Balancer:
${marks.cap ?? ''}    type: http
requirements:
  Backend:
${marks.req ?? ''}    type: http
metrics:
  health:
${marks.health ?? ''}    type: metric::integrity
  load:
${marks.load ?? ''}    type: metric::load
policies:
  heal:
    type: policy::heal
    metric: health
${marks.heal ?? ''}`);
  const decl = (n: number) => `# ${'^'.repeat(n)} decl\n`;
  const assembly = (body: string) =>
    asm(`composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
  other:
    type: resource::lb-cluster::1.0
${body}`);
  // operation: relationship lifecycle (component and target prefixes) and source-operation
  await checkReferences(
    `${PROJECT}${resource({ op: decl(10) })}${assembly(`relationships:
  r:
    source-capabilities: [other.Balancer]
    target-requirements: [balancer.Backend]
    lifecycle:
      Create:
      - balancer.AddBackend
#                ^^^^^^^^^^ ref
      Cease:
      - target.AddBack$0end
#              ^^^^^^^^^^ ref
      - source.AddBackend
#              ^^^^^^^^^^ ref
operations:
  Add:
    source-operation: other.AddBackend
#                           ^^^^^^^^^^ ref
`)}`,
  );
  // capability and requirement
  await checkReferences(
    `${PROJECT}${resource({ cap: decl(8) })}${assembly(`relationships:
  r:
    source-capabilities:
    - other.Bal$0ancer
#           ^^^^^^^^ ref
    target-requirements: [balancer.Backend]
  s:
    source-capabilities: [balancer.Balancer]
#                                  ^^^^^^^^ ref
    target-requirements: [other.Backend]
`)}`,
  );
  await checkReferences(
    `${PROJECT}${resource({ req: decl(7) })}${assembly(`relationships:
  r:
    source-capabilities: [other.Balancer]
    target-requirements: [balancer.Back$0end]
#                                  ^^^^^^^ ref
`)}`,
  );
  // metric: the resource's heal policy, assembly source-metric and scale policy metric
  await checkReferences(
    `${PROJECT}${resource({ load: decl(4) })}${assembly(`metrics:
  lbload:
    source-metric: balancer.lo$0ad
#                           ^^^^ ref
policies:
  scale:
    type: policy::scale
    metric: other.load
#                 ^^^^ ref
    target: other
`)}`,
  );
  await checkReferences(
    `${PROJECT}${asm(`composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
`)}${resource({ health: decl(6), heal: '#           ^^^^^^ ref\n' }).replace('metric: health', 'metric: hea$0lth')}`,
  );
});

test('a published assembly operation and a promoted metric', async () => {
  await checkReferences(`${PROJECT}#- /ws/Contains/store/Descriptor/assembly.yml
composition:
  nfs:
    type: resource::nfs::1.0
operations:
  Mount:
# ^^^^^ decl
    source-operation: nfs.Mount
metrics:
  used:
    source-metric: nfs.used
policies:
  grow:
    type: policy::scale
    metric: used
    target: nfs
${asm(`composition:
  storage:
    type: $lmctl:/contains:/store:/descriptor_name
  box:
    type: resource::box::1.0
relationships:
  r:
    source-capabilities: [storage.Export]
    target-requirements: [box.Mount]
    lifecycle:
      Create:
      - storage.Mo$0unt
#               ^^^^^ ref
`)}`);
  await checkReferences(`${PROJECT}#- /ws/Contains/store/Descriptor/assembly.yml
composition:
  nfs:
    type: resource::nfs::1.0
metrics:
  used:
# ^^^^ decl
    source-metric: nfs.used
policies:
  grow:
    type: policy::scale
    metric: us$0ed
#           ^^^^ ref
    target: nfs
`);
});

test('a descriptor: literal and $lmctl types across files, from a use and from the explicit name', async () => {
  const files = (
    cursorInName: boolean,
  ) => `${PROJECT}${lb(`name: ${cursorInName ? 'resource::lb-clu$0ster::1.0' : 'resource::lb-cluster::1.0'}
#     ^^^^^^^^^^^^^^^^^^^^^^^^^ decl
description: Load balancer
`)}#- /ws/Contains/store/Descriptor/assembly.yml
composition:
  lb:
    type: 'resource::lb-cluster::1.0'
#          ^^^^^^^^^^^^^^^^^^^^^^^^^ ref
${asm(`composition:
  balancer:
    type: $lmctl:/contains:/${cursorInName ? 'lb' : 'l$0b'}:/descriptor_name
#         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ ref
  other:
    type: resource::lb-cluster::1.0
#         ^^^^^^^^^^^^^^^^^^^^^^^^^ ref
  third:
    type: resource::lb-cluster::2.0
`)}`;
  await checkReferences(files(false));
  await checkReferences(files(true));
});

test('a derived descriptor name: its declaration is the subproject name in lmproject.yml', async () => {
  await checkReferences(`
#- /ws/lmproject.yml
schema: '2.0'
name: cluster
version: '1.0'
contains:
- name: lb
#       ^^ decl
  type: Resource
  resource-manager: brent
#- /ws/Contains/lb/Definitions/lm/resource.yaml
description: Load balancer
${asm(`composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
#         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ ref
  other:
    type: resource::lb-clus$0ter::1.0
#         ^^^^^^^^^^^^^^^^^^^^^^^^^ ref
`)}`);
  // From the lmproject name itself.
  await checkReferences(`
#- /ws/Contains/lb/Definitions/lm/resource.yaml
description: Load balancer
${asm(`composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
#         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ ref
`)}#- /ws/lmproject.yml
schema: '2.0'
name: cluster
version: '1.0'
contains:
- name: l$0b
#       ^^ decl
  type: Resource
  resource-manager: brent
`);
});

test('a catalog type (not in the workspace): its uses by name', async () => {
  await checkReferences(`#- /ws/a/Descriptor/assembly.yml
composition:
  x:
    type: resource::catalog-only::1.0
#         ^^^^^^^^^^^^^^^^^^^^^^^^^^^ ref
#- /ws/b/Descriptor/assembly.yml
composition:
  y:
    type: resource::catalog-o$0nly::1.0
#         ^^^^^^^^^^^^^^^^^^^^^^^^^^^ ref
`);
});

test('nothing for built-ins, unresolved names and keywords', async () => {
  const none = (s: string) => checkReferences(`${PROJECT}${asm(s)}`);
  await none(`properties:
  a: {value: '\${instance.na$0me}'}
`);
  await none(`properties:
  a: {value: '\${nop$0e}'}
`);
  await none(`lifecycle:
  Inst$0all: {}
`);
});
