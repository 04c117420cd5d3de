/**
 * The browser host's pieces on their own: editor URIs of any scheme as index paths and back
 * (host/uriPaths.ts), and the client-backed file system (host/clientFileSystem.ts): what the walk
 * lists and reads, its bounds, answers a client should not send, and fresh reads after a change.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClientFileSystem, DEFAULT_PREFETCH_LIMITS } from '../../server/src/host/clientFileSystem.js';
import { schemeUriPaths } from '../../server/src/host/uriPaths.js';
import { WorkspaceIndex } from '../../server/src/index/workspace.js';
import { MemoryWorkspace } from '../support/webWorker.js';

test('URIs of any scheme become absolute index paths and come back the same', () => {
  const cases: [string, string][] = [
    ['memfs:/ws/Descriptor/assembly.yml', '/memfs:/ws/Descriptor/assembly.yml'],
    ['vscode-vfs://github/acme/repo/a.yaml', '/vscode-vfs:github/acme/repo/a.yaml'],
    ['vscode-remote://127.0.0.1:8080/home/u/ws/a%20b.yaml', '/vscode-remote:127.0.0.1:8080/home/u/ws/a b.yaml'],
    ['file:///home/u/ws/a.yaml', '/home/u/ws/a.yaml'],
  ];
  for (const [uri, path] of cases) {
    assert.equal(schemeUriPaths.pathOf(uri), path, uri);
    if (!uri.startsWith('file:')) assert.equal(schemeUriPaths.uriOf(path), uri, path);
  }
  // A plain path (a file: URI's) and a Windows drive are not virtual.
  assert.equal(schemeUriPaths.uriOf('/home/u/ws/a.yaml'), undefined);
  assert.equal(schemeUriPaths.uriOf('/c:/ws/a.yaml'), undefined);
  // Not hierarchical, or with a query: kept as URIs.
  assert.equal(schemeUriPaths.pathOf('untitled:Untitled-1'), undefined);
  assert.equal(schemeUriPaths.pathOf('git:/ws/a.yaml?ref=HEAD'), undefined);
  // A workspace root: the folder of its files.
  assert.equal(schemeUriPaths.pathOf('memfs:/ws/'), '/memfs:/ws');
  assert.equal(schemeUriPaths.uriOf('/vscode-vfs:github'), 'vscode-vfs://github/');
});

/** A client over a MemoryWorkspace, counting requests; `answer` may be replaced to misbehave. */
function clientOf(ws: MemoryWorkspace) {
  const calls: string[] = [];
  let answer = (method: string, params: unknown): unknown => ws.answer(method, params).result;
  return {
    calls,
    misbehave(f: (method: string, params: unknown) => unknown) {
      answer = f;
    },
    sendRequest: async (method: string, params: unknown) => {
      calls.push(`${method} ${(params as { uri: string }).uri}`);
      return answer(method, params);
    },
  };
}

const uriOf = (p: string) => schemeUriPaths.uriOf(p)!;
const ROOT = '/memfs:/ws';

test('the walk lists every name, reads what the analysis reads, skips excluded folders', async () => {
  const ws = new MemoryWorkspace('memfs:/ws', {
    'Descriptor/assembly.yml': 'name: assembly::a::1.0\n',
    'Contains/x/Lifecycle/ansible/scripts/Install.sh': 'echo hi\n',
    'Behaviour/Tests/t.json': '{}',
    'TOSCA-Metadata/TOSCA.meta': 'TOSCA-Meta-File-Version: 1.0\n',
    'node_modules/pkg/a.yaml': 'x: 1\n',
    'notes.txt': 'not read',
  });
  const client = clientOf(ws);
  const fs = new ClientFileSystem(client, uriOf, DEFAULT_PREFETCH_LIMITS);
  const grown: string[][] = [];
  await fs.prefetch([ROOT], (paths) => grown.push(paths));
  assert.equal(fs.readTextSync(`${ROOT}/Descriptor/assembly.yml`, 1e6), 'name: assembly::a::1.0\n');
  assert.equal(fs.readTextSync(`${ROOT}/Behaviour/Tests/t.json`, 1e6), '{}');
  assert.ok(fs.readTextSync(`${ROOT}/TOSCA-Metadata/TOSCA.meta`, 1e6));
  // Listed (package layout rules see it), never read.
  assert.equal(fs.existsSync(`${ROOT}/Contains/x/Lifecycle/ansible/scripts/Install.sh`), true);
  assert.equal(fs.readTextSync(`${ROOT}/notes.txt`, 1e6), undefined);
  assert.ok(!client.calls.some((c) => c.includes('notes.txt') && c.includes('readFile')));
  // Excluded folders are not entered.
  assert.ok(!client.calls.some((c) => c.includes('node_modules/pkg')));
  assert.deepEqual(
    fs.readDirSync(`${ROOT}/Descriptor`).map((e) => [e.name, e.isFile]),
    [['assembly.yml', true]],
  );
  assert.equal(fs.statSync(`${ROOT}/Descriptor`)?.isFile, false);
  // A second prefetch of the same root asks nothing.
  const before = client.calls.length;
  await fs.prefetch([ROOT], () => undefined);
  assert.equal(client.calls.length, before);
  assert.deepEqual(grown, [], 'everything arrived within the first phase');
});

