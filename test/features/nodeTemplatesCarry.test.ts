/**
 * The templates rule (TOSCA060-TOSCA066) keeps each node template's findings per region (one template of
 * `topology_template.node_templates`) while what they read outside the template is the same: the type table, the
 * names and types of the other templates, relationship templates, groups, inputs and substitution mappings. Seeded
 * edits aimed at those names, and anywhere, compared with a fresh analysis after every keystroke.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { Rng } from '../fuzz/rng.js';

const TYPES = `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  my.nodes.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      port: { type: integer }
      label: { type: string, required: false }
    requirements:
      - db: { capability: tosca.capabilities.Endpoint.Database, node: tosca.nodes.Database, occurrences: [1, 1] }
`;

/** A topology whose templates name each other: targets, copies, a relationship template, a group, mappings. */
function service(): string {
  const apps = Array.from({ length: 8 }, (_, n) =>
    [
      `    app${n}:`,
      `      type: my.nodes.App`,
      `      properties:`,
      n % 3 === 0 ? `        label: app ${n}` : `        port: ${9000 + n}`,
      `      requirements:`,
      // app6's host is the input, app5's database the group: not node templates (TOSCA063) until renamed.
      `        - host: ${n === 6 ? 'zone' : `server${n % 2}`}`,
      n === 5
        ? `        - db: apps`
        : n % 4 === 1
          ? `        - db: store`
          : `        - db: { node: store${n % 3 === 0 ? 'x' : ''}, relationship: link }`,
    ].join('\n'),
  );
  return [
    'tosca_definitions_version: tosca_simple_yaml_1_3',
    'imports: [ types.yaml ]',
    'node_types:',
    '  my.nodes.Local:',
    '    derived_from: tosca.nodes.Compute',
    '    properties:',
    '      zone: { type: string }',
    'topology_template:',
    '  inputs:',
    '    zone: { type: string }',
    '  substitution_mappings:',
    '    node_type: my.nodes.App',
    '    requirements:',
    '      db: [ app2, db ]',
    '  node_templates:',
    '    server0:',
    '      type: my.nodes.Local',
    '      properties: { zone: { get_input: zone } }',
    '    server1:',
    '      type: tosca.nodes.Compute',
    '    store:',
    '      type: tosca.nodes.Database',
    '      properties: { name: db }',
    '      requirements:',
    '        - host: server1',
    '    copied:',
    '      copy: store',
    // Its required host is not assigned (TOSCA064) unless a substitution mapping exports it.
    '    lonely:',
    '      type: tosca.nodes.Database',
    '      properties: { name: other }',
    ...apps,
    '  relationship_templates:',
    '    link:',
    '      type: tosca.relationships.ConnectsTo',
    '  groups:',
    '    apps:',
    '      type: tosca.groups.Root',
    '      members: [ app0, app1 ]',
    '',
  ].join('\n');
}

/** Typed into names and values: template names, type names, targets, keys, structure. */
const PIECES = ['x', '0', '1', 'app', 'store', 'server', 'my.nodes.', 'Local', 'tosca.nodes.', ': ', '\n    ', ' '];

/** Names that mean something here: templates, a relationship template, a group, an input; and valid types. */
const NAMES = ['app0', 'app2', 'store', 'server0', 'server1', 'copied', 'link', 'apps', 'zone'];
const TYPE_NAMES = [
  'tosca.nodes.Compute',
  'tosca.nodes.Database',
  'tosca.nodes.DBMS',
  'my.nodes.App',
  'my.nodes.Local',
];

