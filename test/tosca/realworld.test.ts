/**
 * The checker over real-world TOSCA (test/fixtures/realworld, see SOURCES.md there): exactly the
 * errors judged true in docs/tosca-accuracy.md ("Real-world repositories"), nothing else; and the
 * specific readings the fixtures were chosen for.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import type { Diagnostic } from '../../server/src/features/types.js';
import { yamlFiles } from '../support/yamlFiles.js';

const ROOT = fileURLToPath(new URL('../fixtures/realworld', import.meta.url));

/** File (relative to ROOT) -> the errors judged true, as `CODE@line`. Every other file has none. */
const TRUE_ERRORS: Record<string, string[]> = {
  // SOL001 v2.6.1's PlacementGroup requires `description`; the groups do not set it.
  'tacker/practical_vnf_package/Definitions/df_ha.yaml': ['TOSCA060@223'],
  'tacker/practical_vnf_package/Definitions/df_scalable.yaml': [
    'TOSCA060@296',
    // `external_virtual_link` is a requirement of VnfExtCp, not of the VduCp templates mapped.
    'TOSCA066@38',
    'TOSCA066@39',
    'TOSCA066@40',
  ],
  // `properties:` written twice under each `virtual_compute` capability.
  'heat-translator/etsi_nfv/tosca_nfv_vdu_affinity_with_unsupported_scope.yaml': [
    'TOSCA005@99',
    'TOSCA005@131',
    'TOSCA005@163',
    'TOSCA005@195',
  ],
  // `description` and `imports` written twice (YAML 1.2 forbids it; Alien4Cloud's YAML reader does not check).
  'alien4cloud/samples/org/alien4cloud/mock/topologies/1TinyMock/types.yml': ['TOSCA005@15', 'TOSCA005@18'],
};

async function checkAll(): Promise<Map<string, Diagnostic[]>> {
  const session = new Session();
  session.index.addRoot(ROOT);
  await session.index.build();
  const out = new Map<string, Diagnostic[]>();
  for (const p of yamlFiles(ROOT)) {
    const doc = session.analyse(p, readFileSync(p, 'utf8'));
    out.set(p.slice(ROOT.length + 1), doc.kind === 'tosca' ? computeDiagnostics(session.context(doc)) : []);
  }
  return out;
}

test('real-world fixtures: exactly the errors judged true, and the readings they were chosen for', async () => {
  const all = await checkAll();
  assert.ok(all.size >= 18, `only ${all.size} files`);
  const problems: string[] = [];
  for (const [rel, diags] of all) {
    const got = diags
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.code}@${d.range.start.line + 1}`)
      .sort();
    const want = [...(TRUE_ERRORS[rel] ?? [])].sort();
    if (JSON.stringify(got) !== JSON.stringify(want))
      problems.push(
        `${rel}: errors ${JSON.stringify(got)}, judged true ${JSON.stringify(want)}\n  ` +
          diags
            .filter((d) => d.severity === 'error')
            .map((d) => `${d.range.start.line + 1} ${d.code} ${d.message}`)
            .join('\n  '),
      );
  }
  assert.deepEqual(problems, []);

  // ETSI SOL001's vnfd types: the wrapped valid_values list is one warning, read as PyYAML reads it.
  for (const rel of [
    'tacker/practical_vnf_package/Definitions/etsi_nfv_sol001_vnfd_types.yaml',
    'heat-translator/etsi_nfv/etsi_nfv_sol001_vnfd_types.yaml',
  ]) {
    const syntax = all.get(rel)!.filter((d) => d.code === 'TOSCA000');
    assert.equal(syntax.length, 1, `${rel}: ${JSON.stringify(syntax)}`);
    assert.equal(syntax[0]!.severity, 'warning');
    assert.match(syntax[0]!.message, /PyYAML/);
    assert.deepEqual(
      syntax[0]!.data?.fixes?.map((f) => f.fix),
      ['reindent'],
    );
  }
  // Alien4Cloud's archives import each other and its normative types by `template_name:template_version`.
  const archives = [
    'alien4cloud/samples/org/alien4cloud/mock/topologies/1TinyMock/types.yml',
    'alien4cloud/samples/demo-input-artifact/demo-input-artifact.yml',
    'alien4cloud/csar-public-library/org/alien4cloud/consul/pub/types.yml',
  ];
  for (const rel of archives)
    assert.deepEqual(
      all.get(rel)!.filter((d) => d.code === 'TOSCA021'),
      [],
      rel,
    );
  const sandbox = all.get('alien4cloud/samples/artemis/sandbox/types.yml')!;
  assert.deepEqual(
    sandbox.filter((d) => d.code === 'TOSCA021').map((d) => d.message.split(' ')[1]),
    ['`docker-types:3.0.0`', '`artemis.hadoop.pub:2.1.0-SNAPSHOT`'],
  );
  // Cloudify's blueprints: no finding at all, though `blueprint.yaml` has every name checked (its imports add none).
  for (const f of ['blueprint', 'openstack', 'aws', 'install-script'])
    assert.deepEqual(all.get(`cloudify/hello-world/${f}.yaml`), [], f);
  // ARIA's version-less type fragments are TOSCA, read in their importer's version (a warning says so).
  const fragment = all.get('ariatosca/multi-tier-1/custom_types/elasticsearch.yaml')!;
  assert.ok(
    fragment.some((d) => d.code === 'TOSCA001' && d.severity === 'warning' && /tosca_simple_yaml_1_0/.test(d.message)),
    JSON.stringify(fragment),
  );
});
