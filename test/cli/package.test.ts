/**
 * Distribution: `npm pack` makes a package holding the bundled checker and server, the schemas and
 * nothing else, with no runtime dependencies; installed from the tarball in a clean folder without
 * the network, its `lm-descriptors` command checks a workspace. `vsce ls` lists exactly what the
 * VS Code extension ships. Needs `npm run build` first (the tarball packs the current dist/).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CLI_JS, REPO_ROOT } from '../support/protocolClient.js';
import { tempDir } from '../support/protocolWorkspace.js';
import { runCli } from '../support/cli.js';

const T = { timeout: 120000 };
const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
  dependencies?: object;
  private?: boolean;
  repository: { url: string };
  publisher: string;
  icon: string;
  galleryBanner: { color: string; theme: string };
  keywords: string[];
  engines: { vscode: string };
  enabledApiProposals?: unknown;
};

describe('distribution', () => {
  let dir: string;
  /** npm with its own cache and no network: what is installed comes from the tarball alone. */
  let env: NodeJS.ProcessEnv;
  const npm = (args: string[], cwd: string) => runCli(args, { cwd, command: ['npm'], env, timeoutMs: 110000 });

  before(() => {
    dir = tempDir('pack');
    env = {
      ...process.env,
      npm_config_cache: path.join(dir, 'npm-cache'),
      npm_config_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the manifest is publish-ready for npm, the Marketplace and Open VSX', () => {
    assert.equal(pkg.private, undefined, 'npm refuses to publish a private package');
    assert.equal(pkg.dependencies, undefined, 'everything is bundled: no runtime dependencies');
    assert.deepEqual(pkg.bin, { 'lm-descriptors': './dist/cli.js' });
    assert.match(pkg.repository.url, /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
    assert.ok(existsSync(path.join(REPO_ROOT, pkg.icon)));
    assert.match(pkg.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(pkg.keywords.length >= 5 && pkg.keywords.length <= 30);
    assert.equal(pkg.enabledApiProposals, undefined, 'no proposed (proprietary) API: runs in VSCodium too');
  });

  test('npm pack ships the checker, the server, the schemas, README and LICENSE only', T, async () => {
    const r = await npm(['pack', '--dry-run', '--json', '--ignore-scripts'], REPO_ROOT);
    assert.equal(r.code, 0, r.stderr);
    const files = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path).sort();
    assert.deepEqual(files, [
      'LICENSE',
      'README.md',
      'dist/cli-main.js',
      'dist/cli.js',
      'dist/server-main.js',
      'dist/server.js',
      'package.json',
      'schemas/assembly-template.schema.json',
      'schemas/assembly.schema.json',
      'schemas/lmproject.schema.json',
      'schemas/resource.schema.json',
    ]);
  });

  test('installed from the tarball in a clean folder, offline, `lm-descriptors check` works', T, async () => {
    assert.ok(existsSync(CLI_JS), 'run `npm run build` first');
    const packed = await npm(['pack', '--ignore-scripts', '--pack-destination', dir], REPO_ROOT);
    assert.equal(packed.code, 0, packed.stderr);
    const tarball = path.join(dir, `${pkg.name}-${pkg.version}.tgz`);
    assert.ok(existsSync(tarball), packed.stdout);
    const project = path.join(dir, 'project');
    cpSync(path.join(REPO_ROOT, 'examples/video-streamer'), path.join(project, 'video-streamer'), { recursive: true });
    writeFileSync(
      path.join(project, 'package.json'),
      '{ "name": "ci-project", "version": "1.0.0", "private": true }\n',
    );
    const inst = await npm(['install', '--offline', '--ignore-scripts', '--no-save', tarball], project);
    assert.equal(inst.code, 0, inst.stderr);
    const bin = path.join(project, 'node_modules', '.bin', 'lm-descriptors');
    const v = await runCli(['--version'], { cwd: project, command: [bin] });
    assert.deepEqual([v.code, v.stdout], [0, `${pkg.version}\n`]);
    const r = await runCli(['check', 'video-streamer', '--format', 'json'], { cwd: project, command: [bin] });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), []);
    assert.match(r.stderr, /8 files checked: 0 errors/);
    // As the README shows it: npx straight from the tarball.
    const x = await runCli(['--yes', `--package=${tarball}`, 'lm-descriptors', 'check', 'video-streamer'], {
      cwd: project,
      command: ['npx'],
      env,
      timeoutMs: 110000,
    });
    assert.equal(x.code, 0, x.stderr);
    assert.match(x.stderr, /8 files checked/);
  });

  test(
    'vsce ls: the extension ships its bundles (plan view, web build), grammar, icon, README, CHANGELOG, LICENSE only',
    T,
    async () => {
      const r = await runCli(['ls', '--no-dependencies'], {
        cwd: REPO_ROOT,
        command: [path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce')],
        timeoutMs: 60000,
      });
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(r.stdout.split('\n').filter(Boolean).sort(), [
        'CHANGELOG.md',
        'LICENSE',
        'README.md',
        'dist/client.js',
        'dist/plan.css',
        'dist/plan.js',
        'dist/server-main.js',
        'dist/server.js',
        'dist/web/extension.js',
        'dist/web/server.js',
        'images/icon.png',
        'package.json',
        'syntaxes/lm-references.injection.tmLanguage.json',
      ]);
    },
  );
});
