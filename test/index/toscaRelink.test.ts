/**
 * A keystroke in an open TOSCA document that leaves its imports, repositories, version and declared names alone,
 * with no other file changed, takes over the previous model's import closure and importer context
 * (ToscaModels.relinked) instead of resolving them again. Each step below edits the service (or a file it reads)
 * and compares its diagnostics with a fresh session's on the same texts, and checks which path the model took.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import type { ToscaModel } from '../../server/src/model/tosca/model.js';

const ROOT = '/ws';
const PROFILE = `${ROOT}/profiles/base/profile.yaml`;
const FRAGMENT = `${ROOT}/svc/parts.yaml`;
const SVC = `${ROOT}/svc/service.yaml`;
const EXTRA = `${ROOT}/svc/extra.yaml`;
const OTHER = `${ROOT}/svc/other.yaml`;
const EXTRA_TEXT = ['tosca_definitions_version: tosca_2_0', 'node_types:', '  Extra:', '    properties:'];
EXTRA_TEXT.push('      cpus: { type: integer }', '');

/** A file that imports nothing, or (`importing`) the service and a type file: then the service sees `Extra`. */
function other(importing: boolean): string {
  const o = ['tosca_definitions_version: tosca_2_0'];
  if (importing) o.push('imports:', '  - url: service.yaml', '  - url: extra.yaml');
  return o.join('\n') + '\n';
}

function profile(withServer: boolean): string {
  const o = ['tosca_definitions_version: tosca_2_0', 'profile: org.example.base:1.0', 'node_types:'];
  o.push('  Compute:', '    properties:', '      cpus: { type: integer }');
  if (withServer) o.push('  Server:', '    derived_from: Compute');
  return o.join('\n') + '\n';
}

/** A type file the service imports by its relative path. */
const FRAGMENT_TEXT = [
  'tosca_definitions_version: tosca_2_0',
  'node_types:',
  '  Part:',
  '    description: a part',
  '',
].join('\n');

interface ServiceText {
  label: string;
  type?: string;
  own?: boolean;
  imports?: boolean;
  /** Lines of metadata above the imports (they move the imports down), and an import of a missing file. */
  meta?: number;
  missing?: boolean;
  cpus?: number;
}

function service(opts: ServiceText): string {
  const o = ['tosca_definitions_version: tosca_2_0', `description: ${opts.label}`];
  if (opts.meta) o.push('metadata:', ...Array.from({ length: opts.meta }, (_, i) => `  k${i}: v`));
  if (opts.imports !== false)
    o.push('imports:', '  - profile: org.example.base:1.0', '    namespace: base', '  - url: parts.yaml');
  if (opts.missing) o.push('  - url: missing.yaml');
  if (opts.own) o.push('node_types:', '  Mine:', '    derived_from: base:Compute');
  o.push('service_template:', '  node_templates:', '    host:', `      type: ${opts.type ?? 'base:Server'}`);
  o.push(`      properties: { cpus: ${opts.cpus ?? 2} }`, '    part:', '      type: Part', '');
  return o.join('\n');
}

const shape = (d: ReturnType<typeof computeDiagnostics>) =>
  d.map((x) => `${String(x.code)} ${x.range.start.line}:${x.range.start.character} ${x.message}`).sort();

