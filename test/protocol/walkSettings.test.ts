/**
 * The walk settings end to end on the Node server: `lmDescriptors.exclude` as names and globs, and
 * `maxFileSizeMB`: excluded files and files over the cap get no workspace diagnostics (they are not
 * read), and the log says once how many files were over the cap.
 *
 * Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LspClient, fileUri } from '../support/protocolClient.js';
import { tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';

const T = { timeout: 30000 };

const PULL = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
  },
};

/** A TOSCA file with one error (a base type nobody defines). */
const BROKEN = `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.Node:
    derived_from: no.such.Type
`;

interface Report {
  uri: string;
  items?: { code?: unknown }[];
}

describe('the walk settings: exclude globs and the size cap', () => {
  let ws: TempWorkspace;
  let client: LspClient;

  before(async () => {
    ws = tempWorkspace('walk-settings');
    ws.write('kept/broken.yaml', BROKEN);
    ws.write('sub/generated/broken.yaml', BROKEN);
    ws.write('drafts/broken.yaml', BROKEN);
    ws.write('huge/broken.yaml', BROKEN + `# ${'x'.repeat(120 * 1024)}\n`);
    client = new LspClient();
    await client.initialize(
      ws.dir,
      {
        disableCache: true,
        settings: {
          diagnostics: { debounceMs: 0 },
          exclude: ['node_modules', '.git', '**/generated', 'drafts/**'],
          maxFileSizeMB: 0.1,
        },
      },
      PULL,
    );
    await client.waitForStatus('ready', 20000);
  }, T);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, T);

  test('excluded files and files over the cap are not reported; the others are', T, async () => {
    const { items } = await client.request<{ items: Report[] }>(
      'workspace/diagnostic',
      { previousResultIds: [] },
      20000,
    );
    const reported = (rel: string) => items.find((r) => r.uri === fileUri(ws.file(rel)))?.items?.length ?? 0;
    assert.ok(reported('kept/broken.yaml') > 0, JSON.stringify(items).slice(0, 400));
    assert.equal(reported('sub/generated/broken.yaml'), 0);
    assert.equal(reported('drafts/broken.yaml'), 0);
    assert.equal(reported('huge/broken.yaml'), 0);
  });

  test('the log says once that a file was over the cap, never as an error', T, () => {
    const lines = client.logs.filter((l) => /over the size cap/.test(l));
    assert.equal(lines.length, 1, client.logs.join('\n'));
    assert.match(lines[0]!, /1 over the size cap of 102 KB not read/);
    assert.deepEqual(
      client.logs.filter((l) => /error|failed/i.test(l)),
      [],
    );
  });
});
