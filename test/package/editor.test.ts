/**
 * TOSCA.meta and the manifest as editor documents, through the real server (needs `npm run build`):
 * the package findings published for them (a wrong hash only once its hash is computed in the
 * background), completion of keys and package paths, hover on keys, links to the files, and the
 * three quick fixes.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import type { CodeAction, DocumentLink, TextEdit } from 'vscode-languageserver-protocol';
import { LspClient, fileUri } from '../support/protocolClient.js';
import { goodPackage, sha256, writePackage } from './build.js';

let root: string;
let client: LspClient;
let mfUri: string;
let metaUri: string;
const files = goodPackage();

before(async () => {
  files['Scripts/install.sh'] += 'echo changed\n';
  files['Scripts/extra.sh'] = 'echo extra\n';
  files['manifest.mf'] += '\nSource: Scripts/gone.sh\nAlgorithm: SHA-256\nHash: 00\n';
  root = writePackage(files);
  client = new LspClient();
  await client.initialize(root, { disableCache: true });
  await client.waitForStatus('ready');
  mfUri = fileUri(path.join(root, 'manifest.mf'));
  metaUri = fileUri(path.join(root, 'TOSCA-Metadata/TOSCA.meta'));
  client.open(mfUri, files['manifest.mf']!, 'nfv-manifest');
  client.open(metaUri, files['TOSCA-Metadata/TOSCA.meta']!, 'tosca-meta');
});

after(async () => {
  await client.shutdown();
  rmSync(root, { recursive: true, force: true });
});

test('the manifest: unlisted file, missing file, and the wrong hash once it is computed', async () => {
  const p = await client.waitForDiagnostics(mfUri, (ds) => ds.some((d) => d.code === 'TOSCA315'), 15000);
  const codes = p.diagnostics.map((d) => `${d.code}@${d.range.start.line + 1}`).sort();
  assert.deepEqual(codes, ['TOSCA314@27', 'TOSCA315@25', 'TOSCA316@1']);
  const meta = await client.waitForDiagnostics(metaUri, () => true);
  assert.deepEqual(meta.diagnostics, []);
});

test('quick fixes: update the hash, add the missing files, remove the entry of a missing file', async () => {
  const p = await client.waitForDiagnostics(mfUri, (ds) => ds.some((d) => d.code === 'TOSCA315'), 15000);
  const actionsAt = (line: number) =>
    client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: mfUri },
      range: { start: { line, character: 0 }, end: { line, character: 0 } },
      context: { diagnostics: p.diagnostics },
    });
  const edits = (a: CodeAction | undefined): TextEdit[] => a?.edit?.changes?.[mfUri] ?? [];
  const hash = (await actionsAt(24)).find((a) => a.title === 'Update the hash of this entry');
  assert.equal(edits(hash)[0]?.newText, sha256(files['Scripts/install.sh']!));
  const add = (await actionsAt(0)).find((a) => /Add `Scripts\/extra\.sh` to the manifest/.test(a.title));
  assert.match(
    edits(add)[0]?.newText ?? '',
    new RegExp(`Source: Scripts/extra.sh\\nAlgorithm: SHA-256\\nHash: ${sha256('echo extra\n')}`),
  );
  const remove = (await actionsAt(26)).find((a) => a.title === 'Remove entries of files that do not exist');
  assert.deepEqual(edits(remove)[0]?.range, { start: { line: 24, character: 70 }, end: { line: 28, character: 8 } });
});

test('completion of keys and package paths; hover on keys; links to the files', async () => {
  const keys = await client.completion(metaUri, { line: 6, character: 0 });
  assert.ok(
    keys.some((k) => k.label === 'ETSI-Entry-Licenses'),
    keys.map((k) => k.label).join(),
  );
  client.change(mfUri, files['manifest.mf']! + '\nSource: Scr');
  const lines = (files['manifest.mf']! + '\nSource: Scr').split('\n');
  const paths = await client.completion(mfUri, { line: lines.length - 1, character: 11 });
  assert.ok(
    paths.some((k) => k.label === 'Scripts/extra.sh'),
    paths.map((k) => k.label).join(),
  );
  const h = await client.hover(metaUri, { line: 3, character: 3 });
  assert.match(JSON.stringify(h?.contents), /main service template.*ETSI GS NFV-SOL 004/);
  const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: metaUri } });
  assert.deepEqual(
    links.map((l) => l.target),
    ['Definitions/vnfd.yaml', 'manifest.mf', 'ChangeLog.txt'].map((f) => fileUri(path.join(root, f))),
  );
  assert.ok(readFileSync(path.join(root, 'manifest.mf'), 'utf8').length > 0);
});
