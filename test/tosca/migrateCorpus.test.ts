/**
 * Issue 18 §4's acceptance: the TOSCA 1.x examples of xOpera (xopera-examples, xopera-opera's
 * examples) and Puccini (examples/1.3) migrated to 2.0 check clean as 2.0. Everything happens in
 * memory: each repository folder is loaded into a MemoryFileSystem, every 1.x file migrated (with the
 * type model of the original workspace), and the migrated workspace checked. Files that still get
 * errors are listed in GAPS with the reason (a migration gap or a 2.0 checker gap); the findings
 * of every file are printed (t.diagnostic) so the list can be kept current.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { migrateDocument } from '../../server/src/features/tosca/migrate/document.js';
import { migrateToTosca20 } from '../../server/src/features/tosca/migrate/migrate.js';
import { parseYaml } from '../../server/src/syntax/parse.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const CORPUS = join(REPO, '..', 'shared', 'corpus', 'tosca');

/** Repository folder → the part whose 1.x files are the acceptance set. */
const SETS: { repo: string; under: string }[] = [
  { repo: 'xlab-si__xopera-examples', under: '' },
  { repo: 'xlab-si__xopera-opera', under: 'examples/' },
  { repo: 'tliron__go-puccini', under: 'examples/1.3/' },
];

/** Files still with errors after migration, and why. Reported (not failed) when they become clean. */
const GAPS: Record<string, string> = {
  'tliron__go-puccini/examples/1.3/data-types.yaml':
    'migration gap: a 1.x `range` value `[ 1, UNBOUNDED ]`; 2.0 has no range type and the list of integers it ' +
    'becomes cannot hold UNBOUNDED (TODO comment at the property)',
  // The three below are differences of the 2.0 simple profile itself from the 1.3 normative types.
  'tliron__go-puccini/examples/1.3/functions.yaml':
    'profile difference: the 2.0 simple profile writes PortInfo fields without `required: false`, so 2.0 requires ' +
    'port_name, port_id, network_id and mac_address (1.3 left them optional)',
  'tliron__go-puccini/examples/1.3/policies-and-groups.yaml':
    'profile difference: the 2.0 simple profile requires `size` and `maxsize` of Storage.ObjectStorage without ' +
    'defaults (1.3 gave size a default of 0 MB and maxsize was optional)',
  'tliron__go-puccini/examples/1.3/source-and-target.yaml':
    'profile difference: the 2.0 simple profile moved `name` from Abstract.Storage to Storage.ObjectStorage, so a ' +
    'Storage.BlockStorage template may not set it',
};

/**
 * The TOSCA 2.0 simple profile the migrated files import by name (`org.oasis-open.simple:2.0`): as in
 * a real workspace, its files sit next to the templates (here under /ws/profiles/simple/2.0/).
 */
const PROFILE = join(CORPUS, 'oasis-open__tosca-community-contributions/profiles/org/oasis-open/simple/2.0');

const V1 = /^tosca_definitions_version:\s*["']?tosca_simple_yaml_1_[0-3]\b/m;

function load(dir: string, out: Record<string, string>, prefix: string): void {
  for (const name of readdirSync(dir)) {
    if (name === '.git') continue;
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) load(p, out, `${prefix}${name}/`);
    else if (st.isFile() && st.size < 1_000_000) out[`${prefix}${name}`] = readFileSync(p, 'utf8');
  }
}

async function sessionOf(files: Record<string, string>): Promise<Session> {
  const s = new Session(new MemoryFileSystem(files));
  s.index.addRoot('/ws');
  await s.index.build();
  return s;
}

test('migrated xOpera and Puccini 1.x examples check clean as TOSCA 2.0', { timeout: 600_000 }, async (t) => {
  if (!existsSync(CORPUS)) {
    t.skip(`corpus not found at ${CORPUS}`);
    return;
  }
  let migrated = 0;
  const clean: string[] = [];
  const dirty = new Map<string, string[]>();
  const notMigrated: string[] = [];
  const others = new Map<string, number>();
  for (const set of SETS) {
    const files: Record<string, string> = {};
    load(join(CORPUS, set.repo), files, '/ws/');
    load(PROFILE, files, '/ws/profiles/simple/2.0/');
    const original = await sessionOf(files);
    const targets = Object.keys(files).filter(
      (p) => p.startsWith(`/ws/${set.under}`) && /\.ya?ml$/.test(p) && V1.test(files[p]!),
    );
    const after: Record<string, string> = { ...files };
    for (const p of targets) {
      const r = migrateDocument(original.context(original.analyse(p, files[p]!)));
      if (!r.ok) notMigrated.push(`${set.repo}${p.slice(3)}: ${r.reason}`);
      else {
        after[p] = r.text;
        migrated++;
      }
    }
    const checked = await sessionOf(after);
    for (const p of targets) {
      const rel = `${set.repo}${p.slice(3)}`;
      const diags = computeDiagnostics(checked.context(checked.analyse(p, after[p]!)));
      const errors = diags.filter((d) => d.severity === 'error');
      for (const d of diags) {
        if (d.severity === 'error') continue;
        const k = `${d.severity} ${d.code} ${d.message.slice(0, 90)}`;
        others.set(k, (others.get(k) ?? 0) + 1);
      }
      if (!errors.length) clean.push(rel);
      else
        dirty.set(
          rel,
          errors.map((d) => `${d.range.start.line + 1}: ${d.code} ${d.message}`),
        );
    }
  }
  t.diagnostic(`migrated ${migrated} files; clean as 2.0: ${clean.length}; with errors: ${dirty.size}`);
  for (const [rel, errs] of dirty)
    t.diagnostic(`${rel}${GAPS[rel] ? ` (known: ${GAPS[rel]})` : ''}\n  ${errs.join('\n  ')}`);
  t.diagnostic(
    `other findings:\n  ${[...others]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${n} × ${k}`)
      .join('\n  ')}`,
  );
  for (const rel of Object.keys(GAPS))
    if (!dirty.has(rel))
      t.diagnostic(`${rel} has no error now: remove it from GAPS unless its reason says why (see there)`);
  assert.deepEqual(notMigrated, [], 'files the migration refused');
  assert.ok(migrated >= 140, `only ${migrated} files migrated`);
  const unexpected = [...dirty.keys()].filter((rel) => !GAPS[rel]);
  assert.deepEqual(unexpected, [], 'migrated files with errors that GAPS does not explain');
});

test('every TOSCA 1.x file of the corpus migrates to YAML that parses', { timeout: 300_000 }, (t) => {
  if (!existsSync(CORPUS)) {
    t.skip(`corpus not found at ${CORPUS}`);
    return;
  }
  const files: Record<string, string> = {};
  load(CORPUS, files, '');
  let migrated = 0;
  let todos = 0;
  const broken: string[] = [];
  for (const [rel, text] of Object.entries(files)) {
    if (!/\.ya?ml$/.test(rel) || !V1.test(text)) continue;
    const r = migrateToTosca20(text);
    if (!r.ok) continue;
    migrated++;
    todos += r.todos.length;
    const problems = parseYaml(r.text).problems.filter(
      (p) => p.severity === 'error' && !/^Map comment with trailing/.test(p.message),
    );
    if (problems.length && !parseYaml(text).problems.some((p) => p.severity === 'error')) {
      broken.push(`${rel}: ${problems[0]!.message}`);
    }
  }
  t.diagnostic(`${migrated} files migrated, ${todos} TODO(migrate) comments`);
  assert.ok(migrated > 500, `only ${migrated} files`);
  assert.deepEqual(broken, []);
});
