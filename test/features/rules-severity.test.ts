/**
 * The severity policy of docs/diagnostic-codes.md, one fixture per kind of case: what the workspace
 * alone shows will fail is an error; what the orchestrator's catalog (or a driver, or LM ignoring
 * it) may still make right is lower; undocumented keys are information. Also: half-typed
 * references get no finding until they are names, and a misspelt component type gets a
 * "did you mean" with its fix.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDiagnostics, checkFix } from '../support/features.js';
import { suggestedReplacement } from '../../server/src/features/shared/fixData.js';
import type { Diagnostic } from '../../server/src/features/types.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';

const asm = (body: string) => `${PROJECT}${ASSEMBLY_HEADER}\n${body}`;
const RES = '#- /ws/x/Definitions/lm/resource.yaml\n';
const bySeverity = (ds: Diagnostic[], code: string) =>
  ds
    .filter((d) => d.code === code)
    .sort((a, b) => a.range.start.line - b.range.start.line)
    .map((d) => d.severity);

const COMPONENTS = `composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
  streamer:
    type: $lmctl:/contains:/vs:/descriptor_name
`;
const IGNORE = { ignore: ['LM049', 'LM063'] };

test('relationship names: unknown components are errors, names another descriptor lacks are warnings', async () => {
  const ds = await checkDiagnostics(
    asm(`${COMPONENTS}relationships:
  r:
    source-capabilities:
    - streamer.Strem
#              ^^^^^ LM062
    target-requirements:
    - balancer.Backend
    lifecycle:
      Create:
      - balancer.AddBackends
#                ^^^^^^^^^^^ LM066
      - balancr.AddBackend
#       ^^^^^^^ LM066
`),
    IGNORE,
  );
  // A misspelt capability and a misspelt operation of a workspace descriptor are judged alike: that descriptor's
  // copy in the orchestrator's catalog may differ, so warnings; the component list is in this file, so an error.
  assert.deepEqual(bySeverity(ds, 'LM062'), ['warning']);
  assert.deepEqual(bySeverity(ds, 'LM066'), ['warning', 'error']);
});

test('LM070: a promoted metric of an unknown component is an error like every unknown component', async () => {
  const ds = await checkDiagnostics(
    asm(`${COMPONENTS}metrics:
  l:
    source-metric: balancr.load
#                  ^^^^^^^ LM070
  m:
    source-metric: balancer.lod
#                           ^^^ LM070
`),
    IGNORE,
  );
  assert.deepEqual(bySeverity(ds, 'LM070'), ['error', 'warning']);
});

test('no finding while a reference is typed: `- balancer.`, `source-operation: x.`, `metric: x.`', async () => {
  await checkDiagnostics(
    asm(`${COMPONENTS}relationships:
  r:
    source-capabilities:
    - streamer.
    target-requirements:
    - balancer.
    lifecycle:
      Create:
      - balancer.
operations:
  Op:
    source-operation: balancer.
policies:
  p:
    type: policy::scale
    metric: balancer.
    target: balancer
`),
    { ignore: ['LM049', 'LM063', 'LM069'] },
  );
});

test('LM006/LM021: undocumented keys are information without far-away suggestions; slips are warnings', async () => {
  const ds = await checkDiagnostics(`${RES}meta-type: vnf
#^^^^^^^^ LM006
lifecyle: {}
#^^^^^^^ LM006
properties:
  a:
    x-generator: tool
#   ^^^^^^^^^^^ LM021
    descripion: x
#   ^^^^^^^^^^ LM021
`);
  assert.deepEqual(
    ds.map((d) => [d.severity, suggestedReplacement(d.data)]),
    [
      ['information', undefined],
      ['warning', 'lifecycle'],
      ['information', undefined],
      ['warning', 'description'],
    ],
  );
  assert.ok(!/data-types/.test(ds[0]!.message.split('expected one of')[0]!), ds[0]!.message);
  assert.match(ds[0]!.message, /^Undocumented top-level key `meta-type`: LM ignores keys it does not know/);
});

test('LM007: a section of the other descriptor kind is ignored by LM, so a warning', async () => {
  const ds = await checkDiagnostics(`${RES}composition: {}\n#^^^^^^^^^^ LM007\n`);
  assert.deepEqual(bySeverity(ds, 'LM007'), ['warning']);
});

test('LM043: a misspelt type near a workspace descriptor gets "did you mean" and the fix', async () => {
  const ds = await checkDiagnostics(
    asm(`composition:
  a:
    type: resource::lb-clustr::1.0
#         ^^^^^^^^^^^^^^^^^^^^^^^^ LM043
  b:
    type: resource::vs-cluster::2.0
#         ^^^^^^^^^^^^^^^^^^^^^^^^^ LM043
  c:
    type: resource::firewall::1.0
#         ^^^^^^^^^^^^^^^^^^^^^^^ LM043
`),
    { ignore: ['LM049'] },
  );
  assert.deepEqual(
    ds.map((d) => [d.severity, suggestedReplacement(d.data)]),
    [
      ['warning', 'resource::lb-cluster::1.0'],
      ['warning', 'resource::vs-cluster::1.0'],
      ['information', undefined],
    ],
  );
  assert.match(ds[0]!.message, /Did you mean `resource::lb-cluster::1\.0`\?/);
  await checkFix(
    asm(`composition:\n  a:\n    type: resource::lb-clu$0str::1.0\n`),
    'Change `resource::lb-clustr::1.0` to `resource::lb-cluster::1.0`',
    `\ncomposition:\n  a:\n    type: resource::lb-cluster::1.0\n`,
  );
});

test('LM106: a derived name the orchestrator rejects is an error, like LM002', async () => {
  const ds = await checkDiagnostics(
    `#- /ws/lmproject.yml
schema: '2.0'
name: 5g
#     ^^ LM106
version: '1.0'
`,
    { ignore: ['LM103'] },
  );
  assert.deepEqual(bySeverity(ds, 'LM106'), ['error']);
});
