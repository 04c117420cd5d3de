/**
 * Workspace diagnostics over stdio: every descriptor's problems without opening it, through pull
 * (`textDocument/diagnostic`, `workspace/diagnostic` with result ids, held open until something
 * changes) and through push for clients without pull support.
 *
 * Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { InitializeResult } from 'vscode-languageserver-protocol';
import { FileChange, LspClient, fileUri, withCode } from '../support/protocolClient.js';
import { ASSEMBLY, BALANCER, STORAGE, tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';

const T = { timeout: 30000 };

interface Report {
  kind: 'full' | 'unchanged';
  uri: string;
  resultId?: string;
  items?: { code?: unknown; message: string }[];
}

const PULL = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
    publishDiagnostics: { versionSupport: true },
  },
};

/** Sends `workspace/diagnostic` and resolves with its reports, or with `'held'` if it has not answered within `ms`. */
async function workspacePull(
  client: LspClient,
  previous: { uri: string; value: string }[],
  ms = 10000,
): Promise<Report[] | 'held'> {
  const req = client.request<{ items: Report[] }>('workspace/diagnostic', { previousResultIds: previous }, 60000);
  const timer = new Promise<'held'>((r) => setTimeout(() => r('held'), ms));
  const r = await Promise.race([req, timer]);
  if (r === 'held') {
    void req.catch(() => undefined);
    return 'held';
  }
  return r.items;
}

