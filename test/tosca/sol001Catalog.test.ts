/**
 * Built-in ETSI GS NFV-SOL 001 type files (2.5.1 .. 4.4.1): an import by ETSI forge URL is never
 * fetched, but resolves to the built-in file, so the descriptor is checked in full, with hover and
 * completion; a SOL001 type file a package names but does not ship is taken from the catalog too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SOL001_VERSIONS,
  builtinFile,
  builtinForMissingFile,
  builtinForUrl,
  builtinText,
} from '../../server/src/model/tosca/sol001/builtin.js';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { definition } from '../../server/src/features/definition.js';
import { LineIndex } from '../../server/src/syntax/positions.js';
import { checkCompletion, checkHover, setup } from '../support/features.js';
import { checkTosca } from './support.js';

const FORGE = 'https://forge.etsi.org/rep/nfv/SOL001/raw';

test('sol001: every version 2.5.1 .. 4.4.1 is built in, each file valid YAML with its types', () => {
  assert.deepEqual(SOL001_VERSIONS, [
    '2.5.1',
    '2.6.1',
    '2.7.1',
    '2.8.1',
    '3.3.1',
    '3.5.1',
    '3.6.1',
    '3.7.1',
    '4.2.1',
    '4.3.1',
    '4.4.1',
  ]);
  for (const v of SOL001_VERSIONS) {
    for (const kind of ['common', 'vnfd', 'nsd', 'pnfd']) {
      const p = builtinForUrl(`${FORGE}/v${v}/etsi_nfv_sol001_${kind}_types.yaml`);
      // 2.5.1 has no common types file (its VNFD file holds them).
      if (v === '2.5.1' && kind === 'common') {
        assert.equal(p, undefined);
        continue;
      }
      assert.ok(p, `${v} ${kind}`);
      const f = builtinFile(p)!;
      assert.deepEqual(parseYaml(f.text).problems, [], `${v} ${kind}`);
      assert.equal(f.summary.version?.text, v.startsWith('2.') ? 'tosca_simple_yaml_1_2' : 'tosca_simple_yaml_1_3');
      const names = f.summary.types.map((t) => t.name);
      assert.ok(names.length >= 5, `${v} ${kind}: ${names.length} types`);
      if (kind === 'vnfd')
        for (const n of ['tosca.nodes.nfv.VNF', 'tosca.nodes.nfv.Vdu.Compute']) assert.ok(names.includes(n));
      if (kind === 'nsd') assert.ok(names.includes('tosca.nodes.nfv.NS'), `${v} nsd`);
      // Facts only: every description is our own one-liner naming the document.
      for (const t of f.summary.types) assert.match(t.description ?? '', new RegExp(`ETSI GS NFV-SOL 001 v${v}`));
    }
  }
});

test('sol001: the URL forms of real packages, the 2.5.1 file names, and what is not a SOL001 file', () => {
  const vnfd261 = builtinForUrl(`${FORGE}/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml`);
  assert.ok(vnfd261?.endsWith('/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml'));
  assert.equal(
    builtinForUrl('https://forge.etsi.org/rep/nfv/sol001/raw/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml'),
    vnfd261,
  );
  assert.equal(
    builtinForUrl('https://forge.etsi.org/rep/nfv/SOL001/-/raw/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml'),
    vnfd261,
  );
  assert.equal(
    builtinForUrl('https://forge.etsi.org/rep/nfv/SOL001/blob/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml?x=1'),
    vnfd261,
  );
  assert.ok(builtinForUrl(`${FORGE}/v2.5.1/etsi_nfv_sol001_vnfd_2_5_1_types.yaml`)?.includes('/v2.5.1/'));
  assert.equal(builtinForUrl(`${FORGE}/v9.9.9/etsi_nfv_sol001_vnfd_types.yaml`), undefined);
  assert.equal(builtinForUrl('https://example.com/types/my_vnfd_types.yaml'), undefined);
  // A file named but not shipped: the newest version of the importer's TOSCA family.
  assert.ok(builtinForMissingFile('etsi_nfv_sol001_vnfd_types.yaml', 'tosca_simple_yaml_1_2')?.includes('/v2.8.1/'));
  assert.ok(builtinForMissingFile('etsi_nfv_sol001_nsd_types.yaml', 'tosca_simple_yaml_1_3')?.includes('/v4.4.1/'));
  assert.equal(builtinForMissingFile('my_types.yaml', 'tosca_simple_yaml_1_3'), undefined);
});

const PKG = fileURLToPath(new URL('../fixtures/realworld/tacker/free5gc_vnf_package_by_url/', import.meta.url));

/** The files of a fixture package, under `/ws/pkg`. */
function packageFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[`/ws/pkg/${path.relative(dir, p).split(path.sep).join('/')}`] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

async function findings(files: Record<string, string>): Promise<string[]> {
  const session = new Session(new MemoryFileSystem(files));
  session.index.addRoot('/ws');
  await session.index.build();
  const out: string[] = [];
  for (const [p, text] of Object.entries(files)) {
    if (!p.endsWith('.yaml')) continue;
    for (const d of computeDiagnostics(session.context(session.analyse(p, text))))
      out.push(`${path.posix.basename(p)}:${d.range.start.line + 1} ${d.severity} ${d.code} ${d.message}`);
  }
  return out.sort();
}

