/**
 * Rename in LM descriptors: one edit across files for every symbol kind, lmctl-derived descriptor
 * names (lmproject.yml and `$lmctl:/` paths), and the refusals with their reasons.
 */
import { test } from 'node:test';
import { checkPrepareRename, checkRename } from '../support/navigation.js';

const LMPROJECT = `schema: '2.0'
name: cluster
version: '1.0'
type: Assembly
contains:
- name: lb
  type: Resource
  resource-manager: brent
- name: store
  type: Assembly
  directory: storage
`;

const RESOURCE = `description: Load balancer
properties:
  publicIp:
    type: string
    read-only: true
  port:
    type: integer
  url:
    value: http://\${publicIp}:\${port}
operations:
  AddBackend:
    description: adds a back end
capabilities:
  Balancer:
    type: http
requirements:
  Backend:
    type: http
metrics:
  health:
    type: metric::integrity
  load:
    type: metric::load
policies:
  heal:
    type: policy::heal
    metric: health
`;

const ASSEMBLY = `properties:
  vip:
    value: \${balancer.publicIp}
  lbPort:
    type: integer
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    cluster:
      minimum-nodes: 1
    properties:
      port:
        value: \${lbPort}
      publicIp:
        value: 10.0.0.1
  other:
    type: resource::lb-cluster::1.0
    upgrade-dependencies: [balancer]
relationships:
  r:
    source-capabilities:
    - other.Balancer
    target-requirements:
    - balancer.Backend
    properties:
      ip:
        value: \${source.publicIp}
    lifecycle:
      Create:
      - balancer.AddBackend
      Cease:
      - target.AddBackend
operations:
  Add:
    source-operation: balancer.AddBackend
metrics:
  lbload:
    source-metric: balancer.load
policies:
  scale:
    type: policy::scale
    metric: balancer.load
    target: balancer
`;

const P = '/ws/lmproject.yml';
const R = '/ws/Contains/lb/Definitions/lm/resource.yaml';
const A = '/ws/Descriptor/assembly.yml';
const S = '/ws/Contains/storage/Descriptor/assembly.yml';
const STORE = `composition:
  lb:
    type: 'resource::lb-cluster::1.0'
`;

/** The workspace with `$0` placed by replacing `from` (first occurrence) in the file `at`. */
function ws(at: string, from: string, to: string): string {
  const files: Record<string, string> = { [P]: LMPROJECT, [R]: RESOURCE, [S]: STORE, [A]: ASSEMBLY };
  const text = files[at]!;
  if (!text.includes(from)) throw new Error(`no ${from} in ${at}`);
  files[at] = text.replace(from, to);
  return Object.entries(files)
    .map(([p, t]) => `#- ${p}\n${t}`)
    .join('');
}

const sub = (text: string, pairs: [string | RegExp, string][]) => pairs.reduce((t, [a, b]) => t.replace(a, b), text);

test('a resource property: declaration, uses, members in assemblies, source/target and mapping keys', async () => {
  const after = {
    [R]: sub(RESOURCE, [
      ['  publicIp:', '  address:'],
      ['${publicIp}', '${address}'],
    ]),
    [A]: sub(ASSEMBLY, [
      ['${balancer.publicIp}', '${balancer.address}'],
      ['      publicIp:\n', '      address:\n'],
      ['${source.publicIp}', '${source.address}'],
    ]),
  };
  await checkRename(ws(A, '${balancer.publicIp}', '${balancer.public$0Ip}'), 'address', after);
  await checkRename(ws(R, '  publicIp:', '  public$0Ip:'), 'address', after);
  await checkRename(ws(A, '      publicIp:\n', '      publ$0icIp:\n'), 'address', after);
});

test('a component: everywhere the assembly names it', async () => {
  await checkRename(ws(A, '  balancer:\n', '  bal$0ancer:\n'), 'front', {
    [A]: ASSEMBLY.replace(/balancer(?=[.:\]\n])/g, 'front'),
  });
});

