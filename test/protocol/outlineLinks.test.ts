/**
 * Outline, workspace symbols, document links and code lenses through the real server, on the
 * bundled example workspace: the shapes the protocol layer sends (symbol kinds, lazily resolved
 * workspace symbol ranges, link targets, lenses resolved to a title and the show-references command).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens, DocumentLink, DocumentSymbol, WorkspaceSymbol } from 'vscode-languageserver-protocol';
import { LspClient, fileUri } from '../support/protocolClient.js';
import { tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';

const ASSEMBLY = 'Descriptor/assembly.yml';

let ws: TempWorkspace;
let client: LspClient;

before(async () => {
  ws = tempWorkspace('outline-links');
  client = new LspClient();
  await client.initialize(
    ws.dir,
    { disableCache: true },
    {
      workspace: { workspaceFolders: true, symbol: { resolveSupport: { properties: ['location.range'] } } },
    },
  );
  await client.waitForStatus('ready');
  client.open(fileUri(ws.file(ASSEMBLY)), ws.read(ASSEMBLY));
});

after(async () => {
  await client.shutdown();
  ws.cleanup();
});

test('documentSymbol: the sections with their entries, kinds as numbers, nested children', async () => {
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', {
    textDocument: { uri: fileUri(ws.file(ASSEMBLY)) },
  });
  const names = symbols.map((s) => s.name);
  assert.ok(names.includes('properties') && names.includes('composition'), names.join(', '));
  const composition = symbols.find((s) => s.name === 'composition')!;
  const balancer = composition.children?.find((c) => c.name === 'balancer');
  assert.ok(balancer, JSON.stringify(composition.children?.map((c) => c.name)));
  assert.equal(balancer.kind, 19);
  assert.match(balancer.detail ?? '', /lmctl|resource::/);
});

test('workspace/symbol with resolve support: no range until workspaceSymbol/resolve gives it', async () => {
  const found = await client.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'streamcluster' });
  const asm = found.find((s) => s.name === 'assembly::streamer-cluster::1.0');
  assert.ok(asm, JSON.stringify(found.map((s) => s.name)));
  assert.ok(!('range' in asm.location));
  const resolved = await client.request<WorkspaceSymbol>('workspaceSymbol/resolve', asm);
  assert.ok('range' in resolved.location);
  assert.equal(resolved.location.uri, fileUri(ws.file(ASSEMBLY)));
});

test('documentLink: component types open their descriptor files', async () => {
  const links = await client.request<DocumentLink[]>('textDocument/documentLink', {
    textDocument: { uri: fileUri(ws.file(ASSEMBLY)) },
  });
  const targets = links.map((l) => l.target ?? '');
  assert.ok(
    targets.some((t) => t.endsWith('/Contains/streamer/Definitions/lm/resource.yaml')),
    targets.join('\n'),
  );
});

test('codeLens: places first, the title at resolve time with the show-references command', async () => {
  const lenses = await client.request<CodeLens[]>('textDocument/codeLens', {
    textDocument: { uri: fileUri(ws.file(ASSEMBLY)) },
  });
  // The name is derived (no `name:`): "used by" sits at the top of the file; one lens per property.
  assert.equal(lenses[0]?.range.start.line, 0);
  assert.ok(lenses.length > 3);
  const resolved = await client.request<CodeLens>('codeLens/resolve', lenses[0]);
  assert.match(resolved.command?.title ?? '', /^used by \d+ assembl(y|ies)$/);
  const prop = await client.request<CodeLens>('codeLens/resolve', lenses[1]);
  assert.match(prop.command?.title ?? '', /^\d+ references?$/);
});
