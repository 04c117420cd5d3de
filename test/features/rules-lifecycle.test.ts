/**
 * LM080-LM090: resource lifecycle and drivers. Each rule has a fixture with the bad input (exact
 * ranges) and the corrected input, which must not produce that code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDiagnostics } from '../support/features.js';
import type { Diagnostic } from '../../server/src/features/types.js';
import { suggestedReplacement } from '../../server/src/features/shared/fixData.js';

/** A resource package outside any lmctl project (resource manager unknown). */
const RES = '#- /ws/x/Definitions/lm/resource.yaml\n';

/** A root Resource project with the given resource manager; the resource is the file under test. */
const project = (rm: string) => `#- /ws/p/lmproject.yml
schema: '2.0'
name: res
version: '1.0'
type: Resource
resource-manager: ${rm}
#- /ws/p/Definitions/lm/resource.yaml
`;

const ANSIBLE_DEFAULT = `default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
`;

function severities(diags: Diagnostic[], code: string): string[] {
  return diags.filter((d) => d.code === code).map((d) => d.severity);
}

test('LM080: list-form lifecycle is information, a warning in a Brent 2.2+ project', async () => {
  const bad = `lifecycle:
#^^^^^^^^ LM080
- Create
- Install
${ANSIBLE_DEFAULT}`;
  assert.deepEqual(severities(await checkDiagnostics(`${RES}${bad}`), 'LM080'), ['information']);
  assert.deepEqual(severities(await checkDiagnostics(`${project('brent')}${bad}`), 'LM080'), ['warning']);
  assert.deepEqual(severities(await checkDiagnostics(`${project('brent2.1')}${bad}`), 'LM080'), ['information']);
  // Legacy resource managers (the osslm descriptors) read the list form: information only.
  assert.deepEqual(
    severities(
      await checkDiagnostics(`${RES}resource-manager-type: ansible-rm\nlifecycle: [Install]\n#^^^^^^^^ LM080\n`, {
        ignore: ['LM010'],
      }),
      'LM080',
    ),
    ['information'],
  );
  await checkDiagnostics(`${project('brent')}lifecycle:\n  Create: {}\n  Install: {}\n${ANSIBLE_DEFAULT}`);
});

test(
  'LM081: wrongly cased transitions are errors with the fix, unknown ones warnings; Update only for ' +
    'restconf/netconf',
  async () => {
    const diags = await checkDiagnostics(`${RES}lifecycle:
  Create: {}
  install: {}
# ^^^^^^^ LM081
  Stopp: {}
# ^^^^^ LM081
  Frobnicate: {}
# ^^^^^^^^^^ LM081
  Update: {}
# ^^^^^^ LM081
${ANSIBLE_DEFAULT}`);
    assert.deepEqual(
      diags.map((d) => [d.severity, suggestedReplacement(d.data)]),
      [
        ['error', 'Install'],
        ['warning', 'Stop'],
        ['warning', undefined],
        ['warning', undefined],
      ],
    );
    // In the list form too.
    await checkDiagnostics(`${RES}lifecycle:\n#^^^^^^^^ LM080\n- Install\n- configure\n# ^^^^^^^^^ LM081\n`);
    await checkDiagnostics(`${RES}lifecycle:
  Create: {}
  Install: {}
  Update:
    drivers:
      restconf:
        selector:
          infrastructure-type: ['*']
  Delete:
    drivers:
      netconf:
        selector:
          infrastructure-type: ['*']
  Adopt: {}
  Upgrade: {}
${ANSIBLE_DEFAULT}`);
  },
);

