/**
 * The checker's file system (host/listedFileSystem.ts): a path missing from a folder already listed
 * is answered without asking the disk, and everything it cannot prove absent gets the inner file
 * system's own answer. In memory with a counting inner file system, then on a real folder against
 * the disk's answers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MemoryFileSystem, type FileSystem } from '../../server/src/index/fileSystem.js';
import { ListedFileSystem } from '../../server/src/host/listedFileSystem.js';
import { nodeFileSystem } from '../../server/src/host/nodeFileSystem.js';

/** The inner file system with the paths it was asked about (listings apart). */
function counting(files: Record<string, string>): { fs: FileSystem; asked: string[] } {
  const mem = new MemoryFileSystem(files);
  const asked: string[] = [];
  const fs: FileSystem = {
    readFile: (p) => (asked.push(p), mem.readFile(p)),
    stat: (p) => (asked.push(p), mem.stat(p)),
    readDir: (p) => mem.readDir(p),
    exists: (p) => (asked.push(p), mem.exists(p)),
    existsSync: (p) => (asked.push(p), mem.existsSync(p)),
    statSync: (p) => (asked.push(p), mem.statSync(p)),
    readDirSync: (p) => mem.readDirSync(p),
    readTextSync: (p, max) => (asked.push(p), mem.readTextSync(p, max)),
    readText: (p, max) => (asked.push(p), mem.readText(p, max)),
  };
  return { fs, asked };
}

const FILES = {
  '/ws/pkg/service.yaml': 'tosca_definitions_version: tosca_simple_yaml_1_3\n',
  '/ws/pkg/TOSCA-Metadata/TOSCA.meta': 'TOSCA-Meta-File-Version: 1.0\n',
  '/ws/other/types.yaml': 'node_types: {}\n',
};

test('a path missing from a listed folder, or below a folder missing from one, is not asked for', async () => {
  const { fs: inner, asked } = counting(FILES);
  const fs = new ListedFileSystem(inner);
  assert.deepEqual(
    fs
      .readDirSync('/ws')
      .map((e) => e.name)
      .sort(),
    ['other', 'pkg'],
  );
  fs.readDirSync('/ws/pkg');
  fs.readDirSync('/ws/other');
  assert.equal(fs.existsSync('/ws/other/TOSCA-Metadata/TOSCA.meta'), false);
  assert.equal(fs.readTextSync('/ws/pkg/playbooks/create.yaml', 1e6), undefined);
  assert.equal(fs.statSync('/ws/pkg/.lm-descriptors.json'), undefined);
  assert.equal(fs.existsSync('/ws/missing'), false);
  assert.equal(await fs.exists('/ws/pkg/nothing.yaml'), false);
  assert.equal(await fs.stat('/ws/pkg/nothing.yaml'), undefined);
  assert.equal(await fs.readText('/ws/pkg/nothing.yaml', 1e6), undefined);
  assert.deepEqual(asked, []);
  // What is there is read from the inner file system.
  assert.equal(fs.readTextSync('/ws/pkg/TOSCA-Metadata/TOSCA.meta', 1e6), FILES['/ws/pkg/TOSCA-Metadata/TOSCA.meta']);
  assert.equal(fs.statSync('/ws/other/types.yaml')?.isFile, true);
  assert.deepEqual(asked, ['/ws/pkg/TOSCA-Metadata/TOSCA.meta', '/ws/other/types.yaml']);
});

test('what a listing cannot prove absent goes to the inner file system', () => {
  const { fs: inner, asked } = counting(FILES);
  const fs = new ListedFileSystem(inner);
  // Nothing listed yet.
  assert.equal(fs.existsSync('/ws/pkg/nothing.yaml'), false);
  fs.readDirSync('/ws/pkg');
  // An empty listing (an unreadable folder reads as one) proves nothing.
  assert.deepEqual(fs.readDirSync('/ws/other/empty'), []);
  fs.existsSync('/ws/other/empty/file.yaml');
  // Another case or Unicode form of a listed name: a case-insensitive disk would open it.
  fs.existsSync('/ws/pkg/SERVICE.yaml');
  fs.existsSync('/ws/pkg/tosca-metadata/TOSCA.meta');
  // Segments a listing cannot speak for, and folders outside every listing.
  fs.existsSync('/ws/pkg/../other/types.yaml');
  fs.existsSync('/ws/pkg/./nothing.yaml');
  fs.existsSync('/elsewhere/file.yaml');
  fs.existsSync('relative/file.yaml');
  assert.deepEqual(asked, [
    '/ws/pkg/nothing.yaml',
    '/ws/other/empty/file.yaml',
    '/ws/pkg/SERVICE.yaml',
    '/ws/pkg/tosca-metadata/TOSCA.meta',
    '/ws/pkg/../other/types.yaml',
    '/ws/pkg/./nothing.yaml',
    '/elsewhere/file.yaml',
    'relative/file.yaml',
  ]);
});

