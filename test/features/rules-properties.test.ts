/**
 * Property, reference-ordering, assembly-structure and metric/policy rules (LM010, LM020-LM028,
 * LM035-LM036, LM046-LM051, LM068-LM069): for each rule a fixture with the mistake (exact ranges)
 * and the corrected fixture, which must not report that code.
 *
 * Each check looks only at the codes under test (every other registered code is ignored), so
 * rules added later do not disturb these fixtures.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LM_RULES } from '../../server/src/features/lm/rules/index.js';
import { checkDiagnostics } from '../support/features.js';
import { suggestedReplacement } from '../../server/src/features/shared/fixData.js';

const ALL_CODES = LM_RULES.flatMap((r) => [...r.codes]);
const only = (...codes: string[]) => ({ ignore: ALL_CODES.filter((c) => !codes.includes(c)) });

const RES = '#- /ws/x/Definitions/lm/resource.yaml\n';

/** Two resources with explicit names (no lmctl project) that the assemblies below compose. */
const LIB = `
#- /ws/res/a/Definitions/lm/resource.yaml
name: resource::a::1.0
properties:
  key_name:
    type: string
    required: true
  flavor:
    type: string
    required: true
    default: m1.small
  mgmtIp:
    type: string
    read-only: true
    required: true
  port:
    type: integer
lifecycle:
  Create: {}
  Reconfigure: {}
metrics:
  load:
    type: metric::load
#- /ws/res/b/Definitions/lm/resource.yaml
name: resource::b::1.0
properties:
  size:
    type: string
lifecycle:
  Create: {}
  Install: {}
`;
const ASM = '#- /ws/asm/Descriptor/assembly.yml\n';
const asm = (body: string) => `${LIB}${ASM}${body}`;

/** Placement mappings every component needs (LM049), to keep fixtures short. */
const PLACE = `      deploymentLocation:
        value: \${deploymentLocation}
      resourceManager:
        value: \${resourceManager}`;
const TOP = `properties:
  deploymentLocation:
    type: string
  resourceManager:
    type: string`;

type Diags = Awaited<ReturnType<typeof checkDiagnostics>>;
const sorted = (ds: Diags): Diags =>
  [...ds].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);

/** Checks the annotations of `code` and returns the severities in source order. */
async function severities(src: string, code: string): Promise<string[]> {
  return sorted(await checkDiagnostics(src, only(code))).map((d) => d.severity);
}

test('LM010: legacy resource-manager-type header', async () => {
  assert.deepEqual(
    await severities(
      `${RES}name: resource::net::1.0
resource-manager-type: ansible-rm
#^^^^^^^^^^^^^^^^^^^^ LM010
lifecycle: [Install]
`,
      'LM010',
    ),
    ['information'],
  );
  await checkDiagnostics(`${RES}name: resource::net::1.0\nlifecycle: [Install]\n`, only('LM010'));
});

test('LM020: property names with a dot or whitespace, in every property section', async () => {
  const bad = `${RES}properties:
  sbi.ip:
# ^^^^^^ LM020
    type: string
  'plmn mcc':
# ^^^^^^^^^^ LM020
    type: string
operations:
  Op:
    properties:
      a.b:
#     ^^^ LM020
        value: x
data-types:
  t:
    properties:
      x.y:
#     ^^^ LM020
        type: string
`;
  assert.deepEqual(await severities(bad, 'LM020'), ['error', 'error', 'error', 'error']);
  await checkDiagnostics(
    `${RES}properties:
  sbi_ip:
    type: string
  plmn-mcc:
    type: string
    default: 'a.b c'
`,
    only('LM020'),
  );
});

test('LM022: unknown property type with did-you-mean; data types are known types', async () => {
  const diags = await checkDiagnostics(
    `${RES}properties:
  a:
    type: stirng
#         ^^^^^^ LM022
  b:
    type: uuid
#         ^^^^ LM022
  c:
    type: Integer
#         ^^^^^^^ LM022
  d:
    type: int
#         ^^^ LM022
  e:
    type: tag
  f:
    type: resourceKeyId
data-types:
  tag:
    properties:
      name:
        type: strin
#             ^^^^^ LM022
`,
    only('LM022'),
  );
  assert.deepEqual(
    sorted(diags).map((d) => suggestedReplacement(d.data)),
    ['string', undefined, 'integer', 'integer', 'string'],
  );
  assert.ok(diags.every((d) => d.severity === 'warning'));
  await checkDiagnostics(
    `${RES}properties:
  a:
    type: string
  b:
    type: certificate
  c:
    type: integer
  e:
    type: tag
data-types:
  tag:
    properties:
      name:
        type: string
`,
    only('LM022'),
  );
});

