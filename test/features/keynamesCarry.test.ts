/**
 * The keynames rule (TOSCA010–TOSCA012, TOSCA208: features/tosca/rules/keynames.ts) keeps the findings of each entry
 * of a section (a type, a node template) while its text is the same: the walk reads nothing else but the grammar and
 * the dialect. Seeded edits of a template with misspelt keynames and values of the wrong shape in types and node
 * templates, some in keys (a keyname breaks or mends), some anywhere: after every edit the open document's
 * diagnostics equal a fresh session's, and the entries before the edit kept their findings (the same objects).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sessionWith as sessionOn, shown } from './openSession.js';
import { KEYNAME_FINDINGS } from '../../server/src/features/tosca/rules/keynames.js';
import type { RegionStore } from '../../server/src/features/shared/regions.js';
import { Rng } from '../fuzz/rng.js';

const FILE = '/ws/service.yaml';
const sessionWith = () => sessionOn(FILE);

function template(): string {
  const o = ['tosca_definitions_version: tosca_simple_yaml_1_3', 'node_types:'];
  for (let n = 0; n < 3; n++)
    o.push(
      `  my.T${n}:`,
      `    ${n === 1 ? 'derived_form' : 'derived_from'}: tosca.nodes.Root`,
      '    properties:',
      `      port: { type: integer${n === 2 ? ', requird: true' : ''} }`,
    );
  o.push('topology_template:', '  node_templates:');
  for (let n = 0; n < 10; n++) {
    o.push(`    n${n}:`, `      type: my.T${n % 3}`);
    if (n % 4 === 1) o.push('      propertes:', '        port: 1');
    else if (n % 4 === 2) o.push('      properties: [port]');
    else o.push('      properties:', `        port: ${n}`);
    o.push('      requirements:', `        - host: n${(n + 1) % 10}`);
  }
  o.push('');
  return o.join('\n');
}

const PIECES = ['x', 'e', ' ', ':', '\n      ', '- ', '[', '#'];

test('keyname findings kept per entry equal a fresh analysis after every edit', async () => {
  let kept = 0;
  let withFindings = 0;
  for (const seed of [1, 2, 3]) {
    const rng = new Rng(seed);
    const typing = await sessionWith();
    let text = template();
    let version = 1;
    let before = typing.openDocument(FILE, text, version, true);
    shown(typing, before);
    for (let i = 0; i < 40; i++) {
      // Most edits land in a keyname (where TOSCA010 comes and goes), the others anywhere.
      const keys = [...text.matchAll(/^ +([a-z_]+):/gm)];
      const k = rng.chance(0.7) ? keys[rng.int(keys.length)]! : undefined;
      const at = k ? k.index + k[0].indexOf(k[1]!) + rng.int(k[1]!.length + 1) : rng.int(text.length + 1);
      text = rng.chance(0.6)
        ? text.slice(0, at) + rng.pick(PIECES) + text.slice(at)
        : text.slice(0, at) + text.slice(at + 1 + rng.int(2));
      if (rng.chance(0.1)) text = template();
      const model = typing.openDocument(FILE, text, ++version, true);
      const got = shown(typing, model);
      const fresh = await sessionWith();
      assert.deepEqual(got, shown(fresh, fresh.analyse(FILE, text, 1)), `seed ${seed}, edit ${i}:\n${text}`);
      if (got.some((g) => /^TOSCA01[0-2] /.test(g))) withFindings++;
      // The entries wholly before the edit kept their findings: the same arrays as the version before.
      const now = (model.derived.get(KEYNAME_FINDINGS) as RegionStore | undefined)?.now;
      const old = (before.derived.get(KEYNAME_FINDINGS) as RegionStore | undefined)?.now;
      if (now && old) for (const [start, r] of now) if (old.get(start)?.findings === r.findings) kept++;
      before = model;
    }
  }
  assert.ok(withFindings > 60 && kept > 500, JSON.stringify({ withFindings, kept }));
});