test('the walk keeps to its bounds: names listed, size cap, depth', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 50; i++) files[`many/f${i}.yaml`] = `a: ${i}\n`;
  files['big.yaml'] = 'x'.repeat(5000);
  files['a/b/c/d/deep.yaml'] = 'deep: true\n';
  const ws = new MemoryWorkspace('memfs:/ws', files);
  const client = clientOf(ws);
  const fs = new ClientFileSystem(client, uriOf, {
    ...DEFAULT_PREFETCH_LIMITS,
    entries: 30,
    depth: 2,
    maxFileBytes: () => 1000,
  });
  await fs.prefetch([ROOT], () => undefined);
  const read = [...Array(50).keys()].filter((i) => fs.readTextSync(`${ROOT}/many/f${i}.yaml`, 1e6) !== undefined);
  assert.ok(read.length < 50, `at most 30 names listed, ${read.length} of 50 files read`);
  // Over the size cap: listed with its size, never read.
  assert.equal(fs.statSync(`${ROOT}/big.yaml`)?.size, 5000);
  assert.ok(!client.calls.includes(`lmDescriptors/fs/readFile memfs:/ws/big.yaml`));
  assert.equal(fs.existsSync(`${ROOT}/a/b/c/d/deep.yaml`), false, 'below the depth bound');
});

test('malformed answers are ignored; a failing client leaves an empty workspace, no throw', async () => {
  const ws = new MemoryWorkspace('memfs:/ws', { 'a.yaml': 'a: 1\n' });
  const client = clientOf(ws);
  client.misbehave((method) =>
    method === 'lmDescriptors/fs/readDirectory'
      ? [['a.yaml', 1], ['../escape.yaml', 1], ['', 2], 'junk', [3, 1], ['sub/x.yaml', 1], ['link', 66]]
      : method === 'lmDescriptors/fs/stat'
        ? { type: 1, size: 'big', mtime: null }
        : { text: 42 },
  );
  const fs = new ClientFileSystem(client, uriOf, DEFAULT_PREFETCH_LIMITS);
  await fs.prefetch([ROOT], () => undefined);
  assert.deepEqual(
    fs.readDirSync(ROOT).map((e) => e.name),
    ['a.yaml'],
  );
  assert.equal(fs.readTextSync(`${ROOT}/a.yaml`, 1e6), undefined, 'a non-string text is no text');
  // A linked folder (64 + 2) is not followed: links can loop.
  assert.ok(!client.calls.some((c) => c.endsWith('/ws/link')), client.calls.join('\n'));

  const broken = clientOf(ws);
  broken.misbehave(() => {
    throw new Error('connection lost');
  });
  const fs2 = new ClientFileSystem(broken, uriOf, DEFAULT_PREFETCH_LIMITS);
  await fs2.prefetch(['/memfs:/other'], () => undefined);
  assert.deepEqual(fs2.readDirSync('/memfs:/other'), []);
});