test("LM023: volatile with read-only (error) or a fixed value (warning: CP4NA's own example does it)", async () => {
  assert.deepEqual(
    await severities(
      `${RES}properties:
  a:
    volatile: true
#   ^^^^^^^^ LM023
    read-only: true
  b:
    type: integer
    value: 5
    volatile: true
#   ^^^^^^^^ LM023
  c:
    volatile: true
    value: \${a}
`,
      'LM023',
    ),
    ['error', 'warning'],
  );
  await checkDiagnostics(
    `${RES}properties:
  a:
    read-only: true
  b:
    type: integer
    default: 5
    volatile: true
`,
    only('LM023'),
  );
});

test('LM024: key:value fused without a space, on the raw lines', async () => {
  const diags = await checkDiagnostics(
    `${RES}description: >-
  A note that mentions value:x in its text
  and type:string too.
properties:
  a:
    value:'\${b}'
#   ^^^^^^^^^^^^ LM024
  b:
    type: string
    default: 'http://example.com'
  c:
    type:string
#   ^^^^^^^^^^^ LM024
operations:
  Op:
    properties:
      p: {value: x}
`,
    only('LM024'),
  );
  assert.equal(suggestedReplacement(diags[0]!.data), "value: '${b}'");
  await checkDiagnostics(
    `${RES}description: >-
  A note that mentions value:x in its text.
properties:
  a:
    value: '\${b}'
  b:
    type: string
  c:
    type: string
`,
    only('LM024'),
  );
});

test(
  'LM025: entry-schema on a non-collection, unknown entry type; entry_schema spelling stays LM021 ' + 'only',
  async () => {
    await checkDiagnostics(
      `${RES}properties:
  a:
    type: string
    entry-schema:
#   ^^^^^^^^^^^^ LM025
      type: integer
  b:
    type: list
    entry-schema:
      type: intger
#           ^^^^^^ LM025
  c:
    type: map
    entry-schema: sap
#                 ^^^ LM025
  d:
    type: list
    entry_schema:
#   ^^^^^^^^^^^^ LM021
      type: map
  e:
    entry-schema: string
#   ^^^^^^^^^^^^ LM025
`,
      only('LM025', 'LM021'),
    );
    await checkDiagnostics(
      `${RES}properties:
  a:
    type: list
    entry-schema:
      type: integer
  c:
    type: map
    entry-schema: sap-type
data-types:
  sap-type:
    properties:
      id:
        type: string
`,
      only('LM025'),
    );
  },
);

test('LM026: default/value literals against the declared type; references skipped', async () => {
  assert.ok(
    (
      await severities(
        `${RES}properties:
  a:
    type: integer
    default: ten
#            ^^^ LM026
  b:
    type: boolean
    default: maybe
#            ^^^^^ LM026
  c:
    type: float
    value: 1.5.2
#          ^^^^^ LM026
  d:
    type: timestamp
    default: yesterday
#            ^^^^^^^^^ LM026
  e:
    type: list
    default: a,b
#            ^^^ LM026
  f:
    type: map
    default: [a, b]
#            ^^^^^^ LM026
  g:
    type: integer
    value: \${a}
  h:
    type: list
    entry-schema:
      type: integer
    default: [1, two, 3]
#                ^^^ LM026
`,
        'LM026',
      )
    ).every((s) => s === 'warning'),
  );
  await checkDiagnostics(
    `${RES}properties:
  a:
    type: integer
    default: 10
  a2:
    type: integer
    default: '10'
  b:
    type: boolean
    default: yes
  c:
    type: float
    value: 3.141592654
  d:
    type: timestamp
    value: 2019-09-07T15:50-04:00
  e:
    type: list
    default: [a, b]
  f:
    type: map
    default: {a: 100}
  h:
    type: list
    entry-schema:
      type: integer
    default: [-2147483648, 0, 2147483647]
  s:
    type: string
    default: 2
`,
    only('LM026'),
  );
});

test('LM027: derived-from must name another data type, without cycles', async () => {
  assert.deepEqual(
    await severities(
      `${RES}data-types:
  a:
    derived-from: bse
#                 ^^^ LM027
  base:
    derived-from: base
#                 ^^^^ LM027
  x:
    derived-from: y
#                 ^ LM027
  y:
    derived-from: x
#                 ^ LM027
  s:
    derived-from: string
#                 ^^^^^^ LM027
`,
      'LM027',
    ),
    ['error', 'error', 'error', 'error', 'error'],
  );
  await checkDiagnostics(
    `${RES}data-types:
  base:
    properties:
      source:
        type: string
  sap-type:
    derived-from: base
  deeper:
    derived-from: sap-type
`,
    only('LM027'),
  );
});

