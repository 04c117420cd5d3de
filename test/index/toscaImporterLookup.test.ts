/**
 * The importers of one TOSCA file found without the walk over every TOSCA file's imports (`ImporterLookup`, what the
 * first open of a session uses) are exactly the walk's (`indexedImportersOf`): on every TOSCA repository of the
 * corpus, on the bench's two generated 2,000-file workspaces, and on small workspaces built for the cases a string
 * test cannot settle (a type fragment outside the index, a file named like a profile, a profile name several files
 * declare, `..` inside a path).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { ensureToscaWorkspace } from '../../bench/toscaWorkspace.js';

const CORPUS = path.join(fileURLToPath(new URL('../../..', import.meta.url)), 'shared', 'corpus', 'tosca');

/** The walk's answer (a private method: the public `importersOf` adds the nearby files and takes the lookup). */
function walked(session: Session, p: string): string[] {
  return (session.index.tosca as unknown as { indexedImportersOf(p: string): string[] }).indexedImportersOf(p);
}

/**
 * Compares the lookup and the walk for every TOSCA file of the session's index and every file their imports reach;
 * returns how many files were compared and how many importer links were found.
 */
function compare(session: Session, label: string): { files: number; links: number; unanswered: number } {
  const files = new Set<string>();
  for (const e of session.index.allEntries()) if (e.kind === 'tosca') files.add(e.path);
  for (const p of [...files]) for (const edge of session.index.tosca.importsOf(p)) files.add(edge.path);
  // All lookups first: the walk's map, once built, is not what the lookup reads.
  const lookedUp = new Map<string, string[] | undefined>();
  for (const p of files) lookedUp.set(p, session.index.tosca.importersWithoutWalk(p));
  let links = 0;
  let unanswered = 0;
  for (const p of files) {
    const got = lookedUp.get(p);
    if (!got) {
      unanswered++;
      continue;
    }
    const want = walked(session, p);
    assert.deepEqual(got, want, `${label}: importers of ${p}`);
    links += want.length;
  }
  return { files: files.size, links, unanswered };
}

test('the lookup gives the walk’s importers on every TOSCA repository of the corpus', async () => {
  let files = 0;
  let links = 0;
  for (const repo of readdirSync(CORPUS, { withFileTypes: true })) {
    if (!repo.isDirectory()) continue;
    const session = new Session();
    session.index.addRoot(path.join(CORPUS, repo.name));
    await session.index.build();
    const r = compare(session, repo.name);
    assert.equal(r.unanswered, 0, `${repo.name}: files the lookup left to the walk`);
    files += r.files;
    links += r.links;
  }
  assert.ok(files > 1000 && links > 400, `${files} files, ${links} importer links`);
});

test('the lookup gives the walk’s importers on the bench’s TOSCA 1.3 and 2.0 workspaces', async () => {
  const base = path.join(os.tmpdir(), 'lm-descriptors-bench');
  for (const version of ['1.3', '2.0']) {
    const dir = ensureToscaWorkspace(base, version)!;
    const session = new Session();
    session.index.addRoot(dir);
    await session.index.build();
    const r = compare(session, `bench ${version}`);
    assert.equal(r.unanswered, 0);
    assert.ok(r.files >= 2000 && r.links >= 1900, `${version}: ${r.files} files, ${r.links} links`);
  }
});

