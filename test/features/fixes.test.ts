import { test } from 'node:test';
import { checkDiagnostics, checkFix } from '../support/features.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';

const RES = '#- /ws/x/Definitions/lm/resource.yaml\n';

test('fix: misspelt attribute -> canonical spelling', async () => {
  await checkFix(
    `${RES}properties:\n  a:\n    read_o$0nly: true\n`,
    'Change `read_only` to `read-only`',
    `
properties:
  a:
    read-only: true
`,
  );
});

test('fix: did-you-mean on a reference member', async () => {
  await checkFix(
    `${PROJECT}${ASSEMBLY_HEADER}\ncomposition:\n  balancer:\n    type: $lmctl:/contains:/lb:/descriptor_name\n    ` +
      `properties:\n      x:\n        value: \${balancer.public$0IP}\n`,
    'to `publicIp`',
    `
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      x:
        value: \${balancer.publicIp}
`,
  );
});

test('fix: remove or correct a name that does not match the lmctl project', async () => {
  const src = `${PROJECT}${ASSEMBLY_HEADER}\nname: assembly::clus$0ter::2.0\ndescription: d\n`;
  await checkFix(
    src,
    'Remove `name`',
    `
description: d
`,
  );
  await checkFix(
    src,
    'Change the name to `assembly::cluster::1.0`',
    `
name: assembly::cluster::1.0
description: d
`,
  );
});

test('fix: declare an unresolved ${prop} as a top-level property', async () => {
  await checkFix(
    `${RES}description: r\nproperties:\n  a:\n    type: string\n  b:\n    value: \${zo$0ne}\n`,
    'Declare `zone`',
    `
description: r
properties:
  a:
    type: string
  b:
    value: \${zone}
  zone:
    type: string
`,
  );
  await checkFix(
    `${RES}description: r\noperations:\n  Op:\n    properties:\n      p:\n        value: \${zo$0ne}\n`,
    'Declare `zone` in a new',
    `
description: r
properties:
  zone:
    type: string
operations:
  Op:
    properties:
      p:
        value: \${zone}
`,
  );
});

test('fix: wrongly cased relationship state', async () => {
  await checkFix(
    `${PROJECT}${ASSEMBLY_HEADER}\nrelationships:\n  r:\n    source-state: act$0ive\n    target-state: Active\n`,
    'to `Active`',
    `
relationships:
  r:
    source-state: Active
    target-state: Active
`,
  );
});

test('suppression comments: next line, same line, blocks', async () => {
  await checkDiagnostics(`${RES}properties:
  a:
    # lm-disable-next-line LM021
    read_only: true
    readOnly: true # lm-disable-line
    descripion: x
#   ^^^^^^^^^^ LM021
# lm-disable LM021
  b:
    requried: true
# lm-enable LM021
  c:
    requried: true
#   ^^^^^^^^ LM021
`);
});

test('severity overrides change or silence a code', async () => {
  const { setup } = await import('../support/features.js');
  const { computeDiagnostics } = await import('../../server/src/features/diagnostics.js');
  const { ctx } = await setup(`${RES}properties:\n  a:\n    read_only: true\n    requried: true\n`);
  const d = computeDiagnostics(ctx, { severityOverrides: { LM021: 'error' } });
  if (d.length !== 2 || d.some((x) => x.severity !== 'error')) throw new Error(JSON.stringify(d));
  if (computeDiagnostics(ctx, { severityOverrides: { LM021: 'off' } }).length !== 0)
    throw new Error('LM021 not silenced');
});

test('suppression comments work for TOSCA codes too', async () => {
  const { setup } = await import('../support/features.js');
  const { computeDiagnostics } = await import('../../server/src/features/diagnostics.js');
  const src =
    '#- /ws/service.yaml\ntosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_template: {}\n';
  const codes = (s: string) => setup(s).then(({ ctx }) => computeDiagnostics(ctx).map((d) => d.code));
  const before = await codes(src);
  if (!before.includes('TOSCA010')) throw new Error(`expected TOSCA010, got ${before.join(', ')}`);
  const after = await codes(
    src.replace('  node_template: {}', '  # lm-disable-next-line TOSCA010\n  node_template: {}'),
  );
  if (after.includes('TOSCA010')) throw new Error('TOSCA010 not suppressed');
});