test('operations, capabilities, requirements and metrics', async () => {
  await checkRename(ws(A, '- target.AddBackend', '- target.AddBack$0end'), 'Attach', {
    [R]: RESOURCE.replace('AddBackend:', 'Attach:'),
    [A]: ASSEMBLY.replace(/AddBackend/g, 'Attach'),
  });
  await checkRename(ws(R, '  Balancer:', '  Bal$0ancer:'), 'Front', {
    [R]: RESOURCE.replace('  Balancer:', '  Front:'),
    [A]: ASSEMBLY.replace('other.Balancer', 'other.Front'),
  });
  await checkRename(ws(A, 'balancer.Backend', 'balancer.Back$0end'), 'Pool', {
    [R]: RESOURCE.replace('  Backend:', '  Pool:'),
    [A]: ASSEMBLY.replace('balancer.Backend', 'balancer.Pool'),
  });
  await checkRename(ws(R, 'metric: health', 'metric: heal$0th'), 'alive', {
    [R]: RESOURCE.replace('  health:', '  alive:').replace('metric: health', 'metric: alive'),
  });
  await checkRename(ws(A, 'metric: balancer.load', 'metric: balancer.lo$0ad'), 'busy', {
    [R]: RESOURCE.replace('  load:', '  busy:'),
    [A]: ASSEMBLY.replace(/balancer\.load/g, 'balancer.busy'),
  });
});

test('a subproject descriptor: the lmproject name (keeping the folder), $lmctl paths and literal types', async () => {
  const after = {
    [P]: LMPROJECT.replace('- name: lb\n', '- name: front\n  directory: lb\n'),
    [A]: ASSEMBLY.replace('contains:/lb:/', 'contains:/front:/').replace(
      'resource::lb-cluster::1.0',
      'resource::front-cluster::1.0',
    ),
    [S]: STORE.replace('resource::lb-cluster::1.0', 'resource::front-cluster::1.0'),
  };
  await checkRename(
    ws(A, 'type: resource::lb-cluster', 'type: resource::lb-clu$0ster'),
    'resource::front-cluster::1.0',
    after,
  );
  await checkRename(ws(A, '$lmctl:/contains:/lb:/', '$lmctl:/contains:/l$0b:/'), 'resource::front-cluster::1.0', after);
  // From lmproject.yml, the new name is the subproject name.
  await checkRename(ws(P, '- name: lb', '- name: l$0b'), 'front', after);
});

test('a subproject with an explicit directory and a flow entry', async () => {
  const flow = `#- ${P}
schema: '2.0'
name: cluster
version: '1.0'
contains:
- {name: lb, type: Resource, resource-manager: brent}
#- ${R}
name: resource::lb-cluster::1.0
description: x
#- ${A}
composition:
  a:
    type: resource::lb-clus$0ter::1.0
`;
  await checkRename(flow, 'resource::front-cluster::1.0', {
    [P]: `schema: '2.0'
name: cluster
version: '1.0'
contains:
- {name: front, directory: lb, type: Resource, resource-manager: brent}
`,
    [R]: 'name: resource::front-cluster::1.0\ndescription: x\n',
    [A]: 'composition:\n  a:\n    type: resource::front-cluster::1.0\n',
  });
  await checkRename(ws(S, "'resource::lb-cluster::1.0'", "'resource::lb-cluster::1.0'$0"), 'resource::x-cluster::1.0', {
    [P]: LMPROJECT.replace('- name: lb\n', '- name: x\n  directory: lb\n'),
    [A]: ASSEMBLY.replace('contains:/lb:/', 'contains:/x:/').replace(
      'resource::lb-cluster::1.0',
      'resource::x-cluster::1.0',
    ),
    [S]: STORE.replace('resource::lb-cluster::1.0', 'resource::x-cluster::1.0'),
  });
  // The store subproject has `directory: storage` already.
  await checkRename(ws(P, '- name: store', '- name: st$0ore'), 'archive', {
    [P]: LMPROJECT.replace('- name: store', '- name: archive'),
  });
});