test('LM082: infrastructure-type directly under a driver, by resource manager', async () => {
  const mixed = `lifecycle:
  Create:
    drivers:
      openstack:
        selector:
          infrastructure-type: ['*']
default-driver:
  ansible:
    infrastructure-type: ['*']
#   ^^^^^^^^^^^^^^^^^^^ LM082
`;
  assert.deepEqual(severities(await checkDiagnostics(`${project('lm')}${mixed}`), 'LM082'), ['error']);
  assert.deepEqual(severities(await checkDiagnostics(`${RES}${mixed}`), 'LM082'), ['warning']);
  const only21 = `lifecycle:
  Create: {}
default-driver:
  ansible:
    infrastructure-type: ['*']
#   ^^^^^^^^^^^^^^^^^^^ LM082
`;
  // Whole descriptor in the 2.1 layout: IBM's own examples ship like this with `lm`, so a warning.
  assert.deepEqual(severities(await checkDiagnostics(`${project('lm')}${only21}`), 'LM082'), ['warning']);
  assert.deepEqual(severities(await checkDiagnostics(`${RES}${only21}`), 'LM082'), ['information']);
  // Brent 2.1 projects read exactly this layout.
  await checkDiagnostics(
    `${project('brent2.1')}lifecycle:\n  Create: {}\ndefault-driver:\n  ansible:\n    infrastructure-type: ['*']\n`,
  );
  await checkDiagnostics(`${project('lm')}lifecycle:\n  Create: {}\n${ANSIBLE_DEFAULT}`);
});

test('LM083: Brent 2.1 infrastructure templates', async () => {
  const bad = `infrastructure:
  Openstack:
    template:
#   ^^^^^^^^ LM083
      file: heat.yaml
      template-type: HEAT
    discover:
#   ^^^^^^^^ LM083
      file: discover.yaml
lifecycle:
  Create: {}
${ANSIBLE_DEFAULT}`;
  assert.deepEqual(severities(await checkDiagnostics(`${project('brent')}${bad}`), 'LM083'), ['error', 'error']);
  await checkDiagnostics(
    `${project('brent2.1')}infrastructure:\n  Openstack:\n    template:\n      file: heat.yaml\nlifecycle:\n  ` +
      `Create: {}\ndefault-driver:\n  ansible:\n    infrastructure-type: ['*']\n`,
  );
  await checkDiagnostics(
    `${project('brent')}infrastructure:\n  Openstack: {}\nlifecycle:\n  Create:\n    drivers:\n      openstack:\n  ` +
      `      selector:\n          infrastructure-type: [Openstack]\n${ANSIBLE_DEFAULT}`,
  );
});

test('LM084: selector infrastructure-type must be a list of strings', async () => {
  await checkDiagnostics(`${RES}infrastructure:
  Openstack: {}
lifecycle:
  Create: {}
default-driver:
  ansible:
    selector:
      infrastructure-type: Openstack
#                          ^^^^^^^^^ LM084
  kubernetes:
    selector:
      infrastructure-type:
      - {type: Openstack}
#       ^^^^^^^^^^^^^^^^^ LM084
`);
  await checkDiagnostics(
    `${RES}infrastructure:\n  Openstack: {}\nlifecycle:\n  Create: {}\ndefault-driver:\n  ansible:\n    ` +
      `selector:\n      infrastructure-type: [Openstack]\n`,
  );
});

test('LM085: selector types must be declared under infrastructure (case-sensitive)', async () => {
  const diags = await checkDiagnostics(`${RES}infrastructure:
  Openstack: {}
lifecycle:
  Create:
    drivers:
      openstack:
        selector:
          infrastructure-type:
          - openstack
#           ^^^^^^^^^ LM085
          - Kubernetes
#           ^^^^^^^^^^ LM085
${ANSIBLE_DEFAULT}`);
  assert.deepEqual(
    diags.map((d) => suggestedReplacement(d.data)),
    ['Openstack', undefined],
  );
  await checkDiagnostics(
    `${RES}infrastructure:\n  Openstack: {}\n  Kubernetes: {}\nlifecycle:\n  Create:\n    drivers:\n      ` +
      (`openstack:\n        selector:\n          infrastructure-type:\n          - Openstack\n          - ` +
        `Kubernetes\n${ANSIBLE_DEFAULT}`),
  );
});

