/**
 * A cold build reads a TOSCA file or a descriptor it holds as its text only as far as its header needs
 * (`toscaTreeHeader` from the tree, `summariseDescriptorHeadline`): that header must be the header from the full
 * summary, for every such file of the corpus and for the shapes the walks of the top level decide on.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { descriptorHeaderOf, headerOf, toscaTreeHeader } from '../../server/src/index/cache.js';
import { summariseFile, summaryTree } from '../../server/src/model/document.js';
import { isDescriptorKind, YAML_FILE } from '../../server/src/model/kinds.js';
import { summariseDescriptorHeadline } from '../../server/src/model/lm/summary.js';

const corpus = join(fileURLToPath(new URL('../../..', import.meta.url)), 'shared', 'corpus');

function files(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) files(full, out);
    else if (e.isFile() && YAML_FILE.test(e.name)) out.push(full);
  }
  return out;
}

/**
 * The header a cold build reads from the tree (`toscaTreeHeader`), and the one the full summary gives; undefined for
 * a file that is not TOSCA. They must be the same to the letter: the same JSON, keys in the same order (the warm-start
 * cache stores a header as it is).
 */
function both(p: string, text: string): { headline: unknown; full: unknown } | undefined {
  const { kind, root } = summaryTree(p, text);
  if (kind !== 'tosca') return undefined;
  const full = headerOf(summariseFile(p, text).summary);
  const headline = toscaTreeHeader(root);
  assert.equal(JSON.stringify(headline), JSON.stringify(full), `the tree's header: ${p}`);
  return { headline, full };
}

test('the tree gives the full summary header for every TOSCA file of the corpus', () => {
  let n = 0;
  for (const p of files(corpus)) {
    const h = both(p, readFileSync(p, 'utf8'));
    if (!h) continue;
    n++;
    assert.deepStrictEqual(h.headline, h.full, p);
  }
  assert.ok(n > 1000, `${n} TOSCA files`);
});

