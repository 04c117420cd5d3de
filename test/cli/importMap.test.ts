/**
 * Imports by URL in the checker, end to end on disk: the checkout's own repository (from a real
 * `.git/config`) and `--import-map PREFIX=FOLDER` resolve URL imports to local files, which are then
 * checked; without either the import stays remote (TOSCA021) and the checks are relaxed.
 * Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/protocolWorkspace.js';
import { runCli } from '../support/cli.js';
import type { Row } from '../../server/src/cli/report.js';

const T = { timeout: 30000 };

const PROFILE = `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  acme.nodes.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      port:
        type: integer
`;

const service = (url: string) => `tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - url: ${url}
topology_template:
  node_templates:
    app:
      type: acme.nodes.App
      properties:
        port: eighty
`;

const codes = (stdout: string) => (JSON.parse(stdout) as Row[]).map((r) => `${r.code} ${r.severity}`).sort();

describe('checker: imports by URL', () => {
  let root: string;
  before(() => {
    root = tempDir('cli-importmap');
    const repo = path.join(root, 'models');
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    mkdirSync(path.join(repo, 'profiles'), { recursive: true });
    mkdirSync(path.join(repo, 'services'), { recursive: true });
    writeFileSync(
      path.join(repo, '.git', 'config'),
      '[core]\n\tbare = false\n[remote "origin"]\n\turl = https://github.com/acme/models.git\n',
    );
    writeFileSync(path.join(repo, 'profiles', 'acme.yaml'), PROFILE);
    const own = 'https://raw.githubusercontent.com/acme/models/refs/heads/main/profiles/acme.yaml';
    writeFileSync(path.join(repo, 'services', 'own.yaml'), service(own));
    const other = 'https://raw.githubusercontent.com/acme/shared-profiles/v1/acme.yaml';
    writeFileSync(path.join(repo, 'services', 'other.yaml'), service(other));
    mkdirSync(path.join(root, 'shared-profiles'));
    writeFileSync(path.join(root, 'shared-profiles', 'acme.yaml'), PROFILE);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test("the checkout's own repository URL is read from the checkout and checked", T, async () => {
    const r = await runCli(['check', 'models/services/own.yaml', '--format', 'json'], { cwd: root });
    assert.equal(r.code, 1, r.stderr);
    // TOSCA064: the `host` requirement SoftwareComponent inherits is unassigned (the type is known).
    assert.deepEqual(codes(r.stdout), ['TOSCA050 error', 'TOSCA064 warning']);
  });

  test('another repository stays remote (TOSCA021) until --import-map maps it', T, async () => {
    const plain = await runCli(['check', 'models/services/other.yaml', '--format', 'json'], { cwd: root });
    assert.equal(plain.code, 0, plain.stderr);
    assert.deepEqual(codes(plain.stdout), ['TOSCA021 warning', 'TOSCA030 warning']);
    const mapped = await runCli(
      [
        'check',
        'models/services/other.yaml',
        '--format',
        'json',
        '--import-map',
        'https://raw.githubusercontent.com/acme/shared-profiles/v1/=shared-profiles',
      ],
      { cwd: root },
    );
    assert.equal(mapped.code, 1, mapped.stderr);
    assert.deepEqual(codes(mapped.stdout), ['TOSCA050 error', 'TOSCA064 warning']);
  });

  test('--import-map without PREFIX=FOLDER is bad usage', T, async () => {
    const r = await runCli(['check', 'models', '--import-map', 'https://example.com/'], { cwd: root });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--import-map expects PREFIX=FOLDER/);
  });
});