test('LM085: no finding when the resource has no `infrastructure` section at all', async () => {
  // The documents do not require the section and IBM's TNC-O example resources omit it; the selector is then
  // matched against the deployment location's type at run time.
  await checkDiagnostics(
    `${RES}lifecycle:\n  Create:\n    drivers:\n      openstack:\n        selector:\n          ` +
      `infrastructure-type: [Openstack]\n  Install: {}\n${ANSIBLE_DEFAULT}`,
  );
});

test("LM086: a driver type spelt like the package's `Lifecycle/<type>/` folder is information only", async () => {
  const pkg = (folder: string) => `#- /ws/x/Lifecycle/${folder}/heat.yaml\n# placeholder\n${RES}`;
  const body = `lifecycle:
  Create:
    drivers:
      Openstack:
#     ^^^^^^^^^ LM086
        selector:
          infrastructure-type: ['*']
${ANSIBLE_DEFAULT}`;
  // The folder matches the key: the package is consistent, only the onboarded drivers can tell.
  let diags = await checkDiagnostics(`${pkg('Openstack')}${body}`, { ignore: ['LM105'] });
  assert.deepEqual(
    diags.map((d) => [d.severity, suggestedReplacement(d.data)]),
    [['information', undefined]],
  );
  assert.match(diags[0]!.message, /`Lifecycle\/Openstack\/`/);
  // The folder is the lower-case one: the key is the slip, with the fix.
  diags = await checkDiagnostics(`${pkg('openstack')}${body}`, { ignore: ['LM105'] });
  assert.deepEqual(
    diags.map((d) => [d.severity, suggestedReplacement(d.data)]),
    [['warning', 'openstack']],
  );
  assert.match(diags[0]!.message, /which this package has/);
});

test('LM086: driver types are lower case and known', async () => {
  const diags = await checkDiagnostics(`${RES}lifecycle:
  Create:
    drivers:
      Openstack:
#     ^^^^^^^^^ LM086
        selector:
          infrastructure-type: ['*']
default-driver:
  ansibel:
# ^^^^^^^ LM086
    selector:
      infrastructure-type: ['*']
  mydriver:
# ^^^^^^^^ LM086
    selector:
      infrastructure-type: ['*']
`);
  assert.deepEqual(
    diags.map((d) => suggestedReplacement(d.data)),
    ['openstack', 'ansible', undefined],
  );
  await checkDiagnostics(
    `${RES}lifecycle:\n  Create:\n    drivers:\n      openstack:\n        selector:\n          ` +
      `infrastructure-type: ['*']\n${ANSIBLE_DEFAULT}`,
  );
});

test('LM087: a transition or operation no driver runs', async () => {
  await checkDiagnostics(`${RES}lifecycle:
  Create:
    drivers:
      openstack:
        selector:
          infrastructure-type: ['*']
  Install: {}
# ^^^^^^^ LM087
  Start:
# ^^^^^ LM087
operations:
  Reload:
# ^^^^^^ LM087
    description: no drivers here
`);
  await checkDiagnostics(
    `${RES}lifecycle:\n  Create:\n    drivers:\n      openstack:\n        selector:\n          ` +
      (`infrastructure-type: ['*']\n  Install: {}\n  Start:\noperations:\n  Reload:\n    description: runs on the ` +
        `default driver\n${ANSIBLE_DEFAULT}`),
  );
  // Legacy list-form descriptors have no drivers at all: nothing to report.
  await checkDiagnostics(
    `${RES}resource-manager-type: docker\nlifecycle:\n#^^^^^^^^ LM080\n- Install\noperations:\n  op1:\n    ` +
      `description: x\n`,
    { ignore: ['LM010'] },
  );
});

