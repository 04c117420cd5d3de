/** TOSCA 2.0 functions (TOSCA230–TOSCA243): calls, declared functions, validation clauses, TOSCA paths. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf, NOISE } from './support.js';

/** Only this rule group's codes (TOSCA230–259) are asserted: the fixtures are small, not complete services. */
const ignore = [
  ...NOISE,
  ...Array.from({ length: 1000 }, (_, i) => `TOSCA${String(i).padStart(3, '0')}`).filter((c) => {
    const n = Number(c.slice(5));
    return n < 230 || n > 259;
  }),
];
const check = (src: string) => checkTosca(src, { ignore });

test('TOSCA230: a $ key beside other keys is malformed; $$ escapes, call-text keys stand for calls', async () => {
  const d = await check(`
tosca_definitions_version: tosca_2_0
node_types:
  N:
    properties:
      p: { type: map, entry_schema: string }
service_template:
  node_templates:
    n:
      type: N
      properties:
        p:
          $concat: [ a, b ]
#         ^^^^^^^ TOSCA230
          other: 1
        q:
          $$literal: 1
          other: $$text
        r:
          "$keygen: [ UUID ]": 34
          "$keygen$1: [ UUID ]": 56
`);
  assert.match(messageOf(d, 'TOSCA230'), /§10\.1/);
});

test('TOSCA231/232: unknown functions are warnings with did-you-mean; $ text that is no name asks for $$', async () => {
  const d = await check(`
tosca_definitions_version: tosca_2_0
service_template:
  inputs:
    x: { type: string }
  outputs:
    a: { value: { $concatt: [ a, b ] } }
#                 ^^^^^^^^ TOSCA231
    b: { value: $5 a month }
#               ^^^^^^^^^^ TOSCA232
    c: { value: { $get_security_context: { env: staging } } }
#                 ^^^^^^^^^^^^^^^^^^^^^ TOSCA231
    d: { value: { $ns:random: [ 1 ] } }
    e: { value: { $in_range: [ 1, [ 0, 5 ] ] } }
#                 ^^^^^^^^^ TOSCA231
`);
  assert.match(
    d.filter((x) => x.code === 'TOSCA231')[2]?.message ?? '',
    /1\.3 constraint operator.*\$greater_or_equal/,
  );
  assert.match(messageOf(d, 'TOSCA231'), /did you mean `\$concat`/);
  assert.deepEqual(d.find((x) => x.code === 'TOSCA231')?.data?.fixes?.[0], { fix: 'replace', replaceWith: '$concat' });
  assert.equal(d.find((x) => x.code === 'TOSCA232')?.severity, 'warning');
});

test('TOSCA233/234: built-in argument counts, forms and literal kinds', async () => {
  await check(`
tosca_definitions_version: tosca_2_0
service_template:
  inputs:
    x: { type: string }
  outputs:
    a: { value: { $token: [ abc, ":" ] } }
#                         ^^^^^^^^^^^^ TOSCA233
    b: { value: { $token: [ abc, ":", "1" ] } }
#                                     ^^^ TOSCA234
    c: { value: { $not: [ true, false ] } }
#                       ^^^^^^^^^^^^^^^ TOSCA233
    d: { value: { $length: [ 5 ] } }
#                            ^ TOSCA234
    e: { value: { $and: [ { $length: [ abc ] }, true ] } }
#                         ^^^^^^^^^^^^^^^^^^^^ TOSCA234
    f: { value: $concat }
#               ^^^^^^^ TOSCA233
    g: { value: { $join: abc } }
#                        ^^^ TOSCA233
    ok1: { value: { $get_input: x } }
    ok2: { value: { $join: [ [ a, 1, b ], "_" ] } }
    ok3: { value: { $greater_or_equal: [ { $get_input: x }, 256 MB ] } }
    ok4: { value: { $sum: [ 1, 2.5, 3 GB ] } }
    ok5: { value: { $ceil: [ 2.5 ] } }
`);
});

test('TOSCA235/236: declared functions: signatures and calls that match none', async () => {
  await check(`
tosca_definitions_version: tosca_2_0
functions:
  sqrt:
    signatures:
      - arguments: [ integer ]
        result: float
  rnd:
    signatures:
      - result: float
  many:
    signatures:
      - arguments: [ string ]
        variadic: true
  bad1:
    signatures: []
#               ^^ TOSCA236
  bad2:
# ^^^^ TOSCA236
    description: no signatures
  bad3:
    signatures:
      - argumets: [ integer ]
#       ^^^^^^^^ TOSCA236
        variadic: yes
#                 ^^^ TOSCA236
service_template:
  outputs:
    a: { value: { $sqrt: [ 1, 2 ] } }
#                        ^^^^^^^^ TOSCA235
    b: { value: { $rnd: [ 1 ] } }
#                       ^^^^^ TOSCA235
    c: { value: { $many: [] } }
#                        ^^ TOSCA235
    d: { value: { $sqrt: [ four ] } }
#                        ^^^^^^^^ TOSCA235
    ok1: { value: { $sqrt: [ 4 ] } }
    ok2: { value: { $rnd: [] } }
    ok3: { value: { $many: [ a, b, c ] } }
`);
});

