/**
 * The keynames rule (TOSCA010–TOSCA012, TOSCA208: features/tosca/rules/keynames.ts) keeps the findings of each entry
 * of a section (a type, a node template) while its text is the same: the walk reads nothing else but the grammar and
 * the dialect. Seeded edits of a template with misspelt keynames and values of the wrong shape in types and node
 * templates, some in keys (a keyname breaks or mends), some anywhere: after every edit the open document's
 * diagnostics equal a fresh session's, and the entries before the edit kept their findings (the same objects).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editsKeepFindings } from './openSession.js';
import { KEYNAME_FINDINGS } from '../../server/src/features/tosca/rules/keynames.js';

const FILE = '/ws/service.yaml';

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
  const { withFindings, kept } = await editsKeepFindings({
    file: FILE,
    original: template,
    seeds: [1, 2, 3],
    edits: 40,
    edit(text, rng) {
      // Most edits land in a keyname (where TOSCA010 comes and goes), the others anywhere.
      const keys = [...text.matchAll(/^ +([a-z_]+):/gm)];
      const k = rng.chance(0.7) ? keys[rng.int(keys.length)]! : undefined;
      const at = k ? k.index + k[0].indexOf(k[1]!) + rng.int(k[1]!.length + 1) : rng.int(text.length + 1);
      const edited = rng.chance(0.6)
        ? text.slice(0, at) + rng.pick(PIECES) + text.slice(at)
        : text.slice(0, at) + text.slice(at + 1 + rng.int(2));
      return rng.chance(0.1) ? template() : edited;
    },
    codes: /^TOSCA01[0-2] /,
    key: KEYNAME_FINDINGS,
  });
  // The entries wholly before the edit kept their findings: the same arrays as the version before.
  assert.ok(withFindings > 60 && kept > 500, JSON.stringify({ withFindings, kept }));
});
