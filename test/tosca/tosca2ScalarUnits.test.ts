/** TOSCA 2.0 scalar types of profiles in the editor (§9.1.2.2): hover on `10 GiB`, completion of units. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCompletion, checkCompletion, checkHover, setup } from '../support/features.js';
import { hover } from '../../server/src/features/tosca/hover.js';
import { complete } from '../../server/src/features/tosca/completion.js';

const PROFILE = `#- /ws/profile/units.yaml
tosca_definitions_version: tosca_2_0
profile: org.example.units:1.0
data_types:
  Size:
    derived_from: scalar
    data_type: integer
    units:
      B: 1
      kB: 1000
      KiB: 1024
      MB: 1000000
      GiB: 1073741824
  Freq:
    derived_from: scalar
    units:
      Hz: 1
    prefixes:
      "": 1
      k: 1000
      M: 1000000
      G: 1000000000
  BigSize:
    derived_from: Size
node_types:
  Server:
    properties:
      mem: { type: Size }
      disk: { type: BigSize, default: 2 GiB }
      clock: { type: Freq }
      name: { type: string }
    capabilities:
      host: { type: Host }
capability_types:
  Host:
    properties:
      swap: { type: Size }
`;

const service = (props: string) => `${PROFILE}#- /ws/service.yaml
tosca_definitions_version: tosca_2_0
imports:
  - profile: org.example.units:1.0
    namespace: u
service_template:
  inputs:
    wanted: { type: u:Size, default: 3 MB }
  node_templates:
    s:
      type: u:Server
      properties:
${props}`;

test('hover on a value of a profile scalar type: unit, multiplier, canonical value', async () => {
  await checkHover(service('        mem: 10 Gi$0B\n'), [
    '**10 GiB** — a value of the scalar type `Size`',
    'Unit `GiB`: multiplier 1073741824, so 10 GiB = 10737418240 B',
    'Canonical unit: `B`',
    '`kB`, `KiB`',
    '§9.1.2.2',
  ]);
  // Prefixed units, a derived type, an input default, a capability property, an unknown unit.
  await checkHover(service('        clock: 2.5 G$0Hz\n'), ['2.5 GHz = 2500000000 Hz', '`kHz`', '`Hz`']);
  await checkHover(service('        disk: 1 k$0B\n'), ['scalar type `BigSize`', '1 kB = 1000 B']);
  await checkHover(service('        mem: 1 B\n').replace('default: 3 MB', 'default: 3 M$0B'), ['3 MB = 3000000 B']);
  await checkHover(service('        mem: 3 Q$0B\n'), ['**3 QB** — a value of the scalar type `Size`', '`GiB`']);
  const caps =
    service('        mem: 1 B\n') +
    '      capabilities:\n        host:\n          properties:\n            swap: 4 K$0iB\n';
  await checkHover(caps, ['4 KiB = 4096 B']);
});

test('no scalar hover where the type is no scalar type', async () => {
  const { ctx } = await setup(service('        name: 10 Gi$0B\n'));
  const h = hover(ctx, ctx.doc.text.indexOf('10 GiB') + 4);
  assert.ok(!h || !/scalar type/.test(h.contents.value));
});

test('completion after a number offers the units of the profile scalar type', async () => {
  await checkCompletion(service('        mem: 10 $0\n'), ['B', 'kB', 'KiB', 'GiB'], ['Hz']);
  assert.equal(await applyCompletion(service('        mem: 10 Gi$0\n'), 'GiB'), '        mem: 10 GiB');
  assert.equal(await applyCompletion(service('        mem: 10$0\n'), 'MB'), '        mem: 10 MB');
  await checkCompletion(service('        clock: 3 $0\n'), ['Hz', 'kHz', 'GHz'], ['B']);
  const { ctx } = await setup(service('        name: 10 $0\n'));
  const labels = complete(ctx, ctx.doc.text.indexOf('name: 10 ') + 9).map((i) => i.label);
  assert.ok(!labels.includes('GiB'), labels.join(', '));
});