test('the lookup follows files outside the index and resolves what a string test cannot settle', async () => {
  const V2 = 'tosca_definitions_version: tosca_2_0\n';
  const V13 = 'tosca_definitions_version: tosca_simple_yaml_1_3\n';
  const fs = new MemoryFileSystem({
    // A type fragment without a version (not a TOSCA file of the index) between two indexed files.
    '/ws/a/service.yaml': `${V13}imports:\n  - fragment.yaml\n`,
    '/ws/a/fragment.yaml': 'imports:\n  - ../lib/types.yaml\nnode_types: {}\n',
    '/ws/lib/types.yaml': `${V13}node_types:\n  T: { derived_from: tosca.nodes.Root }\n`,
    // `..` inside the path: no tail to test, so resolved.
    '/ws/b/x.yaml': `${V13}imports:\n  - ../a/../lib/types.yaml\n`,
    // A profile name that is also a file in the importing folder (a file wins over the declared name).
    '/ws/c/service.yaml': `${V2}imports:\n  - profile: org.example.p:1.0\n`,
    '/ws/c/org.example.p:1.0': `${V2}node_types: {}\n`,
    '/ws/d/service.yaml': `${V2}imports:\n  - profile: org.example.p:1.0\n`,
    // Two files declare the profile: the profile file is preferred; a stub declaring it is passed by.
    '/ws/profiles/p/profile.yaml': `${V2}profile: org.example.p:1.0\nnode_types:\n  P: {}\n`,
    '/ws/profiles/p/other.yaml': `${V2}profile: org.example.p:1.0\nnode_types:\n  Q: {}\n`,
    '/ws/profiles/stub.yaml': `${V2}profile: org.example.q:1.0\n`,
    '/ws/e/service.yaml': `${V2}imports:\n  - profile: org.example.q:1.0\n  - /lib/types.yaml\n`,
  });
  const session = new Session(fs, {});
  session.index.addRoot('/ws');
  await session.index.build();
  const r = compare(session, 'memory');
  assert.equal(r.unanswered, 0);
  const t = session.index.tosca;
  assert.deepEqual(t.importersWithoutWalk('/ws/lib/types.yaml'), ['/ws/a/fragment.yaml', '/ws/b/x.yaml']);
  assert.deepEqual(t.importersWithoutWalk('/ws/a/fragment.yaml'), ['/ws/a/service.yaml']);
  assert.deepEqual(t.importersWithoutWalk('/ws/c/org.example.p:1.0'), ['/ws/c/service.yaml']);
  assert.deepEqual(t.importersWithoutWalk('/ws/profiles/p/profile.yaml'), ['/ws/d/service.yaml']);
  assert.deepEqual(t.importersWithoutWalk('/ws/profiles/p/other.yaml'), []);
  // An edit that keeps the imports keeps the lookup's answers; one that changes them is seen (a new lookup).
  session.openDocument('/ws/b/x.yaml', `${V13}description: edited\nimports:\n  - ../a/../lib/types.yaml\n`, 1);
  assert.deepEqual(t.importersWithoutWalk('/ws/lib/types.yaml'), ['/ws/a/fragment.yaml', '/ws/b/x.yaml']);
  session.openDocument('/ws/b/x.yaml', `${V13}imports:\n  - ../a/service.yaml\n`, 2);
  assert.deepEqual(t.importersWithoutWalk('/ws/lib/types.yaml'), ['/ws/a/fragment.yaml']);
  assert.deepEqual(t.importersWithoutWalk('/ws/a/service.yaml'), ['/ws/b/x.yaml']);
  assert.equal(compare(session, 'memory, edited').unanswered, 0);
});

test('the walk run in slices, with an edit between two slices, builds the map a walk in one step builds', async () => {
  const dir = ensureToscaWorkspace(path.join(os.tmpdir(), 'lm-descriptors-bench'), '2.0')!;
  const file = path.join(dir, 'services0', 'service1.yaml');
  const text = readFileSync(file, 'utf8');
  // The service stops importing the `net` profile and imports a sibling instead.
  const edited = text.replace(/- profile: org\.example\.net:1\.0\n\s*namespace: net/, '- service2.yaml');
  assert.notEqual(edited, text);
  const sliced = new Session();
  sliced.index.addRoot(dir);
  await sliced.index.build();
  let slices = 0;
  for (; slices < 3; slices++)
    assert.equal(
      sliced.index.tosca.prepareSlice(() => true),
      false,
    );
  sliced.openDocument(file, edited, 1);
  while (!sliced.index.tosca.prepareSlice(() => true)) slices++;
  assert.ok(slices > 40, `${slices} slices`);
  const whole = new Session();
  whole.index.addRoot(dir);
  await whole.index.build();
  whole.openDocument(file, edited, 1);
  whole.index.tosca.prepare();
  const files = [...whole.index.allEntries()].filter((e) => e.kind === 'tosca').map((e) => e.path);
  for (const p of [...files, path.join(dir, 'profiles', 'net.yaml')])
    assert.deepEqual(sliced.index.tosca.importersOf(p), whole.index.tosca.importersOf(p), p);
  assert.ok(whole.index.tosca.importersOf(path.join(dir, 'services0', 'service2.yaml')).includes(file));
});
