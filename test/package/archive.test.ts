/**
 * `lm-descriptors check folder/` and `check pkg.csar` give the same findings (paths inside the
 * archive printed `pkg.csar!/…`), every output format carries them, and archives that could hurt
 * the reader are refused with a clear message.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { runCheck } from '../../server/src/cli/check.js';
import type { CheckOptions } from '../../server/src/cli/args.js';
import { formatSarif } from '../../server/src/cli/formats/sarif.js';
import { formatGithub } from '../../server/src/cli/formats/github.js';
import { formatJson } from '../../server/src/cli/formats/json.js';
import { goodPackage, writePackage, zipOf } from './build.js';

const options = (paths: string[]): CheckOptions => ({
  paths,
  format: 'text',
  overrides: {},
  quiet: false,
  maxWarnings: undefined,
  allowEmpty: false,
  toscaGenericTypes: false,
  toscaDialect: 'standard',
  maxFileBytes: undefined,
});

async function rowsOf(cwd: string, arg: string): Promise<string[]> {
  const out = await runCheck(options([arg]), cwd);
  assert.ok(out.ok, out.ok ? '' : out.message);
  return out.result.rows.map((r) => `${r.file}:${r.line}:${r.column} ${r.code}`);
}

/** The mistakes of the issue, one at a time. */
const MISTAKES: Record<string, (p: Record<string, string>) => void> = {
  'wrong hash': (p) => void (p['Scripts/install.sh'] += 'echo changed\n'),
  'listed but missing': (p) => void delete p['Scripts/install.sh'],
  'not listed': (p) => void (p['Scripts/extra.sh'] = 'echo\n'),
  'no entry definitions': (p) => {
    p['TOSCA-Metadata/TOSCA.meta'] = p['TOSCA-Metadata/TOSCA.meta']!.replace('vnfd.yaml', 'vnfd1.yaml');
  },
  'unknown algorithm': (p) => void (p['manifest.mf'] = p['manifest.mf']!.replace('SHA-256', 'SHA-255')),
  'no product name': (p) => void (p['manifest.mf'] = p['manifest.mf']!.replace(/ {2}vnf_product_name.*\n/, '')),
};

