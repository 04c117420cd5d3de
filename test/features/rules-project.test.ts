/**
 * LM100-LM107: lmctl project files and package layout. Multi-file fixtures create the layout in
 * the in-memory file system; the last file is the one under test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDiagnostics } from '../support/features.js';

/** Files that only need to exist (`#- /ws/<path>` with a line of content). */
const files = (...paths: string[]) => paths.map((p) => `#- /ws/${p}\n# placeholder\n`).join('');

const RESOURCE = `description: r
lifecycle:
  Create: {}
default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
`;

/** A complete Brent 2.2+ resource subproject `<dir>` (descriptor, Lifecycle and the Create script). */
const brentSub = (dir: string) => {
  const createScript = files(`Contains/${dir}/Lifecycle/ansible/scripts/Create.yaml`);
  return `#- /ws/Contains/${dir}/Definitions/lm/resource.yaml\n${RESOURCE}${createScript}`;
};

test('LM100: project file fields, types, resource managers and subproject folders', async () => {
  const pkg = files(
    'Descriptor/assembly.yml',
    'Contains/d/Descriptor/assembly.yml',
    'Contains/e/Definitions/lm/resource.yaml',
    'Contains/e/Lifecycle/ansible/scripts/Create.yaml',
  );
  await checkDiagnostics(`${pkg}${brentSub('a')}
#- /ws/lmproject.yml
schema: '2.0'
name: root
version: '1.0'
packaging: zip
#          ^^^ LM100
contains:
- name: a
  type: Resource
  resource-manager: Brent2.2
#                   ^^^^^^^^ LM100
- name: b
#       ^ LM100
  type: Resource
#       ^^^^^^^^ LM100
- type: Assembly
# ^^^^ LM100
- name: d
  type: Widget
#       ^^^^^^ LM100
- name: e
  type: ETSI_VNF
  resource-manager: ansible-rm
#                   ^^^^^^^^^^ LM100
`);
  // Required root fields of a schema 2.0 file, and an unknown schema.
  await checkDiagnostics(`${files('Descriptor/assembly.yml')}#- /ws/lmproject.yml
schema: '2.0'
name: root
#^^^ LM100
type: Assembly
`);
  await checkDiagnostics(`${files('Descriptor/assembly.yml')}#- /ws/lmproject.yml
schema: '3.0'
#       ^^^^^ LM100
name: root
version: '1.0'
`);
  // Resource managers compare case-sensitively in lmctl; project types do not.
  await checkDiagnostics(`${files('Descriptor/assembly.yml')}${brentSub('a')}${brentSub('b')}
#- /ws/lmproject.yml
schema: '2.0'
name: root
version: '1.0'
type: assembly
packaging: csar
contains:
- name: a
  type: resource
  resource-manager: Brent
- name: b
  type: RESOURCE
  resource-manager: lm
  directory: b
`);
});

test('LM101: schema 1.0 and vnfcs project files are information', async () => {
  const vnfc = files(
    'Descriptor/assembly.yml',
    'VNFCs/vnfcA/descriptor/vnfcA.yml',
    'VNFCs/vnfcA/lifecycle/Install.yml',
    'VNFCs/vnfcA/Meta-Inf/manifest.MF',
  );
  const diags = await checkDiagnostics(`${vnfc}#- /ws/lmproject.yml
name: old
#^^^ LM101
vnfcs:
#^^^^ LM101
  definitions:
    vnfcA:
      directory: vnfcA
`);
  assert.deepEqual(
    diags.map((d) => d.severity),
    ['information', 'information'],
  );
  await checkDiagnostics(`${files('Descriptor/assembly.yml')}#- /ws/lmproject.yml
schema: '1.0'
#       ^^^^^ LM101
name: old
`);
  await checkDiagnostics(
    `${files('Descriptor/assembly.yml')}#- /ws/lmproject.yml\nschema: '2.0'\nname: new\nversion: '1.0'\n`,
  );
});

