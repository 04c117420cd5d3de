/**
 * lmctl behaviour files over stdio: a configuration opened as `json` (what VS Code sends for
 * `Behaviour/Configurations/*.json`) gets its findings, hover and definition; the index read the
 * behaviour files on disk, so a scenario's configuration name resolves to the configuration.
 *
 * Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LspClient, fileUri, hoverText, positionOf, uriToPath } from '../support/protocolClient.js';
import { ASSEMBLY, tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';

const T = { timeout: 30000 };
const HOOK = { timeout: 30000 };

const CONFIG = 'Behaviour/Configurations/two-streamers.json';
const TEST = 'Behaviour/Tests/scale.json';

describe('lmctl behaviour files over stdio', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  let configText: string;
  let configUri: string;

  before(async () => {
    ws = tempWorkspace('behaviour');
    configText = JSON.stringify(
      {
        name: 'two-streamers',
        projectId: '$lmctl:/descriptor_name',
        descriptorName: '$lmctl:/descriptor_name',
        properties: { numOfStreamers: 'two', deploymentLocation: 'core', colour: 'red' },
      },
      null,
      2,
    );
    ws.write(CONFIG, configText);
    ws.write(
      TEST,
      JSON.stringify({
        name: 'scale',
        stages: [],
        assemblyActors: [{ instanceName: 'a', assemblyConfigurationRef: 'two-streamers', provided: false }],
      }),
    );
    configUri = fileUri(ws.file(CONFIG));
    client = new LspClient();
    await client.initialize(ws.dir, { disableCache: true });
    await client.waitForStatus('ready', 20000);
    client.open(configUri, configText, 'json');
  }, HOOK);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, HOOK);

  test('findings: a value of the wrong type and a property the descriptor lacks', T, async () => {
    const p = await client.waitForDiagnostics(configUri, (d) => d.some((x) => x.code === 'LM112'), 15000);
    const codes = p.diagnostics.map((d) => d.code).sort();
    assert.deepEqual(codes, ['LM112', 'LM113']);
  });

  test('hover on a property key and definition of descriptorName', T, async () => {
    const h = await client.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: configUri },
      position: positionOf(configText, '"numOfStreamers"', 3),
    });
    assert.match(hoverText(h as never), /Number of back-end slots/);
    const defs = await client.request<{ targetUri: string }[]>('textDocument/definition', {
      textDocument: { uri: configUri },
      position: positionOf(configText, '"descriptorName": "$lmctl', 22),
    });
    assert.deepEqual(
      defs.map((d) => uriToPath(d.targetUri)),
      [ws.file(ASSEMBLY)],
    );
  });

  test('references of a descriptor property reach the configuration setting it', T, async () => {
    const text = ws.read(ASSEMBLY);
    const uri = fileUri(ws.file(ASSEMBLY));
    client.open(uri, text);
    const locs = await client.request<{ uri: string }[]>('textDocument/references', {
      textDocument: { uri },
      position: positionOf(text, '  numOfStreamers:', 4),
      context: { includeDeclaration: false },
    });
    assert.ok(
      locs.some((l) => uriToPath(l.uri) === ws.file(CONFIG)),
      JSON.stringify(locs.map((l) => uriToPath(l.uri))),
    );
  });
});
