/**
 * The checker's run cache (server/src/host/runCache.ts): a run repeated over the same files prints
 * the last run's output without checking again, and any change of what the last run read (a file's
 * content, even with its size and mtime kept; a file created where one was missing; a new file in a
 * folder; the arguments) checks again. Runs with LM_DESCRIPTORS_RUN_CACHE_DEBUG=1, which says on
 * standard error whether the cache answered. Needs `npm run build` first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLI_JS } from '../support/protocolClient.js';

const SERVICE = `tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types.yaml
topology_template:
  node_templates:
    app:
      type: demo.App
`;

const TYPES = `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  demo.App:
    derived_from: tosca.nodes.SoftwareComponent
    interfaces:
      Standard:
        operations:
          create: playbooks/create.yaml
`;

/** A file changed less than two seconds before a run ends keeps the run from being stored. */
const SETTLE_MS = 2100;

interface Run {
  status: number | null;
  stdout: string;
  /** Standard error without the cache's own lines. */
  stderr: string;
  /** The cache's lines: `miss (…)`, `hit`, `stored`, `not stored (…)`. */
  cache: string[];
}

function check(home: string, args: string[] = [], env: Record<string, string> = {}): Run {
  const r = spawnSync(process.execPath, [CLI_JS, 'check', 'work', ...args], {
    cwd: home,
    encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: path.join(home, 'xdg'), LM_DESCRIPTORS_RUN_CACHE_DEBUG: '1', ...env },
    timeout: 30_000,
  });
  const lines = r.stderr.split('\n');
  const prefix = 'lm-descriptors: run cache: ';
  return {
    status: r.status,
    stdout: r.stdout,
    stderr: lines.filter((l) => !l.startsWith(prefix)).join('\n'),
    cache: lines.filter((l) => l.startsWith(prefix)).map((l) => l.slice(prefix.length)),
  };
}

const same = (a: Run, b: Run) => {
  assert.equal(b.status, a.status);
  assert.equal(b.stdout, a.stdout);
  assert.equal(b.stderr, a.stderr);
};

/**
 * Runs `body` with a fresh temporary folder as `home` (removed after), or skips the test where the
 * cache is off (no getuid).
 */
async function inHome(
  t: { skip(message: string): void },
  name: string,
  body: (home: string) => void | Promise<void>,
): Promise<void> {
  if (process.getuid === undefined) {
    t.skip('no getuid: the cache is off on this platform');
    return;
  }
  const home = mkdtempSync(path.join(os.tmpdir(), `lm-run-cache-${name}-`));
  try {
    await body(home);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** `home/work`, the two TOSCA files most tests check. */
function writeWork(home: string): string {
  const work = path.join(home, 'work');
  mkdirSync(work);
  writeFileSync(path.join(work, 'service.yaml'), SERVICE);
  writeFileSync(path.join(work, 'types.yaml'), TYPES);
  return work;
}

/** A module of server/src/host as a script below imports it. */
const hostModule = (f: string) => JSON.stringify(pathToFileURL(path.resolve('server/src/host', f)).href);

/**
 * The loader's steps (bin.ts) as a script in `home`: `run` is the run cache of `check x` over the build `builds`
 * (this script by default), then `body`; `writeBytes` writes as the checker does. Returns a function that runs the
 * script in a fresh node with the cache folder under `home`, its debug lines on standard error.
 */
function loaderScript(home: string, body: string, opts: { builds?: string; imports?: string } = {}) {
  const script = path.join(home, 'run.ts');
  writeFileSync(
    script,
    `${opts.imports ?? ''}import { runCache } from ${hostModule('runCache.ts')};
  import { writeBytes } from ${hostModule('stdio.ts')};
  const run = runCache(['check', 'x'], [${opts.builds ?? 'process.argv[1]!'}]);
  ${body}
  `,
  );
  // Without tsx's compile cache: the script's run records what it reads, and tsx's shared cache folder (/tmp/tsx-0),
  // which the suite's other tsx processes write to meanwhile, made a repeated run miss ("d /tmp/tsx-0 changed").
  return () =>
    spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      env: {
        ...process.env,
        XDG_CACHE_HOME: path.join(home, 'xdg'),
        LM_DESCRIPTORS_RUN_CACHE_DEBUG: '1',
        TSX_DISABLE_CACHE: '1',
      },
      timeout: 30_000,
    });
}

