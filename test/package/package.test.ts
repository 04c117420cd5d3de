/** ETSI GS NFV-SOL 004 package checks (TOSCA300–TOSCA339) on packages written to a temp folder. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { checkPackage } from '../../server/src/features/tosca/package/check.js';
import { folderPackage } from '../../server/src/host/packageFolder.js';
import { goodPackage, sha256, writePackage } from './build.js';

function findings(files: Record<string, string>): string[] {
  const root = writePackage(files);
  try {
    return checkPackage(folderPackage(root)).map(
      (f) => `${f.file}:${f.diagnostic.range.start.line + 1} ${f.diagnostic.severity} ${f.diagnostic.code}`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function messages(files: Record<string, string>): string[] {
  const root = writePackage(files);
  try {
    return checkPackage(folderPackage(root)).map((f) => f.diagnostic.message);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test('a correct package has no findings', () => {
  assert.deepEqual(findings(goodPackage()), []);
});

test('a wrong hash: an error on the Hash value, the real hash in the message and the fix', () => {
  const p = goodPackage();
  p['Scripts/install.sh'] += 'echo changed\n';
  const root = writePackage(p);
  try {
    const f = checkPackage(folderPackage(root));
    assert.deepEqual(
      f.map((x) => `${x.file}:${x.diagnostic.range.start.line + 1} ${x.diagnostic.code}`),
      ['manifest.mf:25 TOSCA315'],
    );
    const hash = sha256(p['Scripts/install.sh']!);
    assert.match(f[0]!.diagnostic.message, new RegExp(hash));
    assert.match(f[0]!.diagnostic.message, /ETSI GS NFV-SOL 004 §5/);
    assert.deepEqual(f[0]!.diagnostic.data?.fixes, [{ fix: 'package-hash', hash }]);
    assert.equal(f[0]!.diagnostic.severity, 'error');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a wrong hash of an image is a warning: Tacker does not hash images', () => {
  const p = goodPackage();
  p['Files/images/disk.qcow2'] = 'another image\n';
  assert.deepEqual(findings(p), ['manifest.mf:21 warning TOSCA315']);
});

test('a file listed but missing', () => {
  const p = goodPackage();
  delete p['Scripts/install.sh'];
  assert.deepEqual(findings(p), ['manifest.mf:23 error TOSCA314']);
});

test('a file not listed is named', () => {
  const p = goodPackage();
  p['Scripts/extra.sh'] = 'echo extra\n';
  assert.deepEqual(findings(p), ['manifest.mf:1 warning TOSCA316']);
  assert.match(messages(p)[0]!, /`Scripts\/extra\.sh` is in the package but not in the manifest/);
});

test('Entry-Definitions naming no file', () => {
  const p = goodPackage();
  p['TOSCA-Metadata/TOSCA.meta'] = p['TOSCA-Metadata/TOSCA.meta']!.replace('vnfd.yaml', 'vnfd1.yaml');
  assert.deepEqual(findings(p), ['TOSCA-Metadata/TOSCA.meta:4 error TOSCA302']);
});

test('an unknown hash algorithm', () => {
  const p = goodPackage();
  p['manifest.mf'] = p['manifest.mf']!.replace(/(Source: Scripts\/install.sh\nAlgorithm:) SHA-256/, '$1 MD5');
  assert.deepEqual(findings(p), ['manifest.mf:24 error TOSCA313']);
});

test('metadata without vnf_product_name; metadata that disagrees with the VNFD', () => {
  const p = goodPackage();
  p['manifest.mf'] = p['manifest.mf']!.replace('  vnf_product_name: Sample VNF\n', '');
  assert.deepEqual(findings(p), ['manifest.mf:1 warning TOSCA310']);
  assert.match(messages(p)[0]!, /lacks `vnf_product_name`/);
  const q = goodPackage();
  q['manifest.mf'] = q['manifest.mf']!.replace('vnf_provider_id: Company', 'vnf_provider_id: Other');
  assert.deepEqual(findings(q), ['manifest.mf:2 warning TOSCA311']);
});

test('what SOL004 requires and Tacker onboards without: warnings naming both', () => {
  const p = goodPackage();
  p['TOSCA-Metadata/TOSCA.meta'] = p['TOSCA-Metadata/TOSCA.meta']!.replace(/ETSI-Entry-Change-Log.*\n/, '');
  assert.deepEqual(findings(p), ['TOSCA-Metadata/TOSCA.meta:1 warning TOSCA306']);
  assert.match(messages(p)[0]!, /Tacker onboards/);
  const q = goodPackage();
  q['TOSCA-Metadata/TOSCA.meta'] = q['TOSCA-Metadata/TOSCA.meta']!.replace(/ETSI-Entry-Manifest.*\n/, '');
  assert.deepEqual(findings(q), ['TOSCA-Metadata/TOSCA.meta:1 warning TOSCA305']);
});

test('a manifest that is not .mf; a key with no value; non-MANO sets; a cut signature', () => {
  const p = goodPackage();
  p['manifest.txt'] = p['manifest.mf']!;
  delete p['manifest.mf'];
  p['TOSCA-Metadata/TOSCA.meta'] = p['TOSCA-Metadata/TOSCA.meta']!.replace('manifest.mf', 'manifest.txt');
  assert.deepEqual(findings(p), ['TOSCA-Metadata/TOSCA.meta:5 error TOSCA304']);
  const q = goodPackage();
  q['manifest.mf'] = q['manifest.mf']!.replace(/(Source: ChangeLog.txt\nAlgorithm:) SHA-256/, '$1');
  assert.deepEqual(findings(q), ['manifest.mf:8 error TOSCA312']);
  const r = goodPackage();
  r['manifest.mf'] +=
    '\nnon_mano_artifact_sets:\n  tests:\n    Source: Scripts/install.sh\n  docs:\n    Source: Docs/missing.txt\n' +
    '\n-----BEGIN CMS-----\nMIIB\n';
  assert.deepEqual(findings(r), ['manifest.mf:31 warning TOSCA318', 'manifest.mf:33 error TOSCA319']);
});

test('option 2: a single root YAML with a manifest of the same base name', () => {
  const vnfd = 'tosca_definitions_version: tosca_simple_yaml_1_3\n';
  const mf = (name: string) =>
    'metadata:\n  vnf_provider_id: C\n  vnf_product_name: P\n  vnf_release_date_time: 2024-01-31T10:00:00Z\n' +
    `  vnf_package_version: 1\n\nSource: ${name}\nAlgorithm: SHA-256\nHash: ${sha256(vnfd)}\n`;
  assert.deepEqual(findings({ 'vnfd.yaml': vnfd, 'vnfd.mf': mf('vnfd.yaml') }), []);
  assert.deepEqual(findings({ 'vnfd.yaml': vnfd, 'other.mf': mf('vnfd.yaml') }), ['other.mf:1 error TOSCA307']);
});

test("TOSCA.meta's own file blocks: checked when they give a hash, left alone otherwise (TOSCA CSAR)", () => {
  const p = goodPackage();
  p['TOSCA-Metadata/TOSCA.meta'] += '\nName: Files/images/disk.qcow2\nContent-Type: application/x-iso9660-image\n';
  assert.deepEqual(findings(p), []);
  p['TOSCA-Metadata/TOSCA.meta'] +=
    '\nName: Scripts/install.sh\nContent-Type: test-data\nAlgorithm: SHA-256\nHash: 00\n';
  assert.deepEqual(findings(p), ['TOSCA-Metadata/TOSCA.meta:14 error TOSCA315']);
});

test('bad input never throws: random TOSCA.meta and manifest text, odd paths, binary', () => {
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const pieces = [
    'Source: ',
    'Algorithm: SHA-256',
    'Hash: ',
    'metadata:',
    '  vnf_product_name: x',
    'non_mano_artifact_sets:',
    '  set:',
    '    Source: ../../etc/passwd',
    '-----BEGIN CMS-----',
    '-----END CMS-----',
    'Name: /abs',
    ':',
    '\t',
    'Entry-Definitions: ',
    'ETSI-Entry-Manifest: m.mf',
    '\u0000\uFFFD',
    'Signature: x.sig',
    '',
    '',
    'https://x/y',
  ];
  for (let i = 0; i < 300; i++) {
    const text = () =>
      Array.from({ length: rnd(30) }, () => pieces[rnd(pieces.length)]! + (rnd(3) ? '' : 'a')).join(
        rnd(2) ? '\n' : '\r\n',
      );
    const files: Record<string, string> = { 'TOSCA-Metadata/TOSCA.meta': text(), 'm.mf': text(), 'a.yaml': text() };
    const pkg = {
      files: Object.keys(files).sort(),
      readText: (r: string) => files[r],
      hashOf: (r: string) => (files[r] === undefined ? undefined : rnd(2) ? 'pending' : sha256(files[r])),
    } as const;
    assert.doesNotThrow(() => checkPackage(pkg));
  }
});
