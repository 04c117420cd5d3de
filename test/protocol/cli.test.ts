/**
 * The headless CLI (dist/cli.js): exit codes, the JSON output format with 1-based positions, bad
 * usage, and a run over the shared LM corpus.
 *
 * Needs `npm run build` first. Run: node --import tsx --test test/protocol/cli.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { CLI_JS, REPO_ROOT, positionOf } from '../support/protocolClient.js';
import { ASSEMBLY, EXAMPLE_DIR, tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';

const T = { timeout: 30000 };
const HOOK = { timeout: 30000 };
const CORPUS = path.join(REPO_ROOT, '..', 'shared', 'corpus', 'lm');

interface Row {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  code: string;
  message: string;
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with a hard time limit (the child is killed when it is exceeded). */
function cli(args: string[], opts: { cwd?: string; timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [CLI_JS, ...args], {
      cwd: opts.cwd ?? REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      p.kill('SIGKILL');
      reject(new Error(`cli ${args.join(' ')} did not finish within ${opts.timeoutMs ?? 20000} ms; stderr: ${stderr}`));
    }, opts.timeoutMs ?? 20000);
    p.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    p.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

function parseRows(run: Run): Row[] {
  let rows: unknown;
  try {
    rows = JSON.parse(run.stdout);
  } catch (e) {
    assert.fail(`stdout is not JSON (${String(e)}): ${run.stdout.slice(0, 500)}\nstderr: ${run.stderr}`);
  }
  assert.ok(Array.isArray(rows), 'a JSON array');
  for (const r of rows as Row[]) {
    assert.deepEqual(
      Object.keys(r).sort(),
      ['code', 'column', 'endColumn', 'endLine', 'file', 'line', 'message', 'severity'],
      JSON.stringify(r),
    );
    for (const k of ['line', 'column', 'endLine', 'endColumn'] as const)
      assert.ok(Number.isInteger(r[k]) && r[k] >= 1, `${k} is 1-based: ${JSON.stringify(r)}`);
    assert.ok(['error', 'warning', 'information', 'hint'].includes(r.severity), r.severity);
    assert.match(r.code, /^LM\d{3}$/);
    assert.equal(typeof r.message, 'string');
    assert.equal(typeof r.file, 'string');
  }
  return rows as Row[];
}

describe('cli: lm-descriptors check', () => {
  let ws: TempWorkspace;
  let typoText: string;

  before(() => {
    assert.ok(existsSync(CLI_JS), `${CLI_JS} is missing: run \`npm run build\` first`);
    ws = tempWorkspace('cli');
    typoText = ws.read(ASSEMBLY).replace('${deploymentLocation}', '${deploymentLocaton}');
    ws.write(ASSEMBLY, typoText);
  }, HOOK);

  after(() => ws?.cleanup(), HOOK);

  test('the example workspace checks clean: exit 0', T, async () => {
    const r = await cli(['check', path.relative(REPO_ROOT, EXAMPLE_DIR)]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stdout, '', 'no findings printed');
    assert.match(r.stderr, /[1-9]\d* files checked: 0 errors/);
    const j = await cli(['check', EXAMPLE_DIR, '--format', 'json']);
    assert.equal(j.code, 0, j.stderr);
    assert.deepEqual(
      parseRows(j).filter((x) => x.severity === 'error'),
      [],
    );
  });

  test(
    '--format json: a misspelt ${deploymentLocaton} is one LM031 error at 1-based line/column, exit 1',
    T,
    async () => {
      const r = await cli(['check', ws.dir, '--format', 'json']);
      assert.equal(r.code, 1, r.stderr);
      const rows = parseRows(r);
      const errs = rows.filter((x) => x.severity === 'error');
      assert.equal(errs.length, 1, JSON.stringify(rows, null, 1));
      const e = errs[0]!;
      assert.equal(e.code, 'LM031');
      assert.equal(path.resolve(REPO_ROOT, e.file), ws.file(ASSEMBLY));
      const p = positionOf(typoText, '${deploymentLocaton}', 2);
      assert.equal(p.line, 69); // zero-based: line 70 of the file
      assert.deepEqual(
        { line: e.line, column: e.column, endLine: e.endLine, endColumn: e.endColumn },
        {
          line: p.line + 1,
          column: p.character + 1,
          endLine: p.line + 1,
          endColumn: p.character + 1 + 'deploymentLocaton'.length,
        },
      );
      assert.deepEqual({ line: e.line, column: e.column }, { line: 70, column: 18 });
      assert.match(e.message, /deploymentLocation/, 'suggests the declared property');
    },
  );

  test('file paths are relative to the working directory; a single file argument works', T, async () => {
    const r = await cli(['check', path.join('ws', ASSEMBLY), '--format=json'], { cwd: path.dirname(ws.dir) });
    assert.equal(r.code, 1, r.stderr);
    const rows = parseRows(r);
    assert.ok(rows.length > 0);
    for (const x of rows) assert.equal(x.file, path.join('ws', ASSEMBLY));
    // The single file is checked with its whole lmctl project indexed: $lmctl types resolve.
    assert.deepEqual(
      rows.filter((x) => x.code === 'LM042' || x.code === 'LM043'),
      [],
    );
  });

  test('text format: file:line:col: severity code message, and a summary on stderr', T, async () => {
    const r = await cli(['check', ws.dir]);
    assert.equal(r.code, 1);
    const line = r.stdout.split('\n').find((l) => l.includes('LM031'));
    assert.ok(line, r.stdout);
    assert.match(line, /assembly\.yml:70:18: error LM031 /);
    assert.match(r.stderr, /: 1 error, /);
  });

  test('--severity overrides apply: LM031=warning turns the run green', T, async () => {
    const r = await cli(['check', ws.dir, '--format', 'json', '--severity', 'LM031=warning']);
    assert.equal(r.code, 0, r.stdout);
    assert.equal(parseRows(r).find((x) => x.code === 'LM031')?.severity, 'warning');
    const off = await cli(['check', ws.dir, '--format', 'json', '--severity', 'LM031=off']);
    assert.equal(off.code, 0);
    assert.deepEqual(
      parseRows(off).filter((x) => x.code === 'LM031'),
      [],
    );
  });

  for (const [what, args] of [
    ['--format xml', ['check', '.', '--format', 'xml']],
    ['--format=xml', ['check', '.', '--format=xml']],
    ['--format without a value', ['check', '.', '--format']],
    ['an unknown command', ['lint', '.']],
    ['no command', []],
    ['an unknown option', ['check', '--frobnicate']],
    ['a bad --severity', ['check', '.', '--severity', 'LM031=loud']],
    ['a missing path', ['check', 'no/such/folder']],
  ] as const) {
    test(`bad usage exits 2: ${what}`, T, async () => {
      const r = await cli([...args], { cwd: ws.dir });
      assert.equal(r.code, 2, `exit ${r.code}; stderr: ${r.stderr}`);
      assert.equal(r.stdout, '', 'nothing on stdout');
      assert.ok(r.stderr.length > 0, 'explains on stderr');
    });
  }

  test('--help exits 0 with the usage', T, async () => {
    const r = await cli(['--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Usage: lm-descriptors <command>/);
    assert.match(r.stdout, /check \[paths\.\.\.\]/);
    const c = await cli(['check', '--help']);
    assert.equal(c.code, 0);
    assert.match(c.stdout, /Usage: lm-descriptors check/);
  });
});

describe('cli: the shared LM corpus', () => {
  const DRIVERS = ['IBM__kubernetes-driver', 'IBM__openstack-vim-driver', 'IBM__ansible-lifecycle-driver'];
  // The corpus holds descriptors only, no Lifecycle/ folders, manifests or templates (its SOURCES.md):
  // the rules about the presence of those files are switched off.
  const FILE_PRESENCE_OFF = ['--severity', 'LM103=off', '--severity', 'LM104=off', '--severity', 'LM105=off'];

  test(
    'checks the whole corpus without crashing; the IBM driver packages have no errors',
    { timeout: 30000, skip: existsSync(CORPUS) ? false : `corpus not found at ${CORPUS}` },
    async () => {
      const r = await cli(['check', path.relative(REPO_ROOT, CORPUS), '--format', 'json', ...FILE_PRESENCE_OFF], {
        timeoutMs: 25000,
      });
      assert.equal(r.signal, null);
      assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}; stderr: ${r.stderr}`);
      const rows = parseRows(r);
      assert.deepEqual(
        rows.filter((x) => x.code === 'LM999'),
        [],
        'no internal errors',
      );
      for (const d of DRIVERS) {
        const mine = rows.filter((x) => x.file.split(path.sep).includes(d));
        assert.deepEqual(
          mine.filter((x) => x.severity === 'error'),
          [],
          `${d}: ${JSON.stringify(mine, null, 1)}`,
        );
      }
      // The driver packages really contain descriptors that were checked (not an empty pass).
      for (const d of DRIVERS) {
        const t = await cli(['check', path.join(CORPUS, d), ...FILE_PRESENCE_OFF], { timeoutMs: 20000 });
        assert.equal(t.code, 0, `${d}: ${t.stdout}${t.stderr}`);
        const m = /(\d+) files? checked: 0 errors/.exec(t.stderr);
        assert.ok(m && Number(m[1]) > 0, `${d}: ${t.stderr}`);
      }
    },
  );
});