test('the root project: every derived name of the project changes; $lmctl paths stay', async () => {
  const after = {
    [P]: LMPROJECT.replace('name: cluster', 'name: fleet'),
    [A]: ASSEMBLY.replace('resource::lb-cluster::1.0', 'resource::lb-fleet::1.0'),
    [S]: STORE.replace('resource::lb-cluster::1.0', 'resource::lb-fleet::1.0'),
  };
  await checkRename(ws(P, 'name: cluster', 'name: clus$0ter'), 'fleet', after);
  // The version of the root descriptor is the project's.
  await checkRename(
    `${ws(A, 'properties:\n  vip', 'name: assembly::clus$0ter::1.0\nproperties:\n  vip')}
#- /ws/other/Descriptor/assembly.yml
composition:
  c:
    type: assembly::cluster::1.0
`,
    'assembly::cluster::2.0',
    {
      [P]: LMPROJECT.replace("version: '1.0'", "version: '2.0'"),
      [A]: `name: assembly::cluster::2.0\n${ASSEMBLY.replace('lb-cluster::1.0', 'lb-cluster::2.0')}`,
      [S]: STORE.replace('resource::lb-cluster::1.0', 'resource::lb-cluster::2.0'),
      '/ws/other/Descriptor/assembly.yml': 'composition:\n  c:\n    type: assembly::cluster::2.0\n',
    },
  );
});

test('a descriptor named in its file, outside any project', async () => {
  await checkRename(
    `#- /ws/a/Definitions/lm/resource.yaml
name: "resource::fire$0wall::1.0"
#- /ws/b/Descriptor/assembly.yml
composition:
  fw:
    type: resource::firewall::1.0
  other:
    type: resource::firewall::2.0
`,
    'resource::packet-filter::1.1',
    {
      '/ws/a/Definitions/lm/resource.yaml': 'name: "resource::packet-filter::1.1"\n',
      '/ws/b/Descriptor/assembly.yml':
        'composition:\n  fw:\n    type: resource::packet-filter::1.1\n  other:\n    type: resource::firewall::2.0\n',
    },
  );
});

test('prepareRename: the name under the cursor and its placeholder', async () => {
  await checkPrepareRename(ws(A, '${balancer.publicIp}', '${balancer.public$0Ip}'), 'publicIp');
  await checkPrepareRename(ws(A, '${balancer.publicIp}', '${bal$0ancer.publicIp}'), 'balancer');
  await checkPrepareRename(ws(A, '$lmctl:/contains:/lb:/', '$lmctl:/contains:/l$0b:/'), 'resource::lb-cluster::1.0');
  await checkPrepareRename(ws(P, '- name: lb', '- name: l$0b'), 'lb');
  await checkPrepareRename(ws(A, 'composition:', 'compo$0sition:'), null);
});

test('refused where renaming makes no sense', async () => {
  const refuse = (src: string, why: RegExp) => checkPrepareRename(src, why);
  await refuse(ws(A, 'value: 10.0.0.1', "value: '${instance.na$0me}'"), /`instance.name` is supplied by LM/);
  await refuse(ws(A, '${source.publicIp}', '${sou$0rce.publicIp}'), /source component/);
  await refuse(ws(A, '- target.AddBackend', '- tar$0get.AddBackend'), /target component/);
  await refuse(ws(R, '  Balancer:', '  # a comment $0here\n  Balancer:'), /inside a comment/);
  await refuse(ws(R, 'metric: health', 'metric: heal$0thy'), /not a metric/);
  await refuse(ws(A, '${lbPort}', '${lbP$0ortx}'), /not declared/);
  await refuse(`#- ${R}\nlifecycle:\n  Inst$0all: {}\n`, /lifecycle transition/);
  await refuse(ws(A, 'resource::lb-cluster::1.0', 'resource::elsew$0here::1.0'), /not in this workspace.*catalog/);
  await refuse(ws(A, '$lmctl:/contains:/lb:/', '$lmctl:/contains:/n$0o:/'), /cannot be resolved: no subproject/);
  await refuse(
    `${ws(A, 'vip:', 'vip:')}#- /ws/x/Definitions/lm/resource.yaml
name: resource::lb-cluster::1.0
#- /ws/y/Descriptor/assembly.yml
composition:
  a:
    type: resource::lb-clu$0ster::1.0
`,
    /2 descriptors are named/,
  );
  await refuse(
    ws(A, 'value: 10.0.0.1', 'value: 10.0.0.1\n      undeclared$0: {value: 1}'),
    /not declared by the descriptor of `balancer`/,
  );
  await refuse(
    `#- /ws/Descriptor/assembly.yml
composition:
  x:
    type: resource::cat::1.0
    properties:
      fla$0vor: {value: 1}
`,
    /not in this workspace/,
  );
  await refuse(
    `#- /ws/Descriptor/assembly.yml\nproperties:\n  deployment$0Location: {type: string}\n`,
    /must keep its name/,
  );
});