test('folder and archive give the same findings, one mistake at a time', { timeout: 60000 }, async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'lmd-csar-'));
  try {
    for (const [name, spoil] of [['correct', () => undefined] as const, ...Object.entries(MISTAKES)]) {
      const files = goodPackage();
      spoil(files);
      const dir = name.replace(/ /g, '-');
      writePackage(files, path.join(work, dir));
      writeFileSync(path.join(work, dir + '.csar'), zipOf(files, dir.length % 2 === 0));
      const folder = (await rowsOf(work, dir)).filter((r) => /TOSCA3\d\d/.test(r));
      const archive = (await rowsOf(work, dir + '.csar')).filter((r) => /TOSCA3\d\d/.test(r));
      assert.deepEqual(
        archive,
        folder.map((r) => r.replace(dir + '/', dir + '.csar!/')),
        name,
      );
      assert.equal(folder.length === 0, name === 'correct', `${name}: ${folder.join(', ')}`);
    }
    const wrong = await runCheck(options(['wrong-hash.csar']), work);
    assert.ok(wrong.ok);
    const report = { rows: wrong.result.rows, cwd: work };
    assert.match(formatJson(report), /"file": "wrong-hash\.csar!\/manifest\.mf"/);
    assert.match(formatGithub(report), /file=wrong-hash\.csar!\/manifest\.mf,line=25,/);
    assert.match(formatSarif(report), /"ruleId": "TOSCA315"/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('archives that could hurt the reader are refused with a clear message', async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'lmd-csar-'));
  try {
    writeFileSync(path.join(work, 'climb.csar'), zipOf({ '../evil.sh': 'x', 'a.yaml': 'a: 1\n' }));
    writeFileSync(path.join(work, 'bomb.zip'), zipOf({ 'zeros.img': new Uint8Array(64 * 1024 * 1024) }));
    writeFileSync(path.join(work, 'junk.csar'), 'not a zip at all');
    const refused = async (f: string) => {
      const r = await runCheck(options([f]), work);
      assert.ok(!r.ok, f);
      return r.message;
    };
    assert.match(await refused('climb.csar'), /climb\.csar is refused .*`\.\.\/evil\.sh` names a path outside/);
    assert.match(await refused('bomb.zip'), /expands \d+ times \(a zip bomb\?\)/);
    assert.match(await refused('junk.csar'), /not a zip archive/);
    // Cut or damaged archives: refused or read, never a crash.
    const good = zipOf(goodPackage());
    for (const cut of [good.length - 10, Math.floor(good.length / 2), 30]) {
      writeFileSync(path.join(work, 'cut.csar'), good.subarray(0, cut));
      const r = await runCheck(options(['cut.csar']), work);
      if (!r.ok) assert.match(r.message, /cut\.csar is refused as a package archive: /);
    }
    const damaged = new Uint8Array(good);
    for (let i = 0; i < damaged.length; i += 97) damaged[i] = 0xff;
    writeFileSync(path.join(work, 'damaged.csar'), damaged);
    const d = await runCheck(options(['damaged.csar']), work);
    if (!d.ok) assert.match(d.message, /damaged\.csar is refused as a package archive: /);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('a folder argument opens the package archives it holds, printed folder/pkg.csar!/…', async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'lmd-csar-'));
  try {
    const dist = path.join(work, 'dist');
    const spoilt = goodPackage();
    MISTAKES['wrong hash']!(spoilt);
    mkdirSync(dist);
    writeFileSync(path.join(dist, 'wrong-hash.csar'), zipOf(spoilt));
    writeFileSync(path.join(dist, 'good.zip'), zipOf(goodPackage(), false));
    // Not packages: a zip of something else is left alone; a CSAR that cannot be read is reported.
    writeFileSync(path.join(dist, 'notes.zip'), zipOf({ 'notes.yaml': 'tosca_definitions_version: 1\n' }));
    writeFileSync(path.join(dist, 'climb.csar'), zipOf({ '../evil.sh': 'x', 'a.yaml': 'a: 1\n' }));
    const direct = (await rowsOf(dist, 'wrong-hash.csar')).filter((r) => /TOSCA3\d\d/.test(r));
    const viaFolder = await rowsOf(work, 'dist');
    assert.ok(direct.length > 0);
    assert.deepEqual(
      viaFolder.filter((r) => r.startsWith('dist/wrong-hash.csar!/') && /TOSCA3\d\d/.test(r)),
      direct.map((r) => 'dist/' + r),
    );
    // The correct package has no package finding (its descriptors are read: the fixture's own TOSCA findings).
    assert.deepEqual(
      viaFolder.filter((r) => !r.startsWith('dist/wrong-hash.csar!/') && /TOSCA3\d\d/.test(r)),
      ['dist/climb.csar:1:1 TOSCA329'],
    );
    assert.ok(viaFolder.some((r) => r.startsWith('dist/good.zip!/Definitions/vnfd.yaml')));
    assert.ok(!viaFolder.some((r) => r.includes('notes.zip')));
    const out = await runCheck(options(['dist']), work);
    assert.ok(out.ok);
    assert.equal(out.result.packages, 2);
    const report = { rows: out.result.rows, cwd: work };
    assert.match(formatSarif(report), /"uri": "dist\/wrong-hash\.csar!\/manifest\.mf"/);
    assert.match(formatJson(report), /"file": "dist\/climb\.csar"[\s\S]*"code": "TOSCA329"/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('ZIP64 archives are read: the same findings as the plain archive', async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'lmd-csar-'));
  try {
    const files = goodPackage();
    MISTAKES['wrong hash']!(files);
    writeFileSync(path.join(work, 'plain.csar'), zipOf(files));
    writeFileSync(path.join(work, 'z64.csar'), zipOf(files, true, true));
    writeFileSync(path.join(work, 'z64-stored.csar'), zipOf(files, false, true));
    const plain = await rowsOf(work, 'plain.csar');
    assert.ok(plain.some((r) => r.endsWith('TOSCA315')));
    for (const name of ['z64.csar', 'z64-stored.csar']) {
      assert.deepEqual(
        await rowsOf(work, name),
        plain.map((r) => r.replace('plain.csar!', name + '!')),
        name,
      );
    }
    // Info-ZIP's `zip -fz` writes ZIP64 records for any archive (when the tool is installed).
    const folder = writePackage(files, path.join(work, 'pkg'));
    const zipped = spawnSync('zip', ['-q', '-r', '-fz', path.join(work, 'infozip.csar'), '.'], { cwd: folder });
    if (zipped.status === 0) {
      assert.deepEqual(
        (await rowsOf(work, 'infozip.csar')).filter((r) => /TOSCA3\d\d/.test(r)),
        plain.filter((r) => /TOSCA3\d\d/.test(r)).map((r) => r.replace('plain.csar!', 'infozip.csar!')),
      );
    }
    // The ZIP64 markers without the ZIP64 end record: refused, saying so.
    const broken = zipOf(files);
    new DataView(broken.buffer).setUint16(broken.length - 12, 0xffff, true);
    writeFileSync(path.join(work, 'broken64.csar'), broken);
    const out = await runCheck(options(['broken64.csar']), work);
    assert.ok(!out.ok && /ZIP64 end of central directory record is missing/.test(out.message));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
