/** TOSCA Version 2.0: requirement counts, interface types, type versions, repositories (TOSCA211–215). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca } from './support.js';

const TYPES = `
capability_types:
  Service: {}
node_types:
  Server:
    capabilities:
      service: { type: Service }
  Client:
    requirements:
      - service:
          capability: Service
          count_range: [2, 3]
`;

test('TOSCA211: requirement assignments (with count) against count_range', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_2_0
${TYPES}
service_template:
  node_templates:
    s1: { type: Server }
    s2: { type: Server }
    none:
      type: Client
    enough:
      type: Client
      requirements:
        - service: { node: s1, count: 2 }
    over:
      type: Client
      requirements:
        - service: { node: s1, count: 2 }
        - service: s2
        - service: s2
#         ^^^^^^^ TOSCA211
    under:
      type: Client
      requirements:
        - service: s1
#         ^^^^^^^ TOSCA211
        - service: { node: s2, optional: true }
`);
});

test('TOSCA212/213: interface type operations are not implemented; inputs are parameter definitions', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_2_0
interface_types:
  Base:
    operations:
      run: {}
  Derived:
    derived_from: Base
    inputs:
      ok: { type: string }
      description: not a definition
#     ^^^^^^^^^^^ TOSCA213
    operations:
      run:
        implementation: refined.sh
      other:
        implementation: other.sh
#       ^^^^^^^^^^^^^^ TOSCA212
`);
});

test('TOSCA214: a type version that is not a TOSCA version', async () => {
  await checkTosca(`
tosca_definitions_version: tosca_2_0
artifact_types:
  Good:
    version: "1.0.2.beta-3"
  AsNumber:
    version: 1.0
  Bad:
    version: 1..0.abc
#            ^^^^^^^^ TOSCA214
`);
});

test('TOSCA215: a repository also defined by a file imported without a namespace', async () => {
  await checkTosca(`
#- /ws/repos.yaml
tosca_definitions_version: tosca_2_0
repositories:
  shared: { url: https://example.org/a }
#- /ws/service.yaml
tosca_definitions_version: tosca_2_0
imports:
  - url: repos.yaml
repositories:
  shared: { url: https://example.org/b }
# ^^^^^^ TOSCA215
  mine: { url: https://example.org/c }
`);
});

test('TOSCA064 in 2.0: no count_range means optional ([0, UNBOUNDED]); a declared minimum of 1 is not', async () => {
  const diags = await checkTosca(
    `
tosca_definitions_version: tosca_2_0
capability_types:
  Service: {}
node_types:
  Server:
    capabilities:
      service: { type: Service }
  Optional:
    requirements:
      - service: { capability: Service }
      - spare: { capability: Service, count_range: [0, 1] }
  Needs:
    requirements:
      - service: { capability: Service, count_range: [1, 1] }
  Inherits:
    derived_from: Needs
service_template:
  node_templates:
    s1: { type: Server }
    free: { type: Optional }
    needy:
#   ^^^^^ TOSCA064
      type: Needs
    heir:
#   ^^^^ TOSCA064
      type: Inherits
`,
    { ignore: ['TOSCA037', 'TOSCA103', 'TOSCA269'] },
  );
  const messages = diags.filter((d) => d.code === 'TOSCA064').map((d) => d.message);
  assert.ok(
    messages.every((m) => m.includes('count_range [1, 1]')),
    messages.join('\n'),
  );
});