test('new names are checked against the naming rules and the names in use', async () => {
  const at = ws(R, '  port:', '  po$0rt:');
  await checkRename(at, 'listen.port', /contains a dot/);
  await checkRename(at, 'listen port', /whitespace/);
  await checkRename(at, 'listen$port', /`\$` cannot appear/);
  await checkRename(at, 'true', /boolean/);
  await checkRename(at, 'instance', /meaning of its own/);
  await checkRename(at, 'publicIp', /already declares a property `publicIp`/);
  await checkRename(at, 'deploymentLocation', /meaning of its own for LM/);
  // A property nothing maps or uses: only its declaration changes.
  await checkRename(ws(R, '  url:', '  ur$0l:'), 'extra', { [R]: RESOURCE.replace('  url:', '  extra:') });
  // Another kind of member may have the same name.
  await checkRename(ws(R, '  Balancer:', '  Bal$0ancer:'), 'Backend', {
    [R]: RESOURCE.replace('  Balancer:', '  Backend:'),
    [A]: ASSEMBLY.replace('other.Balancer', 'other.Backend'),
  });
  const comp = ws(A, '  other:', '  oth$0er:');
  await checkRename(comp, 'balancer', /already a component/);
  await checkRename(comp, 'vip', /property `vip`/);
  await checkRename(ws(R, '  health:', '  hea$0lth:'), 'load', /already declares a metric `load`/);
  const desc = ws(A, 'type: resource::lb-cluster', 'type: resource::lb-clu$0ster');
  await checkRename(desc, 'assembly::lb-cluster::1.0', /must start with `resource::`/);
  await checkRename(desc, 'resource::lb::1.0', /must end with `-cluster`/);
  await checkRename(desc, 'resource::lb-cluster::2.0', /root project's version/);
  await checkRename(desc, 'resource::front_-cluster::1.0', /must not follow each other/);
  await checkRename(desc, 'resource::x-cluster::v1', /Invalid version/);
  await checkRename(desc, 'resource::store-cluster::1.0', /already a subproject named `store`/);
  await checkRename(ws(P, '- name: lb', '- name: l$0b'), 'a'.repeat(48), /LM rejects: it is 56 characters long/);
});

test('a mapping into a property of the component already there is refused', async () => {
  await checkRename(
    ws(A, '        value: 10.0.0.1', '        value: 10.0.0.1\n      extra:\n        value: 1').replace(
      '  port:\n    type: integer',
      '  po$0rt:\n    type: integer',
    ),
    'extra',
    /Component `balancer` in Descriptor\/assembly.yml already maps a property `extra`/,
  );
});

test('an operation the ansible driver runs from a script is renamed only once the script is', async () => {
  const pkg = (scripts: string) => `#- /ws/lmproject.yml
schema: '2.0'
name: p
version: '1.0'
type: Resource
resource-manager: brent
#- /ws/Definitions/lm/resource.yaml
default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
operations:
  Ad$0d: {}
${scripts}`;
  await checkRename(
    pkg('#- /ws/Lifecycle/ansible/scripts/Add.yaml\n- hosts: all\n'),
    'Plus',
    /rename that script to `Plus.yaml` first/,
  );
  await checkRename(pkg('#- /ws/Lifecycle/ansible/scripts/Plus.yaml\n- hosts: all\n'), 'Plus', {
    '/ws/Definitions/lm/resource.yaml': `default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
operations:
  Plus: {}
`,
  });
});

test('an Ansible RM subproject is refused: its descriptor file is named after it', async () => {
  await checkPrepareRename(
    `#- /ws/lmproject.yml
schema: '2.0'
name: p
version: '1.0'
contains:
- name: vnf$0c
  type: Resource
  resource-manager: ansible-rm
`,
    /descriptor\/vnfc.yml/,
  );
});
