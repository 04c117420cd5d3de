/**
 * LM062's quick fixes: the did-you-mean replacement, and declaring the capability or requirement in
 * the component's descriptor (another file), under its section or in a new one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDiagnostics, checkFix } from '../support/features.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';
import { parseFixture } from '../support/fixture.js';

const asm = (body: string) => `${PROJECT}${ASSEMBLY_HEADER}\n${body}`;
const LB = '/ws/Contains/lb/Definitions/lm/resource.yaml';
const VS = '/ws/Contains/vs/Definitions/lm/resource.yaml';
const original = (path: string) => parseFixture(PROJECT).files.find((f) => f.path === path)!.text;

const REL = (source: string, target: string) => `composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
  streamer:
    type: $lmctl:/contains:/vs:/descriptor_name
relationships:
  r:
    source-capabilities:
    - ${source}
    target-requirements:
    - ${target}
    source-state: Active
    target-state: Active
`;

test('LM062 on the wrong side says where the name is declared', async () => {
  const ds = await checkDiagnostics(
    asm(`${REL('balancer.Backend', 'streamer.Stream')}`)
      .replace('    - balancer.Backend\n', '    - balancer.Backend\n#              ^^^^^^^ LM062\n')
      .replace('    - streamer.Stream\n', '    - streamer.Stream\n#              ^^^^^^ LM062\n'),
    { ignore: ['LM049'] },
  );
  assert.match(
    ds[0]!.message,
    /`Backend` is declared by `resource::lb-cluster::1\.0` as a requirement, not a capability/,
  );
  // `resource::vs-cluster::1.0` declares no requirements at all: a hint, still saying where `Stream` is.
  assert.match(ds[1]!.message, /`Stream` is declared by `resource::vs-cluster::1\.0` as a capability/);
  assert.equal(ds[1]!.severity, 'hint');
});

test('fix LM062: declare the capability in the component descriptor, after its other capabilities', async () => {
  await checkFix(
    asm(REL('balancer.Back$0end', 'streamer.Stream')),
    'Declare capability `Backend` in `resource::lb-cluster::1.0`',
    original(LB).replace(
      '  Balancer:\n    type: http\n',
      '  Balancer:\n    type: http\n  Backend:\n    type: Backend\n',
    ),
    { path: LB },
  );
});

test('fix LM062: a descriptor without the section gets one at its end', async () => {
  await checkFix(
    asm(REL('balancer.Balancer', 'streamer.Str$0eam')),
    'Declare requirement `Stream` in `resource::vs-cluster::1.0`',
    `${original(VS)}requirements:\n  Stream:\n    type: Stream\n`,
    { path: VS },
  );
});