test('LM028: empty property body (a scalar body stays LM008 only)', async () => {
  const diags = await checkDiagnostics(
    `${RES}properties:
  vm_image_id:
# ^^^^^^^^^^^ LM028
  flavor: ~
# ^^^^^^ LM028
  zone: eu
#       ^^ LM008
`,
    only('LM028', 'LM008'),
  );
  assert.deepEqual(
    sorted(diags).map((d) => `${d.code} ${d.severity}`),
    ['LM028 information', 'LM028 information', 'LM008 error'],
  );
  await checkDiagnostics(`${RES}properties:\n  vm_image_id:\n    type: string\n`, only('LM028'));
});

test('LM035: a value mapped into a read-only output of the component', async () => {
  assert.deepEqual(
    await severities(
      asm(`${TOP}
composition:
  a:
    type: resource::a::1.0
    properties:
${PLACE}
      key_name:
        value: k
      mgmtIp:
#     ^^^^^^ LM035
        value: 10.0.0.1
`),
      'LM035',
    ),
    ['warning'],
  );
  await checkDiagnostics(
    asm(`${TOP}
  ip:
    read-only: true
    value: \${a.mgmtIp}
composition:
  a:
    type: resource::a::1.0
    properties:
${PLACE}
      key_name:
        value: k
      mgmtIp:
        read-only: true
`),
    only('LM035'),
  );
});

test(
  'LM036: circular property mappings between components, also through top-level properties and ' +
    'upgrade-dependencies (reported on every edge of the loop, the upgrade dependency included)',
  async () => {
    assert.deepEqual(
      await severities(
        asm(`${TOP}
  vip:
    value: \${b.size}
composition:
  a:
    type: resource::a::1.0
    properties:
      port:
        value: \${b.size}
#              ^^^^^^^^^ LM036
  b:
    type: resource::b::1.0
    properties:
      size:
        value: \${a.port}
#              ^^^^^^^^^ LM036
  c:
    type: resource::b::1.0
    properties:
      size:
        value: \${d.size}
#              ^^^^^^^^^ LM036
  d:
    type: resource::a::1.0
    upgrade-dependencies:
    - c
#     ^ LM036
  e:
    type: resource::b::1.0
    properties:
      size:
        value: \${e.size}
#              ^^^^^^^^^ LM036
`),
        'LM036',
      ),
      ['error', 'error', 'error', 'error', 'error'],
    );
    // Through a top-level property: b maps ${vip}, and vip is b's own output.
    await checkDiagnostics(
      asm(`${TOP}
  vip:
    value: \${b.size}
composition:
  b:
    type: resource::b::1.0
    properties:
      size:
        value: \${vip}
#              ^^^^^^ LM036
`),
      only('LM036'),
    );
    await checkDiagnostics(
      asm(`${TOP}
  vip:
    value: \${b.size}
composition:
  a:
    type: resource::a::1.0
    properties:
      port:
        value: \${b.size}
  b:
    type: resource::b::1.0
    properties:
      size:
        value: \${deploymentLocation}
  d:
    type: resource::a::1.0
    properties:
      port:
        value: \${c.size}
    upgrade-dependencies:
    - c
  c:
    type: resource::b::1.0
`),
      only('LM036'),
    );
  },
);

test('LM046: items must be ${p} with p a top-level list or map', async () => {
  assert.deepEqual(
    await severities(
      asm(`${TOP}
  streamers:
    type: list
  names:
    type: string
  untypedScalar:
    default: abc
composition:
  s1:
    type: resource::b::1.0
    items: streamers
#          ^^^^^^^^^ LM046
  s2:
    type: resource::b::1.0
    items: \${names}
#          ^^^^^^^^ LM046
  s3:
    type: resource::b::1.0
    items: \${s1.size}
#          ^^^^^^^^^^ LM046
  s4:
    type: resource::b::1.0
    items: \${deploymentLocation}
#          ^^^^^^^^^^^^^^^^^^^^^ LM046
  s5:
    type: resource::b::1.0
    items: \${untypedScalar}
#          ^^^^^^^^^^^^^^^^ LM046
`),
      'LM046',
    ),
    ['error', 'error', 'error', 'error', 'error'],
  );
  await checkDiagnostics(
    asm(`${TOP}
  streamers:
    type: list
    entry-schema:
      type: string
  byName:
    type: map
  untypedList:
    default: [a, b]
  untypedNoDefault:
    description: supplied by the intent
composition:
  s1:
    type: resource::b::1.0
    items: \${streamers}
  s2:
    type: resource::b::1.0
    items: '\${byName}'
  s3:
    type: resource::b::1.0
    items: \${untypedList}
  s4:
    type: resource::b::1.0
    items: \${untypedNoDefault}
`),
    only('LM046'),
  );
});