test('LM088: no Create transition is information only', async () => {
  const diags = await checkDiagnostics(`${RES}lifecycle:
#^^^^^^^^ LM088
  Install: {}
${ANSIBLE_DEFAULT}`);
  assert.deepEqual(
    diags.map((d) => d.severity),
    ['information'],
  );
  await checkDiagnostics(`${RES}lifecycle:\n  Create: {}\n  Install: {}\n${ANSIBLE_DEFAULT}`);
  // Reference-only resources (lifecycle {} with queries) do not need Create.
  await checkDiagnostics(
    `${RES}infrastructure:\n  Openstack: {}\nlifecycle: {}\nqueries:\n  drivers:\n    openstack:\n      ` +
      `selector:\n        infrastructure-type: ['*']\n`,
  );
});

test('LM089: reference-only resources with a lifecycle', async () => {
  // `queries` next to a non-empty lifecycle.
  await checkDiagnostics(`${RES}infrastructure:
  Openstack: {}
lifecycle:
  Create: {}
queries:
#^^^^^^ LM089
  drivers:
    openstack:
      selector:
        infrastructure-type: ['*']
${ANSIBLE_DEFAULT}`);
  // Used only under `references` in the workspace, yet declaring Install/Uninstall.
  const ws = (section: string) => `#- /ws/lmproject.yml
schema: '2.0'
name: svc
version: '1.0'
contains:
- name: net
  type: Resource
  resource-manager: brent
#- /ws/Descriptor/assembly.yml
${section}:
  network:
    type: $lmctl:/contains:/net:/descriptor_name
    properties:
      deploymentLocation:
        value: dl
      resourceManager:
        value: brent
#- /ws/Contains/net/Definitions/lm/resource.yaml
`;
  await checkDiagnostics(`${ws('references')}lifecycle:
  Create: {}
  Install: {}
# ^^^^^^^ LM089
  Uninstall: {}
# ^^^^^^^^^ LM089
${ANSIBLE_DEFAULT}`);
  await checkDiagnostics(
    `${ws('composition')}lifecycle:\n  Create: {}\n  Install: {}\n  Uninstall: {}\n${ANSIBLE_DEFAULT}`,
  );
  await checkDiagnostics(`${ws('references')}lifecycle:\n  Create: {}\n${ANSIBLE_DEFAULT}`);
});

test('LM090: operation drivers get the same checks', async () => {
  const diags = await checkDiagnostics(`${project('brent')}infrastructure:
  Openstack: {}
lifecycle:
  Create: {}
operations:
  AddBackend:
    drivers:
      Ansible:
#     ^^^^^^^ LM090
        infrastructure-type: openstack
#       ^^^^^^^^^^^^^^^^^^^ LM090
#                            ^^^^^^^^^ LM090
#                            ^^^^^^^^^ LM090
  Drain:
    drivers:
      ansible:
        selector:
          infrastructure-type: [Kubernetes]
#                               ^^^^^^^^^^ LM090
${ANSIBLE_DEFAULT}`);
  // The 2.1 layout in an otherwise 2.2 descriptor of a Brent 2.2+ project is an error; the driver
  // case, the scalar (not a list), its case and the undeclared type are warnings.
  assert.deepEqual(diags.map((d) => d.severity).sort(), ['error', 'warning', 'warning', 'warning', 'warning']);
  // An empty `drivers` block with no default driver.
  await checkDiagnostics(
    `${RES}lifecycle:\n  Create:\n    drivers:\n      openstack:\n        selector:\n          ` +
      `infrastructure-type: ['*']\noperations:\n  Drain:\n    drivers: {}\n#   ^^^^^^^ LM090\n`,
  );
  await checkDiagnostics(
    `${project('brent')}infrastructure:\n  Openstack: {}\nlifecycle:\n  Create: {}\noperations:\n  AddBackend:\n   ` +
      ` drivers:\n      ansible:\n        selector:\n          infrastructure-type: [Openstack]\n${ANSIBLE_DEFAULT}`,
  );
});
