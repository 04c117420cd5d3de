/**
 * `lmDescriptors.tosca.importMap` through the real server: a URL import is remote (TOSCA021) until the
 * setting maps its prefix to a workspace folder; then the imported types are checked and go to definition
 * on the URL opens the local file. Needs `npm run build`.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { LspClient, fileUri, positionOf, uriToPath, withCode, type InitOptions } from '../support/protocolClient.js';
import { tempDir } from '../support/protocolWorkspace.js';

const URL = 'https://example.com/tosca/acme/v1/acme.yaml';
const SERVICE = `tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - url: ${URL}
topology_template:
  node_templates:
    app:
      type: acme.nodes.App
      properties:
        port: eighty
`;
const PROFILE = `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  acme.nodes.App:
    derived_from: tosca.nodes.Root
    properties:
      port:
        type: integer
`;

let client: LspClient;
let dir: string;

before(async () => {
  dir = tempDir('importmap');
  mkdirSync(path.join(dir, 'vendor', 'acme'), { recursive: true });
  writeFileSync(path.join(dir, 'vendor', 'acme', 'acme.yaml'), PROFILE);
  writeFileSync(path.join(dir, 'service.yaml'), SERVICE);
  client = new LspClient();
  const settings = { diagnostics: { debounceMs: 0 } } as InitOptions['settings'];
  await client.initialize(dir, { disableCache: true, settings });
  await client.waitForStatus('ready');
});

after(async () => {
  await client?.shutdown();
  rmSync(dir, { recursive: true, force: true });
});

test('the import map setting resolves a URL import to a workspace folder', { timeout: 30000 }, async () => {
  const uri = fileUri(path.join(dir, 'service.yaml'));
  client.open(uri, SERVICE);
  const before = await client.waitForDiagnostics(uri, (ds) => withCode(ds, 'TOSCA021').length > 0);
  assert.equal(withCode(before.diagnostics, 'TOSCA050').length, 0, 'checks that need the import are relaxed');

  const since = client.mark();
  client.notify('workspace/didChangeConfiguration', {
    settings: {
      lmDescriptors: {
        diagnostics: { debounceMs: 0 },
        tosca: { importMap: { 'https://example.com/tosca/acme/v1/': 'vendor/acme' } },
      },
    },
  });
  const after = await client.waitForDiagnostics(uri, (ds) => withCode(ds, 'TOSCA050').length > 0, 15000, since);
  assert.equal(withCode(after.diagnostics, 'TOSCA021').length, 0, JSON.stringify(after.diagnostics));

  const links = await client.definition(uri, positionOf(SERVICE, 'acme.yaml', 2));
  assert.deepEqual(
    links.map((l) => uriToPath(l.targetUri)),
    [path.join(dir, 'vendor', 'acme', 'acme.yaml')],
  );
});