test('LM101/LM005: a schema 1.0 VNFC descriptor is named like the subproject lmctl rewrites it into', async () => {
  // lmctl rewrites `vnfcs` into `contains` entries before it validates, then requires the chained name; the version
  // comes from the root assembly's name when the project file has none.
  const legacy = `${files('VNFCs/vnfcA/lifecycle/Install.yml', 'VNFCs/vnfcA/Meta-Inf/manifest.MF')}#- /ws/lmproject.yml
name: old
vnfcs:
  definitions:
    vnfcA:
      directory: vnfcA
#- /ws/Descriptor/assembly.yml
name: assembly::old::2.0
composition:
  a:
    type: resource::vnfcA::2.0
#- /ws/VNFCs/vnfcA/descriptor/vnfcA.yml
`;
  const diags = await checkDiagnostics(`${legacy}name: resource::vnfcA::2.0
#     ^^^^^^^^^^^^^^^^^^^^ LM005
description: a VNFC
`);
  assert.deepEqual(
    diags.map((d) => d.severity),
    ['error'],
  );
  assert.match(diags[0]!.message, /`vnfcA-old`.*schema 1\.0 `vnfcs` block into subprojects/);
  await checkDiagnostics(`${legacy}name: resource::vnfcA-old::2.0\ndescription: a VNFC\n`);
  await checkDiagnostics(`${legacy}description: a VNFC, named by lmctl\n`);
  // The assembly that names the VNFC the old way hears about the name lmctl derives.
  // (The project file alone first: the assembly's lines must not run on into it as a second `name`.)
  const project = legacy.slice(0, legacy.indexOf('#- /ws/Descriptor/assembly.yml\n'));
  const asm = await checkDiagnostics(
    project.concat(
      '#- /ws/VNFCs/vnfcA/descriptor/vnfcA.yml\ndescription: a VNFC\n#- /ws/Descriptor/assembly.yml\n',
      'name: assembly::old::2.0\ncomposition:\n  a:\n    type: resource::vnfcA::2.0\n',
      '#         ^^^^^^^^^^^^^^^^^^^^ LM043\n',
    ),
    { ignore: ['LM049'] },
  );
  assert.match(asm[0]!.message, /Did you mean `resource::vnfcA-old::2\.0`\?/);
  // The project file itself: the rewrite is harmless, so information, and it says which names follow.
  const lmp = await checkDiagnostics(
    `${files('VNFCs/vnfcA/descriptor/vnfcA.yml', 'Descriptor/assembly.yml')}#- /ws/lmproject.yml
name: old
#^^^ LM101
vnfcs:
#^^^^ LM101
  definitions:
    vnfcA: {}
`,
    { ignore: ['LM100', 'LM103'] },
  );
  assert.match(lmp[1]!.message, /`resource::<vnfc>-old::<version>`/);
});

test('LM102: duplicate .yml/.yaml files and both Contains/ and VNFCs/', async () => {
  await checkDiagnostics(`${files('Descriptor/assembly.yml', 'lmproject.yaml')}#- /ws/lmproject.yml
schema: '2.0'
#^^^^^ LM102
name: root
version: '1.0'
`);
  const withVnfcs = files('Descriptor/assembly.yml', 'VNFCs/old/descriptor/old.yml');
  await checkDiagnostics(`${withVnfcs}${brentSub('a')}#- /ws/lmproject.yml
schema: '2.0'
name: root
#     ^^^^ LM102
version: '1.0'
contains:
- name: a
  type: Resource
  resource-manager: brent
`);
  await checkDiagnostics(`${files('x/Definitions/lm/resource.yml')}#- /ws/x/Definitions/lm/resource.yaml
description: twin
#^^^^^^^^^^ LM102
`);
  const heatPair = files('x/Lifecycle/openstack/heat.yaml', 'x/Lifecycle/openstack/heat.yml');
  await checkDiagnostics(`${heatPair}#- /ws/x/Definitions/lm/resource.yaml
description: two heat templates
#^^^^^^^^^^ LM102
lifecycle:
  Create:
    drivers:
      openstack:
        selector:
          infrastructure-type: ['*']
`);
  const heatAndTosca = files('x/Lifecycle/openstack/heat.yaml', 'x/Lifecycle/openstack/tosca.yml');
  await checkDiagnostics(`${heatAndTosca}#- /ws/x/Definitions/lm/resource.yaml
description: one template of each kind
lifecycle:
  Create:
    drivers:
      openstack:
        selector:
          infrastructure-type: ['*']
`);
});