test(
  'LM047: upgrade-dependencies: unknown, self, references, cycles (errors); targets without Reconfigure/Upgrade ' +
    '(warning)',
  async () => {
    const diags = await checkDiagnostics(
      asm(`${TOP}
composition:
  a:
    type: resource::a::1.0
    upgrade-dependencies:
    - a
#     ^ LM047
    - nosuch
#     ^^^^^^ LM047
    - net
#     ^^^ LM047
    - b
#     ^ LM047
  x:
    type: resource::a::1.0
    upgrade-dependencies: [y]
#                          ^ LM047
  y:
    type: resource::a::1.0
    upgrade-dependencies: [x]
#                          ^ LM047
  b:
    type: resource::b::1.0
references:
  net:
    type: resource::b::1.0
`),
      only('LM047'),
    );
    assert.deepEqual(
      sorted(diags).map((d) => d.severity),
      ['error', 'error', 'error', 'warning', 'error', 'error'],
    );
    await checkDiagnostics(
      asm(`${TOP}
composition:
  a:
    type: resource::a::1.0
  x:
    type: resource::a::1.0
    upgrade-dependencies:
    - a
  y:
    type: resource::elsewhere::1.0
    upgrade-dependencies: [x, a]
`),
      only('LM047'),
    );
  },
);

test('LM048: required input of the component descriptor left unmapped', async () => {
  const diags = await checkDiagnostics(
    asm(`${TOP}
composition:
  a:
# ^ LM048
    type: resource::a::1.0
    properties:
${PLACE}
`),
    only('LM048'),
  );
  assert.equal(diags[0]!.severity, 'warning');
  assert.deepEqual(diags[0]!.data, {
    fixes: [{ fix: 'map-required-property', section: 'composition', component: 'a', properties: ['key_name'] }],
  });
  await checkDiagnostics(
    asm(`${TOP}
composition:
  a:
    type: resource::a::1.0
    properties:
${PLACE}
      key_name:
        value: \${deploymentLocation}-key
`),
    only('LM048'),
  );
});

test('LM049: component or reference without deploymentLocation/resourceManager', async () => {
  const diags = await checkDiagnostics(
    asm(`${TOP}
composition:
  a:
# ^ LM049
    type: resource::b::1.0
  b:
# ^ LM049
    type: resource::b::1.0
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
references:
  net:
# ^^^ LM049
    type: resource::b::1.0
    properties:
      resourceManager:
        value: brent
      deploymentLocation:
        type: string
`),
    only('LM049'),
  );
  assert.ok(diags.every((d) => d.severity === 'warning'));
  assert.deepEqual(
    sorted(diags).map((d) =>
      d.data?.fixes?.[0] && 'properties' in d.data.fixes[0] ? d.data.fixes[0].properties : undefined,
    ),
    [['deploymentLocation', 'resourceManager'], ['resourceManager'], undefined],
  );
  await checkDiagnostics(
    asm(`${TOP}
composition:
  a:
    type: resource::b::1.0
    properties:
${PLACE}
references:
  net:
    type: resource::b::1.0
    properties:
      deploymentLocation:
        value: \${deploymentLocation}
      resourceManager:
        value: brent
`),
    only('LM049'),
  );
});

test('LM050: property mapped into a component whose descriptor does not declare it', async () => {
  const diags = await checkDiagnostics(
    asm(`${TOP}
composition:
  a:
    type: resource::a::1.0
    properties:
${PLACE}
      key_name:
        value: k
      flavour:
#     ^^^^^^^ LM050
        value: m1.small
      extra:
#     ^^^^^ LM050
        value: 1
references:
  net:
    type: resource::b::1.0
    properties:
${PLACE}
      name:
        value: mynet
`),
    only('LM050'),
  );
  assert.deepEqual(
    sorted(diags).map((d) => [d.severity, suggestedReplacement(d.data)]),
    [
      // Near a declared name: a likely slip, so a warning; far from any: information (see the severity policy).
      ['warning', 'flavor'],
      ['information', undefined],
    ],
  );
  await checkDiagnostics(
    asm(`${TOP}
composition:
  a:
    type: resource::a::1.0
    properties:
${PLACE}
      key_name:
        value: k
      flavor:
        value: m1.small
  z:
    type: resource::elsewhere::1.0
    properties:
${PLACE}
      anything:
        value: 1
`),
    only('LM050'),
  );
});

