/**
 * Tacker's own package tests, assembled as Tacker's tests assemble them (test/fixtures/packages/SOURCES.md): every
 * package Tacker's onboarding refuses is reported with the same cause (an error of that code), and the packages it
 * accepts have no error.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPackage } from '../../server/src/features/tosca/package/check.js';
import { folderPackage } from '../../server/src/host/packageFolder.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/packages/tacker/', import.meta.url));

/** Package -> Tacker's cause, as the code we report it with (undefined: Tacker accepts it). */
const EXPECTED: Record<string, string[] | undefined> = {
  sample_vnf_package_csar_in_meta_and_manifest: undefined,
  sample_vnf_package_csar_manifest: undefined,
  // "The file "manifest.mf1" in the CSAR … does not contain valid manifest."
  sample_vnf_package_csar_in_meta_and_manifest_false: ['TOSCA303', 'TOSCA304'],
  // "The filename "VNF1.mf" is an invalid name. The name must be the same as the main template file name."
  sample_vnf_package_csar_in_single_manifest_false_name: ['TOSCA307'],
  // "The hash "…" of artifact file "Scripts/install.sh" is an invalid value."
  sample_vnf_package_csar_in_meta_and_manifest_false_hash: ['TOSCA315'],
  // "One of the artifact information may not have the key("['Algorithm']")"
  sample_vnf_package_csar_in_meta_and_manifest_missing_key: ['TOSCA312', 'TOSCA314'],
  // "One of the artifact information may not have the key value("Algorithm")"
  sample_vnf_package_csar_in_meta_and_manifest_missing_value: ['TOSCA312'],
  // "The path("Scripts/install.s") of artifact Source is an invalid value."
  sample_vnf_package_csar_in_meta_and_manifest_false_source: ['TOSCA314'],
  // "The algorithm("sha-255") of artifact("Scripts/install.sh") is an invalid value."
  sample_vnf_package_csar_in_meta_and_manifest_false_algorithm: ['TOSCA313'],
};

for (const [name, causes] of Object.entries(EXPECTED)) {
  test(`${name}: ${causes ? `refused, reported as ${causes.join(' + ')}` : 'accepted, no error'}`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lmd-tacker-'));
    try {
      cpSync(path.join(FIXTURES, 'common'), dir, { recursive: true });
      cpSync(path.join(FIXTURES, name), dir, { recursive: true });
      if (name.includes('single') || name.endsWith('csar_manifest')) {
        rmSync(path.join(dir, 'Definitions'), { recursive: true });
        cpSync(path.join(FIXTURES, 'single', 'VNF.yaml'), path.join(dir, 'VNF.yaml'));
      }
      const errors = checkPackage(folderPackage(dir)).filter((f) => f.diagnostic.severity === 'error');
      assert.deepEqual(
        [...new Set(errors.map((f) => f.diagnostic.code))].sort(),
        causes ?? [],
        errors.map((f) => `${f.file}:${f.diagnostic.range.start.line + 1} ${f.diagnostic.message}`).join('\n'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
