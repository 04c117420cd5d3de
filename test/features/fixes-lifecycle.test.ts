/** Quick fixes for the lifecycle and driver rules, with golden "after" text. */
import { test } from 'node:test';
import { checkFix } from '../support/features.js';

const RES = '#- /ws/x/Definitions/lm/resource.yaml\n';

test('fix LM080: block list to map, keeping comments, quoting and indentation', async () => {
  await checkFix(
    `${RES}description: r
life$0cycle:
  # the usual order
  - Create
  - Install   # runs the playbook

  - "Delete"
default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
`,
    'Convert lifecycle to the map form',
    `
description: r
lifecycle:
  # the usual order
  Create: {}
  Install: {}   # runs the playbook

  Delete: {}
default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
`,
  );
  // Items at the key's own column still need indenting as map entries.
  await checkFix(
    `${RES}life$0cycle:\n- Install\n# then\n- Start\nresource-manager-type: ansible-rm\n`,
    'Convert lifecycle to the map form',
    `
lifecycle:
  Install: {}
  # then
  Start: {}
resource-manager-type: ansible-rm
`,
  );
});

test('fix LM080: flow lists', async () => {
  await checkFix(
    `${RES}description: r\nlife$0cycle: [Install, Start] # legacy\nresource-manager-type: docker\n`,
    'Convert lifecycle to the map form',
    `
description: r
lifecycle: # legacy
  Install: {}
  Start: {}
resource-manager-type: docker
`,
  );
  await checkFix(
    `${RES}life$0cycle: []\n`,
    'Convert lifecycle to the map form',
    `
lifecycle: {}
`,
  );
  await checkFix(
    `${RES}{description: r, life$0cycle: [Install]}\n`,
    'Convert lifecycle to the map form',
    `
{description: r, lifecycle: {Install: {}}}
`,
  );
});

test('fix LM082 / LM090: wrap infrastructure-type in selector', async () => {
  await checkFix(
    `${RES}lifecycle:
  Create: {}
default-driver:
  ansible:
    infra$0structure-type:
    # every infrastructure
    - '*'
    properties:
      x:
        value: 1
`,
    'Wrap `infrastructure-type` in `selector`',
    `
lifecycle:
  Create: {}
default-driver:
  ansible:
    selector:
      infrastructure-type:
      # every infrastructure
      - '*'
    properties:
      x:
        value: 1
`,
  );
  await checkFix(
    `${RES}lifecycle:\n  Create: {}\noperations:\n  Drain:\n    drivers: {ansible: {infra$0structure-type: ` +
      `['*']}}\ndefault-driver:\n  ansible:\n    selector:\n      infrastructure-type: ['*']\n`,
    'Wrap `infrastructure-type` in `selector`',
    `
lifecycle:
  Create: {}
operations:
  Drain:
    drivers: {ansible: {selector: {infrastructure-type: ['*']}}}
default-driver:
  ansible:
    selector:
      infrastructure-type: ['*']
`,
  );
});

test('fix LM081 and LM090 renames: transition case, operation driver case', async () => {
  const dd = `default-driver:\n  ansible:\n    selector:\n      infrastructure-type: ['*']\n`;
  await checkFix(
    `${RES}lifecycle:\n  Create: {}\n  inst$0all: {}\n${dd}`,
    'Change `install` to `Install`',
    `
lifecycle:
  Create: {}
  Install: {}
${dd}`,
  );
  await checkFix(
    `${RES}lifecycle:\n  Create: {}\noperations:\n  Drain:\n    drivers:\n      Ans$0ible:\n        selector:\n    ` +
      `      infrastructure-type: ['*']\n${dd}`,
    'Change `Ansible` to `ansible`',
    `
lifecycle:
  Create: {}
operations:
  Drain:
    drivers:
      ansible:
        selector:
          infrastructure-type: ['*']
${dd}`,
  );
});