describe('workspace diagnostics: pull', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  let init: InitializeResult;
  const known = new Map<string, string>();
  const previous = () => [...known].map(([uri, value]) => ({ uri, value }));
  const remember = (items: Report[]) => {
    for (const r of items) if (r.resultId) known.set(r.uri, r.resultId);
    return items;
  };

  before(async () => {
    ws = tempWorkspace('pull');
    // A problem in a file nobody opens: the storage assembly maps a property its resource lacks.
    ws.write(STORAGE, ws.read(STORAGE) + '# edited\n');
    ws.write(ASSEMBLY, ws.read(ASSEMBLY).replace('${balancer.publicIp}', '${balancer.publicIP}'));
    client = new LspClient();
    init = await client.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } }, PULL);
    await client.waitForStatus('ready', 20000);
  }, T);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, T);

  test('the server offers pull diagnostics with inter-file dependencies and workspace diagnostics', () => {
    assert.deepEqual((init.capabilities as { diagnosticProvider?: unknown }).diagnosticProvider, {
      identifier: 'lm-descriptors',
      interFileDependencies: true,
      workspaceDiagnostics: true,
    });
  });

  test('a first workspace pull reports the problems of files nobody opened', T, async () => {
    const items = await workspacePull(client, []);
    assert.notEqual(items, 'held');
    remember(items as Report[]);
    const asm = (items as Report[]).find((r) => r.uri === fileUri(ws.file(ASSEMBLY)));
    assert.ok(asm?.items, JSON.stringify(items).slice(0, 500));
    assert.ok(
      asm.items.some((d) => d.code === 'LM032'),
      JSON.stringify(asm.items),
    );
  });

  test(
    'with nothing changed, the request is held open (no polling loop), and a disk change answers it',
    T,
    async () => {
      const req = client.request<{ items: Report[] }>('workspace/diagnostic', { previousResultIds: previous() }, 20000);
      const early = await Promise.race([
        req.then(() => 'answered'),
        new Promise((r) => setTimeout(() => r('held'), 500)),
      ]);
      assert.equal(early, 'held');
      // The balancer resource renames publicIp: the assembly that uses it (not open) is affected.
      ws.write(BALANCER, ws.read(BALANCER).replace('\n  publicIp:', '\n  publicIP:'));
      client.watchedFilesChanged([{ uri: fileUri(ws.file(BALANCER)), type: FileChange.Changed }]);
      const { items } = await req;
      remember(items);
      const asm = items.find((r) => r.uri === fileUri(ws.file(ASSEMBLY)));
      assert.ok(asm, `no report for the assembly: ${JSON.stringify(items).slice(0, 400)}`);
      assert.deepEqual(withCode(asm.items as never[], 'LM032'), []);
    },
  );

  test('deleting a descriptor makes its users report errors; restoring it clears them', T, async () => {
    const text = ws.read(BALANCER);
    ws.remove(BALANCER);
    client.watchedFilesChanged([{ uri: fileUri(ws.file(BALANCER)), type: FileChange.Deleted }]);
    let items = remember((await workspacePull(client, previous())) as Report[]);
    let asm = items.find((r) => r.uri === fileUri(ws.file(ASSEMBLY)));
    assert.ok(
      asm?.items?.some((d) => d.code === 'LM043'),
      JSON.stringify(asm),
    );
    ws.write(BALANCER, text);
    client.watchedFilesChanged([{ uri: fileUri(ws.file(BALANCER)), type: FileChange.Created }]);
    items = remember((await workspacePull(client, previous())) as Report[]);
    asm = items.find((r) => r.uri === fileUri(ws.file(ASSEMBLY)));
    assert.ok(asm && !asm.items?.some((d) => d.code === 'LM043'), JSON.stringify(asm));
  });

  test('editing an open resource updates the unopened assembly that uses it', T, async () => {
    const uri = fileUri(ws.file(BALANCER));
    client.open(uri, ws.read(BALANCER).replace('\n  publicIP:', '\n  publicIp:'));
    const items = remember((await workspacePull(client, previous())) as Report[]);
    const asm = items.find((r) => r.uri === fileUri(ws.file(ASSEMBLY)));
    assert.ok(
      asm?.items?.some((d) => d.code === 'LM032'),
      JSON.stringify(asm),
    );
    client.close(uri);
    // Closed, the balancer is read from disk again and the assembly is clean again; wait for that
    // here, so the next test does not race it (it takes longer on a loaded machine).
    let clean = false;
    for (let i = 0; i < 10 && !clean; i++) {
      const pulled = await workspacePull(client, previous());
      if (pulled === 'held') break;
      const a = remember(pulled).find((r) => r.uri === fileUri(ws.file(ASSEMBLY)));
      clean = a !== undefined && !a.items?.some((d) => d.code === 'LM032');
    }
    assert.ok(clean, 'the assembly is clean again once the balancer is closed');
  });

  test('a document pull: a full report, then `unchanged` for the same text', T, async () => {
    await settle();
    const uri = fileUri(ws.file(ASSEMBLY));
    client.open(uri, ws.read(ASSEMBLY));
    const first = await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } });
    assert.equal(first.kind, 'full');
    assert.ok(first.resultId);
    const again = await client.request<Report>('textDocument/diagnostic', {
      textDocument: { uri },
      previousResultId: first.resultId,
    });
    assert.deepEqual(again, { kind: 'unchanged', resultId: first.resultId });
    client.close(uri);
  });

  /** Drains what earlier tests left dirty (closing a document re-reads it from disk a moment later). */
  async function settle(): Promise<void> {
    let r: Report[] | 'held' = [];
    for (let i = 0; i < 10 && r !== 'held'; i++) {
      r = await workspacePull(client, previous(), 400);
      if (r !== 'held') remember(r);
    }
    assert.equal(r, 'held');
  }

  test('with nothing changed a request stays held; the client cancels it and the server answers on', T, async () => {
    await settle();
    // request() cancels (`$/cancelRequest`) when its own timeout fires.
    await assert.rejects(client.request('workspace/diagnostic', { previousResultIds: previous() }, 300), /no answer/);
    const h = await client.request('textDocument/hover', {
      textDocument: { uri: fileUri(ws.file(ASSEMBLY)) },
      position: { line: 0, character: 0 },
    });
    assert.equal(h, null);
    assert.ok(client.alive);
  });
});

describe('workspace diagnostics: push for clients without pull', () => {
  let ws: TempWorkspace;
  let client: LspClient;

  before(async () => {
    ws = tempWorkspace('push-ws');
    ws.write(ASSEMBLY, ws.read(ASSEMBLY).replace('${balancer.publicIp}', '${balancer.publicIP}'));
    client = new LspClient();
    await client.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } });
  }, T);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, T);

  test('problems of unopened files are published after indexing', T, async () => {
    const p = await client.waitForDiagnostics(fileUri(ws.file(ASSEMBLY)), (ds) => ds.length > 0, 15000);
    assert.ok(withCode(p.diagnostics, 'LM032').length > 0);
  });

  test('a fix on disk clears them', T, async () => {
    const since = client.mark();
    ws.write(ASSEMBLY, ws.read(ASSEMBLY).replace('${balancer.publicIP}', '${balancer.publicIp}'));
    client.watchedFilesChanged([{ uri: fileUri(ws.file(ASSEMBLY)), type: FileChange.Changed }]);
    await client.waitForDiagnostics(fileUri(ws.file(ASSEMBLY)), (ds) => ds.length === 0, 15000, since);
  });

  test(
    'switching the scope to open files clears the unopened files; back to the workspace, they return',
    T,
    async () => {
      const uri = fileUri(ws.file(ASSEMBLY));
      let since = client.mark();
      ws.write(ASSEMBLY, ws.read(ASSEMBLY).replace('${balancer.publicIp}', '${balancer.publicIP}'));
      client.watchedFilesChanged([{ uri, type: FileChange.Changed }]);
      await client.waitForDiagnostics(uri, (ds) => ds.length > 0, 15000, since);
      const scope = (s: string) =>
        client.notify('workspace/didChangeConfiguration', {
          settings: { lmDescriptors: { diagnostics: { debounceMs: 0, scope: s } } },
        });
      since = client.mark();
      scope('openFiles');
      await client.waitForDiagnostics(uri, (ds) => ds.length === 0, 15000, since);
      since = client.mark();
      scope('workspace');
      const p = await client.waitForDiagnostics(uri, (ds) => ds.length > 0, 15000, since);
      assert.ok(withCode(p.diagnostics, 'LM032').length > 0);
    },
  );
});

