/**
 * Find references and rename on a generated workspace where one type file is imported by hundreds of
 * service templates. Each request follows a fresh edit of the document, so no cross-file result is
 * reused: what is checked is that every use in every file is found and renamed, edit after edit. How
 * fast this is, is measured by `npm run bench` (references on the generated TOSCA workspaces), not here:
 * a timed assertion in a test fails on a busy machine and proves nothing about speed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { definition } from '../../server/src/features/definition.js';
import { references } from '../../server/src/features/references.js';
import { rename } from '../../server/src/features/rename.js';

const V = 'tosca_definitions_version: tosca_simple_yaml_1_3';
const SERVICES = 400;
const TYPES = 60;

function typesFile(): string {
  const out = [V, 'data_types:', '  acme.Port:', '    derived_from: integer', 'node_types:'];
  for (let i = 0; i < TYPES; i++) {
    out.push(
      `  acme.nodes.T${i}:`,
      `    derived_from: ${i ? `acme.nodes.T${i - 1}` : 'tosca.nodes.SoftwareComponent'}`,
    );
    out.push('    properties:', `      p${i}:`, '        type: acme.Port', '        required: false');
  }
  return out.join('\n') + '\n';
}

function service(n: number): string {
  const out = [V, 'imports:', '  - ../lib/types.yaml', 'topology_template:', '  inputs:', '    port:'];
  out.push('      type: integer', '  node_templates:');
  for (let i = 0; i < 12; i++) {
    out.push(`    n${i}:`, `      type: acme.nodes.T${(n + i) % TYPES}`, '      properties:');
    out.push('        p0: { get_input: port }', '      requirements:', `        - host: n${(i + 1) % 12}`);
  }
  out.push('  outputs:', '    o:', '      value: { get_property: [ n0, p0 ] }');
  return out.join('\n') + '\n';
}

test('references of a type used in hundreds of files: every use found and renamed after each edit', async () => {
  const files: Record<string, string> = { '/ws/lib/types.yaml': typesFile() };
  for (let n = 0; n < SERVICES; n++) files[`/ws/services/s${String(n).padStart(3, '0')}.yaml`] = service(n);
  const session = new Session(new MemoryFileSystem(files));
  session.index.addRoot('/ws');
  await session.index.build();
  const path = '/ws/services/s000.yaml';
  const text = files[path]!;
  // `acme.nodes.T0` is the type of templates in 80 files and the parent of T1 in the type file.
  const at = text.indexOf('acme.nodes.T0') + 3;
  const uses = Object.values(files).map((t) => t.match(/acme\.nodes\.T0\b/g)?.length ?? 0);
  const usingFiles = uses.filter((n) => n > 0).length;
  const allUses = uses.reduce((a, b) => a + b, 0);
  let version = 0;
  for (let round = 0; round < 4; round++) {
    const doc = session.openDocument(path, `${text}# edit ${round}\n`, ++version);
    const ctx = session.context(doc);
    assert.ok(definition(ctx, at), 'definition resolves the type');
    const refs = references(ctx, at, true);
    const inFiles = new Set(refs.map((r) => r.path));
    // Every written use: the declaration, the parent of T1 and the type of one template in 73 services.
    assert.equal(refs.length, allUses);
    assert.equal(inFiles.size, usingFiles);
    const r = rename(ctx, at, 'acme.nodes.First');
    assert.ok('edit' in r, JSON.stringify(r));
    const renamedFiles = Object.keys(r.edit.changes).length;
    assert.equal(renamedFiles, inFiles.size, 'rename edits every file the references are in');
  }
});

test('references through the import graph a generation shares equal those of a fresh graph per request', async () => {
  // A type library, a second one importing it under a namespace prefix and extending its types, and
  // services importing either or both: closures, prefixes and importer contexts all take part.
  const files: Record<string, string> = { '/ws/lib/types.yaml': typesFile() };
  const ext = [V, 'imports:', '  - file: types.yaml', '    namespace_prefix: base', 'node_types:'];
  for (let i = 0; i < 10; i++) ext.push(`  ext.T${i}:`, `    derived_from: base:acme.nodes.T${i * 3}`);
  files['/ws/lib/ext.yaml'] = ext.join('\n') + '\n';
  for (let n = 0; n < 120; n++) {
    const s = service(n);
    files[`/ws/services/s${String(n).padStart(3, '0')}.yaml`] =
      n % 3 === 0 ? s.replace('  - ../lib/types.yaml', '  - ../lib/types.yaml\n  - ../lib/ext.yaml') : s;
  }
  const session = new Session(new MemoryFileSystem(files));
  session.index.addRoot('/ws');
  await session.index.build();
  const path = '/ws/services/s000.yaml';
  const text = files[path]!;
  const positions = [...text.matchAll(/type: (acme\.nodes\.T\d+)/g)].map((m) => m.index + 8);
  const lib = '/ws/lib/ext.yaml';
  const libPositions = [...files[lib]!.matchAll(/(ext\.T\d+|base:acme\.nodes\.T\d+)/g)].map((m) => m.index + 2);
  const shared = (p: string, t: string, at: number[]) => {
    const ctx = session.context(session.openDocument(p, t, 100));
    return at.map((a) => references(ctx, a, true));
  };
  // One generation for every request: the graph is built by the first and reused by the others.
  const inOne = [...shared(path, text, positions), ...shared(lib, files[lib]!, libPositions)];
  // A new generation (an edit after the file's end) before each request: a fresh graph every time.
  let version = 200;
  const fresh = (p: string, t: string, a: number) =>
    references(session.context(session.openDocument(p, `${t}# ${version}\n`, ++version)), a, true);
  const each = [...positions.map((a) => fresh(path, text, a)), ...libPositions.map((a) => fresh(lib, files[lib]!, a))];
  assert.equal(inOne.length, positions.length + libPositions.length);
  assert.ok(
    inOne.some((r) => r.length > 20),
    'some type is used across many files',
  );
  assert.deepEqual(inOne, each);
});