test('TOSCA236: a function name with a $', async () => {
  await check(`
tosca_definitions_version: tosca_2_0
functions:
  $sqrt:
# ^^^^^ TOSCA236
    signatures: [ { result: float } ]
`);
});

test('TOSCA237/238/239: validation clauses are Boolean and typed by their definition', async () => {
  await check(`
tosca_definitions_version: tosca_2_0
data_types:
  Range:
    properties:
      low: { type: integer }
      high: { type: integer }
    validation: { $greater_or_equal: [ { $value: [ hihg ] }, { $value: [ low ] } ] }
#                                                  ^^^^ TOSCA238
  Count:
    derived_from: integer
    validation: { $greater_or_equal: [ $value, 0 ] }
node_types:
  N:
    properties:
      a:
        type: integer
        validation: { $greater_than: [ { $length: [ $value ] }, 1 ] }
#                                                   ^^^^^^ TOSCA238
      b:
        type: integer
        validation: { $greater_than: [ $value, "ten" ] }
#                                              ^^^^^ TOSCA238
      c:
        type: string
        validation: { $valid_values: [ $value, [ a, 2 ] ] }
#                                                   ^ TOSCA238
      d:
        type: string
        validation: { $concat: [ $value, x ] }
#                     ^^^^^^^ TOSCA237
      e:
        type: string
        validation: [ { $equal: [ $value, x ] } ]
#                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ TOSCA237
      f:
        type: Count
        validation: { $less_than: [ $value, 10 ] }
      g:
        type: string
        default: { $value: [] }
#                  ^^^^^^ TOSCA239
      h:
        type: map
        entry_schema: string
        validation: { $has_key: [ $value, k ] }
`);
});

test('TOSCA240–243: TOSCA paths and inputs', async () => {
  await check(`
tosca_definitions_version: tosca_2_0
capability_types:
  Host:
    properties:
      num_cpus: { type: integer }
node_types:
  N:
    properties:
      p: { type: string }
    capabilities:
      host: { type: Host }
    requirements:
      - host:
          capability: Host
          node_filter:
            $equal: [ { $get_property: [ SELF, CAPABILITY, os ] }, linux ]
service_template:
  inputs:
    size: { type: integer }
  node_templates:
    db:
      type: N
      properties:
        p: { $get_property: [ SELF, RELATIONSHIP, host, 0, TARGET, p ] }
    web:
      type: N
      properties:
        p: { $get_property: [ HOST, p ] }
#                             ^^^^ TOSCA241
    a:
      type: N
      properties:
        p: { $get_property: [ TARGET, p ] }
#                             ^^^^^^ TOSCA241
    b:
      type: N
      properties:
        p: { $get_attribute: [ SELF, RELATIONSHIP, CAPABILITY, p ] }
#                                                  ^^^^^^^^^^ TOSCA240
    c:
      type: N
      properties:
        p: { $get_property: [ SELF, TARGET, p ] }
#                                   ^^^^^^ TOSCA240
    d:
      type: N
      properties:
        p: { $get_property: [ dbb, p ] }
#                             ^^^ TOSCA242
    e:
      type: N
      properties:
        p: { $get_input: sise }
#                        ^^^^ TOSCA243
    f:
      type: N
      properties:
        p: { $get_property: [ db, ALL, p ] }
    g:
      type: N
      node_filter:
        $greater_or_equal:
          - $available_allocation: [ SELF, CAPABILITY, host, num_cpus ]
          - 2
    h:
      type: N
      node_filter:
        $greater_or_equal:
          - $available_allocation: [ SELF, num_cpus ]
#                                  ^^^^^^^^^^^^^^^^^^ TOSCA240
          - 2
    i:
      type: N
      properties:
        p: { $get_property: [ SELF, RELATIONSHIP, host, -1, TARGET, p ] }
#                                                       ^^ TOSCA240
`);
});

test('TOSCA244: $node_index and $relationship_index outside their context; TOSCA241 offers SELF, SOURCE', async () => {
  const d = await check(`
tosca_definitions_version: tosca_2_0
relationship_types:
  R:
    properties:
      i: { type: integer, default: { $relationship_index: [] } }
service_template:
  inputs:
    locations: { type: list, entry_schema: string }
  node_templates:
    a:
      type: N
      properties:
        loc: { $get_input: [ locations, $node_index ] }
  relationship_templates:
    r:
      type: R
      properties:
        s: { $get_property: [ SOURCE, name ] }
#                             ^^^^^^ TOSCA241
  outputs:
    i: { value: $node_index }
#               ^^^^^^^^^^^ TOSCA244
    j: { value: $relationship_index }
#               ^^^^^^^^^^^^^^^^^^^ TOSCA244
`);
  assert.deepEqual(d.find((x) => x.code === 'TOSCA241')?.data?.fixes?.[0], {
    fix: 'replace',
    replaceWith: 'SELF, SOURCE',
  });
});

