/** LM document links and code lenses (server/src/features/lm/links.ts, lenses.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from '../support/features.js';
import { linkLines } from '../support/navigation.js';
import { codeLenses } from '../../server/src/features/links.js';
import { ASSEMBLY_HEADER, PROJECT } from './workspace.js';

const asm = (body: string) => `${PROJECT}${ASSEMBLY_HEADER}\n${body}`;
const LB = '/ws/Contains/lb/Definitions/lm/resource.yaml';
const VS = '/ws/Contains/vs/Definitions/lm/resource.yaml';
const STORE = '/ws/Contains/store/Descriptor/assembly.yml';

test('component and reference types link to the descriptor file; unknown types do not', async () => {
  const lines = await linkLines(
    asm(`composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
  streamer:
    type: "resource::vs-cluster::1.0"
  storage:
    type: 'assembly::store-cluster::1.0'
  catalog:
    type: resource::only-in-the-catalog::1.0
  broken:
    type: $lmctl:/contains:/nope:/descriptor_name
references:
  shared:
    type: resource::lb-cluster::^1.0
`),
  );
  assert.deepEqual(lines, [
    `/ws/Descriptor/assembly.yml:2:10-47 -> ${LB}`,
    `/ws/Descriptor/assembly.yml:4:11-36 -> ${VS}`,
    `/ws/Descriptor/assembly.yml:6:11-39 -> ${STORE}`,
    `/ws/Descriptor/assembly.yml:13:10-36 -> ${LB}`,
  ]);
});

test('`$lmctl:/` paths elsewhere in the file link too; the link range is the path text', async () => {
  const { ctx } = await setup(
    asm(`properties:
  target:
    default: '$lmctl:/contains:/vs:/descriptor_name'
`),
  );
  const { documentLinks } = await import('../../server/src/features/links.js');
  const [link, ...rest] = documentLinks(ctx);
  assert.equal(rest.length, 0);
  assert.equal(link!.targetPath, VS);
  assert.equal(link!.tooltip, 'Open resource::vs-cluster::1.0');
  const r = link!.range;
  assert.equal(
    ctx.doc.text.slice(ctx.doc.lines.offsetAt(r.start), ctx.doc.lines.offsetAt(r.end)),
    '$lmctl:/contains:/vs:/descriptor_name',
  );
});

test('lmproject files and descriptors outside any project have no links to unknown names', async () => {
  assert.deepEqual(await linkLines(PROJECT.split('#- /ws/Contains')[0]!), []);
  assert.deepEqual(
    await linkLines(`#- /elsewhere/Descriptor/assembly.yml
composition:
  a:
    type: $lmctl:/contains:/lb:/descriptor_name
`),
    [],
  );
});

/** Lenses as `line: format @text` lines, where `text` is the word at `at` (what references start from). */
async function lensPlaces(src: string): Promise<string[]> {
  const { ctx } = await setup(src);
  return codeLenses(ctx).map((l) => {
    const word = /^[^\s:'"]*/.exec(ctx.doc.text.slice(l.at))![0];
    assert.equal(ctx.doc.lines.offsetAt(l.range.start), l.at, 'the lens sits where `at` is');
    return `${l.range.start.line}: ${l.format} @${word}`;
  });
}

test('lenses: "used by" on the name, "references" on top-level properties, the plan on the composition', async () => {
  assert.deepEqual(
    await lensPlaces(
      asm(`name: 'assembly::cluster::1.0'
properties:
  deploymentLocation:
    type: string
  "vip":
    read-only: true
private-properties:
  secret:
    type: key
composition:
  balancer:
    type: resource::lb-cluster::1.0
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
`),
    ),
    [
      '0: usedBy @assembly',
      '2: references @deploymentLocation',
      '4: references @vip',
      '7: references @secret',
      '9: showPlan @composition',
      '10: planStep @balancer',
    ],
  );
});

test('lenses: "used by" at the top of the file when lmctl derives the name', async () => {
  // The lb resource of the shared project, rewritten without `name:`: lmctl derives resource::lb-cluster::1.0.
  const { ctx } = await setup(
    PROJECT.replace(`#- ${LB}`, '#- /ws/other.yaml') + `#- ${LB}\nproperties:\n  port:\n    type: integer\n`,
  );
  const lenses = codeLenses(ctx).map((l) => `${l.range.start.line}:${l.range.start.character} ${l.format} at ${l.at}`);
  assert.deepEqual(lenses, ['0:0 usedBy at 0', '1:2 references at 14']);
  assert.equal(ctx.doc.text.slice(14, 18), 'port');
});

test('lenses: no "used by" without a name to be used by, none on assembly templates or lmproject files', async () => {
  assert.deepEqual(
    await lensPlaces(`#- /elsewhere/Descriptor/assembly.yml
properties:
  a:
    type: string
`),
    ['1: references @a'],
  );
  assert.deepEqual(
    await lensPlaces(`#- /ws/Descriptor/assembly-template.yml
name: assembly-template::t::1.0
properties:
  size:
    type: string
`),
    ['2: references @size'],
  );
  assert.deepEqual(await lensPlaces(PROJECT.split('#- /ws/Contains')[0]!), []);
});

/** Each lens with the title it resolves to (what the editor shows), as `line: title`. */
async function lensTitles(src: string): Promise<string[]> {
  const { ctx } = await setup(src);
  const { resolvedLensTitle } = await import('../../server/src/features/links.js');
  return codeLenses(ctx).map((l) => `${l.range.start.line}: ${resolvedLensTitle(ctx, l)}`);
}

test('lenses resolve to real counts: assemblies using a resource, uses of each property', async () => {
  // The lb resource is used by the main assembly; its publicIp is read there twice, port mapped once,
  // privateIp read once by its own AddBackend operation.
  const src =
    PROJECT +
    `${ASSEMBLY_HEADER}
properties:
  ip:
    type: string
    value: \${balancer.publicIp}
composition:
  balancer:
    type: $lmctl:/contains:/lb:/descriptor_name
    properties:
      port:
        value: 8080
outputs:
  vip: \${balancer.publicIp}
`;
  // The lb resource has no `name:`: its "used by" lens sits at the top of the file.
  const cursorOnLb = src.replace(`#- ${LB}\n`, `#- ${LB}\n$0`);
  assert.deepEqual((await lensTitles(cursorOnLb)).slice(0, 4), [
    '0: used by 1 assembly',
    '2: 2 references',
    '6: 1 reference',
    '9: 1 reference',
  ]);
});
