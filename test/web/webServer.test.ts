/**
 * The web build (issue 22's "done when"): `dist/web/server.js`, built here, names no Node module
 * or global, and started in a bare Web Worker context (test/support/webWorker.ts) it answers
 * diagnostics, cross-file definition, `${component.` completion and hover on the example LM
 * workspace served under `memfs:` through the three file requests only.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { DiagnosticSeverity, REPO_ROOT, positionOf, withCode, type Diagnostic } from '../support/protocolClient.js';
import { EXAMPLE_DIR, ASSEMBLY, BALANCER } from '../support/protocolWorkspace.js';
import { MemoryWorkspace, WorkerServer, readBundle, type Message } from '../support/webWorker.js';

const BUNDLE = path.join(REPO_ROOT, 'dist', 'web', 'server.js');
const T = { timeout: 30000 };
const HOOK = { timeout: 60000 };

function filesUnder(dir: string, base = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const n of readdirSync(dir)) {
    const p = path.join(dir, n);
    if (statSync(p).isDirectory()) filesUnder(p, base, out);
    else out[path.relative(base, p).split(path.sep).join('/')] = readFileSync(p, 'utf8');
  }
  return out;
}

interface PublishParams {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

interface LocationLink {
  targetUri: string;
  targetRange: { start: { line: number } };
  targetSelectionRange: { start: { line: number; character: number }; end: { line: number; character: number } };
}

describe('the web server bundle in a bare Web Worker context', () => {
  let bundle: string;
  let ws: MemoryWorkspace;
  let server: WorkerServer;
  let assemblyText: string;
  const assemblyUri = () => ws.uri(ASSEMBLY);

  const published = (uri: string, since: number, test: (d: Diagnostic[]) => boolean) =>
    server
      .waitFor(
        (m) =>
          m.method === 'textDocument/publishDiagnostics' &&
          (m.params as PublishParams).uri === uri &&
          test((m.params as PublishParams).diagnostics),
        15000,
        `diagnostics of ${uri}`,
        since,
      )
      .then((m: Message) => (m.params as PublishParams).diagnostics);

  before(async () => {
    const built = spawnSync(process.execPath, ['esbuild.mjs', '--web'], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    bundle = readBundle(BUNDLE);
    ws = new MemoryWorkspace('memfs:/ws', filesUnder(EXAMPLE_DIR));
    assemblyText = ws.files.get(assemblyUri())!.text;
    server = new WorkerServer(bundle, ws);
    const init = await server.request<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: null,
      rootUri: 'memfs:/ws',
      workspaceFolders: [{ uri: 'memfs:/ws', name: 'ws' }],
      capabilities: { textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] } } },
      initializationOptions: {},
    });
    assert.equal(init.capabilities['definitionProvider'], true);
    server.notify('initialized', {});
    await server.waitFor(
      (m) => m.method === 'lmDescriptors/status' && (m.params as { state: string }).state === 'ready',
      20000,
      'the ready status',
    );
  }, HOOK);

  after(() => server?.terminate());

  test('the bundle names no Node module, no require and no process', () => {
    assert.doesNotMatch(bundle, /(?<![\w$])require\s*\(/, 'no require( call');
    assert.doesNotMatch(bundle, /["'`]node:[a-z_/]+["'`]/, 'no node: module');
    assert.doesNotMatch(bundle, /(?<![\w$.])process\s*\./, 'no process. use');
    // A classic worker script: no import or export statements.
    assert.doesNotMatch(bundle, /^\s*(import|export)\s[^(]/m);
  });

  test('the worker context holds no Node global', () => {
    const names = server.globalNames();
    for (const n of ['process', 'require', 'Buffer', 'setImmediate', 'global', 'module'])
      assert.ok(!names.includes(n), `${n} in the worker's globals`);
  });

  test('the index is built from the files the client served, under the memfs: scheme only', () => {
    const ready = server.notifications.find(
      (m) => m.method === 'lmDescriptors/status' && (m.params as { state: string }).state === 'ready',
    )!.params as { descriptors: number };
    // balancer, streamer, network, nfs resources + root and storage assemblies (as on the Node host).
    assert.equal(ready.descriptors, 6, JSON.stringify(ready));
    const methods = new Set(ws.asked.map((a) => a.method));
    for (const m of ['lmDescriptors/fs/stat', 'lmDescriptors/fs/readDirectory', 'lmDescriptors/fs/readFile'])
      assert.ok(methods.has(m), `${m} was used`);
    const foreign = ws.asked.filter((a) => !a.uri.startsWith('memfs:/ws'));
    assert.deepEqual(foreign, [], 'every request names a memfs: URI of the workspace');
  });

  test('didOpen of the valid assembly publishes no error; a typo gives LM032 on the member', T, async () => {
    let since = server.notifications.length;
    server.notify('textDocument/didOpen', {
      textDocument: { uri: assemblyUri(), languageId: 'yaml', version: 1, text: assemblyText },
    });
    const clean = await published(assemblyUri(), since, () => true);
    assert.deepEqual(
      clean.filter((d) => d.severity === DiagnosticSeverity.Error),
      [],
      JSON.stringify(clean),
    );
    assert.deepEqual(withCode(clean, 'LM043'), [], 'every component type resolves in the workspace');

    const typo = assemblyText.replace('${balancer.publicIp}', '${balancer.publicIP}');
    since = server.notifications.length;
    server.notify('textDocument/didChange', {
      textDocument: { uri: assemblyUri(), version: 2 },
      contentChanges: [{ text: typo }],
    });
    const diags = await published(assemblyUri(), since, (ds) => withCode(ds, 'LM032').length > 0);
    const lm032 = withCode(diags, 'LM032');
    assert.equal(lm032.length, 1, JSON.stringify(diags));
    const at = positionOf(typo, '${balancer.publicIP}', '${balancer.'.length);
    assert.deepEqual(lm032[0]!.range.start, at);
    assert.match(lm032[0]!.message, /publicIp/, 'suggests the declared name from the other file');

    since = server.notifications.length;
    server.notify('textDocument/didChange', {
      textDocument: { uri: assemblyUri(), version: 3 },
      contentChanges: [{ text: assemblyText }],
    });
    await published(assemblyUri(), since, (ds) => withCode(ds, 'LM032').length === 0);
  });

  test('definition of ${balancer.publicIp} jumps into the balancer resource, a memfs: URI', T, async () => {
    const links = await server.request<LocationLink[]>('textDocument/definition', {
      textDocument: { uri: assemblyUri() },
      position: positionOf(assemblyText, '${balancer.publicIp}', '${balancer.'.length + 3),
    });
    assert.equal(links.length, 1, JSON.stringify(links));
    assert.equal(links[0]!.targetUri, ws.uri(BALANCER));
    const resText = ws.files.get(ws.uri(BALANCER))!.text;
    const key = positionOf(resText, '\n  publicIp:', 3);
    assert.deepEqual(links[0]!.targetSelectionRange.start, key);
    assert.equal(links[0]!.targetSelectionRange.end.character, key.character + 'publicIp'.length);
  });

  test('completion after `${balancer.` offers the properties declared in the other file', T, async () => {
    const items = await server.request<{ label: string }[] | { items: { label: string }[] }>(
      'textDocument/completion',
      {
        textDocument: { uri: assemblyUri() },
        position: positionOf(assemblyText, '${balancer.publicIp}', '${balancer.'.length),
      },
    );
    const labels = (Array.isArray(items) ? items : items.items).map((i) => i.label);
    for (const l of ['publicIp', 'privateIp', 'http_port', 'backend_pool_size'])
      assert.ok(labels.includes(l), `${l} in ${labels.join(',')}`);
    for (const l of ['numOfStreamers', 'stream_port', 'network_name'])
      assert.ok(!labels.includes(l), `${l} must not be offered: ${labels.join(',')}`);
  });

  test('hover on a component type shows the descriptor from the other file', T, async () => {
    const h = await server.request<{ contents: { value: string } | string }>('textDocument/hover', {
      textDocument: { uri: assemblyUri() },
      position: positionOf(assemblyText, 'resource::streamer-streamer-cluster::1.0', 12),
    });
    const text = typeof h.contents === 'string' ? h.contents : h.contents.value;
    assert.match(text, /Video streaming server/);
    assert.match(text, /streamer\/Definitions\/lm\/resource\.yaml/);
  });

  test('references and rename reach the other file by its memfs: URI', T, async () => {
    const at = {
      textDocument: { uri: assemblyUri() },
      position: positionOf(assemblyText, '${balancer.publicIp}', '${balancer.pub'.length),
    };
    const locs = await server.request<{ uri: string }[]>('textDocument/references', {
      ...at,
      context: { includeDeclaration: true },
    });
    const uris = new Set(locs.map((l) => l.uri));
    assert.ok(uris.has(ws.uri(BALANCER)) && uris.has(assemblyUri()), JSON.stringify([...uris]));
    const edit = await server.request<{ changes: Record<string, unknown[]> }>('textDocument/rename', {
      textDocument: { uri: assemblyUri() },
      position: positionOf(assemblyText, '- streamer.VideoStream', 4),
      newName: 'server',
    });
    assert.deepEqual(Object.keys(edit.changes), [assemblyUri()]);
  });

  test('a file created later (a watched-file event) is asked for and indexed', T, async () => {
    const rel = 'extra/cache.yaml';
    ws.write(rel, 'name: resource::cache-node::1.0\ndescription: A cache.\nproperties:\n  size:\n    type: string\n');
    const before = ws.asked.length;
    const since = server.notifications.length;
    server.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: ws.uri(rel), type: 1 }] });
    // The open assembly is checked again once the index has the new file.
    await published(assemblyUri(), since, () => true);
    assert.ok(
      ws.asked.slice(before).some((a) => a.method === 'lmDescriptors/fs/readFile' && a.uri === ws.uri(rel)),
      'the new file was read from the client',
    );
    const symbols = await server.request<{ name: string; location: { uri: string } }[]>('workspace/symbol', {
      query: 'cache-node',
    });
    assert.ok(
      symbols.some((s) => s.location.uri === ws.uri(rel)),
      `the new descriptor is a workspace symbol: ${JSON.stringify(symbols)}`,
    );
  });

  test('nothing was thrown in the worker', () => {
    assert.deepEqual(server.errors, []);
  });
});