test('the run cache answers a repeated run and checks again after any change it depends on', (t) =>
  inHome(t, 'main', async (home) => {
    const work = writeWork(home);
    // Just written: checked, not stored.
    const fresh = check(home);
    assert.equal(fresh.status, 0, fresh.stderr);
    assert.match(fresh.stdout, /TOSCA103/);
    assert.deepEqual(fresh.cache[0], 'miss (no run stored)');
    assert.match(fresh.cache[1] ?? '', /^not stored \(.*changed just now\)$/);
    await sleep(SETTLE_MS);

    const first = check(home);
    assert.deepEqual(first.cache, ['miss (no run stored)', 'stored']);
    same(fresh, first);
    const files = readdirSync(path.join(home, 'xdg', 'lm-descriptors')).filter((f) => f.startsWith('check-'));
    assert.equal(files.length, 1);
    const stored = path.join(home, 'xdg', 'lm-descriptors', files[0]!);
    assert.equal(statSync(stored).mode & 0o777, 0o600);
    const again = check(home);
    assert.deepEqual(again.cache, ['hit']);
    same(first, again);

    // Other arguments: another entry. --no-cache: neither read nor written.
    const json = check(home, ['--format', 'json']);
    assert.deepEqual(json.cache, ['miss (no run stored)', 'stored']);
    assert.deepEqual(check(home, ['--format', 'json']).cache, ['hit']);
    const off = check(home, ['--no-cache']);
    assert.deepEqual(off.cache, []);
    same(first, off);

    // A stored run that is not ours, or that others could write: not read.
    chmodSync(stored, 0o666);
    assert.deepEqual(check(home).cache, ['miss (no run stored)', 'stored']);
    assert.equal(statSync(stored).mode & 0o777, 0o600);
    writeFileSync(stored, 'lm-descriptors-run-cache-3\n{"key": 1}', { mode: 0o600 });
    assert.deepEqual(check(home).cache, ['miss (no run stored)', 'stored']);
    assert.deepEqual(check(home).cache, ['hit']);

    // The missing implementation file created: checked again, its warning gone.
    mkdirSync(path.join(work, 'playbooks'));
    writeFileSync(path.join(work, 'playbooks', 'create.yaml'), '- hosts: all\n');
    const created = check(home);
    assert.match(created.cache[0] ?? '', /^miss \(/);
    assert.doesNotMatch(created.stdout, /TOSCA103/);
    await sleep(SETTLE_MS);
    assert.deepEqual(check(home).cache.at(-1), 'stored');
    same(created, check(home));

    // The same size and the mtime put back: the ctime still tells. A type that does not exist now.
    const file = path.join(work, 'service.yaml');
    const { atime, mtime, size } = statSync(file);
    writeFileSync(file, SERVICE.replace('demo.App', 'demo.Apq'));
    utimesSync(file, atime, mtime);
    assert.equal(statSync(file).size, size);
    const edited = check(home);
    assert.match(edited.cache[0] ?? '', /^miss \(s .*service\.yaml changed\)$/);
    assert.equal(edited.status, 1);
    assert.match(edited.stdout, /demo\.Apq/);
    await sleep(SETTLE_MS);
    check(home);

    // A new TOSCA file in the folder: the listing changed.
    writeFileSync(path.join(work, 'more.yaml'), SERVICE.replace('app:', 'other:'));
    const added = check(home);
    assert.match(added.cache[0] ?? '', /^miss \(/);
    assert.match(added.stderr, /Checked 3 TOSCA files/);
    assert.ok(existsSync(stored));
  }));

test('the run cache follows no link, reads no folder; a place it cannot write only means no cache', (t) =>
  inHome(t, 'bad', async (home) => {
    writeWork(home);
    await sleep(SETTLE_MS);
    const first = check(home);
    assert.deepEqual(first.cache, ['miss (no run stored)', 'stored']);
    const dir = path.join(home, 'xdg', 'lm-descriptors');
    const [name] = readdirSync(dir).filter((f) => f.startsWith('check-'));
    const stored = path.join(dir, name!);
    // A link to a valid stored run: not followed (the run checks), then replaced by a file.
    const target = path.join(home, 'elsewhere.json');
    renameSync(stored, target);
    symlinkSync(target, stored);
    same(first, check(home));
    assert.equal(lstatSync(stored).isSymbolicLink(), false);
    // A folder where the file goes: not read, not stored, the run unharmed.
    rmSync(stored);
    mkdirSync(stored);
    const blocked = check(home);
    same(first, blocked);
    assert.deepEqual(blocked.cache, ['miss (no run stored)', 'not stored (the cache folder cannot be written)']);
    rmSync(stored, { recursive: true });
    // A read-only cache folder: no cache, the same output (root writes it all the same).
    if (process.getuid?.() === 0) return;
    chmodSync(dir, 0o500);
    try {
      const ro = check(home);
      same(first, ro);
      assert.deepEqual(ro.cache.at(-1), 'not stored (the cache folder cannot be written)');
    } finally {
      chmodSync(dir, 0o700);
    }
  }));

test("the user's home folder is in the key: it decides where the workspace-root search stops", (t) =>
  inHome(t, 'home', async (home) => {
    // home/repo is a git checkout holding a resource descriptor; home/repo/work an assembly using it.
    const repo = path.join(home, 'repo');
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    mkdirSync(path.join(repo, 'res', 'Definitions', 'lm'), { recursive: true });
    writeFileSync(path.join(repo, 'res', 'Definitions', 'lm', 'resource.yaml'), 'name: resource::x::1.0\n');
    mkdirSync(path.join(repo, 'work', 'Descriptor'), { recursive: true });
    writeFileSync(
      path.join(repo, 'work', 'Descriptor', 'assembly.yml'),
      'name: assembly::a::1.0\ncomposition:\n  c:\n    type: resource::x::1.0\n',
    );
    const xdg = path.join(home, 'xdg');
    await sleep(SETTLE_MS);
    // With the checkout as the home folder, the search stops below it: the resource is not in the workspace.
    const inside = check(repo, [], { HOME: repo, XDG_CACHE_HOME: xdg });
    assert.deepEqual(inside.cache, ['miss (no run stored)', 'stored']);
    assert.match(inside.stdout, /LM043/);
    const fresh = check(repo, ['--no-cache'], { HOME: home, XDG_CACHE_HOME: xdg });
    assert.doesNotMatch(fresh.stdout, /LM043/);
    const other = check(repo, [], { HOME: home, XDG_CACHE_HOME: xdg });
    assert.notDeepEqual(other.cache, ['hit']);
    same(fresh, other);
  }));

test('a run that dies of an uncaught exception is not stored (node prints its error itself, unrecorded)', (t) =>
  inHome(t, 'crash', async (home) => {
    // The loader's steps around a run that prints a line, then throws outside any promise.
    const run = loaderScript(
      home,
      `if (!run!.replay()) {
    run!.record();
    writeBytes(1, new TextEncoder().encode('partial\\n'));
    setTimeout(() => {
      throw new Error('boom');
    }, 1);
  }`,
    );
    const runs = [1, 2].map(() => run());
    for (const r of runs) {
      assert.equal(r.status, 1);
      assert.equal(r.stdout, 'partial\n');
      assert.match(r.stderr, /Error: boom/);
      assert.doesNotMatch(r.stderr, /run cache: (stored|hit)/);
    }
    assert.match(runs[0]!.stderr, /run cache: not stored \(an uncaught exception\)/);
  }));

test('a bundle rebuilt with its size and mtime: another build (npm installs every file with one mtime)', (t) =>
  inHome(t, 'build', async (home) => {
    const build = path.join(home, 'bundle.js');
    writeFileSync(build, 'version 1\n');
    // What the loader does, with `build` as the build and its content as the output.
    const run = loaderScript(
      home,
      `if (!run!.replay()) {
    // Read before recording starts, as the loader reads the checker's bundle.
    const bytes = new Uint8Array(readFileSync(${JSON.stringify(build)}));
    run!.record();
    writeBytes(1, bytes);
  }`,
      { builds: JSON.stringify(build), imports: "import { readFileSync } from 'node:fs';\n  " },
    );
    // npm's mtime for every file it packs: 1985-10-26T08:15:00Z.
    const npmTime = 499162500;
    utimesSync(build, npmTime, npmTime);
    await sleep(SETTLE_MS);
    assert.match(run().stderr, /run cache: stored/);
    assert.match(run().stderr, /run cache: hit/);
    writeFileSync(build, 'version 2\n');
    utimesSync(build, npmTime, npmTime);
    const after = run();
    assert.doesNotMatch(after.stderr, /run cache: hit/);
    assert.equal(after.stdout, 'version 2\n');
  }));

test("the budget and fault findings are judged from the checker's findings, not from its output's text", (t) =>
  inHome(t, 'unstable', async (home) => {
    writeWork(home);
    // Made first: the check lists the folder it is in.
    mkdirSync(path.join(home, 'xdg', 'lm-descriptors'), { recursive: true, mode: 0o700 });
    // A run whose checker found one (hidden by --quiet or a format): the loader is told, the output shows nothing.
    const loader = loaderScript(
      home,
      `if (!run!.replay()) {
    run!.record(() => true);
    writeBytes(1, new TextEncoder().encode('no finding shown\\n'));
  }`,
    );
    await sleep(SETTLE_MS);
    // SARIF lists every code among its rules, LM998 and LM999 too: still stored when no finding is one.
    const sarif = check(home, ['--format', 'sarif']);
    assert.deepEqual(sarif.cache, ['miss (no run stored)', 'stored']);
    const again = check(home, ['--format', 'sarif']);
    assert.deepEqual(again.cache, ['hit']);
    same(sarif, again);
    const r = loader();
    assert.equal(r.stdout, 'no finding shown\n');
    assert.match(r.stderr, /run cache: not stored \(a finding that depends on time or a fault\)/);
  }));

test('a current folder that was removed turns the cache off: the run fails as with --no-cache', (t) =>
  inHome(t, 'gone', async (home) => {
    const run = (args: string[]) =>
      spawnSync(
        'sh',
        ['-c', 'mkdir gone && cd gone && rmdir ../gone && exec "$0" "$@"', process.execPath, CLI_JS, 'check', ...args],
        {
          cwd: home,
          encoding: 'utf8',
          env: { ...process.env, XDG_CACHE_HOME: path.join(home, 'xdg') },
          timeout: 30_000,
        },
      );
    const off = run([home, '--no-cache']);
    const on = run([home]);
    assert.equal(off.status, 2, off.stderr);
    assert.equal(on.status, off.status, on.stderr);
  }));

test('a stored run removes the leftovers of interrupted writes once an hour old, and nothing else', (t) =>
  inHome(t, 'tmp', async (home) => {
    writeWork(home);
    const dir = path.join(home, 'xdg', 'lm-descriptors');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const old = path.join(dir, 'check-0123456789abcdef.json.4242.tmp');
    const young = path.join(dir, 'check-fedcba9876543210.json.4343.tmp');
    const other = path.join(dir, 'server-v20-x64-1-2.v8.4444.tmp');
    for (const f of [old, young, other]) writeFileSync(f, 'partial', { mode: 0o600 });
    const twoHoursAgo = new Date(Date.now() - 7_200_000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    utimesSync(other, twoHoursAgo, twoHoursAgo);
    await sleep(SETTLE_MS);
    assert.deepEqual(check(home).cache, ['miss (no run stored)', 'stored']);
    const left = readdirSync(dir).sort();
    assert.ok(!left.includes(path.basename(old)), left.join(', '));
    assert.ok(left.includes(path.basename(young)) && left.includes(path.basename(other)), left.join(', '));
  }));
