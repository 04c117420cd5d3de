/**
 * TOSCA through the real server: diagnostics are published, definition of a normative type lands
 * in a `tosca-normative:` view, and the server serves that view's text.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { LspClient, fileUri, positionOf, withCode, hoverText } from '../support/protocolClient.js';
import { tempDir } from '../support/protocolWorkspace.js';

const TEMPLATE = `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  inputs:
    cpus:
      type: integer
      default: 2
  node_templates:
    server:
      type: tosca.nodes.Compute
      capabilities:
        host:
          properties:
            num_cpus: { get_input: cpus }
            mem_size: { get_input: memory }
`;

let client: LspClient;
let file: string;

before(async () => {
  const dir = tempDir('tosca');
  mkdirSync(dir, { recursive: true });
  file = path.join(dir, 'service.yaml');
  writeFileSync(file, TEMPLATE);
  client = new LspClient();
  await client.initialize(dir);
  await client.waitForStatus('ready');
});

after(async () => {
  await client?.shutdown();
});

test(
  'a TOSCA template gets diagnostics, normative definitions and their read-only source',
  { timeout: 30000 },
  async () => {
    const uri = fileUri(file);
    client.open(uri, TEMPLATE);
    const pub = await client.waitForDiagnostics(uri, () => true);
    // `memory` is not a declared input.
    assert.ok(
      pub.diagnostics.some((d) => d.message.includes('memory')),
      JSON.stringify(pub.diagnostics),
    );
    assert.equal(withCode(pub.diagnostics, 'TOSCA999').length, 0);

    const h = await client.hover(uri, positionOf(TEMPLATE, 'tosca.nodes.Compute', 8));
    assert.match(hoverText(h), /Compute/);

    const links = await client.definition(uri, positionOf(TEMPLATE, 'tosca.nodes.Compute', 8));
    assert.equal(links.length, 1, JSON.stringify(links));
    assert.match(links[0]!.targetUri, /^tosca-normative:/);
    const source = await client.request<string | null>('lmDescriptors/normativeTypeSource', {
      uri: links[0]!.targetUri,
    });
    assert.ok(source && source.includes('tosca.nodes.Compute'), String(source));
    const line = source.split('\n')[links[0]!.targetSelectionRange.start.line] ?? '';
    assert.match(line, /tosca\.nodes\.Compute/);
  },
);