test('TOSCA245: requirement, capability and member names along a TOSCA path, where the types are known', async () => {
  await check(`
tosca_definitions_version: tosca_2_0
capability_types:
  Endpoint:
    properties:
      port: { type: integer }
relationship_types:
  ConnectsTo:
    properties:
      secure: { type: boolean }
node_types:
  Database:
    properties:
      name: { type: string }
    attributes:
      state: { type: string }
    capabilities:
      endpoint: { type: Endpoint }
  App:
    properties:
      db_name: { type: string }
    requirements:
      - database: { capability: Endpoint, node: Database, relationship: ConnectsTo }
    artifacts:
      zip: { type: Zip, file: app.zip }
service_template:
  node_templates:
    db:
      type: Database
    app:
      type: App
      requirements:
        - database: db
      properties:
        db_name: { $get_property: [ SELF, RELATIONSHIP, database, TARGET, name ] }
        a: { $get_property: [ SELF, RELATIONSHIP, database, TARGET, nmae ] }
#                                                                   ^^^^ TOSCA245
        b: { $get_property: [ SELF, RELATIONSHIP, databse, TARGET, name ] }
#                                                 ^^^^^^^ TOSCA245
        c: { $get_property: [ db, CAPABILITY, endpoint, port ] }
        d: { $get_property: [ db, CAPABILITY, endpoint, prot ] }
#                                                       ^^^^ TOSCA245
        e: { $get_attribute: [ db, state ] }
        f: { $get_attribute: [ db, name ] }
        g: { $get_property: [ db, state ] }
#                                 ^^^^^ TOSCA245
        h: { $get_property: [ SELF, RELATIONSHIP, database, secure ] }
        i: { $get_property: [ SELF, RELATIONSHIP, database, CAPABILITY, port ] }
        j: { $get_artifact: [ SELF, zpi ] }
#                                   ^^^ TOSCA245
        k: { $get_property: [ db, CAPABILITY, endpnt, port ] }
#                                             ^^^^^^ TOSCA245
`);
});

test('TOSCA245 follows incoming relationships and starts from relationships (§10.3)', async () => {
  await check(`
tosca_definitions_version: tosca_2_0
capability_types:
  Endpoint:
    properties:
      port: { type: integer }
  Admin: {}
relationship_types:
  ConnectsTo:
    properties:
      secure: { type: boolean }
  TlsConnectsTo:
    derived_from: ConnectsTo
    properties:
      cert: { type: string }
node_types:
  Database:
    properties:
      name: { type: string }
    capabilities:
      endpoint: { type: Endpoint }
      admin: { type: Admin }
  App:
    properties:
      db_name: { type: string }
      version: { type: string }
    requirements:
      - database: { capability: Endpoint, node: Database, relationship: ConnectsTo }
  Tool:
    properties:
      tool_name: { type: string }
    requirements:
      - manage: { capability: Admin, node: Database, relationship: ConnectsTo }
service_template:
  relationship_templates:
    tls:
      type: TlsConnectsTo
      properties:
        cert: { $get_property: [ SELF, SOURCE, version ] }
        c1: { $get_property: [ SELF, SOURCE, versoin ] }
#                                            ^^^^^^^ TOSCA245
        c2: { $get_property: [ SELF, TARGET, CAPABILITY, endpoint, port ] }
        c3: { $get_property: [ SELF, TARGET, nmae ] }
#                                            ^^^^ TOSCA245
  node_templates:
    db:
      type: Database
      properties:
        name: { $get_property: [ SELF, CAPABILITY, endpoint, RELATIONSHIP, SOURCE, db_name ] }
        n1: { $get_property: [ SELF, CAPABILITY, endpoint, RELATIONSHIP, SOURCE, db_nmae ] }
#                                                                                ^^^^^^^ TOSCA245
        n2: { $get_property: [ SELF, CAPABILITY, endpoint, RELATIONSHIP, 0, cert ] }
        n3: { $get_property: [ SELF, CAPABILITY, endpoint, RELATIONSHIP, crt ] }
#                                                                        ^^^ TOSCA245
        n4: { $get_property: [ SELF, CAPABILITY, admin, RELATIONSHIP, SOURCE, tool_name ] }
        n5: { $get_property: [ SELF, CAPABILITY, admin, RELATIONSHIP, SOURCE, db_name ] }
#                                                                             ^^^^^^^ TOSCA245
    app:
      type: App
      requirements:
        - database:
            node: db
            relationship: tls
      properties:
        db_name: { $get_property: [ SELF, RELATIONSHIP, database, CAPABILITY, RELATIONSHIP, SOURCE, version ] }
        a1: { $get_property: [ SELF, RELATIONSHIP, database, CAPABILITY, RELATIONSHIP, SOURCE, vrsion ] }
#                                                                                              ^^^^^^ TOSCA245
        a2: { $get_property: [ SELF, RELATIONSHIP, database, cert ] }
        a3: { $get_property: [ tls, SOURCE, db_name ] }
        a4: { $get_property: [ tls, TARGET, db_name ] }
#                                           ^^^^^^^ TOSCA245
    tool:
      type: Tool
      requirements:
        - manage:
            node: db
            relationship:
              type: ConnectsTo
              properties:
                secure: { $get_property: [ SELF, TARGET, name ] }
                s1: { $get_property: [ SELF, SOURCE, nmae ] }
#                                                    ^^^^ TOSCA245
`);
});

