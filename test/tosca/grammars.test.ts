/** One object per TOSCA version (model/tosca/grammars.ts): keyname ranges, catalogs, profiles. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GRAMMARS, grammarById, grammarOf } from '../../server/src/model/tosca/grammars.js';
import { KNOWN_VERSIONS, versionInfo } from '../../server/src/model/tosca/versions.js';

test('grammars: one per version, oldest first; 2.0 has no catalog, its own keynames and built-in types', () => {
  assert.deepEqual(
    GRAMMARS.map((g) => g.name),
    ['1.0', '1.1', '1.2', '1.3', '2.0'],
  );
  const v2 = grammarById('2_0');
  assert.equal(v2.catalog, undefined);
  assert.equal(v2.fullChecks, true);
  assert.equal(v2.topologyKey, 'service_template');
  assert.ok(v2.constructs['service_template']!.keys['service_template']);
  assert.ok(!v2.constructs['service_template']!.keys['topology_template']);
  assert.ok(v2.constructs['requirement_definition']!.keys['count_range']);
  assert.ok(v2.builtinType('bytes') && v2.builtinType('nil') && !v2.builtinType('tosca.datatypes.Root'));
  assert.ok(!grammarById('1_3').builtinType('bytes'));
  assert.ok(GRAMMARS.slice(0, 4).every((g) => g.fullChecks && g.catalog === `tosca_simple_yaml_${g.id}`));
});

test('grammars: every accepted version value maps to one, with the catalog versionInfo names', () => {
  for (const text of KNOWN_VERSIONS) {
    const info = versionInfo(text);
    const g = grammarOf(info);
    assert.equal(g.catalog, info?.catalog, text);
    assert.equal(g.fullChecks, info?.fullChecks, text);
  }
  assert.equal(grammarOf(versionInfo('tosca_simple_profile_for_nfv_1_0_0')).id, '1_0');
  assert.equal(grammarOf(versionInfo('tosca_simple_profile_for_mec_1_0_0')).id, '1_0');
  assert.equal(grammarOf(versionInfo('http://docs.oasis-open.org/tosca/ns/simple/yaml/1.2')).id, '1_2');
  // Unknown or missing: read as 1.3, as the catalog choice does.
  assert.equal(grammarOf(undefined).id, '1_3');
});

test('grammars: since / until marks of keynames', () => {
  const has = (id: '1_0' | '1_1' | '1_2' | '1_3' | '2_0', mark: { since?: '1_3' | '1_1'; until?: '1_0' | '1_2' }) =>
    grammarById(id).has(mark);
  assert.equal(has('1_2', { since: '1_3' }), false);
  assert.equal(has('1_3', { since: '1_3' }), true);
  assert.equal(has('1_0', { since: '1_1' }), false);
  assert.equal(has('1_1', { since: '1_1' }), true);
  assert.equal(has('1_0', { until: '1_0' }), true);
  assert.equal(has('1_1', { until: '1_0' }), false);
  assert.equal(has('1_2', { until: '1_2' }), true);
  assert.equal(has('1_3', {}), true);
  // 2.0 reads 1.x keynames as 1.3 until it has a grammar of its own.
  assert.equal(has('2_0', { since: '1_3' }), true);
  assert.equal(has('2_0', { until: '1_2' }), false);
  assert.deepEqual(
    GRAMMARS.map((g) => g.minor),
    [0, 1, 2, 3, 3],
  );
});