test('a file or folder in its own listing exists without asking; links and other names are asked', async () => {
  const { fs: inner, asked } = counting(FILES);
  const fs = new ListedFileSystem(inner);
  for (const d of ['/ws', '/ws/pkg']) fs.readDirSync(d);
  assert.equal(fs.existsSync('/ws/pkg/service.yaml'), true);
  assert.equal(fs.existsSync('/ws/pkg/TOSCA-Metadata'), true);
  assert.equal(await fs.exists('/ws/other'), true);
  assert.deepEqual(asked, []);
  // Not listed itself (its folder was not), another case, `.` and `..`: the inner file system answers.
  assert.equal(fs.existsSync('/ws/pkg/TOSCA-Metadata/TOSCA.meta'), true);
  assert.equal(fs.existsSync('/ws/pkg/Service.yaml'), false);
  fs.existsSync('/ws/pkg/..');
  assert.deepEqual(asked, ['/ws/pkg/TOSCA-Metadata/TOSCA.meta', '/ws/pkg/Service.yaml', '/ws/pkg/..']);
  // A link in a listing is neither a file nor a folder there: it may lead nowhere.
  const linked: FileSystem = {
    ...inner,
    readDirSync: () => [{ name: 'link.yaml', isFile: false, isDirectory: false }],
  };
  const viaLink = new ListedFileSystem(linked);
  viaLink.readDirSync('/ws/links');
  assert.equal(viaLink.existsSync('/ws/links/link.yaml'), false);
  assert.equal(asked.at(-1), '/ws/links/link.yaml');
});

test('a listing is kept: the folder is listed once, and callers get their own copy', () => {
  class Listing extends MemoryFileSystem {
    listed = 0;
    override readDirSync(p: string) {
      this.listed++;
      return super.readDirSync(p);
    }
  }
  const mem = new Listing(FILES);
  const fs = new ListedFileSystem(mem);
  const first = fs.readDirSync('/ws/pkg');
  first.length = 0;
  assert.deepEqual(
    fs
      .readDirSync('/ws/pkg')
      .map((e) => e.name)
      .sort(),
    ['TOSCA-Metadata', 'service.yaml'],
  );
  assert.equal(mem.listed, 1);
});

test("on a real folder every answer is the disk's own", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'listed-fs-'));
  try {
    const root = dir.split(path.sep).join('/');
    mkdirSync(path.join(dir, 'pkg', 'TOSCA-Metadata'), { recursive: true });
    writeFileSync(path.join(dir, 'pkg', 'service.yaml'), 'a: 1\n');
    writeFileSync(path.join(dir, 'pkg', 'TOSCA-Metadata', 'TOSCA.meta'), 'TOSCA-Meta-File-Version: 1.0\n');
    symlinkSync(path.join(dir, 'pkg', 'service.yaml'), path.join(dir, 'pkg', 'link.yaml'));
    symlinkSync(path.join(dir, 'pkg', 'gone.yaml'), path.join(dir, 'pkg', 'dangling.yaml'));
    const fs = new ListedFileSystem(nodeFileSystem);
    for (const d of ['', '/pkg', '/pkg/TOSCA-Metadata']) fs.readDirSync(root + d);
    const rels = [
      '/pkg/service.yaml',
      '/pkg/SERVICE.yaml',
      '/pkg/missing.yaml',
      '/pkg/TOSCA-Metadata/TOSCA.meta',
      '/pkg/tosca-metadata/tosca.meta',
      '/pkg/scripts/create.sh',
      '/pkg',
      '/pkg/TOSCA-Metadata',
      '/pkg/link.yaml',
      '/pkg/dangling.yaml',
      '/nothing',
    ];
    for (const rel of rels) {
      const p = root + rel;
      assert.equal(fs.existsSync(p), nodeFileSystem.existsSync(p), `existsSync ${rel}`);
      assert.equal(fs.statSync(p)?.isFile, nodeFileSystem.statSync(p)?.isFile, `statSync ${rel}`);
      assert.equal(fs.readTextSync(p, 1e6), nodeFileSystem.readTextSync(p, 1e6), `readTextSync ${rel}`);
      assert.deepEqual(
        fs.readWithStatSync(p, 1e6),
        nodeFileSystem.readWithStatSync!(p, 1e6),
        `readWithStatSync ${rel}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
