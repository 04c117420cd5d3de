/** The fuzzy matcher behind workspace symbols (server/src/util/fuzzy.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  charMask,
  denseScoreForTest,
  fuzzyScore,
  loweredForMatch,
  searchedScoreForTest,
} from '../../server/src/util/fuzzy.js';

/** The names ranked best first for `query` (names that do not match are left out). */
const rank = (query: string, names: string[]) =>
  names
    .map((n) => ({ n, s: fuzzyScore(query, n) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s)
    .map((x) => x.n);

/** `better` scores strictly higher than `worse` for `query`, and both match. */
function prefers(query: string, better: string, worse: string): void {
  const a = fuzzyScore(query, better);
  const b = fuzzyScore(query, worse);
  assert.ok(b > 0, `${worse} should match ${query}`);
  assert.ok(a > b, `${query}: expected ${better} (${a}) above ${worse} (${b})`);
}

test('no match is 0: characters missing, out of order, or a query longer than the name', () => {
  assert.equal(fuzzyScore('xyz', 'tosca.nodes.Compute'), 0);
  assert.equal(fuzzyScore('etc', 'cte'), 0);
  assert.equal(fuzzyScore('computes', 'compute'), 0);
  assert.equal(fuzzyScore('nodes..', 'tosca.nodes.Compute'), 0);
});

test('an empty query matches everything with 1; every match scores above 0', () => {
  assert.equal(fuzzyScore('', 'anything'), 1);
  assert.equal(fuzzyScore('', ''), 1);
  assert.ok(fuzzyScore('a', 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzza') > 0);
  assert.ok(fuzzyScore('az', 'abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbz') > 0);
});

test('matching ignores case, and the same case scores more', () => {
  assert.ok(fuzzyScore('COMPUTE', 'tosca.nodes.Compute') > 0);
  prefers('Compute', 'tosca.nodes.Compute', 'tosca.nodes.compute');
  prefers('compute', 'compute', 'Compute');
});

test('the whole name beats a prefix, a prefix beats a later word start', () => {
  prefers('gateway', 'gateway', 'gateway2');
  prefers('gate', 'gateway', 'edge-gateway');
  prefers('db', 'dbnode', 'my_db');
});

test('word starts after `.` `_` `-` `::` and camelCase humps beat letters inside words', () => {
  prefers('c', 'tosca.nodes.Compute', 'tosca.nodes.Rootcx');
  prefers('nc', 'tosca.nodes.Compute', 'tosca.nodes.Root.anchor');
  prefers('ep', 'end_point', 'keeper');
  prefers('sm', 'scale-manager', 'assembly');
  prefers('vid', 'assembly::video::1.0', 'resource::dvd-ident::1.0');
  prefers('sI', 'streamIp', 'basic');
  prefers('hp', 'HttpPort', 'hopper');
});

test('consecutive runs beat scattered letters', () => {
  prefers('node', 'tosca.nodes.Root', 'tosca.relationships.ConnectsTo.nDOnE');
  prefers('load', 'balancer_load', 'hollowfaded');
  prefers('comp', 'Compute', 'CoMmon_Pool');
});

test('the best alignment wins when a letter occurs several times', () => {
  // `s` could be the one in `tosca`; the alignment on `Storage` word start must be found.
  prefers('stor', 'tosca.nodes.Storage', 'tosca.nodes.ObjectStoreX'.toLowerCase());
  assert.ok(fuzzyScore('tnc', 'tosca.nodes.Compute') > fuzzyScore('tnc', 'attention.calc'));
});

test('ranking of a realistic set of workspace names', () => {
  const names = [
    'tosca.nodes.Compute',
    'tosca.capabilities.Compute',
    'my.nodes.ComputeCluster',
    'compute',
    'assembly::compute-farm::1.0',
    'resource::cache::1.0',
    'computer_name',
  ];
  assert.equal(rank('compute', names)[0], 'compute');
  assert.equal(rank('compute', names).length, 6);
  assert.deepEqual(rank('nodes.comp', names).slice(0, 2).sort(), ['my.nodes.ComputeCluster', 'tosca.nodes.Compute']);
  assert.equal(rank('capcomp', names)[0], 'tosca.capabilities.Compute');
  assert.equal(rank('cf', names)[0], 'assembly::compute-farm::1.0');
  assert.deepEqual(rank('zq', names), []);
});

test('non-ASCII names and queries', () => {
  assert.ok(fuzzyScore('émet', 'Émetteur') > 0);
  prefers('ü', 'über', 'Grüße');
  assert.equal(fuzzyScore('ß', 'strasse'), 0);
});

test('long names stay cheap: 2,000 scorings of a 250-character name do not hang', () => {
  const long = 'resource::'.concat('a-b_c.'.repeat(40), 'gateway::1.0');
  const t = performance.now();
  for (let i = 0; i < 2000; i++) fuzzyScore('abcgw', long);
  // A hang guard against exponential backtracking (quiet, this takes a few ms), not a speed figure.
  assert.ok(performance.now() - t < 10000);
  assert.ok(fuzzyScore('abcgw', long) > 0);
});

test('a name that starts with the query: the shortcut scores what the full search finds', () => {
  // Names and queries built from letters, separators and case changes, where a later alignment
  // could compete: repeated letters, word starts after `::`, `-`, `_`, camel humps, digits.
  const parts = ['res', 'Res', 'ource', '::', '-', '_', 'e', 'S', 's', 'r', 'Cache', '1', '2.0', 'x'];
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let compared = 0;
  for (let t = 0; t < 4000; t++) {
    let name = '';
    for (let k = 1 + next(8); k > 0; k--) name += parts[next(parts.length)];
    const len = 2 + next(Math.max(1, Math.min(name.length, 8) - 1));
    if (len > name.length) continue;
    // The query: the name's start, each letter in either case.
    const query = [...name.slice(0, len)].map((c) => (next(2) ? c.toUpperCase() : c.toLowerCase())).join('');
    const full = searchedScoreForTest(query, name);
    const lowerPrefix = name.toLowerCase().startsWith(query.toLowerCase());
    if (!lowerPrefix || query.length < 2) continue;
    const exact = query.length === name.length ? 40 + (query === name ? 10 : 0) : 0;
    assert.equal(fuzzyScore(query, name), Math.max(full + 12 + exact, 1), `${query} in ${name}`);
    compared++;
  }
  assert.ok(compared > 2000, `only ${compared} compared`);
});

test('the sparse alignment search scores what the dense search over every cell scores', () => {
  // Names of the kinds a workspace holds (descriptor names with versions, TOSCA type names, camel
  // case, digits) and queries drawn from their characters in any order and case, so that most
  // alignments have gaps, repeated letters and competing word starts.
  const parts = ['resource', '::', 'res', 'Cache', '-', '_', '.', 'e', 'S', 's', '1', '0', '2.0', 'x', 'tosca', 'Node'];
  let seed = 11;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let matched = 0;
  for (let t = 0; t < 6000; t++) {
    let name = '';
    for (let k = 1 + next(8); k > 0; k--) name += parts[next(parts.length)];
    let query = '';
    for (let k = 2 + next(5); k > 0; k--) {
      const c = name[next(name.length)]!;
      query += next(2) ? c.toUpperCase() : c;
    }
    const dense = denseScoreForTest(query, name);
    assert.equal(searchedScoreForTest(query, name), dense, `${query} in ${name}`);
    if (dense > 0) matched++;
  }
  assert.ok(matched > 1000, `only ${matched} matched`);
});

test('the character mask never rules out a name that matches, and rules out names missing a letter or digit', () => {
  const parts = ['resource', '::', 'Cache', '-', '_', '.', 'é', 'İ', 'K', 'S', '1', '0', '7', '2.0', 'x', 'Node', 'ß'];
  const chars = [...'abcxyzsSeE0123456789.:-_éİKkß'];
  let seed = 5;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let matched = 0;
  let ruledOut = 0;
  for (let t = 0; t < 6000; t++) {
    let name = '';
    for (let k = 1 + next(6); k > 0; k--) name += parts[next(parts.length)];
    let query = '';
    for (let k = 1 + next(4); k > 0; k--) query += next(3) ? name[next(name.length)]! : chars[next(chars.length)]!;
    const qm = charMask(loweredForMatch(query));
    const passes = (charMask(loweredForMatch(name)) & qm) === qm;
    if (fuzzyScore(query, name) > 0) {
      matched++;
      assert.ok(passes, `${query} matches ${name} but its mask rules it out`);
    } else if (!passes) ruledOut++;
  }
  assert.ok(matched > 1000 && ruledOut > 1000, `${matched} matched, ${ruledOut} ruled out`);
  assert.equal(charMask('resource::a-1.0') & charMask('q'), 0);
  assert.equal(charMask('abc') & charMask('3'), 0);
});