test('TOSCA245 stays silent where incoming relationships are several or unknown', async () => {
  await check(`
tosca_definitions_version: tosca_2_0
capability_types:
  Endpoint: {}
relationship_types:
  ConnectsTo: {}
  Other:
    properties:
      other_only: { type: string }
node_types:
  Database:
    capabilities:
      endpoint: { type: Endpoint }
  App:
    properties:
      a_only: { type: string }
    requirements:
      - database: { capability: Endpoint, node: Database, relationship: ConnectsTo }
  Web:
    properties:
      w_only: { type: string }
    requirements:
      - database: { capability: Endpoint, node: Database, relationship: Other }
service_template:
  node_templates:
    db:
      type: Database
      properties:
        x: { $get_property: [ SELF, CAPABILITY, endpoint, RELATIONSHIP, SOURCE, a_only ] }
        y: { $get_property: [ SELF, CAPABILITY, endpoint, RELATIONSHIP, SOURCE, w_only ] }
        z: { $get_property: [ SELF, CAPABILITY, endpoint, RELATIONSHIP, other_only ] }
    lonely:
      type: Database
      properties:
        x: { $get_property: [ SELF, CAPABILITY, endpoint, RELATIONSHIP, SOURCE, anything ] }
    app:
      type: App
      requirements:
        - database: db
    web:
      type: Web
      requirements:
        - database: db
`);
});

const FUNCTION_PROFILE = `#- /ws/profile/functions.yaml
tosca_definitions_version: tosca_2_0
profile: org.example.functions:1.0
functions:
  sqrt:
    description: Square root.
    signatures:
      - arguments: [ float ]
        result: float
  pick:
    signatures:
      - arguments: [ list, integer ]
service_template:
  functions:
    hidden:
      signatures: [ { result: float } ]
`;

test('TOSCA235: functions declared in a profile imported by name, under its namespace (§10.4, §6.8.4)', async () => {
  const d = await check(`${FUNCTION_PROFILE}#- /ws/service.yaml
tosca_definitions_version: tosca_2_0
imports:
  - profile: org.example.functions:1.0
    namespace: fn
service_template:
  outputs:
    a: { value: { $fn:sqrt: [ 1, 2 ] } }
#                           ^^^^^^^^ TOSCA235
    b: { value: { $fn:pick: [ [ 1 ], two ] } }
#                           ^^^^^^^^^^^^^^ TOSCA235
    ok1: { value: { $fn:sqrt: [ 4 ] } }
    ok2: { value: { $fn:pick: [ [ 1, 2 ], 0 ] } }
    ok3: { value: { $sqrt: [ 1, 2, 3 ] } }
    ok4: { value: { $fn:hidden: [ 1, 2 ] } }
`);
  assert.match(messageOf(d, 'TOSCA235'), /imported functions\.yaml.*§10\.4/);
});

test('TOSCA235: functions of a file imported by url without a namespace, and of nested namespaces', async () => {
  await check(`${FUNCTION_PROFILE}#- /ws/lib/mid.yaml
tosca_definitions_version: tosca_2_0
imports:
  - profile: org.example.functions:1.0
    namespace: inner
#- /ws/service.yaml
tosca_definitions_version: tosca_2_0
imports:
  - url: profile/functions.yaml
  - url: lib/mid.yaml
    namespace: outer
service_template:
  outputs:
    a: { value: { $sqrt: [ 1, 2 ] } }
#                        ^^^^^^^^ TOSCA235
    b: { value: { $outer:inner:sqrt: [] } }
#                                    ^^ TOSCA235
    ok1: { value: { $sqrt: [ 2.5 ] } }
    ok2: { value: { $outer:inner:sqrt: [ 2 ] } }
    ok3: { value: { $inner:sqrt: [] } }
`);
});
