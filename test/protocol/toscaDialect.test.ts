/**
 * The TOSCA dialect switch end to end: the setting (`lmDescriptors.tosca.dialect`, the older
 * `genericTypeNotation` still read) and the checker's `--tosca-dialect` flag. Needs `npm run build`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readSettings } from '../../server/src/lsp/settings.js';
import { CLI_JS } from '../support/protocolClient.js';

test('settings: tosca.dialect is standard unless amp; genericTypeNotation is still read', () => {
  assert.deepEqual(readSettings({}).tosca, { dialect: 'standard', genericTypeNotation: false });
  assert.deepEqual(readSettings({ tosca: { dialect: 'amp' } }).tosca, { dialect: 'amp', genericTypeNotation: false });
  assert.equal(readSettings({ tosca: { dialect: 'brooklyn' } }).tosca.dialect, 'standard');
  for (const d of ['unfurl', 'onap', 'cloudshell', 'alien4cloud'] as const)
    assert.equal(readSettings({ tosca: { dialect: d } }).tosca.dialect, d);
  assert.equal(readSettings({ tosca: { genericTypeNotation: true } }).tosca.genericTypeNotation, true);
});

test('checker: --tosca-dialect amp accepts AMP blueprints; a bad dialect is bad usage', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-dialect-'));
  try {
    writeFileSync(
      path.join(dir, 'blueprint.yaml'),
      [
        'tosca_definitions_version: tosca_simple_yaml_1_3',
        'topology_template:',
        '  node_templates:',
        '    web:',
        '      type: tosca.nodes.Compute',
        '      properties: {}',
        '  groups:',
        '    - add_brooklyn_types:',
        '        members: [ web ]',
        '        type: brooklyn.tosca.groups.initializer',
        '        properties:',
        '          location: foo',
        '',
      ].join('\n'),
    );
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [CLI_JS, 'check', dir, ...args], {
        encoding: 'utf8',
        timeout: 30_000,
        env: { ...process.env, LM_DESCRIPTORS_NO_COMPILE_CACHE: '1' },
      });
    const standard = run();
    assert.equal(standard.status, 1, standard.stdout);
    assert.match(standard.stdout, /TOSCA012/);
    const amp = run('--tosca-dialect', 'amp');
    assert.equal(amp.status, 0, amp.stdout);
    assert.match(amp.stdout, /information TOSCA030 `brooklyn.tosca.groups.initializer`/);
    assert.equal(run('--tosca-dialect=amp').status, 0);
    const bad = run('--tosca-dialect', 'cloudify');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--tosca-dialect must be one of standard, amp, unfurl, onap, cloudshell, alien4cloud/);
    // A folder config file sets the dialect for the checker too; the flag still wins over it.
    writeFileSync(path.join(dir, '.lm-descriptors.json'), '{ "tosca": { "dialect": "amp" } }\n');
    assert.equal(run().status, 0);
    writeFileSync(path.join(dir, '.lm-descriptors.json'), '{ "tosca": { "dialect": "unfurl" } }\n');
    assert.equal(run().status, 1);
    assert.equal(run('--tosca-dialect', 'amp').status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('checker: Alien4Cloud archives import each other by name and version, read in its dialect', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-dialect-a4c-'));
  try {
    const archive = (name: string, body: string) =>
      [
        'tosca_definitions_version: alien_dsl_2_0_0',
        'metadata:',
        `  template_name: ${name}`,
        '  template_version: 1.0.0-SNAPSHOT',
        'imports:',
        '  - tosca-normative-types:1.0.0-ALIEN20',
        body,
      ].join('\n');
    writeFileSync(
      path.join(dir, 'types.yml'),
      archive(
        'demo.types',
        [
          'node_types:',
          '  demo.nodes.App:',
          '    derived_from: tosca.nodes.SoftwareComponent',
          '    abstract: true',
          '    tags: {icon: app.png}',
          '    artifacts:',
          '      - war: app.war',
          '',
        ].join('\n'),
      ),
    );
    writeFileSync(
      path.join(dir, 'topology.yml'),
      archive(
        'demo.topology',
        [
          '  - demo.types:1.0.0-SNAPSHOT',
          'topology_template:',
          '  node_templates:',
          '    Compute:',
          '      type: tosca.nodes.Compute',
          '    App:',
          '      type: demo.nodes.App',
          '      requirements:',
          '        - appOnCompute:',
          '            type_requirement: host',
          '            node: Compute',
          '',
        ].join('\n'),
      ),
    );
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [CLI_JS, 'check', dir, '--format', 'json', ...args], {
        encoding: 'utf8',
        timeout: 30_000,
        env: { ...process.env, LM_DESCRIPTORS_NO_COMPILE_CACHE: '1' },
      });
    const found = run();
    const errors = (JSON.parse(found.stdout) as { severity: string; code: string }[]).filter(
      (d) => d.severity === 'error',
    );
    assert.deepEqual(errors, [], found.stdout);
    assert.equal(found.status, 0, found.stdout);
    // Read as standard TOSCA, its version is unknown and its keys are not TOSCA's.
    const standard = run('--tosca-dialect', 'standard');
    assert.equal(standard.status, 0, 'standard lets the file decide');
    const unfurl = run('--tosca-dialect', 'unfurl');
    assert.equal(unfurl.status, 1, unfurl.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
