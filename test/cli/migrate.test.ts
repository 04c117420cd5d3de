/**
 * `lm-descriptors migrate --to tosca_2_0`: the diff by default (nothing written), `--write` rewrites
 * in place, TODOs on stderr with the line of the comment, usage errors are exit 2, a file that
 * cannot be migrated is exit 1.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../support/protocolWorkspace.js';
import { runCli } from '../support/cli.js';

const T = { timeout: 30000 };
const FIXTURES = fileURLToPath(new URL('../fixtures/migrate/', import.meta.url));

test('without --write: a unified diff on stdout, the file unchanged, TODOs and a summary on stderr', T, async () => {
  const dir = tempDir('migrate-diff');
  copyFileSync(path.join(FIXTURES, 'service.1_3.yaml'), path.join(dir, 'service.yaml'));
  const before = readFileSync(path.join(dir, 'service.yaml'), 'utf8');
  const r = await runCli(['migrate', '--to', 'tosca_2_0', 'service.yaml'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.stdout.startsWith('--- service.yaml\n+++ service.yaml\n@@ -1,'), r.stdout);
  assert.match(r.stdout, /^-tosca_definitions_version: tosca_simple_yaml_1_3$/m);
  assert.match(r.stdout, /^\+tosca_definitions_version: tosca_2_0$/m);
  assert.match(r.stdout, /^\+service_template:$/m);
  assert.equal(readFileSync(path.join(dir, 'service.yaml'), 'utf8'), before);
  // Without --write, a TODO names the line of the construct in the file as it is.
  const todos = r.stderr.split('\n').filter((l) => l.includes('TODO(migrate)'));
  assert.ok(todos.length >= 2, r.stderr);
  const op = todos.find((l) => l.includes('get_operation_output'));
  const line = Number(/^service\.yaml:(\d+): TODO\(migrate\): /.exec(op ?? '')?.[1]);
  assert.match(before.split('\n')[line - 1]!, /get_operation_output/);
  assert.match(r.stderr, /Would migrate 1 of 1 file to TOSCA 2\.0; \d+ TODO\(migrate\) comments to resolve by hand\./);
});

test('--write rewrites the files in place as the golden file says', T, async () => {
  const dir = tempDir('migrate-write');
  copyFileSync(path.join(FIXTURES, 'service.1_3.yaml'), path.join(dir, 'service.yaml'));
  copyFileSync(path.join(FIXTURES, 'types.1_2.yaml'), path.join(dir, 'types.yaml'));
  const r = await runCli(['migrate', '--write', '--to=tosca_2_0', 'service.yaml', 'types.yaml'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^service\.yaml: migrated from TOSCA 1\.3 to TOSCA 2\.0$/m);
  assert.match(r.stderr, /^types\.yaml: migrated from TOSCA 1\.2 to TOSCA 2\.0$/m);
  assert.match(r.stderr, /Migrated 2 of 2 files to TOSCA 2\.0/);
  // With --write, a TODO names the line of its comment in the rewritten file.
  const after = readFileSync(path.join(FIXTURES, 'service.2_0.yaml'), 'utf8').split('\n');
  const todos = r.stderr.split('\n').filter((l) => l.startsWith('service.yaml:') && l.includes('TODO'));
  assert.ok(todos.length >= 2, r.stderr);
  for (const l of todos) {
    const m = /^service\.yaml:(\d+): TODO\(migrate\): (.+)$/.exec(l);
    assert.ok(m, l);
    assert.equal(after[Number(m[1]) - 1]!.trim(), `# TODO(migrate): ${m[2]}`);
  }
  for (const [file, golden] of [
    ['service.yaml', 'service.2_0.yaml'],
    ['types.yaml', 'types.2_0.yaml'],
  ] as const) {
    assert.equal(readFileSync(path.join(dir, file), 'utf8'), readFileSync(path.join(FIXTURES, golden), 'utf8'));
  }
});

test('a folder stands for the TOSCA 1.x files under it', T, async () => {
  const dir = tempDir('migrate-folder');
  mkdirSync(path.join(dir, 'types'));
  copyFileSync(path.join(FIXTURES, 'service.1_3.yaml'), path.join(dir, 'service.yaml'));
  copyFileSync(path.join(FIXTURES, 'types.1_2.yaml'), path.join(dir, 'types', 'app.yaml'));
  writeFileSync(path.join(dir, 'types', 'v2.yaml'), 'tosca_definitions_version: tosca_2_0\n');
  writeFileSync(path.join(dir, 'playbook.yml'), '- hosts: all\n');
  const r = await runCli(['migrate', '--to', 'tosca_2_0', '--write', '.'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /Migrated 2 of 2 files to TOSCA 2\.0/);
  assert.equal(
    readFileSync(path.join(dir, 'types', 'app.yaml'), 'utf8'),
    readFileSync(path.join(FIXTURES, 'types.2_0.yaml'), 'utf8'),
  );
  assert.equal(readFileSync(path.join(dir, 'playbook.yml'), 'utf8'), '- hosts: all\n');
});

test('bad usage is exit 2; a file that is not TOSCA 1.x is exit 1 and named', T, async () => {
  const dir = tempDir('migrate-usage');
  writeFileSync(path.join(dir, 'v2.yaml'), 'tosca_definitions_version: tosca_2_0\n');
  const noTo = await runCli(['migrate', 'v2.yaml'], { cwd: dir });
  assert.equal(noTo.code, 2);
  assert.match(noTo.stderr, /Missing --to/);
  const wrong = await runCli(['migrate', '--to', 'tosca_1_3', 'v2.yaml'], { cwd: dir });
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /--to must be tosca_2_0/);
  const missing = await runCli(['migrate', '--to', 'tosca_2_0', 'nope.yaml'], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /no such file or folder: nope\.yaml/);
  const v2 = await runCli(['migrate', '--to', 'tosca_2_0', 'v2.yaml'], { cwd: dir });
  assert.equal(v2.code, 1);
  assert.match(v2.stderr, /^v2\.yaml: not migrated: not a TOSCA Simple Profile 1\.0–1\.3 file$/m);
  const help = await runCli(['migrate', '--help'], { cwd: dir });
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: lm-descriptors migrate --to tosca_2_0 \[--write\] FILE\|FOLDER\.\.\./);
});
