/**
 * `lm-descriptors plan` (dist/cli.js): every format of a TOSCA topology and of the example LM
 * assembly against golden files (test/fixtures/plan/*.golden.*; rewrite them with UPDATE_GOLDEN=1),
 * the exit codes (0 plan, 1 loop, 2 usage) and the did-you-mean of an unknown scale-out node.
 *
 * Needs `npm run build` first. Run: node --import tsx --test test/protocol/planCli.test.ts
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI_JS, REPO_ROOT } from '../support/protocolClient.js';
import { assertGolden } from '../support/golden.js';

const T = { timeout: 30000 };
const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'plan');
const THREE_TIER = 'test/fixtures/plan/three-tier/service.yaml';
const LOOP = 'test/fixtures/plan/loop/service.yaml';
const ASSEMBLY = 'examples/video-streamer/Descriptor/assembly.yml';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [CLI_JS, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      p.kill('SIGKILL');
      reject(new Error(`plan ${args.join(' ')} did not finish in time; stderr: ${stderr}`));
    }, 25000);
    p.on('error', reject);
    p.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** File URIs of the checkout replaced by a placeholder, so the goldens hold wherever the repository lives. */
const portable = (s: string) => s.split(pathToFileURL(REPO_ROOT).href.replace(/\/$/, '')).join('file:///REPO');

describe('cli: lm-descriptors plan', () => {
  before(() => assert.ok(existsSync(CLI_JS), `${CLI_JS} is missing: run \`npm run build\` first`));

  const cases: [string, string, string[]][] = [
    ['three-tier', THREE_TIER, []],
    ['three-tier.termination', THREE_TIER, ['--termination']],
    ['three-tier.scale-out', THREE_TIER, ['--scale-out', 'dbms']],
    ['video-streamer', ASSEMBLY, []],
    ['video-streamer.termination', ASSEMBLY, ['--termination']],
    ['video-streamer.scale-out', ASSEMBLY, ['--scale-out', 'streamer']],
  ];
  for (const [name, file, extra] of cases) {
    const formats = extra.length ? ['text'] : ['text', 'json', 'mermaid', 'dot'];
    for (const format of formats) {
      test(`${name} --format ${format} matches its golden file`, T, async () => {
        const r = await cli(['plan', file, ...extra, '--format', format]);
        assert.equal(r.code, 0, r.stderr);
        const ext = format === 'mermaid' ? 'mmd' : format === 'json' ? 'json' : format === 'dot' ? 'dot' : 'txt';
        assertGolden(path.join(FIXTURES, `${name}.golden.${ext}`), portable(r.stdout));
        if (format === 'json') {
          const plan = JSON.parse(r.stdout) as { uri: string; steps: unknown[]; cycles: unknown[] };
          assert.ok(plan.uri.startsWith('file://'), plan.uri);
          assert.ok(plan.steps.length > 0 && plan.cycles.length === 0);
        }
      });
    }
  }

  test('a HostedOn / DependsOn loop: the loop printed, exit 1 (every format)', T, async () => {
    const r = await cli(['plan', LOOP]);
    assert.equal(r.code, 1, r.stderr);
    assertGolden(path.join(FIXTURES, 'loop.golden.txt'), r.stdout);
    assert.match(r.stdout, /agent → container → server → agent/);
    const dot = await cli(['plan', LOOP, '--format', 'dot']);
    assert.equal(dot.code, 1);
    assertGolden(path.join(FIXTURES, 'loop.golden.dot'), dot.stdout);
    assert.match(dot.stderr, /agent → container → server → agent/);
    const json = await cli(['plan', LOOP, '--format', 'json']);
    assert.equal(json.code, 1);
    const plan = JSON.parse(json.stdout) as { steps: unknown[]; cycles: { nodes: string[] }[] };
    assert.deepEqual(plan.steps, []);
    assert.deepEqual(plan.cycles[0]!.nodes, ['agent', 'container', 'server', 'agent']);
  });

  test('usage errors exit 2: unknown node (did you mean), two plan kinds, no file, unknown format', T, async () => {
    const typo = await cli(['plan', THREE_TIER, '--scale-out', 'dbsm']);
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /No node template `dbsm` in service\.yaml\. Did you mean `dbms`\?/);
    assert.equal(typo.stdout, '');
    const both = await cli(['plan', THREE_TIER, '--termination', '--scale-out', 'db']);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /cannot go together/);
    const none = await cli(['plan']);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /Missing FILE/);
    const missing = await cli(['plan', 'no/such/file.yaml']);
    assert.equal(missing.code, 2);
    const format = await cli(['plan', THREE_TIER, '--format', 'svg']);
    assert.equal(format.code, 2);
    assert.match(format.stderr, /--format must be one of text, json, mermaid, dot/);
    const ref = await cli(['plan', ASSEMBLY, '--scale-out', 'network']);
    assert.equal(ref.code, 2);
    assert.match(ref.stderr, /is a reference/);
    const nothing = await cli(['plan', 'examples/video-streamer/lmproject.yml']);
    assert.equal(nothing.code, 2);
    assert.match(nothing.stderr, /No build plan: /);
  });

  test('plan --help: the usage, exit 0', T, async () => {
    const r = await cli(['plan', '--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Usage: lm-descriptors plan FILE \[--termination \| --scale-out NODE\]/);
  });
});