test('the tree header follows the summary on the shapes its walk decides on', () => {
  const cases = [
    // Sections written twice: types of both, the last topology.
    'tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n  A: {}\nnode_types:\n  B: {}\n' +
      'topology_template:\n  node_templates:\n    x: {type: A}\n' +
      'topology_template:\n  node_templates:\n    y: {type: B}\n',
    // Ordered-map lists, groups, policies, relationship templates; templates listed twice.
    'tosca_definitions_version: tosca_simple_yaml_1_0\ndata_types:\n  - D: {}\n  - E: {}\ntopology_template:\n' +
      '  node_templates:\n    n: {type: A}\n    n: {type: B}\n  relationship_templates:\n    r: {type: R}\n' +
      '  groups:\n    g: {type: G}\n  policies:\n    - p: {type: P}\n',
    // TOSCA 2.0: `service_template` is the topology in a 2.0 file only, and not when there is one already.
    'tosca_definitions_version: tosca_2_0\nprofile: org.example.p\nimports:\n  - profile: org.example.q\n' +
      '    namespace: q\nservice_template:\n  node_templates:\n    a: {type: q:A}\n',
    'tosca_definitions_version: tosca_simple_yaml_1_3\nservice_template:\n  node_templates:\n    a: {type: A}\n',
    'tosca_definitions_version: tosca_2_0\ntopology_template:\n  node_templates:\n    t: {}\n' +
      'service_template:\n  node_templates:\n    s: {}\n',
    // A file with functions only is no stub; one with nothing is.
    'tosca_definitions_version: tosca_2_0\nfunctions:\n  f:\n    signatures:\n      - result: {type: string}\n',
    'tosca_definitions_version: tosca_2_0\ndescription: nothing here\n',
    // Repositories (named by an import, or not), the three 1.x import forms, a namespace.
    'tosca_definitions_version: tosca_simple_yaml_1_3\nnamespace: http://example.org/ns\nrepositories:\n' +
      '  r: http://example.org/r\n  s: {url: http://example.org/s}\nimports:\n  - a.yaml\n  - {file: b.yaml, ' +
      'repository: r, namespace_prefix: b}\n  - named: c.yaml\n  - named2: {file: d.yaml, repository: s}\n',
    // What the outline scanner leaves to the full parser (a tag), and what no parser makes a map of.
    'tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n  A: !!map {}\n',
    'tosca_definitions_version: tosca_simple_yaml_1_3\n',
    'tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types: [A, B]\ntopology_template: 3\n',
    // Values without a value: the version is still written, a later empty namespace or profile keeps the earlier.
    'tosca_definitions_version: ~\nnamespace: a\nnamespace: ~\nprofile: b\nprofile: [c]\n',
    // Import entries of every kind (aliases, nulls, empty ones, the 2.0 keys), imports and repositories twice.
    'tosca_definitions_version: tosca_simple_yaml_1_3\nrepositories:\n  q: http://example.org/q\nrepositories:\n' +
      '  r: &u http://example.org/r\n  s: {url: *u}\n  t: ~\n  r: {description: again}\nimports:\n' +
      '  - &i {file: a.yaml, repository: r}\n  - *i\n  - ~\n  - []\n  - {}\n  - x: ~\n  - x: [a]\n  - y: {url: b}\n' +
      '  - {url: u.yaml, namespace: n, profile: p, repository: t}\nimports:\n  - {file: ~, repository: s}\n',
    // Functions: in the service template of a 1.3 file (no topology there), blank names only, not a map.
    'tosca_definitions_version: tosca_simple_yaml_1_3\nservice_template:\n  functions:\n    f: {}\n',
    'tosca_definitions_version: tosca_2_0\nfunctions:\n  " ": {}\n',
    'tosca_definitions_version: tosca_2_0\nfunctions: [f]\nservice_template: ~\n',
    // A top level that is no mapping (TOSCA by its modeline).
    '# lm-descriptors: tosca\n- tosca_definitions_version: tosca_2_0\n',
    // An Alien4Cloud archive's name and version (metadata first, then the top-level keys); not for other versions.
    'tosca_definitions_version: alien_dsl_2_0_0\nmetadata:\n  template_name: a.b\n  template_version: 1.0-SNAPSHOT\n',
    'tosca_definitions_version: alien_dsl_1_2_0\ntemplate_name: a.b\ntemplate_version: 1.0\n',
    'tosca_definitions_version: alien_dsl_2_0_0\ntemplate_name: a.b\ntemplate_version: 1\nprofile: c\n',
    'tosca_definitions_version: alien_dsl_2_0_0\nmetadata:\n  template_name: a.b\n',
    'tosca_definitions_version: tosca_simple_yaml_1_3\nmetadata:\n  template_name: a.b\n  template_version: 1.0\n',
  ];
  for (const text of cases) {
    const h = both('/ws/t.yaml', text);
    assert.ok(h, text);
    assert.deepStrictEqual(h.headline, h.full, text);
  }
  const profileOf = (text: string) => (both('/ws/t.yaml', text)!.full as { tosca: { profile?: string } }).tosca.profile;
  assert.equal(profileOf(cases.at(-5)!), 'a.b:1.0-SNAPSHOT');
  assert.equal(profileOf(cases.at(-4)!), 'a.b:1.0');
  assert.equal(profileOf(cases.at(-3)!), 'c');
  assert.equal(profileOf(cases.at(-2)!), undefined);
  assert.equal(profileOf(cases.at(-1)!), undefined);
});

/** The header a descriptor's headline gives, and the one its full summary gives; undefined for other kinds. */
function bothLm(p: string, text: string): { headline: unknown; full: unknown } | undefined {
  const { kind, root } = summaryTree(p, text);
  if (!isDescriptorKind(kind)) return undefined;
  const full = headerOf(summariseFile(p, text).summary);
  return { headline: descriptorHeaderOf(summariseDescriptorHeadline(root)), full };
}

test('the descriptor headline gives the full summary header for every descriptor of the corpus', () => {
  let n = 0;
  for (const p of files(corpus)) {
    const h = bothLm(p, readFileSync(p, 'utf8'));
    if (!h) continue;
    n++;
    assert.deepStrictEqual(h.headline, h.full, p);
  }
  assert.ok(n > 100, `${n} descriptors`);
});

test('the descriptor headline follows the summary on the shapes its walk decides on', () => {
  const cases = [
    // Sections written twice (the last wins), references after composition, types absent, null or not scalars.
    'name: assembly::a::1.0\ncomposition:\n  x: {type: resource::r::1.0}\ncomposition:\n  y:\n    type: ~\n' +
      '  z: {}\nreferences:\n  w:\n    type: [a]\n  v:\n    type: assembly::b::2.0\nname: assembly::c::1.0\n',
    'name: ~\ncomposition: [a, b]\nreferences:\n  - r: {type: x}\n',
    'description: no name\n',
    '',
  ];
  for (const text of cases) {
    const h = bothLm('/ws/p/Descriptor/assembly.yml', text);
    assert.ok(h, text);
    assert.deepStrictEqual(h.headline, h.full, text);
  }
});
