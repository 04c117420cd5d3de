/**
 * Every TOSCA finding that says "did you mean `X`" offers the quick fix that writes `X` in place of
 * the misspelt token, and accepting it removes the finding without raising another: the fixes are
 * applied one at a time, the file checked again after each, until nothing is suggested any more;
 * the file is then clean.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from '../support/features.js';
import { codeActions } from '../../server/src/features/codeActions.js';
import { computeDiagnostics, type DiagnosticOptions } from '../../server/src/features/diagnostics.js';
import type { Diagnostic } from '../../server/src/features/types.js';
import { NOISE } from './support.js';

const DID_YOU_MEAN = /did you mean `([^`]+)`/;

/** Findings worth fixing: errors and warnings outside the fixtures' noise. */
async function check(text: string, options: DiagnosticOptions) {
  const { ctx } = await setup(`#- /ws/service.yaml\n${text}`);
  const diags = computeDiagnostics(ctx, options).filter((d) => !NOISE.includes(d.code));
  return { ctx, diags, loud: diags.filter((d) => d.severity === 'error' || d.severity === 'warning') };
}

/** Applies every suggestion in turn; returns the codes fixed, in order, and the findings left. */
async function acceptAll(
  text: string,
  options: DiagnosticOptions = {},
): Promise<{ fixed: string[]; left: string[]; edits: string[] }> {
  const fixed: string[] = [];
  const done: string[] = [];
  for (let round = 0; round < 60; round++) {
    const { ctx, diags, loud } = await check(text, options);
    const d = diags.find((x) => DID_YOU_MEAN.test(x.message));
    if (!d) return { fixed, left: loud.map((x) => `${x.code} ${x.message}`), edits: done };
    const hint = DID_YOU_MEAN.exec(d.message)![1]!;
    // The actions of this finding (recomputed, so compared by code, range and message).
    const actions = codeActions(ctx, d.range, options).filter((a) =>
      a.diagnostics.some((x) => x.code === d.code && x.message === d.message),
    );
    const a = actions.find((x) => x.title.endsWith(`to \`${hint}\``));
    assert.ok(a, `${d.code} "${d.message}" offers no fix to \`${hint}\` (${actions.map((x) => x.title).join(' | ')})`);
    const edits = a.edit.changes[ctx.doc.path] ?? [];
    assert.equal(edits.length, 1, `${d.code}: one edit`);
    const li = ctx.doc.lines;
    const [start, end] = [li.offsetAt(edits[0]!.range.start), li.offsetAt(edits[0]!.range.end)];
    const replaced = ctx.doc.text.slice(start, end);
    // The edit replaces one token (no quotes, brackets or spaces around it), and changes it.
    assert.match(replaced, /^[^\s"'[\]{},:]+$/, `${d.code} replaces \`${replaced}\``);
    assert.notEqual(replaced, hint);
    const next = (ctx.doc.text.slice(0, start) + hint + ctx.doc.text.slice(end)).replace(
      /^#- \/ws\/service.yaml\n/,
      '',
    );
    const after = await check(next, options);
    // The finding is gone, and nothing new is reported on the line the fix edited (a fix may let
    // deeper checks run elsewhere: a type now known has its properties checked).
    const line = edits[0]!.range.start.line;
    const key = (x: Diagnostic) => `${x.code} ${x.message}`;
    // Compared by code: other findings on the line may name the token just fixed.
    const before = new Set(loud.filter((x) => x.range.start.line === line).map((x) => x.code));
    assert.ok(
      !after.diags.some((x) => x.code === d.code && x.message.includes(`\`${replaced}\``)),
      `accepting ${d.code} (\`${replaced}\` → \`${hint}\`) did not clear it`,
    );
    const raised = after.loud.filter((x) => x.range.start.line === line && !before.has(x.code));
    assert.deepEqual(raised.map(key), [], `accepting ${d.code} (\`${replaced}\` → \`${hint}\`) raised`);
    fixed.push(d.code);
    done.push(`${replaced} → ${hint}`);
    text = next;
  }
  assert.fail('the fixes do not converge');
}

const TEMPLATE = `tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  my.Endpoint:
    derived_from: tosca.datatypes.Root
    properties:
      port: { type: integer, constraints: [ { grater_than: 0 } ] }
      tags: { type: "map<string, integr>", required: false }
capability_types:
  my.Endpoint.Cap:
    derived_from: tosca.capabilities.Endpoint
    properties:
      weight: { type: integer, required: false }
artifact_types:
  my.Script:
    derived_from: tosca.artifacts.Implementation
interface_types:
  my.Backup:
    derived_from: tosca.interfaces.Root
    operations:
      backup: {}
node_types:
  my.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      endpoint: { type: my.Endpont }
      replicas: { type: integer, default: 1 }
    capabilities:
      api: { type: my.Endpoint.Cap }
    artifacts:
      installer: { type: my.Script, file: https://example.com/install.sh }
    interfaces:
      Backup: { type: my.Backup }
topology_template:
  inputs:
    app_port: { type: integer, default: 8080 }
  node_templates:
    my_server:
      type: tosca.nodes.Compte
    app:
      type: my.App
      descripton: the app
      properties:
        endpoint: { port: { get_input: app_prot } }
        replicsa: 2
      capabilities:
        apii:
          properties: { weight: 1 }
      requirements:
        - hots: my_servr
      interfaces:
        Standad:
          create: https://example.com/create.sh
        Backup:
          operations:
            bakup: https://example.com/backup.sh
      attributes:
        tosca_nme: app
  groups:
    servers:
      type: tosca.groups.Root
      members: [ my_sever ]
  policies:
    - scale:
        type: tosca.policies.Scaling
        targets: [ sevrers ]
  outputs:
    a: { value: { get_attribute: [ my_server, private_adress ] } }
    b: { value: { get_attribute: [ my_srever, tosca_name ] } }
    c: { value: { get_property: [ app, endpoint, prot ] } }
    d: { value: { get_property: [ app, api, wieght ] } }
    e: { value: { get_operation_output: [ app, Bakup, backup, out ] } }
    f: { value: { get_operation_output: [ app, Backup, bakcup, out ] } }
    g: { value: { get_artifact: [ app, instaler ] } }
  workflows:
    deploy:
      steps:
        first:
          target: ap
          activities:
            - call_operation: Backup.bakup
            - call_operation: Bakup.backup
            - inline: deplyo
          on_success: [ secnd ]
        second:
          target: app
          activities:
            - set_state: started
`;

test('each "did you mean" fix clears its finding and raises none; together they leave a clean file', async () => {
  const { fixed, left, edits } = await acceptAll(TEMPLATE, { tosca: { genericTypeNotation: true } });
  assert.deepEqual(left, []);
  // Tokens inside a value: the generic argument, and the parts of `call_operation`.
  for (const e of ['integr → integer', 'bakup → backup', 'Bakup → Backup']) assert.ok(edits.includes(e), e);
  assert.deepEqual([...new Set(fixed)].sort(), [
    'TOSCA010',
    'TOSCA030',
    'TOSCA052',
    'TOSCA061',
    'TOSCA062',
    'TOSCA063',
    'TOSCA065',
    'TOSCA071',
    'TOSCA072',
    'TOSCA073',
    'TOSCA080',
    'TOSCA081',
    'TOSCA100',
    'TOSCA101',
    'TOSCA102',
  ]);
});

test('the TOSCA version and an import repository: "did you mean" fixes', async () => {
  const version = await acceptAll('tosca_definitions_version: tosca_simple_yaml_1_e\n');
  assert.deepEqual([version.fixed, version.left], [['TOSCA002'], []]);
  const { fixed, left } = await acceptAll(
    'tosca_definitions_version: tosca_simple_yaml_1_3\nrepositories:\n  my_repo: https://example.com/tosca\n' +
      'imports:\n  - file: types.yaml\n    repository: my_repp\n',
  );
  assert.deepEqual(fixed, ['TOSCA022']);
  // Left: the remote import is not fetched, which is a warning.
  assert.deepEqual(
    left.map((x) => x.split(' ')[0]),
    ['TOSCA021'],
  );
});

test('a finding without a suggestion offers no replace fix (nothing close enough)', async () => {
  const { ctx, diags } = await check(
    'tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n' +
      '    a:\n      type: completely.Different\n',
    {},
  );
  const d: Diagnostic | undefined = diags.find((x) => x.code === 'TOSCA030');
  assert.ok(d && !DID_YOU_MEAN.test(d.message));
  assert.deepEqual(
    codeActions(ctx, d.range).filter((a) => a.title.startsWith('Change')),
    [],
  );
});
