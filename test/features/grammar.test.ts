import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCompletion, checkCompletion, checkDiagnostics, checkHover, setup } from '../support/features.js';
import { complete } from '../../server/src/features/completion.js';

const RES = '#- /ws/x/Definitions/lm/resource.yaml\n';
const ASM = '#- /ws/a/Descriptor/assembly.yml\n';

test('top-level key completion never repeats a key already present', async () => {
  await checkCompletion(
    `${RES}description: x\nproperties: {}\n$0\n`,
    ['lifecycle', 'default-driver', 'operations', 'infrastructure'],
    ['description', 'properties', 'composition'],
  );
  await checkCompletion(
    `${ASM}description: x\n$0\n`,
    ['composition', 'references', 'relationships', 'properties'],
    ['description', 'lifecycle'],
  );
});

test('property attribute completion inside a property', async () => {
  await checkCompletion(
    `${RES}properties:\n  ip:\n    type: string\n    $0\n`,
    ['description', 'read-only', 'default', 'value'],
    ['type', 'read_only'],
  );
});

test('transition keys in a resource lifecycle and Create/Cease in relationships', async () => {
  await checkCompletion(`${RES}lifecycle:\n  Install: {}\n  $0\n`, ['Create', 'Start', 'Delete'], ['Install']);
  await checkCompletion(`${ASM}relationships:\n  r:\n    lifecycle:\n      $0\n`, ['Create', 'Cease']);
});

test('a new composition entry is inserted as an indented snippet', async () => {
  const { fixture, ctx } = await setup(`${ASM}description: x\n$0\n`);
  const item = complete(ctx, fixture.cursor!.offset).find((i) => i.label === 'composition');
  assert.ok(item?.textEdit);
  assert.equal(item.insertTextFormat, 2);
  assert.match(
    item.textEdit.newText,
    new RegExp(
      [
        '^composition:',
        '  \\$\\{1:component\\}:',
        '    type: .*',
        '    properties:',
        '      deploymentLocation:',
        '        value: \\\\\\$\\{deploymentLocation\\}',
      ].join('\\n'),
    ),
  );
});

test('nested snippets are indented to the key column', async () => {
  const line = await applyCompletion(`${RES}lifecycle:\n  Install:\n    $0\n`, 'drivers');
  assert.equal(line, '    drivers:');
});

test('enum value completion from the grammar: metric types, driver selector keys', async () => {
  await checkCompletion(`${RES}metrics:\n  m:\n    type: $0\n`, ['metric::load', 'metric::integrity']);
  await checkCompletion(`#- /ws/lmproject.yml\nname: p\ntype: $0\n`, ['Assembly', 'Resource']);
});

test('hover on keys and enum values', async () => {
  await checkHover(`${ASM}composition:\n  a:\n    upgrade-depen$0dencies: []\n`, [
    'upgrade-dependencies',
    'upgraded or reconfigured before',
  ]);
  await checkHover(`${RES}properties:\n  a:\n    read_o$0nly: true\n`, [
    'read-only',
    'write `read-only`, not `read_only`',
  ]);
  await checkHover(`${ASM}relationships:\n  r:\n    source-state: Act$0ive\n`, ['Active', 'Started']);
  await checkHover(`${RES}lifecycle:\n  Inst$0all: {}\n`, ['Install', 'Created → Installed']);
});

test('LM006, LM021: unknown keys and misspellings with did-you-mean', async () => {
  await checkDiagnostics(`${RES}lifecyle: {}
#^^^^^^^ LM006
default_driver: {}
#^^^^^^^^^^^^^ LM006
properties:
  a:
    read_only: true
#   ^^^^^^^^^ LM021
    descripion: x
#   ^^^^^^^^^^ LM021
    requried: true
#   ^^^^^^^^ LM021
`);
});

test('LM007: assembly sections in a resource', async () => {
  await checkDiagnostics(`${RES}composition: {}
#^^^^^^^^^^ LM007
`);
});

test('LM008: wrong shapes', async () => {
  await checkDiagnostics(`${ASM}properties: [a, b]
#           ^^^^^^ LM008
composition:
  amf: x
# ^^^ LM040
#      ^ LM008
`);
});

test('valid legacy list lifecycle and 2.1 selector shapes are accepted by the grammar', async () => {
  // LM080 (the list form is legacy) is a lifecycle rule, tested in rules-lifecycle.test.ts.
  await checkDiagnostics(
    `${RES}lifecycle: [Install, Start]\ndefault-driver:\n  ansible:\n    selector:\n      infrastructure-type: ['*']\n`,
    { ignore: ['LM080'] },
  );
});

test('selector infrastructure types: the default and the types declared under infrastructure', async () => {
  const res =
    `${RES}infrastructure:\n  Openstack: {}\n  Kubernetes: {}\nlifecycle:\n  Install:\n    drivers:\n    ` +
    `  ansible:\n        selector:\n          infrastructure-type:\n          - $0\n`;
  await checkCompletion(res, ["'*'", 'Openstack', 'Kubernetes']);
  await checkCompletion(res.replace('infrastructure-type:\n          - $0', 'infrastructure-type: [Open$0]'), [
    "'*'",
    'Openstack',
  ]);
  assert.equal(
    await applyCompletion(
      res.replace('infrastructure-type:\n          - $0', 'infrastructure-type: [Open$0]'),
      'Openstack',
    ),
    '          infrastructure-type: [Openstack]',
  );
});

test('missing required keys of relationships and published operations', async () => {
  await checkDiagnostics(`${ASM}relationships:
  r:
# ^ LM060
    target-requirements: []
    source-state: Active
    target-state: Active
operations:
  Pub:
# ^^^ LM067
    multiple-instances: any
`);
  await checkDiagnostics(
    `${ASM}relationships:\n  r:\n    source-capabilities: []\n    target-requirements: []\n    source-state: ` +
      `Active\n    target-state: Active\noperations:\n  Pub:\n    source-operation: x.y\n`,
    { ignore: ['LM067'] },
  );
});
