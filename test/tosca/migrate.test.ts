/**
 * TOSCA 1.x → 2.0 migration (features/tosca/migrate/): golden files in test/fixtures/migrate
 * (`<name>.1_x.yaml` migrated must equal `<name>.2_0.yaml`), the edits keep every line they do not
 * change, and the code action on the version line applies the same rewrite.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToTosca20 } from '../../server/src/features/tosca/migrate/migrate.js';
import { unifiedDiff } from '../../server/src/features/tosca/migrate/diff.js';
import { checkFix, setup } from '../support/features.js';
import { codeActions } from '../../server/src/features/codeActions.js';

const DIR = fileURLToPath(new URL('../fixtures/migrate/', import.meta.url));
const GOLDEN = readdirSync(DIR).filter((f) => /\.1_\d\.yaml$/.test(f));

test('golden files: each 1.x input migrates to its 2.0 file exactly', () => {
  assert.ok(GOLDEN.length >= 2);
  for (const f of GOLDEN) {
    const input = readFileSync(join(DIR, f), 'utf8');
    const want = readFileSync(join(DIR, f.replace(/\.1_\d\.yaml$/, '.2_0.yaml')), 'utf8');
    const r = migrateToTosca20(input);
    assert.ok(r.ok, `${f}: ${r.ok ? '' : r.reason}`);
    assert.equal(r.text, want, f);
    // A migrated file is 2.0: migrating it again is refused, not applied twice.
    assert.equal(migrateToTosca20(r.text).ok, false);
  }
});

test('TODOs name the line of the construct and of the comment in the migrated text', () => {
  const input = readFileSync(join(DIR, 'service.1_3.yaml'), 'utf8');
  const r = migrateToTosca20(input);
  assert.ok(r.ok);
  const lines = r.text.split('\n');
  assert.ok(r.todos.length >= 2);
  for (const t of r.todos) {
    assert.match(lines[t.newLine]!, /^\s*# TODO\(migrate\): /);
    assert.ok(lines[t.newLine]!.endsWith(t.message));
  }
  const op = r.todos.find((t) => t.message.includes('get_operation_output'));
  assert.ok(op);
  assert.match(input.split('\n')[op.line]!, /get_operation_output/);
});

test('comments, quoting and untouched lines stay byte for byte', () => {
  const input = readFileSync(join(DIR, 'service.1_3.yaml'), 'utf8');
  const r = migrateToTosca20(input);
  assert.ok(r.ok);
  // Comment lines stay; those inside a rewritten value (a node filter) move above its key.
  const kept = new Set(r.text.split('\n').map((l) => l.trim()));
  for (const line of input.split('\n')) {
    if (/^\s*#/.test(line)) assert.ok(kept.has(line.trim()), `comment lost: ${line}`);
  }
  assert.ok(r.text.includes("'[a-z][a-z0-9-]*'"));
  assert.ok(r.text.includes('validation: { $greater_or_equal: [ $value, 1 ] } # odd, but kept'));
});

test('a unified diff of the edits applies to the new text', () => {
  const input = 'tosca_definitions_version: tosca_simple_yaml_1_3\n# keep\ntopology_template:\n  inputs: {}\n';
  const r = migrateToTosca20(input);
  assert.ok(r.ok);
  assert.equal(
    unifiedDiff('a.yaml', 'a.yaml', input, r.edits),
    '--- a.yaml\n+++ a.yaml\n@@ -1,4 +1,4 @@\n-tosca_definitions_version: tosca_simple_yaml_1_3\n' +
      '+tosca_definitions_version: tosca_2_0\n # keep\n-topology_template:\n+service_template:\n   inputs: {}\n',
  );
});

test('files that are not TOSCA 1.x, or do not parse, are refused with the reason', () => {
  assert.match(
    String((migrateToTosca20('tosca_definitions_version: tosca_2_0\n') as { reason: string }).reason),
    /not a TOSCA Simple Profile/,
  );
  assert.match(String((migrateToTosca20('a: [\n') as { reason: string }).reason), /YAML errors/);
  assert.equal(migrateToTosca20('tosca_definitions_version: tosca_simple_profile_for_nfv_1_0_0\n').ok, false);
});

test('types declared in imported files tell capabilities from requirements (the model)', async () => {
  await checkFix(
    `#- /ws/types.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.App:
    derived_from: tosca.nodes.SoftwareComponent
    requirements:
      - db:
          capability: tosca.capabilities.Endpoint.Database
#- /ws/service.yaml
tosca_definitions_version$0: tosca_simple_yaml_1_3
imports:
  - types.yaml
topology_template:
  node_templates:
    app:
      type: my.App
      properties:
        component_version: { get_attribute: [ SELF, db, port ] }
      attributes:
        state: { get_attribute: [ SELF, host, name ] }
`,
    'Migrate this file from TOSCA 1.3 to TOSCA 2.0',
    `
tosca_definitions_version: tosca_2_0
imports:
  - types.yaml
service_template:
  node_templates:
    app:
      type: my.App
      properties:
        component_version: { $get_attribute: [ SELF, RELATIONSHIP, db, TARGET, port ] }
      attributes:
        state: { $get_attribute: [ SELF, RELATIONSHIP, host, TARGET, name ] }
`,
  );
});

test('the code action is offered on the version line of a 1.x file only', async () => {
  const src =
    '#- /ws/s.yaml\ntosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  $0node_templates: {}\n';
  const { ctx } = await setup(src);
  const on = (line: number) =>
    codeActions(ctx, { start: { line, character: 0 }, end: { line, character: 0 } }).filter(
      (a) => a.kind === 'refactor.rewrite',
    );
  assert.equal(on(0).length, 1);
  assert.equal(on(0)[0]!.title, 'Migrate this file from TOSCA 1.3 to TOSCA 2.0');
  assert.equal(on(2).length, 0);
  const v2 = await setup(
    '#- /ws/t.yaml\ntosca_definitions_version: tosca_2_0\nservice_template:\n  $0node_templates: {}\n',
  );
  const none = codeActions(v2.ctx, { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } });
  assert.equal(none.filter((a) => a.kind === 'refactor.rewrite').length, 0);
});
