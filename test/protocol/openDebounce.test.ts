/**
 * The typing debounce (`lmDescriptors.diagnostics.debounceMs`) holds back the check of an edit, never the check of
 * an open: TextDocuments fires a content event with every open, and taken for an edit it made each open's
 * diagnostics wait for the debounce (150 ms by default, measured 152-158 ms for a file checked in 2-12 ms).
 *
 * Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LspClient, fileUri } from '../support/protocolClient.js';
import { ASSEMBLY, tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';

/** Long enough that a check held by it cannot be mistaken for one that was not. */
const DEBOUNCE_MS = 5000;

describe('the debounce holds back edits, not opens', () => {
  let ws: TempWorkspace;
  let client: LspClient;

  before(
    async () => {
      ws = tempWorkspace('open-debounce');
      client = new LspClient();
      await client.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: DEBOUNCE_MS } } });
      await client.waitForStatus('ready', 20000);
    },
    { timeout: 30000 },
  );

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  });

  test("an open's diagnostics come before the debounce, an edit's after it", { timeout: 30000 }, async () => {
    const uri = fileUri(ws.file(ASSEMBLY));
    const text = ws.read(ASSEMBLY);
    const opened = client.elapsed();
    client.open(uri, text);
    const first = await client.waitForDiagnostics(uri, (_, p) => p.version === 1, DEBOUNCE_MS - 1000);
    assert.ok(first.at - opened < DEBOUNCE_MS - 1000, `the open's check came ${first.at - opened} ms after it`);

    const since = client.mark();
    const edited = client.elapsed();
    const v = client.change(uri, `${text}\n# an edit\n`);
    const p = await client.waitForDiagnostics(uri, (_, q) => q.version === v, DEBOUNCE_MS + 10000, since);
    assert.ok(p.at - edited >= DEBOUNCE_MS - 50, `the edit's check waited ${p.at - edited} ms for the debounce`);
  });
});
