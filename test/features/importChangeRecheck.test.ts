/**
 * An open TOSCA service template checked again, with the same text, after a file it imports changed: the server
 * checks every open document again when the index changes, and a document nobody edited keeps its model (the same
 * text, the same version). Its findings must be those of a fresh session, not those of the types before: the
 * per-region findings (TOSCA040-076), the loops (TOSCA104) and the capability properties kept with a version are
 * asked again on every check (features/tosca/rules/modelInputs.ts, cycles.ts, templates.ts). Found by the
 * edit-sequence fuzzer (`npm run fuzz`): an imported types file edited while the template stayed open and unedited.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { shown } from './openSession.js';

const TYPES = '/ws/types.yaml';
const SERVICE = '/ws/service.yaml';

/** The imported types, one variant per case; `relationship` is what `shop.Uses` derives from. */
function typesText(o: { requirement: string; property: string; relationship: string; capProp: string }): string {
  return `tosca_definitions_version: tosca_simple_yaml_1_3
capability_types:
  shop.Endpoint:
    derived_from: tosca.capabilities.Endpoint
    properties:
      ${o.capProp}:
        type: integer
        required: false
relationship_types:
  shop.Uses:
    derived_from: ${o.relationship}
node_types:
  shop.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      ${o.property}:
        type: integer
        required: false
    capabilities:
      api:
        type: shop.Endpoint
    requirements:
      - ${o.requirement}:
          capability: tosca.capabilities.Node
          node: shop.App
          relationship: shop.Uses
          occurrences: [0, 1]
`;
}

const SERVICE_TEXT = `tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types.yaml
topology_template:
  node_templates:
    a:
      type: shop.App
      properties:
        port: 80
      capabilities:
        api:
          properties:
            pool: 4
      requirements:
        - peer: b
    b:
      type: shop.App
      properties:
        port: { get_property: [a, port] }
      requirements:
        - peer: a
`;

const BASE = { requirement: 'peer', property: 'port', relationship: 'tosca.relationships.DependsOn', capProp: 'pool' };

/** The variants the types file goes through; each changes what some finding of the template says. */
const VARIANTS = [
  BASE,
  { ...BASE, requirement: 'partner' },
  BASE,
  { ...BASE, property: 'port_number' },
  { ...BASE, relationship: 'tosca.relationships.ConnectsTo' },
  BASE,
  { ...BASE, capProp: 'pool_size' },
  { ...BASE, relationship: 'tosca.relationships.HostedOn', property: 'listen' },
  BASE,
];

async function freshDiagnostics(types: string, service: string): Promise<string[]> {
  const s = new Session(new MemoryFileSystem({ [TYPES]: types, [SERVICE]: service }));
  s.index.addRoot('/ws');
  await s.index.build();
  return shown(s, s.openDocument(SERVICE, service, 1, true));
}

test('a template checked again after the types it imports changed has the findings of a fresh session', async () => {
  const s = new Session(new MemoryFileSystem({ [TYPES]: typesText(BASE), [SERVICE]: SERVICE_TEXT }));
  s.index.addRoot('/ws');
  await s.index.build();
  s.openDocument(TYPES, typesText(BASE), 1, true);
  // One keystroke first (a comment typed at the end), so that the version checked has one before it to take
  // findings over from; then the template is never edited: the same model is checked after each change of the types.
  shown(s, s.openDocument(SERVICE, SERVICE_TEXT, 1, true));
  const edited = `${SERVICE_TEXT}# checked\n`;
  const service = s.openDocument(SERVICE, edited, 2, true);
  shown(s, service);
  const seen = new Set<string>();
  for (let i = 0; i < VARIANTS.length; i++) {
    const types = typesText(VARIANTS[i]!);
    s.openDocument(TYPES, types, i + 2, true);
    const got = shown(s, service);
    const fresh = await freshDiagnostics(types, edited);
    assert.deepEqual(got, fresh, `after types variant ${i}: ${JSON.stringify(VARIANTS[i])}`);
    seen.add(got.join('\n'));
  }
  // The variants change what the template is told (else the comparison could not fail): an unknown requirement, an
  // unknown property, a loop (DependsOn both ways) and none (ConnectsTo), an unknown capability property.
  const all = [...seen].join('\n');
  for (const code of ['TOSCA061', 'TOSCA062', 'TOSCA104'])
    assert.ok(all.includes(code), `some variant gives ${code}:\n${all}`);
  assert.ok(seen.size >= 5, `${seen.size} distinct sets of findings`);
});