/** A name or a type value replaced by another that exists: a template renamed, a target or a type changed. */
function rename(text: string, r: (n: number) => number): string | undefined {
  const words = [...text.matchAll(/(?<=^ {4}|node: |- \w+: |copy: |\[ |, )[\w]+|(?<=type: )[\w.]+/gm)];
  if (!words.length) return undefined;
  const w = words[r(words.length)]!;
  const pool = /\./.test(w[0]) ? TYPE_NAMES : NAMES;
  return text.slice(0, w.index) + pool[r(pool.length)]! + text.slice(w.index + w[0].length);
}

function edit(text: string, r: (n: number) => number): string {
  if (r(3) === 0) return rename(text, r) ?? text;
  // Mostly right after a template key, a `type:`, a target or a member list; sometimes anywhere.
  const spots = [...text.matchAll(/^ {4}\w+:|type: |- \w+: |node: |copy: |members: \[ /gm)].map(
    (m) => m.index + m[0].length - (m[0].endsWith(':') ? 1 : 0),
  );
  const at = r(4) > 0 ? spots[r(spots.length)]! + r(6) - 3 : r(text.length + 1);
  const p = Math.max(0, Math.min(text.length, at));
  switch (r(3)) {
    case 0:
      return text.slice(0, p) + PIECES[r(PIECES.length)]! + text.slice(p);
    case 1:
      return text.slice(0, p) + text.slice(p + 1 + r(3));
    default: {
      const c = text[p] ?? '';
      const to = /\d/.test(c) ? String((Number(c) + 1) % 10) : /[a-z]/.test(c) ? c.toUpperCase() : c;
      return text.slice(0, p) + to + text.slice(p + 1);
    }
  }
}

const show = (s: Session, doc: Parameters<Session['context']>[0]) =>
  computeDiagnostics(s.context(doc)).map(
    (d) => `${d.code} ${d.range.start.line}:${d.range.start.character} ${d.message}`,
  );

/**
 * Seeded edits of `file` (back to `original` now and then), each opened as the next version: its diagnostics equal a
 * fresh analysis of the same text. Returns how many versions had TOSCA060-066 findings.
 */
function editsEqualFresh(typing: Session, file: string, original: string, seeds: number[], edits: number): number {
  let version = 0;
  let withTemplateFindings = 0;
  for (const seed of seeds) {
    const rng = new Rng(seed);
    const r = (n: number) => rng.int(n);
    let text = original;
    typing.openDocument(file, text, ++version, true);
    for (let i = 1; i <= edits; i++) {
      text = r(12) === 0 ? original : edit(text, r);
      const got = show(typing, typing.openDocument(file, text, ++version, true));
      assert.deepEqual(got, show(typing, typing.analyse(file, text, version)), `seed ${seed}, edit ${i}:\n${text}`);
      if (got.some((g) => /^TOSCA06[0-6] /.test(g))) withTemplateFindings++;
    }
  }
  return withTemplateFindings;
}

/** A session on a temporary folder holding the type file and the service template; removed afterwards. */
async function onService(
  run: (typing: Session, file: string, original: string) => Promise<void> | void,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lm-node-carry-'));
  try {
    writeFileSync(join(dir, 'types.yaml'), TYPES);
    const file = join(dir, 'service.yaml');
    const original = service();
    writeFileSync(file, original);
    const typing = new Session();
    typing.index.addRoot(dir);
    await typing.index.build();
    await run(typing, file, original);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('node template findings taken over per template equal a fresh analysis after every edit', () =>
  onService((typing, file, original) => {
    const withTemplateFindings = editsEqualFresh(typing, file, original, [41, 42, 43, 44], 50);
    // The edits must meet findings of the rule, or the test would hold nothing.
    assert.ok(withTemplateFindings > 100, `${withTemplateFindings} versions with TOSCA060-066 findings`);
  }));

test('a node template keeps no finding that an edit elsewhere made wrong', () =>
  onService((typing, file, original) => {
    // Each edit is outside the templates whose findings it changes (app5 targets the group, app6 the input, the
    // apps the relationship template `link` and `store`; a mapping may export `lonely`'s host).
    const edits: [string, string, string][] = [
      ['the group renamed', '    apps:\n      type: tosca.groups.Root', '    crew:\n      type: tosca.groups.Root'],
      ['the input renamed', '    zone: { type: string }', '    area: { type: string }'],
      ['the relationship template renamed', '    link:\n', '    wire:\n'],
      [
        'a target template retyped',
        '    store:\n      type: tosca.nodes.Database',
        '    store:\n      type: tosca.nodes.Compute',
      ],
      ['a local type changed', '      zone: { type: string }\ntopology', '      area: { type: string }\ntopology'],
      ['a mapping changed', '      db: [ app2, db ]', '      db: [ lonely, host ]'],
      ['a copied template renamed', '    store:\n      type', '    stor:\n      type'],
    ];
    let version = 0;
    for (const [what, from, to] of edits) {
      assert.ok(original.includes(from), what);
      const before = show(typing, typing.openDocument(file, original, ++version, true));
      const text = original.replace(from, to);
      const got = show(typing, typing.openDocument(file, text, ++version, true));
      assert.deepEqual(got, show(typing, typing.analyse(file, text, version)), what);
      // The edit changes some template's findings other than by moving them.
      const moved = (xs: string[]) => xs.map((x) => x.replace(/ \d+:\d+ /, ' '));
      assert.notDeepEqual(moved(got), moved(before), `${what}: the findings should change`);
    }
  }));

test('the same on a TOSCA 2.0 service template of the corpus (regions under service_template)', async () => {
  const folder = fileURLToPath(
    new URL('../../../shared/corpus/tosca/tliron__go-puccini/examples/2.0', import.meta.url),
  );
  const file = join(folder, 'requirements-and-capabilities.yaml');
  const original = readFileSync(file, 'utf8');
  assert.match(original, /^tosca_definitions_version: tosca_2_0/);
  const typing = new Session();
  typing.index.addRoot(folder);
  await typing.index.build();
  editsEqualFresh(typing, file, original, [51, 52], 40);
});
