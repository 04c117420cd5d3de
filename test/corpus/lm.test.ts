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
import type { Diagnostic } from '../../server/src/features/types.js';

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
  // Project layout: the descriptor lmctl looks for is missing.
  'assemblies/invalid_no_descriptor/': ['LM103'],
  'resources/ansiblerm/invalid_no_descriptor/': ['LM103'],
  'resources/brent/invalid_no_definitions/': ['LM103'],
  'resources/brent/invalid_no_lm_definitions/': ['LM103'],
  'resources/brent/invalid_no_lm_descriptor/': ['LM103'],
  'resources/brent2dot1/invalid_no_definitions/': ['LM103'],
  'resources/brent2dot1/invalid_no_lm_definitions/': ['LM103'],
  'resources/brent2dot1/invalid_no_lm_descriptor/': ['LM103'],
  // Same for subprojects; the corpus has no folder at all for them (nothing but the descriptor was
  // copied), so the finding is the missing subproject folder.
  'subprojects/assemblies/contains_invalid_no_descriptor/': ['LM100'],
  'subprojects/resources/ansiblerm/contains_invalid_no_descriptor/': ['LM100'],
  'subprojects/resources/brent/contains_invalid_no_definitions/': ['LM100'],
  'subprojects/resources/brent/contains_invalid_no_lm_definitions/': ['LM100'],
  'subprojects/resources/brent/contains_invalid_no_lm_descriptor/': ['LM100'],
  // Brent 2.1 infrastructure templates in a Brent 2.2+ (`lm`) project that already uses selectors.
  'resources/brent/with_infrastructure_templates/': ['LM083'],
};

/**
 * Invalid fixtures caught at warning level: 2.1-style content in a project that says Brent 2.2+ is a
 * warning when the whole descriptor is 2.1-style, because IBM's own kubernetes-driver example
 * resources (valid packages below) are written that way with `resource-manager: lm`.
 */
const EXPECTED_WARNINGS: Record<string, string[]> = {
  'resources/brent/with_missing_driver_selector/': ['LM082', 'LM090'],
  'resources/brent/prealpha-style/': ['LM080'],
};

/**
 * lmctl's own subproject fixtures chain names past the 50 characters the CP4NA "Assembly descriptors" page allows
 * (`sub_with_behaviour_multi_tests-contains_with_behaviour_multi_tests`): an LM106 error in their project files
 * (lmctl's tests never push them to an orchestrator). Only that finding is accepted there.
 */
const CHAINED_TOO_LONG = 'templates/assemblies/subprojects/';
const tooLong = (d: Diagnostic) => d.code === 'LM106' && /characters long/.test(d.message);

/** Brent 2.1 projects: their 2.1-style content is valid, so the Brent 2.2 layout rules stay silent there. */
const BRENT21 = ['resources/brent2dot1/', 'subprojects/resources/brent2dot1/'];

/**
 * The corpus holds descriptors and project files only (SOURCES.md): `Lifecycle/` folders, manifests
 * and templates were not copied, so the rules about their presence cannot be judged here.
 */
const FILE_PRESENCE_OFF = {
  severityOverrides: { LM104: 'off', LM105: 'off' } as const,
  drop: (d: Diagnostic) => d.code === 'LM103' && d.data?.missingPart !== undefined,
};

/** Trees that are real, valid packages: no errors allowed. */
const VALID = [
  'IBM__kubernetes-driver/',
  'IBM__openstack-vim-driver/',
  'IBM__ansible-lifecycle-driver/',
  'IBM__osslm-ansible-resource-manager/',
  'IBM__osslm-docker-adaptor/',
  'IBM__osslm-ucd-adaptor/',
];

test('LM corpus: valid packages clean, invalid lmctl fixtures caught', async (t) => {
  if (!existsSync(corpus)) {
    t.skip(`corpus not found at ${corpus}`);
    return;
  }
  const results = await checkTree(corpus, FILE_PRESENCE_OFF);
  assert.ok(results.length > 150, `only ${results.length} files checked`);
  const rel = (r: FileResult) => r.path.slice(corpus.length + 1);
  const errorsOf = (r: FileResult) => r.diagnostics.filter((d) => d.severity === 'error');

  // No crash and no internal-error diagnostics anywhere.
  const internal = results.filter((r) => r.diagnostics.some((d) => d.code === 'LM999')).map(rel);
  assert.deepEqual(internal, []);

  const validFiles = results.filter((r) => VALID.some((v) => rel(r).startsWith(v)));
  const dirty = validFiles
    .filter((r) => errorsOf(r).length)
    .map(
      (r) =>
        `${rel(r)}: ${errorsOf(r)
          .map((d) => `${d.code} ${d.message}`)
          .join('; ')}`,
    );
  assert.deepEqual(dirty, []);

  let caught = 0;
  for (const [frag, codes] of Object.entries(EXPECTED_ERRORS)) {
    const under = results.filter((r) => rel(r).includes(frag));
    assert.ok(under.length > 0, `no files under ${frag}`);
    const got = new Set(under.flatMap((r) => errorsOf(r).map((d) => d.code)));
    for (const c of codes) assert.ok(got.has(c), `${frag}: expected ${c}, got ${[...got].join(', ') || 'nothing'}`);
    caught++;
  }
  for (const [frag, codes] of Object.entries(EXPECTED_WARNINGS)) {
    const under = results.filter((r) => rel(r).includes(frag));
    assert.ok(under.length > 0, `no files under ${frag}`);
    const got = new Set(
      under.flatMap((r) =>
        r.diagnostics.filter((d) => d.severity === 'warning' || d.severity === 'error').map((d) => d.code),
      ),
    );
    for (const c of codes) assert.ok(got.has(c), `${frag}: expected ${c}, got ${[...got].join(', ') || 'nothing'}`);
    caught++;
  }
  const brent21Flagged = results
    .filter(
      (r) =>
        BRENT21.some((f) => rel(r).includes(f)) &&
        r.diagnostics.some((d) => ['LM082', 'LM083', 'LM090'].includes(d.code)),
    )
    .map(rel);
  assert.deepEqual(brent21Flagged, [], 'Brent 2.1 projects must accept the 2.1 layout');

  // Everything else in the lmctl fixtures that reports an error must be in the table above.
  const chained = results.filter((r) => rel(r).includes(CHAINED_TOO_LONG) && r.diagnostics.some(tooLong));
  assert.ok(chained.length >= 9, `LM106 in only ${chained.length} lmctl subproject fixtures`);
  const unexpected = results
    .filter(
      (r) =>
        errorsOf(r).some((d) => !(rel(r).includes(CHAINED_TOO_LONG) && tooLong(d))) &&
        !Object.keys(EXPECTED_ERRORS).some((f) => rel(r).includes(f)),
    )
    .map(
      (r) =>
        `${rel(r)}: ${errorsOf(r)
          .map((d) => d.code)
          .join(', ')}`,
    );
  assert.deepEqual(unexpected, []);
  const fixtures = Object.keys(EXPECTED_ERRORS).length + Object.keys(EXPECTED_WARNINGS).length;
  t.diagnostic(
    `${validFiles.length - dirty.length}/${validFiles.length} files in valid packages clean (no errors); ` +
      (`${caught}/${fixtures} invalid fixtures caught (${Object.keys(EXPECTED_ERRORS).length} as errors, ` +
        `${Object.keys(EXPECTED_WARNINGS).length} as warnings); ${results.length} files checked`),
  );
});