test('readText asks the client again: a changed file is fresh, a deleted one forgotten', async () => {
  const ws = new MemoryWorkspace('memfs:/ws', { 'a.yaml': 'a: 1\n' });
  const fs = new ClientFileSystem(clientOf(ws), uriOf, DEFAULT_PREFETCH_LIMITS);
  await fs.prefetch([ROOT], () => undefined);
  ws.write('a.yaml', 'a: 2\n');
  assert.equal(fs.readTextSync(`${ROOT}/a.yaml`, 1e6), 'a: 1\n', 'memory until asked');
  assert.equal(await fs.readText(`${ROOT}/a.yaml`, 1e6), 'a: 2\n');
  assert.equal(fs.readTextSync(`${ROOT}/a.yaml`, 1e6), 'a: 2\n');
  ws.files.delete(ws.uri('a.yaml'));
  assert.equal(await fs.readText(`${ROOT}/a.yaml`, 1e6), undefined);
  assert.equal(fs.existsSync(`${ROOT}/a.yaml`), false);
  assert.deepEqual(fs.readDirSync(ROOT), []);
});

test('files read after the first phase reach `grown`', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 20; i++) files[`d${i}/f.yaml`] = `a: ${i}\n`;
  const ws = new MemoryWorkspace('memfs:/ws', files);
  const slow = clientOf(ws);
  const inner = slow.sendRequest;
  slow.sendRequest = async (method, params) => {
    await new Promise((r) => setTimeout(r, 5));
    return inner(method, params);
  };
  const fs = new ClientFileSystem(slow, uriOf, { ...DEFAULT_PREFETCH_LIMITS, concurrency: 1, firstPhaseMs: 20 });
  const grown: string[] = [];
  let done!: () => void;
  const walked = new Promise<void>((r) => (done = r));
  await fs.prefetch([ROOT], (paths) => {
    grown.push(...paths);
    if (grown.length + countRead() >= 20) done();
  });
  const early = countRead();
  assert.ok(early < 20, `the first phase ends before the walk (${early} read)`);
  function countRead() {
    return Object.keys(files).filter((f) => fs.readTextSync(`${ROOT}/${f}`, 1e6) !== undefined).length;
  }
  await walked;
  assert.ok(grown.length > 0 && grown.every((p) => p.startsWith(`${ROOT}/d`)), JSON.stringify(grown));
});

test('the walk honours the server filter: the exclude list (names and globs) and the size cap, said once', async () => {
  const ws = new MemoryWorkspace('memfs:/ws', {
    'Descriptor/assembly.yml': 'name: assembly::a::1.0\n',
    'build/out/copy.yaml': 'x: 1\n',
    'sub/generated/g.yaml': 'x: 1\n',
    'sub/keep.yaml': 'x: 1\n',
    'sub/old.bak.yaml': 'x: 1\n',
    'big1.yaml': 'x'.repeat(3000),
    'big2.yaml': 'y'.repeat(3000),
  });
  const client = clientOf(ws);
  const logs: string[] = [];
  const fs = new ClientFileSystem(client, uriOf, DEFAULT_PREFETCH_LIMITS, (m) => logs.push(m));
  const index = new WorkspaceIndex(fs, { exclude: ['build/**', '**/generated', '**/*.bak.yaml'] });
  index.addRoot(ROOT);
  index.maxFileBytes = 2000;
  await fs.prefetch([ROOT], () => undefined, {
    isExcluded: (p) => index.isExcluded(p),
    maxFileBytes: () => index.maxFileBytes,
  });
  // Excluded folders are never listed, excluded files never read.
  assert.deepEqual(
    client.calls.filter((c) => /build|generated|bak/.test(c)),
    [],
  );
  assert.equal(fs.readTextSync(`${ROOT}/sub/keep.yaml`, 1e6), 'x: 1\n');
  // Over the cap: listed with its size, never read, and one log line names them.
  assert.equal(fs.statSync(`${ROOT}/big1.yaml`)?.size, 3000);
  assert.ok(!client.calls.some((c) => c.includes('readFile') && c.includes('big')));
  const capLines = logs.filter((l) => /size cap/.test(l));
  assert.equal(capLines.length, 1, logs.join('\n'));
  assert.match(capLines[0]!, /^2 files over the size cap of 2 KB \(maxFileSizeMB\) not read: .*big1\.yaml/);
  // The index built on it: the kept files, nothing excluded, the big ones counted as skipped.
  await index.build();
  assert.deepEqual([...index.allEntries()].map((e) => e.path.slice(ROOT.length + 1)).sort(), [
    'Descriptor/assembly.yml',
    'sub/keep.yaml',
  ]);
  assert.equal(index.lastBuild.skipped, 2);
});
