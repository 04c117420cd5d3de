/**
 * NFV package findings (TOSCA.meta, manifest: SOL004, TOSCA300–TOSCA320) in the workspace diagnostics
 * pass, for package documents nobody opened: the pass answers without hashing (a hash not known yet is
 * computed in the background), and the hash finding comes once the hash is ready.
 *
 * Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { LspClient, fileUri } from '../support/protocolClient.js';
import { goodPackage, writePackage } from '../package/build.js';

const T = { timeout: 30000 };

interface Report {
  uri: string;
  items?: { code?: unknown; message: string }[];
}

const PULL = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
  },
};

describe('workspace diagnostics: NFV package documents', () => {
  let root: string;
  let client: LspClient;

  before(async () => {
    const files = goodPackage();
    files['Scripts/install.sh'] += 'echo changed after the manifest was written\n';
    root = realpathSync(writePackage(files));
    client = new LspClient();
    await client.initialize(root, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } }, PULL);
    await client.waitForStatus('ready', 20000);
  }, T);

  after(async () => {
    await client?.shutdown();
    rmSync(root, { recursive: true, force: true });
  }, T);

  test('the manifest nobody opened reports the wrong hash, computed off the request path', T, async () => {
    const manifest = fileUri(path.join(root, 'manifest.mf'));
    const codes: unknown[][] = [];
    // The first pass may find the hash pending; the pass after the background hash reports it.
    for (let i = 0; i < 4 && !codes.flat().includes('TOSCA315'); i++) {
      const { items } = await client.request<{ items: Report[] }>(
        'workspace/diagnostic',
        { previousResultIds: [] },
        20000,
      );
      codes.push((items.find((r) => r.uri === manifest)?.items ?? []).map((d) => d.code));
    }
    assert.ok(codes.flat().includes('TOSCA315'), JSON.stringify(codes));
  });

  test('a file of the package changing makes its manifest due again', T, async () => {
    const manifest = fileUri(path.join(root, 'manifest.mf'));
    writeFileSync(path.join(root, 'Scripts/extra.sh'), 'echo\n');
    client.watchedFilesChanged([{ uri: fileUri(path.join(root, 'Scripts/extra.sh')), type: 1 }]);
    let found: unknown[] = [];
    for (let i = 0; i < 4 && !found.includes('TOSCA316'); i++) {
      const { items } = await client.request<{ items: Report[] }>(
        'workspace/diagnostic',
        { previousResultIds: [] },
        20000,
      );
      found = (items.find((r) => r.uri === manifest)?.items ?? []).map((d) => d.code);
    }
    assert.ok(found.includes('TOSCA316'), JSON.stringify(found));
  });

  test('the server watches TOSCA.meta and manifests (its one watcher registration)', T, async () => {
    const reg = await client.waitFor(
      () => client.serverRequests.find((r) => r.method === 'client/registerCapability'),
      10000,
      'the watcher registration',
    );
    const globs = JSON.stringify(reg.params);
    assert.ok(globs.includes('**/TOSCA-Metadata/TOSCA.meta'), globs);
    assert.ok(globs.includes('**/*.mf'), globs);
    assert.equal(client.serverRequests.filter((r) => r.method === 'client/registerCapability').length, 1);
  });

  test('TOSCA.meta changed on disk: its findings follow the new text', T, async () => {
    const metaPath = path.join(root, 'TOSCA-Metadata/TOSCA.meta');
    const meta = fileUri(metaPath);
    const pull = async () =>
      (await client.request<{ items: Report[] }>('workspace/diagnostic', { previousResultIds: [] }, 20000)).items.find(
        (r) => r.uri === meta,
      );
    const before = readFileSync(metaPath, 'utf8');
    writeFileSync(metaPath, before + 'this line is no key and value\n');
    client.watchedFilesChanged([{ uri: meta, type: 2 }]);
    const broken = await pull();
    assert.deepEqual(
      (broken?.items ?? []).map((d) => d.code),
      ['TOSCA300'],
      JSON.stringify(broken),
    );
    writeFileSync(metaPath, before);
    client.watchedFilesChanged([{ uri: meta, type: 2 }]);
    const fixed = await pull();
    assert.deepEqual(fixed?.items ?? [], [], JSON.stringify(fixed));
  });
});
