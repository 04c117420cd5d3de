/**
 * The checker as a CI pipeline uses it: no silent passes (empty paths, files that are not YAML or
 * not UTF-8, unknown codes), the options CI needs (--quiet, --max-warnings, --version, check
 * --help, --allow-empty), sorted output, paths printed as given, and the summary on stderr.
 * Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/protocolClient.js';
import { ASSEMBLY, BALANCER, tempDir, tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';
import { runCli } from '../support/cli.js';
import { compareRows, type Row } from '../../server/src/cli/report.js';
import { escapeData, escapeProperty } from '../../server/src/cli/formats/github.js';

const T = { timeout: 30000 };
const VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const json = (s: string) => JSON.parse(s) as Row[];

describe('checker: no silent passes', () => {
  let root: string;
  before(() => {
    root = tempDir('cli-empty');
  });

  test('an empty folder is exit 2 with a clear message; --allow-empty makes it exit 0', T, async () => {
    mkdirSync(path.join(root, 'empty'));
    const r = await runCli(['check', 'empty'], { cwd: root });
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /No LM descriptor, lmproject file or TOSCA file in empty \(no YAML files at all\)/);
    assert.match(r.stderr, /--allow-empty/);
    const ok = await runCli(['check', 'empty', '--allow-empty'], { cwd: root });
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stderr, /Checked nothing\.\n0 files checked: 0 errors, 0 warnings, 0 notes\.\n$/);
  });

  test('a folder of other YAML (a playbook) and a file that is no descriptor are exit 2', T, async () => {
    const dir = path.join(root, 'ansible');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'site.yml'), '- hosts: all\n  tasks: []\n');
    writeFileSync(path.join(dir, 'tool.bin'), new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0, 1, 2]));
    const folder = await runCli(['check', 'ansible'], { cwd: root });
    assert.equal(folder.code, 2, folder.stderr);
    assert.match(folder.stderr, /in ansible \(1 other YAML file\(s\)\)/);
    for (const f of ['ansible/site.yml', 'ansible/tool.bin']) {
      const r = await runCli(['check', f], { cwd: root });
      assert.equal(r.code, 2, `${f}: ${r.stderr}`);
      assert.match(
        r.stderr,
        new RegExp(`${f.replace('.', '\\.')} is not an LM descriptor, lmproject file or TOSCA file`),
      );
    }
  });

  test('random bytes at Descriptor/assembly.yml: one LM000 "not YAML text" error, exit 1', T, async () => {
    const ws = tempWorkspace('cli-random');
    try {
      let x = 12345;
      const bytes = new Uint8Array(3000).map(() => (x = (x * 1103515245 + 12345) >>> 0) >>> 24);
      ws.write(ASSEMBLY, Buffer.from(bytes));
      const r = await runCli(['check', ws.dir, '--format', 'json']);
      assert.equal(r.code, 1, r.stderr);
      const mine = json(r.stdout).filter((x) => x.file.endsWith(ASSEMBLY));
      assert.deepEqual(
        mine.map((x) => `${x.severity} ${x.code} ${/not YAML text/.test(x.message)}`),
        ['error LM000 true'],
      );
    } finally {
      ws.cleanup();
    }
  });

  test('a descriptor saved as Latin-1 is an error at the first non-UTF-8 byte (LM000 / TOSCA000)', T, async () => {
    const ws = tempWorkspace('cli-latin1');
    try {
      const text = ws.read(BALANCER).replace(/^description: .*$/m, 'description: Équilibreur de charge');
      ws.write(BALANCER, Buffer.from(text, 'latin1'));
      ws.write(
        'tosca/service.yaml',
        Buffer.from('tosca_definitions_version: tosca_simple_yaml_1_3\n# café\n', 'latin1'),
      );
      const r = await runCli(['check', ws.dir, '--format', 'json']);
      assert.equal(r.code, 1, r.stderr);
      const rows = json(r.stdout).filter((x) => /not UTF-8/.test(x.message));
      const line = text.split('\n').findIndex((l) => l.startsWith('description: É')) + 1;
      assert.deepEqual(
        rows.map((x) => `${path.relative(ws.dir, x.file)}:${x.line}:${x.column} ${x.severity} ${x.code}`),
        [`${BALANCER}:${line}:14 error LM000`, 'tosca/service.yaml:2:6 error TOSCA000'],
      );
      assert.match(rows[0]!.message, /byte 0xC9/);
      const off = await runCli([
        'check',
        ws.dir,
        '--format',
        'json',
        '--severity',
        'LM000=off',
        '--severity',
        'TOSCA000=off',
      ]);
      assert.deepEqual(
        json(off.stdout).filter((x) => /not UTF-8/.test(x.message)),
        [],
      );
      // UTF-16 (with its byte order mark) is named as such.
      const u16 = 'Contains/u16/Definitions/lm/resource.yaml';
      ws.write(u16, Buffer.from('\ufeffname: resource::u16::1.0\n', 'utf16le'));
      const u = await runCli(['check', ws.file(u16), '--format', 'json']);
      assert.equal(u.code, 1, u.stderr);
      assert.ok(
        json(u.stdout).some((x) => x.code === 'LM000' && /UTF-16 byte order mark/.test(x.message)),
        u.stdout,
      );
    } finally {
      ws.cleanup();
    }
  });

  test('a file named inside a folder also named is checked once and counts for both', T, async () => {
    const r = await runCli(['check', 'examples/video-streamer', `examples/video-streamer/${ASSEMBLY}`]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /\n8 files checked: 0 errors/);
  });

  test('--severity with an unknown code is exit 2 and names the nearest codes', T, async () => {
    const r = await runCli(['check', 'examples/video-streamer', '--severity', 'LM43=off']);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /unknown code LM43\. Did you mean LM043\b/);
    const t = await runCli(['check', 'examples/video-streamer', '--severity=TOSCA64=off']);
    assert.equal(t.code, 2);
    assert.match(t.stderr, /Did you mean TOSCA064\b/);
    for (const known of ['LM999=off', 'TOSCA064=hint', 'lm043=warning']) {
      const k = await runCli(['check', 'examples/video-streamer', '--severity', known]);
      assert.equal(k.code, 0, `${known}: ${k.stderr}`);
    }
  });
});

describe('checker: options', () => {
  let ws: TempWorkspace;
  before(() => {
    ws = tempWorkspace('cli-options');
    // One error (LM031) in the assembly and one warning (LM032) in it, one warning in a resource.
    ws.write(
      ASSEMBLY,
      ws
        .read(ASSEMBLY)
        .replace('${deploymentLocation}', '${deploymentLocaton}')
        .replace('${balancer.publicIp}', '${balancer.publicIP}'),
    );
    ws.write(BALANCER, ws.read(BALANCER).replace(/^description:/m, 'descripion:'));
  });
  after(() => ws?.cleanup());

  test('--version and check --version print the package version; check --help the options', T, async () => {
    for (const args of [['--version'], ['check', '--version']]) {
      const r = await runCli(args);
      assert.deepEqual([r.code, r.stdout], [0, `${VERSION}\n`]);
    }
    const h = await runCli(['check', '--help']);
    assert.equal(h.code, 0);
    assert.match(h.stdout, /--format text\|json\|sarif\|github\|gitlab/);
    for (const o of ['--quiet', '--max-warnings N', '--allow-empty', '--severity CODE=LEVEL', '--version'])
      assert.ok(h.stdout.includes(o), o);
  });

  test('rows are sorted by file, then position; --quiet keeps errors only', T, async () => {
    const r = await runCli(['check', ws.dir, '--format', 'json']);
    assert.equal(r.code, 1, r.stderr);
    const rows = json(r.stdout);
    assert.ok(rows.some((x) => x.severity === 'warning') && rows.some((x) => x.severity === 'error'));
    assert.deepEqual(rows, [...rows].sort(compareRows));
    assert.ok(new Set(rows.map((x) => x.file)).size >= 2, 'findings in several files');
    const q = await runCli(['check', ws.dir, '--format', 'json', '--quiet']);
    assert.equal(q.code, 1);
    assert.deepEqual(
      json(q.stdout),
      rows.filter((x) => x.severity === 'error'),
    );
    const text = await runCli(['check', ws.dir, '--quiet']);
    assert.ok(
      text.stdout
        .split('\n')
        .filter(Boolean)
        .every((l) => / error /.test(l)),
      text.stdout,
    );
  });

  test('--max-warnings: exit 1 when the warnings exceed it, 0 otherwise', T, async () => {
    const base = ['check', ws.dir, '--severity', 'LM031=off'];
    const count = json((await runCli([...base, '--format', 'json'])).stdout).filter((x) => x.severity === 'warning');
    assert.ok(count.length >= 2);
    const over = await runCli([...base, '--max-warnings', String(count.length - 1)]);
    assert.equal(over.code, 1);
    assert.match(
      over.stderr,
      new RegExp(`Too many warnings: ${count.length}, more than --max-warnings ${count.length - 1}`),
    );
    const at = await runCli([...base, '--max-warnings', String(count.length), '--quiet']);
    assert.equal(at.code, 0, at.stderr);
    assert.equal(at.stdout, '');
    const bad = await runCli([...base, '--max-warnings', 'many']);
    assert.equal(bad.code, 2);
  });

  test(
    'paths are printed as given: relative stays relative, absolute stays absolute, links keep their name',
    T,
    async () => {
      const parent = path.dirname(ws.dir);
      const rel = json((await runCli(['check', 'ws', '--format', 'json'], { cwd: parent })).stdout);
      assert.ok(rel.length > 0 && rel.every((x) => x.file.startsWith(`ws${path.sep}`)), JSON.stringify(rel[0]));
      const sub = json(
        (await runCli(['check', './ws/Descriptor/../Contains', '--format', 'json'], { cwd: parent })).stdout,
      );
      assert.ok(sub.length > 0 && sub.every((x) => x.file.startsWith(path.join('ws', 'Contains') + path.sep)));
      const abs = json((await runCli(['check', ws.dir, '--format', 'json'], { cwd: REPO_ROOT })).stdout);
      assert.ok(
        abs.every((x) => x.file.startsWith(ws.dir + path.sep)),
        abs[0]?.file,
      );
      const link = path.join(parent, 'linked');
      symlinkSync(ws.dir, link);
      const viaLink = json((await runCli(['check', 'linked', '--format', 'json'], { cwd: parent })).stdout);
      assert.deepEqual(
        viaLink.map((x) => x.file),
        rel.map((x) => x.file.replace(/^ws/, 'linked')),
      );
    },
  );

  test('the summary on stderr says what was checked and what was skipped', T, async () => {
    const r = await runCli(['check', ws.dir]);
    assert.match(
      r.stderr,
      /^Checked 2 assembly descriptors, 4 resource descriptors, 1 lmproject file, 1 TOSCA file; skipped \d+ YAML files that are not descriptors\.\n8 files checked: 1 error, \d+ warnings, 0 notes\.\n$/,
    );
    const capped = await runCli(['check', ws.dir, '--max-file-size', '0.002', '--format', 'json']);
    const notice = json(capped.stdout).filter((x) => /larger than the size cap/.test(x.message));
    assert.ok(notice.length > 0 && notice.every((x) => x.code === 'LM000' && x.severity === 'information'));
    assert.match(capped.stderr, /\d+ files? over the size cap of 2 KB \(/);
  });

  test('--format github: one workflow command per finding, escaped', T, async () => {
    const r = await runCli(['check', 'ws', '--format', 'github'], { cwd: path.dirname(ws.dir) });
    assert.equal(r.code, 1);
    const lines = r.stdout.split('\n').filter(Boolean);
    assert.ok(lines.length > 0);
    for (const l of lines)
      assert.match(
        l,
        /^::(error|warning|notice) file=ws\/[^,:]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=LM\d{3}::\S/,
      );
    assert.ok(lines.some((l) => l.startsWith('::error ') && l.includes('title=LM031')));
    assert.equal(escapeData('50% done\r\nnext'), '50%25 done%0D%0Anext');
    assert.equal(escapeProperty('a:b,c%'), 'a%3Ab%2Cc%25');
  });

  test('--format gitlab: a code quality report with unique fingerprints', T, async () => {
    const r = await runCli(['check', 'ws', '--format', 'gitlab'], { cwd: path.dirname(ws.dir) });
    assert.equal(r.code, 1);
    const issues = JSON.parse(r.stdout) as {
      description: string;
      check_name: string;
      fingerprint: string;
      severity: string;
      location: { path: string; positions: { begin: { line: number } } };
    }[];
    assert.ok(issues.length > 0);
    assert.equal(new Set(issues.map((i) => i.fingerprint)).size, issues.length);
    for (const i of issues) {
      assert.match(i.check_name, /^LM\d{3}$/);
      assert.ok(['info', 'minor', 'major', 'critical', 'blocker'].includes(i.severity));
      assert.ok(i.location.path.startsWith('ws/') && i.location.positions.begin.line >= 1);
    }
    assert.ok(issues.some((i) => i.check_name === 'LM031' && i.severity === 'major'));
  });
});
