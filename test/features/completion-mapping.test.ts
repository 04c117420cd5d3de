/**
 * Completion where an assembly maps its components: property names under
 * `composition.<c>.properties:` from the component's descriptor, `type:` values that open by
 * themselves, and the order and exclusions of `${` candidates.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCompletion, setup } from '../support/features.js';
import { complete } from '../../server/src/features/completion.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';

const asm = (body: string) => `${PROJECT}${ASSEMBLY_HEADER}\n${body}`;

/** A resource with a required input, an optional one and an output, outside the shared project. */
const RES = `#- /ws/res/fw/Definitions/lm/resource.yaml
name: resource::fw::1.0
properties:
  rules:
    type: list
    required: true
  zone:
    type: string
    required: true
  mtu:
    type: integer
    default: 1500
  mgmtIp:
    type: string
    read-only: true
`;

async function items(src: string) {
  const { fixture, ctx } = await setup(src);
  return complete(ctx, fixture.cursor!.offset);
}

test('under a component `properties:`: required and unmapped first, mapped ones and outputs left out', async () => {
  const src = `${RES}${ASSEMBLY_HEADER}
properties:
  zone:
    type: string
composition:
  fw:
    type: resource::fw::1.0
    properties:
      rules:
        value: []
      $0
`;
  const labels = await checkCompletion(
    src,
    ['zone', 'mtu', 'deploymentLocation', 'resourceManager'],
    ['rules', 'mgmtIp'],
  );
  const got = await items(src);
  const sorted = [...got].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? '')).map((i) => i.label);
  assert.deepEqual(sorted, ['zone', 'deploymentLocation', 'resourceManager', 'mtu']);
  assert.equal(labels.length, 4);
  const zone = got.find((i) => i.label === 'zone')!;
  // The assembly has its own `zone`: it is the value, selected; indented for the key's column, as is.
  assert.equal(zone.textEdit!.newText, 'zone:\n        value: \\${${1:zone}}$0');
  assert.equal(zone.insertTextFormat, 2);
  assert.equal(zone.insertTextMode, 1);
  assert.equal(zone.detail, 'required property (string)');
  // No same-named assembly property: the cursor waits inside `${}`.
  assert.equal(got.find((i) => i.label === 'mtu')!.textEdit!.newText, 'mtu:\n        value: \\${$1}$0');
});

test("property name completion follows the file's indentation and replaces the half-typed name", async () => {
  const got = await items(`${RES}${ASSEMBLY_HEADER}
composition:
    fw:
        type: resource::fw::1.0
        properties:
            zo$0
`);
  const zone = got.find((i) => i.label === 'zone')!;
  assert.equal(zone.textEdit!.newText, 'zone:\n                value: \\${$1}$0');
  assert.deepEqual(zone.textEdit!.range.start, { line: 4, character: 12 });
  assert.deepEqual(zone.textEdit!.range.end, { line: 4, character: 14 });
});

test('`type:` opens its list by itself: the key re-opens completion, the `:` and space triggers answer', async () => {
  const key = (await items(asm(`composition:\n  a:\n    ty$0\n`))).find((i) => i.label === 'type')!;
  assert.equal(key.textEdit!.newText, 'type: $0');
  assert.equal(key.retrigger, true);
  // Keys without a value list do not.
  const quantity = (await items(asm(`composition:\n  a:\n    quan$0\n`))).find((i) => i.label === 'quantity')!;
  assert.equal(quantity.retrigger, undefined);
  // After the space trigger: the descriptors of the workspace.
  await checkCompletion(asm(`composition:\n  a:\n    type: $0\n`), [
    'resource::lb-cluster::1.0',
    '$lmctl:/contains:/lb:/descriptor_name',
  ]);
  // Right after the `:` trigger the items bring the space YAML needs.
  const colon = (await items(asm(`composition:\n  a:\n    type:$0\n`))).find(
    (i) => i.label === 'resource::lb-cluster::1.0',
  );
  assert.equal(colon!.textEdit!.newText, ' resource::lb-cluster::1.0');
});

test('`${`: inputs before read-only outputs; never the property being written, nor a key on its line', async () => {
  const src = asm(`properties:
  deploymentLocation:
    type: string
  vip:
    read-only: true
    value: \${balancer.publicIp}
  self:
    value: \${$0
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
`);
  await checkCompletion(src, ['deploymentLocation', 'vip', 'balancer', 'instance'], ['self']);
  const order = (await items(src))
    .sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''))
    .map((i) => i.label);
  assert.deepEqual(order, ['deploymentLocation', 'vip', 'balancer', 'instance']);
  // A property written inline on the cursor's line (`half: ${`) is not offered either.
  await checkCompletion(
    asm(`properties:\n  deploymentLocation: {}\n  half: \${$0\n`),
    ['deploymentLocation'],
    ['half'],
  );
});

test('inside a quoted value whose quote is not closed yet, components declared below are offered', async () => {
  const body = (value: string) => `
#- /ws/Descriptor/assembly.yml
properties:
  a:
    type: string
composition:
  first:
    type: resource::x::1.0
    properties:
      p:
        value: ${value}
  second:
    type: resource::y::1.0
  third:
    type: resource::z::1.0
`;
  const closed = await checkCompletion(body("'\\${$0}'"), ['a', 'second', 'third']);
  const single = await checkCompletion(body("'\\${$0"), ['a', 'second', 'third']);
  const double = await checkCompletion(body('"\\${$0'), ['a', 'second', 'third']);
  const after = await checkCompletion(body("'prefix-\\${$0"), ['second', 'third']);
  assert.deepEqual(single.sort(), closed.sort());
  assert.deepEqual(double.sort(), closed.sort());
  assert.ok(after.length);
});
