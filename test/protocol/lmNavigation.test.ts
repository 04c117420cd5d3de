/**
 * LM find references, document highlights and rename over stdio (dist/server.js --stdio) on a temp
 * copy of examples/video-streamer: locations in other files, write highlights, one WorkspaceEdit
 * across files, and a refused prepareRename reaching the client as an error with its reason.
 *
 * Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LspClient, fileUri, positionOf, uriToPath } from '../support/protocolClient.js';
import { ASSEMBLY, BALANCER, tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';

const T = { timeout: 30000 };
const HOOK = { timeout: 30000 };

interface Loc {
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

describe('LM references and rename over stdio', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  let assemblyText: string;
  let assemblyUri: string;

  before(async () => {
    ws = tempWorkspace('lmnav');
    assemblyText = ws.read(ASSEMBLY);
    assemblyUri = fileUri(ws.file(ASSEMBLY));
    client = new LspClient();
    await client.initialize(ws.dir, { disableCache: true });
    await client.waitForStatus('ready', 20000);
    client.open(assemblyUri, assemblyText);
  }, HOOK);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, HOOK);

  const at = (needle: string, delta: number) => ({
    textDocument: { uri: assemblyUri },
    position: positionOf(assemblyText, needle, delta),
  });

  test('references of a resource property reach its declaration in the other file', T, async () => {
    const params = { ...at('${balancer.publicIp}', '${balancer.pub'.length), context: { includeDeclaration: true } };
    const locs = await client.request<Loc[]>('textDocument/references', params);
    const files = locs.map((l) => uriToPath(l.uri));
    assert.ok(files.includes(ws.file(BALANCER)), `the declaration in ${BALANCER}: ${JSON.stringify(files)}`);
    assert.ok(files.includes(ws.file(ASSEMBLY)));
    const withoutDecl = await client.request<Loc[]>('textDocument/references', {
      ...params,
      context: { includeDeclaration: false },
    });
    assert.equal(withoutDecl.length, locs.length - 1);
  });

  test('highlights of a component mark its declaration as a write', T, async () => {
    const hs = await client.request<{ range: Loc['range']; kind: number }[]>(
      'textDocument/documentHighlight',
      at('- streamer.VideoStream', 4),
    );
    assert.ok(hs.length >= 5, JSON.stringify(hs));
    const decl = positionOf(assemblyText, '\n  streamer:\n', 3);
    assert.ok(hs.some((h) => h.range.start.line === decl.line && h.kind === 3));
  });

  test('rename of a component edits the assembly; a built-in is refused with the reason', T, async () => {
    const edit = await client.request<{ changes: Record<string, { newText: string }[]> }>('textDocument/rename', {
      ...at('- streamer.VideoStream', 4),
      newName: 'server',
    });
    assert.deepEqual(Object.keys(edit.changes), [assemblyUri]);
    assert.equal(edit.changes[assemblyUri]!.length, 7);
    await assert.rejects(
      client.request('textDocument/prepareRename', at("'${instance.name}-lb'", 5)),
      /supplied by LM/,
    );
  });
});
