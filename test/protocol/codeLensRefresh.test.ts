/**
 * Code lenses asked for while the index is still being built count what the index held then
 * ("0 references" on templates that are used): once the build is done, the server asks clients
 * that support it to re-ask (`workspace/codeLens/refresh`), and never asks the others.
 *
 * Needs `npm run build` first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LspClient } from '../support/protocolClient.js';
import { tempWorkspace } from '../support/protocolWorkspace.js';

const T = { timeout: 40000 };

const WORKSPACE = {
  configuration: false,
  workspaceFolders: true,
  didChangeWatchedFiles: { dynamicRegistration: true },
};

async function refreshes(refreshSupport: boolean | undefined): Promise<number> {
  const ws = tempWorkspace(`lens-${String(refreshSupport)}`);
  const client = new LspClient();
  try {
    const codeLens = refreshSupport === undefined ? {} : { codeLens: { refreshSupport } };
    await client.initialize(ws.dir, { disableCache: true }, { workspace: { ...WORKSPACE, ...codeLens } });
    await client.waitForStatus('ready', 20000);
    // The refresh follows the build's change event; give it a moment to arrive.
    await new Promise((r) => setTimeout(r, 300));
    return client.serverRequests.filter((r) => r.method === 'workspace/codeLens/refresh').length;
  } finally {
    await client.shutdown();
    ws.cleanup();
  }
}

test('workspace/codeLens/refresh once the index is ready, only for clients that support it', T, async () => {
  assert.equal(await refreshes(true), 1);
  assert.equal(await refreshes(false), 0);
  assert.equal(await refreshes(undefined), 0);
});