test('sol001: a real Tacker package importing SOL001 2.7.1 by URL is checked in full', async () => {
  const files = packageFiles(PKG);
  const base = await findings(files);
  // Nothing unresolved, no unknown type, no error: Tacker onboards this package (with the files shipped).
  assert.ok(!base.some((l) => / (TOSCA021|TOSCA030|TOSCA031) /.test(l) || / error /.test(l)), base.join('\n'));
  // A mistake in a SOL001-typed property is found: the types of the built-in file are checked.
  const df = '/ws/pkg/Definitions/sample_free5gc_df_simple.yaml';
  assert.match(files[df]!, /min_number_of_instances: 1/);
  const broken = { ...files, [df]: files[df]!.replace('min_number_of_instances: 1', 'min_number_of_instances: many') };
  const after = await findings(broken);
  const added = after.filter((l) => !base.includes(l));
  assert.equal(added.length, 1, added.join('\n'));
  assert.match(added[0]!, /sample_free5gc_df_simple\.yaml:\d+ error TOSCA\d+ .*many/);
});

test('sol001: a SOL001 type file named but not shipped resolves to the built-in one (TOSCA340)', async () => {
  const diags = await checkTosca(
    `
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - etsi_nfv_sol001_common_types.yaml
#   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA340
  - etsi_nfv_sol001_vnfd_types.yaml
#   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA340
topology_template:
  node_templates:
    vdu:
      type: tosca.nodes.nfv.Vdu.Compute
      properties:
        name: vdu
        description: a VDU
        vdu_profile: { min_number_of_instances: 1, max_number_of_instances: 2 }
        colour: blue
#       ^^^^^^ TOSCA061
`,
    { ignore: ['TOSCA060', 'TOSCA064'] },
  );
  assert.match(diags.find((d) => d.code === 'TOSCA340')!.message, /built-in ETSI GS NFV-SOL 001 v4\.4\.1 file/);
});

test('sol001: SOL001 files of a release in another TOSCA version than the descriptor (TOSCA341)', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - ${FORGE}/v3.3.1/etsi_nfv_sol001_common_types.yaml
#   ${'^'.repeat(82)} TOSCA341
`);
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - ${FORGE}/v3.3.1/etsi_nfv_sol001_common_types.yaml
`);
});

test('sol001: SOL001 type files of two versions imported together (TOSCA341)', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - ${FORGE}/v2.6.1/etsi_nfv_sol001_common_types.yaml
  - ${FORGE}/v2.7.1/etsi_nfv_sol001_vnfd_types.yaml
#   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA341
`);
});

test('sol001: hover and completion on types of a URL import', async () => {
  const head = `#- /ws/vnfd.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - ${FORGE}/v4.4.1/etsi_nfv_sol001_common_types.yaml
  - ${FORGE}/v4.4.1/etsi_nfv_sol001_vnfd_types.yaml
topology_template:
  node_templates:
`;
  await checkHover(`${head}    cp:\n      type: tosca.nodes.nfv.Vdu$0Cp\n`, [
    'tosca.nodes.nfv.VduCp',
    'ETSI GS NFV-SOL 001 v4.4.1',
  ]);
  await checkCompletion(`${head}    cp:\n      type: tosca.nodes.nfv.VduCp\n      properties:\n        $0\n`, [
    'layer_protocols',
    'vnic_type',
  ]);
  await checkCompletion(`${head}    cp:\n      type: tosca.nodes.nfv.$0\n`, [
    'tosca.nodes.nfv.Vdu.Compute',
    'tosca.nodes.nfv.VnfVirtualLink',
  ]);
});

test('sol001: go to definition opens the read-only built-in file, which the editor can fetch', async () => {
  const { fixture, ctx, session } = await setup(`#- /ws/vnfd.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - ${FORGE}/v4.4.1/etsi_nfv_sol001_common_types.yaml
  - ${FORGE}/v4.4.1/etsi_nfv_sol001_vnfd_types.yaml
topology_template:
  node_templates:
    vdu:
      type: tosca.nodes.nfv.Vdu.Com$0pute
`);
  const links = definition(ctx, fixture.cursor!.offset);
  assert.equal(links.length, 1);
  const target = links[0]!.targetPath;
  assert.equal(target, 'tosca-normative:/etsi-nfv-sol001/v4.4.1/etsi_nfv_sol001_vnfd_types.yaml');
  const text = session.index.tosca.normative.sourceForUri(target)!;
  const lines = new LineIndex(text);
  const r = links[0]!.targetSelectionRange;
  assert.equal(text.slice(lines.offsetAt(r.start), lines.offsetAt(r.end)), 'tosca.nodes.nfv.Vdu.Compute');
});

test('sol001: odd URLs and paths resolve to nothing and never throw', () => {
  for (const u of [
    '',
    'https://',
    'https://forge.etsi.org/rep/nfv/SOL001/raw/v/etsi_nfv_sol001_vnfd_types.yaml',
    'x'.repeat(5000),
  ])
    assert.equal(builtinForUrl(u), undefined, u.slice(0, 40));
  for (const p of [
    'tosca-normative:/etsi-nfv-sol001/v9.9.9/etsi_nfv_sol001_vnfd_types.yaml',
    'tosca-normative:/etsi-nfv-sol001/v2.6.1/other.yaml',
    'tosca-normative:/profile/nothing.yaml',
    'tosca-normative:/etsi-nfv-sol001/%E0%A4%A',
    '/ws/etsi_nfv_sol001_vnfd_types.yaml',
  ])
    assert.equal(builtinFile(p), undefined, p);
  // The percent-encoded form an editor may send back is the same file.
  const p = builtinForUrl(`${FORGE}/v3.3.1/etsi_nfv_sol001_nsd_types.yaml`)!;
  assert.equal(
    builtinText(p.replace('tosca-normative:/', 'tosca-normative:///').replace('/v3.3.1/', '/v3%2E3%2E1/')),
    builtinFile(p)!.text,
  );
});
