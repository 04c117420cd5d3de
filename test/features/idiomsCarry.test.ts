/**
 * The idioms rule (TOSCA105: features/tosca/rules/idioms.ts) keeps each section entry's findings per region: they
 * follow from the entry's text and its path (its section and key) alone. Seeded edits of a template with vendor
 * keynames, SOL001 empty-list operations and artifact files from functions, most in or near those keys: after every
 * edit the diagnostics equal a fresh session's, and the entries the edit did not touch kept their findings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editsKeepFindings } from './openSession.js';
import { IDIOM_FINDINGS } from '../../server/src/features/tosca/rules/idioms.js';

function template(): string {
  const o = [
    'tosca_definitions_version: tosca_simple_yaml_1_3',
    '_extensions: { note: top }',
    'interface_types:',
    '  my.Vnflcm:',
    '    derived_from: tosca.interfaces.Root',
    '    _extensions:',
    '      normative: true',
    '    operations:',
    '      instantiate: {}',
    '      terminate: {}',
    'node_types:',
  ];
  for (let n = 0; n < 4; n++)
    o.push(
      `  my.VNF${n}:`,
      '    derived_from: tosca.nodes.Root',
      ...(n % 2 ? ['    _extensions:', '      shorthand_name: VNF'] : []),
      '    interfaces:',
      '      Vnflcm:',
      '        type: my.Vnflcm',
    );
  o.push('policy_types:', '  my.Failure:', '    derived_from: tosca.policies.Root', '    action: respawn');
  o.push('topology_template:', '  inputs:', '    image: { type: string }', '  node_templates:');
  for (let n = 0; n < 8; n++) {
    o.push(`    vnf${n}:`, `      type: my.VNF${n % 4}`, '      interfaces:', '        Vnflcm:');
    o.push(n % 3 ? '          instantiate: []' : '          instantiate: {}', '          terminate: []');
    if (n % 2) o.push('      artifacts:', '        sw:', '          file: { get_input: image }');
  }
  o.push('  policies:', '    - rsv:', '        type: tosca.policies.Root', '        reservation: { start: [ x ] }', '');
  return o.join('\n');
}

const PIECES = ['_', 'x', '[]', '{}', ' ', ':', '\n      ', '- ', 'file', 'get_input'];

test('idiom findings kept per entry equal a fresh analysis after every edit', async () => {
  const { withFindings, kept } = await editsKeepFindings({
    file: '/ws/service.yaml',
    original: template,
    seeds: [1, 2, 3],
    edits: 45,
    edit(text, rng) {
      if (rng.chance(0.08)) return template();
      // Most edits land in or near a key the rule reads, the others anywhere.
      const spots = [...text.matchAll(/_extensions|action|reservation|instantiate: |terminate: |file: /g)];
      const s = rng.chance(0.75) ? rng.pick(spots) : undefined;
      const at = s ? s.index + rng.int(s[0].length + 1) : rng.int(text.length + 1);
      return rng.chance(0.55)
        ? text.slice(0, at) + rng.pick(PIECES) + text.slice(at)
        : text.slice(0, at) + text.slice(at + 1 + rng.int(2));
    },
    codes: /^TOSCA105 /,
    key: IDIOM_FINDINGS,
  });
  assert.ok(withFindings > 120 && kept > 500, JSON.stringify({ withFindings, kept }));
});