test('LM103: the descriptor and folders lmctl expects for the project type', async () => {
  const rmLayout = files(
    'Descriptor/assembly.yml',
    'Contains/rm/lifecycle/Install.yml',
    'Contains/rm/Meta-Inf/manifest.MF',
    'Contains/b21/Definitions/lm/resource.yaml',
    'Contains/t/README.md',
  );
  const diags = await checkDiagnostics(`${rmLayout}#- /ws/lmproject.yml
schema: '2.0'
name: root
version: '1.0'
contains:
- name: rm
#       ^^ LM103
  type: Resource
  resource-manager: ansible-rm
- name: b21
#       ^^^ LM103
#       ^^^ LM103
  type: Resource
  resource-manager: brent2.1
- name: t
#       ^ LM103
  type: Type
`);
  assert.deepEqual(
    diags.map((d) => d.data?.missingPart ?? 'descriptor'),
    ['descriptor', 'Lifecycle', 'Definitions/infrastructure', 'descriptor'],
  );
  await checkDiagnostics(`#- /ws/lmproject.yml
schema: '2.0'
name: root
#     ^^^^ LM103
version: '1.0'
type: Assembly
`);
  const fullLayout = files(
    'Descriptor/assembly.yml',
    'Contains/rm/descriptor/rm.yml',
    'Contains/rm/lifecycle/Install.yml',
    'Contains/rm/Meta-Inf/manifest.MF',
    'Contains/b21/Definitions/lm/resource.yaml',
    'Contains/b21/Lifecycle/ansible/scripts/Install.yaml',
    'Contains/b21/Definitions/infrastructure/heat.yaml',
    'Contains/t/Descriptor/type.yml',
  );
  await checkDiagnostics(`${fullLayout}#- /ws/lmproject.yml
schema: '2.0'
name: root
version: '1.0'
contains:
- name: rm
  type: Resource
  resource-manager: ansible-rm
- name: b21
  type: Resource
  resource-manager: brent2.1
- name: t
  type: Type
`);
});

test('LM104: pre-2.2 manifests in a Brent 2.2+ project', async () => {
  const manifests = files(
    'Definitions/lm/resource.yaml',
    'Lifecycle/lifecycle.mf',
    'Definitions/infrastructure/infrastructure.mf',
  );
  await checkDiagnostics(`${manifests}#- /ws/lmproject.yml
schema: '2.0'
name: res
version: '1.0'
type: Resource
resource-manager: brent
#                 ^^^^^ LM104
#                 ^^^^^ LM104
`);
  // The same manifests are what a Brent 2.1 project reads.
  await checkDiagnostics(`${manifests}#- /ws/lmproject.yml
schema: '2.0'
name: res
version: '1.0'
type: Resource
resource-manager: brent2.1
`);
});

test('LM105: lifecycle scripts and templates the drivers need', async () => {
  const scripts = files('x/Lifecycle/ansible/scripts/Install.yaml', 'x/Lifecycle/ansible/scripts/configure.yml');
  await checkDiagnostics(
    `${scripts}#- /ws/x/Definitions/lm/resource.yaml
infrastructure:
  Openstack: {}
lifecycle:
  Create:
# ^^^^^^ LM105
    drivers:
      openstack:
        selector:
          infrastructure-type: ['*']
  Install: {}
  Configure: {}
  Start: {}
# ^^^^^ LM105
operations:
  Mount: {}
# ^^^^^ LM105
default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
  kubernetes:
# ^^^^^^^^^^ LM105
    selector:
      infrastructure-type: [Kubernetes]
`,
    { ignore: ['LM085'] },
  );
  await checkDiagnostics(`${files('x/Lifecycle/README.md')}#- /ws/x/Definitions/lm/resource.yaml
infrastructure:
  Openstack: {}
lifecycle: {}
queries:
  drivers:
    openstack:
#   ^^^^^^^^^ LM105
      selector:
        infrastructure-type: ['*']
`);
  const allScripts = files(
    'x/Lifecycle/ansible/scripts/Install.yaml',
    'x/Lifecycle/ansible/scripts/configure.yml',
    'x/Lifecycle/ansible/scripts/Start.yml',
    'x/Lifecycle/ansible/scripts/Mount.yaml',
    'x/Lifecycle/openstack/tosca.yaml',
    'x/Lifecycle/openstack/discover.yaml',
    'x/Lifecycle/kubernetes/kegd.yaml',
  );
  await checkDiagnostics(`${allScripts}#- /ws/x/Definitions/lm/resource.yaml
infrastructure:
  Openstack: {}
  Kubernetes: {}
lifecycle:
  Create:
    drivers:
      openstack:
        selector:
          infrastructure-type: ['*']
  Install: {}
  Configure: {}
  Start: {}
operations:
  Mount: {}
default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
  kubernetes:
    selector:
      infrastructure-type: [Kubernetes]
`);
  // Without any Lifecycle/ folder, LM103 (on the project) says it all.
  await checkDiagnostics(`#- /ws/x/Definitions/lm/resource.yaml\n${RESOURCE}`);
});

