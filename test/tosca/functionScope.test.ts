/**
 * One scope for SELF, SOURCE, TARGET and HOST: at every kind of place, completion offers a keyword
 * exactly where the function rule accepts it (no TOSCA074/TOSCA075), and hover on HOST names the
 * hosts the rule looks through, including one the orchestrator picks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCompletion, checkHover, diagnosticsOf } from '../support/features.js';

const KEYWORDS = ['SELF', 'SOURCE', 'TARGET', 'HOST'] as const;

/** A document with a `get_attribute` call at every kind of scope; `@<slot>` is the entity argument. */
const DOC = `#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
data_types:
  my.Data:
    derived_from: tosca.datatypes.Root
    properties:
      p: { type: string, default: { get_attribute: [ @data, tosca_id ] } }
interface_types:
  my.Iface:
    derived_from: tosca.interfaces.Root
    operations:
      run:
        inputs:
          i: { type: string, default: { get_attribute: [ @iface, tosca_id ] } }
relationship_types:
  my.Rel:
    derived_from: tosca.relationships.ConnectsTo
    interfaces:
      Configure:
        operations:
          pre_configure_source:
            inputs:
              i: { type: string, default: { get_attribute: [ @reltype, tosca_id ] } }
node_types:
  my.Node:
    derived_from: tosca.nodes.SoftwareComponent
    interfaces:
      Standard:
        operations:
          create:
            inputs:
              i: { type: string, default: { get_attribute: [ @nodetype, tosca_id ] } }
    requirements:
      - peer:
          capability: tosca.capabilities.Endpoint
          relationship:
            type: my.Rel
            interfaces:
              Configure:
                operations:
                  pre_configure_source:
                    inputs:
                      i: { type: string, default: { get_attribute: [ @reqdef, tosca_id ] } }
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
    app:
      type: my.Node
      requirements:
        - host: server
        - peer:
            node: server
            relationship:
              type: my.Rel
              properties:
                x: { get_attribute: [ @inline, tosca_id ] }
      interfaces:
        Standard:
          create:
            inputs:
              i: { get_attribute: [ @node, tosca_id ] }
  relationship_templates:
    conn:
      type: tosca.relationships.ConnectsTo
      interfaces:
        Configure:
          pre_configure_source:
            inputs:
              i: { get_attribute: [ @reltpl, tosca_id ] }
  outputs:
    o:
      value: { get_attribute: [ @output, tosca_id ] }
`;

/** The keywords each place has (TOSCA Simple Profile in YAML 1.3 §4.1). */
const EXPECTED: Record<string, string[]> = {
  data: ['SELF'],
  iface: ['SELF', 'SOURCE', 'TARGET', 'HOST'],
  reltype: ['SELF', 'SOURCE', 'TARGET'],
  nodetype: ['SELF', 'HOST'],
  reqdef: ['SELF', 'SOURCE', 'TARGET'],
  inline: ['SELF', 'SOURCE', 'TARGET'],
  node: ['SELF', 'HOST'],
  reltpl: ['SELF', 'SOURCE', 'TARGET'],
  output: [],
};

/** `DOC` with `@slot` replaced by `text` and every other slot by the template `server`. */
function at(slot: string, text: string): string {
  return DOC.replace(/@(\w+)/g, (_, s: string) => (s === slot ? text : 'server'));
}

test('function scopes: completion offers SELF/SOURCE/TARGET/HOST exactly where the rule accepts them', async () => {
  for (const [slot, want] of Object.entries(EXPECTED)) {
    const labels = await checkCompletion(at(slot, '$0'), ['server']);
    const offered = labels.filter((l) => (KEYWORDS as readonly string[]).includes(l));
    assert.deepEqual(offered.sort(), [...want].sort(), `keywords offered at @${slot}`);
    for (const k of KEYWORDS) {
      const src = at(slot, k);
      const line = src.split('\n').findIndex((l) => l.includes(`[ ${k}, tosca_id ]`)) - 1; // minus the `#-` line
      const diags = await diagnosticsOf(src);
      const rejected = diags.some(
        (d) => (d.code === 'TOSCA074' || d.code === 'TOSCA075') && d.range.start.line === line,
      );
      assert.equal(rejected, !want.includes(k), `the rule ${rejected ? 'rejects' : 'accepts'} ${k} at @${slot}`);
    }
  }
});

test('HOST through a host the orchestrator picks: no finding, completion offers it, hover says so', async () => {
  const src = `#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    app:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host:
            node: tosca.nodes.Compute
      properties:
        component_version: { get_attribute: [ @, whatever_the_host_has ] }
    web:
      type: tosca.nodes.WebServer
      requirements:
        - host: app
      properties:
        component_version: { get_attribute: [ HOST, anything_its_hosts_have ] }
`;
  // The rule follows the chain as far as it is written and checks nothing past it.
  const diags = await diagnosticsOf(src.replace('@', 'HOST'));
  assert.deepEqual(
    diags.filter((d) => /^TOSCA07[3-5]$/.test(d.code)).map((d) => `${d.code} ${d.message}`),
    [],
  );
  await checkCompletion(src.replace('@', '$0'), ['HOST', 'SELF'], ['SOURCE', 'TARGET']);
  await checkHover(src.replace('@', 'HO$0ST'), ['**HOST**', 'Here: a host the orchestrator picks']);
  await checkHover(src.replace('@', 'HOST').replace('[ HOST, anything', '[ HO$0ST, anything'), [
    'Here: `app` (`tosca.nodes.SoftwareComponent`) → a host the orchestrator picks',
  ]);
});

test('HOST of a node hosted on nothing: the rule reports it, hover names no host', async () => {
  const src = `#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    server:
      type: tosca.nodes.Compute
      properties:
        x: { get_attribute: [ @, private_address ] }
`;
  const diags = await diagnosticsOf(src.replace('@', 'HOST'));
  assert.deepEqual(
    diags.filter((d) => d.code === 'TOSCA074').map((d) => d.range.start.line),
    [6],
  );
  const h = await checkHover(src.replace('@', 'HO$0ST'), ['**HOST**']);
  assert.ok(!h.includes('Here:'), h);
});
