/**
 * The real LM corpus (../shared/corpus/lm): valid packages stay free of errors, and the lmctl
 * fixtures that are invalid on purpose produce the error their folder name promises.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTree, type FileResult } from '../support/checkTree.js';

const corpus = join(fileURLToPath(new URL('../../..', import.meta.url)), 'shared', 'corpus', 'lm');

/** Folder fragment -> error codes that must appear in at least one file under it. */
const EXPECTED_ERRORS: Record<string, string[]> = {
  'assemblies/invalid_mismatch_descriptor_name/': ['LM005'],
  'assemblies/invalid_mismatch_descriptor_template_name/': ['LM005'],
  'subprojects/assemblies/contains_invalid_mismatch_descriptor_name/': ['LM005'],
  'subprojects/resources/ansiblerm/contains_invalid_mismatch_descriptor_name/': ['LM005'],
  'subprojects/resources/brent/contains_invalid_mismatch_descriptor_name/': ['LM005'],
  'resources/ansiblerm/invalid_mismatch_descriptor_name/': ['LM005'],
  'resources/brent/invalid_mismatch_lm_descriptor_name/': ['LM005'],
  'resources/brent2dot1/invalid_mismatch_lm_descriptor_name/': ['LM005'],
  'assemblies/with_unresolvable_references/': ['LM042'],
  // These lmctl fixtures resolve some references and deliberately leave `subZ` unresolved.
  'assemblies/with_descriptor_references/': ['LM042'],
  'assemblies/with_behaviour_references/': ['LM042'],
};

/** Trees that are real, valid packages: no errors allowed. */
const VALID = ['IBM__kubernetes-driver/', 'IBM__openstack-vim-driver/', 'IBM__ansible-lifecycle-driver/', 'IBM__osslm-ansible-resource-manager/', 'IBM__osslm-docker-adaptor/', 'IBM__osslm-ucd-adaptor/'];

test('LM corpus: valid packages clean, invalid lmctl fixtures caught', async (t) => {
  if (!existsSync(corpus)) {
    t.skip(`corpus not found at ${corpus}`);
    return;
  }
  const results = await checkTree(corpus);
  assert.ok(results.length > 150, `only ${results.length} files checked`);
  const rel = (r: FileResult) => r.path.slice(corpus.length + 1);
  const errorsOf = (r: FileResult) => r.diagnostics.filter((d) => d.severity === 'error');

  // No crash and no internal-error diagnostics anywhere.
  const internal = results.filter((r) => r.diagnostics.some((d) => d.code === 'LM999')).map(rel);
  assert.deepEqual(internal, []);

  const validFiles = results.filter((r) => VALID.some((v) => rel(r).startsWith(v)));
  const dirty = validFiles.filter((r) => errorsOf(r).length).map((r) => `${rel(r)}: ${errorsOf(r).map((d) => `${d.code} ${d.message}`).join('; ')}`);
  assert.deepEqual(dirty, []);

  let caught = 0;
  for (const [frag, codes] of Object.entries(EXPECTED_ERRORS)) {
    const under = results.filter((r) => rel(r).includes(frag));
    assert.ok(under.length > 0, `no files under ${frag}`);
    const got = new Set(under.flatMap((r) => errorsOf(r).map((d) => d.code)));
    for (const c of codes) assert.ok(got.has(c), `${frag}: expected ${c}, got ${[...got].join(', ') || 'nothing'}`);
    caught++;
  }

  // Everything else in the lmctl fixtures that reports an error must be in the table above.
  const unexpected = results
    .filter((r) => errorsOf(r).length && !Object.keys(EXPECTED_ERRORS).some((f) => rel(r).includes(f)))
    .map((r) => `${rel(r)}: ${errorsOf(r).map((d) => d.code).join(', ')}`);
  assert.deepEqual(unexpected, []);
  t.diagnostic(`${validFiles.length} files in valid packages: all clean; ${caught}/${Object.keys(EXPECTED_ERRORS).length} invalid fixtures caught; ${results.length} files checked`);
});
