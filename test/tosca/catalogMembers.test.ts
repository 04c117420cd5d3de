/**
 * The merged members of catalog types are kept once per catalog version for every type table whose
 * chain of that type holds catalog types only (model/tosca/typeTable.ts, `membersOf`); a table where a
 * file type takes the name of one of the chain's types merges its own.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summariseTosca, type ToscaSummary } from '../../server/src/model/tosca/summary.js';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { TypeTable } from '../../server/src/model/tosca/typeTable.js';

const V = 'tosca_simple_yaml_1_3';

function table(text: string): TypeTable {
  const summary = summariseTosca(parseYaml(text).root) as ToscaSummary;
  return new TypeTable(V, [{ path: '/w/a.yaml', summary }]);
}

const PLAIN = `tosca_definitions_version: ${V}
node_types:
  my.App:
    derived_from: tosca.nodes.SoftwareComponent
`;

// A file type named as the Compute node's parent: Compute's chain goes through it in this table.
const SHADOW = `tosca_definitions_version: ${V}
node_types:
  tosca.nodes.Root:
    properties:
      extra: { type: string }
`;

test('catalog members: shared by tables whose chain is the catalog, merged apart where a file type shadows it', () => {
  const a = table(PLAIN);
  const b = table(PLAIN);
  const s = table(SHADOW);
  const compute = (t: TypeTable) => t.resolve('tosca.nodes.Compute', 'node')!;
  assert.equal(compute(a).source, 'catalog');
  // The same catalog type object, its merged members made once for both tables.
  assert.equal(compute(a), compute(b));
  assert.equal(a.properties(compute(a)), b.properties(compute(b)));
  assert.equal(a.capabilities(compute(a)), b.capabilities(compute(b)));
  assert.equal(a.interfaces(compute(a)), b.interfaces(compute(b)));
  // The shadowing table sees the file's Root in the chain and merges its property in; the others do not.
  assert.ok(s.properties(compute(s)).has('extra'));
  assert.ok(!a.properties(compute(a)).has('extra'));
  assert.notEqual(s.properties(compute(s)), a.properties(compute(a)));
  assert.equal(s.chain(compute(s))[0]!.source, 'file');
  // A file type's members are its table's own.
  const app = (t: TypeTable) => t.resolve('my.App', 'node')!;
  assert.notEqual(a.properties(app(a)), b.properties(app(b)));
  assert.deepEqual([...a.properties(app(a)).keys()], [...b.properties(app(b)).keys()]);
});