test('LM105: an error; scripts are looked up as the ansible driver does (first letter lowered)', async () => {
  const res = (
    script: string,
  ) => `${files(`x/Lifecycle/ansible/scripts/${script}`)}#- /ws/x/Definitions/lm/resource.yaml
lifecycle:
  Create: {}
operations:
  AddBackend: {}
default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
`;
  // `addBackend.yaml` is what the driver finds; `addbackend.yaml` it does not.
  await checkDiagnostics(res('addBackend.yaml').replace('  Create: {}', '  Create: {}\n# ^^^^^^ LM105'));
  const diags = await checkDiagnostics(
    res('addbackend.yaml')
      .replace('  Create: {}', '  Create: {}\n# ^^^^^^ LM105')
      .replace('  AddBackend: {}', '  AddBackend: {}\n# ^^^^^^^^^^ LM105'),
  );
  assert.deepEqual(
    diags.map((d) => d.severity),
    ['error', 'error'],
  );
});

test('LM105: a Brent 2.1 infrastructure template runs Create and Delete, so they need no Ansible script', async () => {
  // lmctl's autocorrect turns `infrastructure.<T>.template` into the infrastructure driver on Create and Delete.
  const scripts = files('x/Lifecycle/ansible/scripts/Install.yaml');
  const body = (infrastructure: string) => `${scripts}#- /ws/x/Definitions/lm/resource.yaml
infrastructure:
${infrastructure}
lifecycle:
  Create: {}
  Install: {}
  Delete: {}
default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
`;
  await checkDiagnostics(body('  Openstack:\n    template:\n      file: heat.yaml\n      template-type: HEAT'), {
    ignore: ['LM083'],
  });
  // Without the template the ansible default driver runs them, and their scripts are missing.
  const diags = await checkDiagnostics(
    body('  Openstack: {}')
      .replace('  Create: {}', '  Create: {}\n# ^^^^^^ LM105')
      .replace('  Delete: {}', '  Delete: {}\n# ^^^^^^ LM105'),
  );
  assert.equal(diags.length, 2);
  // A Create that names the ansible driver itself still needs its script.
  await checkDiagnostics(
    body('  Openstack:\n    template:\n      file: heat.yaml').replace(
      '  Create: {}',
      '  Create:\n# ^^^^^^ LM105\n    drivers:\n      ansible:\n        selector:\n' +
        "          infrastructure-type: ['*']",
    ),
    { ignore: ['LM083'] },
  );
});

test('LM106: descriptor names derived from the project must be valid', async () => {
  const long = 'a'.repeat(31);
  const nested = files(
    'Descriptor/assembly.yml',
    `Contains/${long}/Descriptor/assembly.yml`,
    `Contains/${long}/Contains/inner/Descriptor/assembly.yml`,
  );
  await checkDiagnostics(`${nested}#- /ws/lmproject.yml
schema: '2.0'
name: 5gcore-twenty-chars
#     ^^^^^^^^^^^^^^^^^^^ LM106
version: '1.0'
contains:
- name: ${long}
#       ${'^'.repeat(31)} LM106
  contains:
  - name: inner
`);
  await checkDiagnostics(
    `${files('Descriptor/assembly.yml', 'Contains/sub/Descriptor/assembly.yml')}#- /ws/lmproject.yml\nschema: ` +
      `'2.0'\nname: core5g\nversion: '1.0'\ncontains:\n- name: sub\n`,
  );
});

test('LM107: Ansible RM descriptor file and declared name', async () => {
  const project = `#- /ws/lmproject.yml
schema: '2.0'
name: web
version: '1.0'
type: Resource
resource-manager: ansible-rm
`;
  await checkDiagnostics(`${project}#- /ws/descriptor/webserver.yml
description: the web server
#^^^^^^^^^^ LM107
`);
  await checkDiagnostics(`${project}#- /ws/descriptor/web.yml\ndescription: the web server\n`);
  // Outside an lmctl project: the declared name must match the file name.
  await checkDiagnostics(`#- /ws/pkg/1.0/descriptor/hello.yml
name: resource::hello-world::1.0
#     ^^^^^^^^^^^^^^^^^^^^^^^^^^ LM107
description: hi
`);
  await checkDiagnostics(
    `#- /ws/pkg/1.0/descriptor/hello-world.yml\nname: resource::hello-world::1.0\ndescription: hi\n`,
  );
});
