/**
 * The deployment plan over stdio (lmDescriptors/plan): the plan of an open assembly, of a TOSCA
 * file nobody opened, a termination and a scale-out, URIs in every `uri` field, bad parameters
 * answered with InvalidParams, edits followed; and the plan lenses resolved to their titles and
 * the showPlan command.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens } from 'vscode-languageserver-protocol';
import { LspClient, fileUri } from '../support/protocolClient.js';
import { ASSEMBLY, tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';
import { COMMANDS, PLAN_REQUEST, type PlanResult } from '../../server/src/protocol.js';

const T = { timeout: 30000 };
const HOOK = { timeout: 60000 };
const TOPOLOGY = 'topology/service.yaml';
const SERVICE = `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    app:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: server
    server:
      type: tosca.nodes.Compute
`;

describe('protocol: lmDescriptors/plan', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  let assemblyUri: string;

  before(async () => {
    ws = tempWorkspace('plan');
    ws.write(TOPOLOGY, SERVICE);
    client = new LspClient();
    await client.initialize(ws.dir);
    assemblyUri = fileUri(ws.file(ASSEMBLY));
    client.open(assemblyUri, ws.read(ASSEMBLY));
  }, HOOK);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, HOOK);

  test('the build plan of the open assembly, without waiting for the workspace scan', T, async () => {
    const plan = await client.request<PlanResult>(PLAN_REQUEST, { uri: assemblyUri });
    assert.equal(plan.language, 'lm');
    assert.equal(plan.kind, 'build');
    assert.equal(plan.uri, assemblyUri);
    assert.deepEqual(
      plan.nodes.map((n) => `${n.id}:${n.role}`),
      ['balancer:component', 'streamer:component', 'storage:component', 'network:reference'],
    );
    assert.ok(plan.nodes.every((n) => n.uri === assemblyUri));
    assert.equal(plan.steps[0]!.label, 'select network (an existing instance)');
    assert.deepEqual(plan.cycles, []);
    // The streamer waits (before Inactive) for the storage's NFS mount relationship, created once storage is up.
    const streamer = plan.steps.find((s) => s.subject === 'streamer')!;
    const mount = plan.steps.find((s) => s.label.startsWith('create relationship mount-media'))!;
    const storage = plan.steps.find((s) => s.subject === 'storage')!;
    assert.ok(storage.stage < mount.stage && mount.stage < streamer.stage, JSON.stringify(plan.steps));
  });

  test('an unopened TOSCA file: its plan, termination and scale-out', T, async () => {
    const uri = fileUri(ws.file(TOPOLOGY));
    const build = await client.request<PlanResult>(PLAN_REQUEST, { uri });
    assert.equal(build.language, 'tosca');
    assert.equal(build.title, 'service.yaml');
    assert.deepEqual(
      build.steps.map((s) => `${s.stage} ${s.label}`),
      ['1 provision server', '2 host app on server', '3 provision app'],
    );
    assert.equal(build.edges[0]!.uri, uri);
    const down = await client.request<PlanResult>(PLAN_REQUEST, { uri, kind: 'termination' });
    assert.deepEqual(
      down.steps.map((s) => s.label),
      ['terminate app', 'remove: host app on server', 'terminate server'],
    );
    const out = await client.request<PlanResult>(PLAN_REQUEST, { uri, kind: 'scaleOut', node: 'server' });
    assert.deepEqual(out.scaleOut, { node: 'server', region: ['app', 'server'], selected: [] });
    const typo = await client.request<PlanResult>(PLAN_REQUEST, { uri, kind: 'scaleOut', node: 'srever' });
    assert.match(typo.problem ?? '', /did you mean `server`/);
  });

  test('bad parameters are InvalidParams with the reason; a file that does not exist is null', T, async () => {
    await assert.rejects(client.request(PLAN_REQUEST, {}), /needs `uri`/);
    await assert.rejects(client.request(PLAN_REQUEST, { uri: assemblyUri, kind: 'deploy' }), /`kind` must be/);
    await assert.rejects(client.request(PLAN_REQUEST, { uri: assemblyUri, node: 3 }), /`node` must be a string/);
    assert.equal(await client.request(PLAN_REQUEST, { uri: fileUri(ws.file('nothing/here.yaml')) }), null);
  });

  test('the plan follows edits: a loop of mappings leaves no steps and lists the loop', T, async () => {
    const text = ws
      .read(ASSEMBLY)
      .replace('value: ${numOfStreamers}', 'value: ${streamer.flavor}')
      .replace(
        '  streamer:\n    type: resource::streamer-streamer-cluster::1.0\n',
        '  streamer:\n    type: resource::streamer-streamer-cluster::1.0\n    upgrade-dependencies: [balancer]\n',
      );
    assert.notEqual(text, ws.read(ASSEMBLY));
    client.change(assemblyUri, text);
    const plan = await client.request<PlanResult>(PLAN_REQUEST, { uri: assemblyUri });
    assert.deepEqual(plan.steps, []);
    assert.deepEqual(plan.cycles[0]!.nodes, ['balancer', 'streamer', 'balancer']);
    client.change(assemblyUri, ws.read(ASSEMBLY));
  });

  test('plan lenses resolve to "build step k of n" and "Show deployment plan", both opening the plan', T, async () => {
    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: assemblyUri } });
    const formats = lenses.map((l) => (l.data as { format: string }).format);
    assert.ok(formats.includes('showPlan') && formats.includes('planStep'), formats.join(','));
    const show = await client.request<CodeLens>('codeLens/resolve', lenses[formats.indexOf('showPlan')]);
    assert.equal(show.command?.title, 'Show deployment plan');
    assert.equal(show.command?.command, COMMANDS.showPlan);
    assert.deepEqual(show.command?.arguments, [assemblyUri]);
    const step = await client.request<CodeLens>('codeLens/resolve', lenses[formats.indexOf('planStep')]);
    assert.match(step.command?.title ?? '', /^build step \d+ of 7$/);
    assert.equal(step.command?.command, COMMANDS.showPlan);
  });
});