test('a TOSCA keystroke that keeps the imports reuses the closure and gives a fresh session findings', async () => {
  const texts = new Map([
    [PROFILE, profile(true)],
    [FRAGMENT, FRAGMENT_TEXT],
    [SVC, service({ label: 'v0' })],
    [EXTRA, EXTRA_TEXT.join('\n')],
    [OTHER, other(false)],
  ]);
  const fs = new MemoryFileSystem(Object.fromEntries(texts));
  const session = new Session(fs);
  session.index.addRoot(ROOT);
  await session.index.build();
  let version = 1;
  let prev: ToscaModel | undefined;
  const steps: {
    name: string;
    svc?: string;
    disk?: [string, string];
    relinked: boolean;
    /** The previous model's type table kept (the file's own types unchanged, places included); default: relinked. */
    table?: boolean;
    findings: boolean;
  }[] = [
    { name: 'first open', svc: service({ label: 'v0' }), relinked: false, findings: false },
    { name: 'a description typed', svc: service({ label: 'v1' }), relinked: true, findings: false },
    { name: 'an unknown type', svc: service({ label: 'v1', type: 'base:Nope' }), relinked: true, findings: true },
    {
      name: 'own type used',
      svc: service({ label: 'v2', type: 'Mine', own: true }),
      relinked: true,
      table: false,
      findings: false,
    },
    // Typed in the topology only: the file's own types are the same, so is the type table.
    {
      name: 'below the own type',
      svc: service({ label: 'v2', type: 'Mine', own: true, cpus: 3 }),
      relinked: true,
      findings: false,
    },
    {
      name: 'own type dropped',
      svc: service({ label: 'v2', type: 'Mine' }),
      relinked: true,
      table: false,
      findings: true,
    },
    { name: 'back to the profile type', svc: service({ label: 'v3' }), relinked: true, findings: false },
    // Another file changed: the profile loses `Server`, the next keystroke builds afresh and sees it.
    {
      name: 'profile edited',
      disk: [PROFILE, profile(false)],
      svc: service({ label: 'v4' }),
      relinked: false,
      findings: true,
    },
    { name: 'typing after it', svc: service({ label: 'v5' }), relinked: true, findings: true },
    { name: 'imports removed', svc: service({ label: 'v5', imports: false }), relinked: false, findings: true },
    { name: 'imports back', svc: service({ label: 'v6' }), relinked: false, findings: true },
    // Another file starts importing the service: its importer context (here `Extra`) changes, no imported file did.
    { name: 'Extra unknown', svc: service({ label: 'v8', type: 'Extra' }), relinked: true, findings: true },
    {
      name: 'an importer',
      disk: [OTHER, other(true)],
      svc: service({ label: 'v9', type: 'Extra' }),
      relinked: false,
      findings: false,
    },
    { name: 'typing after that', svc: service({ label: 'v10', type: 'Extra' }), relinked: true, findings: false },
    // Lines typed above the imports: the finding on the missing import moves with it.
    { name: 'a missing import', svc: service({ label: 'v11', missing: true }), relinked: false, findings: true },
    { name: 'lines above it', svc: service({ label: 'v12', missing: true, meta: 3 }), relinked: true, findings: true },
    { name: 'one line less', svc: service({ label: 'v13', missing: true, meta: 2 }), relinked: true, findings: true },
    {
      name: 'profile restored',
      disk: [PROFILE, profile(true)],
      svc: service({ label: 'v7' }),
      relinked: false,
      findings: false,
    },
  ];
  for (const step of steps) {
    if (step.disk) {
      const [p, t] = step.disk;
      texts.set(p, t);
      fs.write(p, t);
      await session.index.refreshFromDisk(p);
    }
    texts.set(SVC, step.svc!);
    const doc = session.openDocument(SVC, step.svc!, version++, true);
    const got = computeDiagnostics(session.context(doc));
    const model = session.index.tosca.modelOf(doc);
    // A relinked model shares the previous one's imported files (the same objects); a fresh build loads them anew.
    const shared = prev !== undefined && model.closure.files[1] === prev.closure.files[1];
    assert.equal(shared, step.relinked, `${step.name}: relinked`);
    assert.equal(
      prev !== undefined && model.types === prev.types,
      step.table ?? step.relinked,
      `${step.name}: type table`,
    );
    prev = model;
    const fresh = new Session(new MemoryFileSystem(Object.fromEntries(texts)));
    fresh.index.addRoot(ROOT);
    await fresh.index.build();
    const want = computeDiagnostics(fresh.context(fresh.openDocument(SVC, step.svc!, 1, true)));
    assert.deepEqual(shape(got), shape(want), step.name);
    assert.equal(want.length > 0, step.findings, `${step.name}: ${shape(want).join('; ')}`);
  }
});
