/**
 * A keystroke that leaves the YAML broken (a key typed before its colon, a bracket before it closes) is read quickly:
 * the parser reads the edited entry's lines, the outline scanner the repaired text (model/document.ts `readText`).
 * That tree is the exact reading of the repaired text, so results kept per region are taken over around the edit as
 * on a clean keystroke (features/shared/regions.ts). A line typed one character at a time into node templates with
 * findings (unknown properties, a wrong value type, a missing type): after every character, the diagnostics equal a
 * fresh session's, and on the broken ones the regions outside the edit were taken over.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sessionWith as sessionOn, shown } from './openSession.js';
import { Rng } from '../fuzz/rng.js';
import { previousStart, regionsOf } from '../../server/src/features/shared/regions.js';
import { TOPOLOGY_REGIONS } from '../../server/src/features/tosca/topologyRegions.js';

const FILE = '/ws/service.yaml';
const sessionWith = () => sessionOn(FILE);

function template(): string {
  const o = [
    'tosca_definitions_version: tosca_simple_yaml_1_3',
    'node_types:',
    '  my.App:',
    '    derived_from: tosca.nodes.Root',
    '    properties:',
    '      port: { type: integer }',
    '      label: { type: string, required: false }',
    'topology_template:',
    '  node_templates:',
  ];
  for (let n = 0; n < 12; n++) {
    o.push(`    app_${n}:`, `      type: ${n % 5 === 4 ? 'my.Missing' : 'my.App'}`, '      properties:');
    o.push(`        port: ${n % 3 === 2 ? 'eighty' : 8000 + n}`, `        label: app ${n}`);
    if (n % 4 === 1) o.push('        colour: blue');
  }
  o.push('');
  return o.join('\n');
}

test('a line typed into a node template: regions kept around broken keystrokes, fresh diagnostics', async () => {
  const original = template();
  const typing = await sessionWith();
  let version = 1;
  shown(typing, typing.openDocument(FILE, original, version, true));
  let brokenKeystrokes = 0;
  let takenOver = 0;
  for (const n of [1, 6, 11]) {
    const at = original.indexOf(`label: app ${n}\n`) + `label: app ${n}`.length;
    const typed = '\n        endpoint_note: { port: 1';
    for (let c = 1; c <= typed.length; c++) {
      const text = original.slice(0, at) + typed.slice(0, c) + original.slice(at);
      const model = typing.openDocument(FILE, text, ++version, true);
      const got = shown(typing, model);
      const fresh = await sessionWith();
      const what = `template ${n}, ${JSON.stringify(typed.slice(0, c))}`;
      assert.deepEqual(got, shown(fresh, fresh.analyse(FILE, text, 1)), what);
      if (!model.damaged) continue;
      brokenKeystrokes++;
      assert.ok(model.readText !== undefined, `${what}: read quickly`);
      const regions = regionsOf(model, TOPOLOGY_REGIONS);
      assert.ok(regions, `${what}: regions of the repaired tree`);
      const kept = regions.filter((r) => previousStart(model, r) !== undefined).length;
      // Every node template but the edited one, the types and the version line are unchanged.
      if (kept >= regions.length - 1) takenOver++;
    }
  }
  assert.ok(brokenKeystrokes > 30 && takenOver === brokenKeystrokes, JSON.stringify({ brokenKeystrokes, takenOver }));
});

/** What random edits type: brackets and quotes left open, keys before their colon, lines at other columns. */
const PIECES = ['"', "'", '{', '[', '}', ']', ':', ' ', '\n', '\n    ', '\n        x', 'x', '- ', '#', ', '];

test('random breaks typed and mended: every version’s diagnostics equal a fresh session’s', async () => {
  let quick = 0;
  for (let seed = 1; seed <= 12; seed++) {
    const rng = new Rng(seed);
    const typing = await sessionWith();
    let text = template();
    let version = 1;
    shown(typing, typing.openDocument(FILE, text, version, true));
    for (let i = 0; i < 40; i++) {
      const at = rng.int(text.length + 1);
      text = rng.chance(0.7)
        ? text.slice(0, at) + rng.pick(PIECES) + text.slice(at)
        : text.slice(0, at) + text.slice(at + 1 + rng.int(3));
      if (rng.chance(0.1)) text = template();
      const model = typing.openDocument(FILE, text, ++version, true);
      if (model.readText !== undefined) quick++;
      const fresh = await sessionWith();
      assert.deepEqual(shown(typing, model), shown(fresh, fresh.analyse(FILE, text, 1)), `seed ${seed}, edit ${i}`);
    }
  }
  assert.ok(quick > 100, `broken versions read quickly: ${quick}`);
});