describe('workspace diagnostics: TOSCA importers', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  const TYPES = 'types.yaml';
  const USER = 'service.yaml';
  const OTHER = 'unrelated.yaml';
  const types = (prop: string) => `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.nodes.Web:
    derived_from: tosca.nodes.Root
    properties:
      ${prop}:
        type: integer
`;

  before(async () => {
    ws = tempWorkspace('tosca-importers', null);
    ws.write(TYPES, types('port'));
    ws.write(
      USER,
      `tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - ${TYPES}
topology_template:
  node_templates:
    web:
      type: my.nodes.Web
      properties:
        port: 80
`,
    );
    ws.write(OTHER, 'tosca_definitions_version: tosca_simple_yaml_1_3\ndescription: nothing imported\n');
    client = new LspClient();
    await client.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } }, PULL);
    await client.waitForStatus('ready', 20000);
  }, T);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, T);

  test('editing an open type file re-reports the template that imports it', T, async () => {
    const first = await workspacePull(client, []);
    assert.notEqual(first, 'held');
    const known = (first as Report[]).filter((r) => r.resultId).map((r) => ({ uri: r.uri, value: r.resultId! }));
    const uri = fileUri(ws.file(TYPES));
    client.open(uri, types('port'));
    await workspacePull(client, known, 1500); // whatever the open itself made due
    client.change(uri, types('listen_port'));
    const r = await workspacePull(client, known);
    assert.notEqual(r, 'held');
    const reports = r as Report[];
    const user = reports.find((x) => x.uri === fileUri(ws.file(USER)));
    assert.ok(
      user?.items?.some((d) => /port/.test(d.message)),
      JSON.stringify(reports),
    );
    client.close(uri);
  });
});

describe('workspace diagnostics: the files a Cloudify blueprint merges', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  const BLUEPRINT = 'blueprint.yaml';
  const PART = 'includes/app.yaml';
  const blueprint = (imports: string) => `tosca_definitions_version: cloudify_dsl_1_4
imports:
  - cloudify/types/types.yaml
${imports}inputs:
  port: {}
node_templates:
  vm:
    type: cloudify.nodes.Compute
`;
  const WITH = blueprint(`  - ${PART}\n`);
  const WITHOUT = blueprint('');

  before(async () => {
    ws = tempWorkspace('cloudify-parts', null);
    ws.write(BLUEPRINT, WITH);
    // Uses the blueprint's input and node template: clean while the blueprint merges it, not on its own.
    ws.write(
      PART,
      `tosca_definitions_version: cloudify_dsl_1_4
node_templates:
  app:
    type: cloudify.nodes.Root
    properties:
      port: { get_input: port }
    relationships:
      - type: cloudify.relationships.contained_in
        target: vm
`,
    );
    client = new LspClient();
    await client.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } });
    await client.waitForStatus('ready', 20000);
  }, T);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, T);

  test(
    'an import taken out of the open blueprint reports the closed part on its own; put back, it is clean',
    T,
    async () => {
      const part = fileUri(ws.file(PART));
      const uri = fileUri(ws.file(BLUEPRINT));
      client.open(uri, WITH);
      await client.waitForDiagnostics(uri, () => true, 15000);
      let since = client.mark();
      client.change(uri, WITHOUT);
      const alone = await client.waitForDiagnostics(part, (ds) => ds.length > 0, 15000, since);
      assert.deepEqual(alone.diagnostics.map((d) => d.code).sort(), ['TOSCA500', 'TOSCA501'], JSON.stringify(alone));
      since = client.mark();
      client.change(uri, WITH);
      await client.waitForDiagnostics(part, (ds) => ds.length === 0, 15000, since);
    },
  );
});