test('LM051: required on a component-level property', async () => {
  assert.deepEqual(
    await severities(
      asm(`${TOP}
composition:
  b:
    type: resource::b::1.0
    properties:
${PLACE}
      size:
        required: true
#       ^^^^^^^^ LM051
        value: big
`),
      'LM051',
    ),
    ['information'],
  );
  await checkDiagnostics(
    asm(`${TOP}
  size:
    required: true
composition:
  b:
    type: resource::b::1.0
    properties:
${PLACE}
      size:
        value: \${size}
`),
    only('LM051'),
  );
});

test('LM068: metric type and publication-period', async () => {
  assert.deepEqual(
    await severities(
      `${RES}metrics:
  h:
    type: metric::health
#         ^^^^^^^^^^^^^^ LM068
    publication-period: 1m
#                       ^^ LM068
  l:
    type: metric::Load
#         ^^^^^^^^^^^^ LM068
    publication-period: -5
#                       ^^ LM068
  n:
# ^ LM068
    publication-period: \${period}
`,
      'LM068',
    ),
    ['warning', 'warning', 'warning', 'warning', 'warning'],
  );
  await checkDiagnostics(
    `${RES}properties:
  period:
    type: integer
metrics:
  h:
    type: metric::integrity
    publication-period: 0
  l:
    type: metric::load
    publication-period: \${period}
`,
    only('LM068'),
  );
});

test('LM069: heal policies in resources', async () => {
  const diags = await checkDiagnostics(
    `${RES}metrics:
  integrity:
    type: metric::integrity
  load:
    type: metric::load
policies:
  p1:
    type: policy::scale
#         ^^^^^^^^^^^^^ LM069
    metric: integrity
  p2:
    type: policy::heal
    metric: integrty
#           ^^^^^^^^ LM069
  p3:
    type: policy::heal
    metric: load
#           ^^^^ LM069
  p4:
# ^^ LM069
    metric: integrity
`,
    only('LM069'),
  );
  assert.deepEqual(
    sorted(diags).map((d) => d.severity),
    ['error', 'error', 'warning', 'error'],
  );
  await checkDiagnostics(
    `${RES}metrics:
  integrity:
    type: metric::integrity
policies:
  heal:
    type: policy::heal
    metric: integrity
    properties:
      smoothing:
        value: 5
`,
    only('LM069'),
  );
});

test('LM069: scale policies in assemblies (metric and clustered target)', async () => {
  const diags = await checkDiagnostics(
    asm(`${TOP}
composition:
  a:
    type: resource::a::1.0
  c:
    type: resource::a::1.0
    cluster:
      minimum-nodes: 1
      maximum-nodes: 3
metrics:
  a_load:
    source-metric: a.load
policies:
  p1:
    type: policy::heal
#         ^^^^^^^^^^^^ LM069
    metric: a.laod
#             ^^^^ LM069
    target: a
#           ^ LM069
  p2:
    type: policy::scale
    metric: x.load
#           ^ LM069
    target: nosuch
#           ^^^^^^ LM069
  p3:
    type: policy::scale
    metric: unknown_metric
#           ^^^^^^^^^^^^^^ LM069
    target: c
  p4:
# ^^ LM069
    type: policy::scale
    metric: a_load
`),
    only('LM069'),
  );
  assert.deepEqual(
    sorted(diags).map((d) => d.severity),
    ['error', 'warning', 'warning', 'error', 'error', 'error', 'error'],
  );
  await checkDiagnostics(
    asm(`${TOP}
composition:
  c:
    type: resource::a::1.0
    cluster:
      minimum-nodes: 1
      maximum-nodes: 3
metrics:
  c_load:
    source-metric: c.load
policies:
  p1:
    type: policy::scale
    metric: c.load
    target: c
    properties:
      scaleOut_threshold: 80
  p2:
    type: policy::scale
    metric: c_load
    target: c
`),
    only('LM069'),
  );
});

test('LM029: an empty `value:` is a warning; an explicit null or empty string is not reported', async () => {
  assert.deepEqual(
    await severities(
      asm(`${TOP}
composition:
  a:
    type: resource::a::1.0
    properties:
${PLACE}
      key_name:
        value:
#       ^^^^^ LM029
      port:
        value: ''
      flavor:
        value: null
`),
      'LM029',
    ),
    ['warning'],
  );
  await checkDiagnostics(`${RES}properties:\n  a:\n    value: \${b}\n  b:\n    value: ~\n`, only('LM029'));
});
