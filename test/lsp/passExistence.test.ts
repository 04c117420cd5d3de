/**
 * The workspace pass shares existence answers between the checks of its files (a resource and its project ask
 * for the same `Lifecycle/` folder; host/checkExistence.ts). An answer must never outlive a change: a change
 * marked while the pass runs, or a later pass, asks the disk again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnalysisSession } from '../../server/src/host/analysisSession.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { passAll, workspacePass } from '../support/workspacePass.js';
import type { WorkspaceDiagnostics } from '../../server/src/lsp/workspaceDiagnostics.js';
import { generatedFiles } from '../support/generatedWorkspace.js';

const LIFECYCLE = '/ws/p/Contains/fw/Lifecycle';

/** An lmctl project with one Brent resource and no `Lifecycle/` folder yet (LM103 on the project file). */
function project(): MemoryFileSystem {
  return new MemoryFileSystem({
    '/ws/p/lmproject.yml':
      "schema: '2.0'\nname: p\nversion: '1.0'\ntype: Assembly\ncontains:\n" +
      '- name: fw\n  type: Resource\n  resource-manager: brent\n  directory: fw\n',
    '/ws/p/Descriptor/assembly.yml': 'name: assembly::p::1.0\n',
    '/ws/p/Contains/fw/Definitions/lm/resource.yaml': 'name: resource::fw::1.0\nproperties: {}\n',
  });
}

async function session(fs: MemoryFileSystem) {
  const s = new AnalysisSession(fs);
  s.index.addRoot('/ws');
  await s.index.build();
  const wd = workspacePass(s);
  return wd;
}

/** One pass; the codes reported for the project file's missing `Lifecycle/`. */
async function pass(wd: WorkspaceDiagnostics): Promise<string[]> {
  const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
  const missing: string[] = [];
  await wd.pass(
    new Map(),
    token,
    (items) => {
      for (const it of items) {
        if (it.uri !== 'file:///ws/p/lmproject.yml' || it.kind !== 'full') continue;
        for (const d of it.items) if (String(d.message).includes('`Lifecycle/`')) missing.push(String(d.code));
      }
    },
    (p) => 'file://' + p,
  );
  return missing;
}

/**
 * A pass during which `Lifecycle/` is created right after the first check asked for it; `mark` says whether the
 * server learns of it (as a watched-file event marks a change). Returns the project file's findings about it.
 */
async function createdDuringPass(mark: boolean): Promise<string[]> {
  const fs = project();
  const wd = await session(fs);
  const exists = fs.existsSync.bind(fs);
  let created = false;
  fs.existsSync = (p: string) => {
    const answer = exists(p);
    if (p === LIFECYCLE && !created) {
      created = true;
      fs.write(`${LIFECYCLE}/install.sh`, 'echo');
      if (mark) wd.changed({ paths: [`${LIFECYCLE}/install.sh`], reason: 'disk' });
    }
    return answer;
  };
  const missing = await pass(wd);
  assert.ok(created, 'the pass asked for the folder');
  return missing;
}

test('a change marked during a pass: the checks after it ask the disk again', async () => {
  assert.deepEqual(await createdDuringPass(true), []);
});

test('without a change marked, the pass answers from what it asked (the case the marking is for)', async () => {
  // The project file's check comes after the resource's, which asked first: the shared answer is the old one.
  assert.deepEqual(await createdDuringPass(false), ['LM103']);
});

test('a later pass asks the disk again, with no change marked', async () => {
  const fs = project();
  const wd = await session(fs);
  assert.deepEqual(await pass(wd), ['LM103']);
  fs.write(`${LIFECYCLE}/install.sh`, 'echo');
  // Due again (as a closed document is) but no change of the workspace marked.
  wd.closed('/ws/p/lmproject.yml');
  assert.deepEqual(await pass(wd), []);
});

/** A generated workspace (the bench's generator) of `assemblies` projects, as a memory file system. */
function generatedWorkspace(assemblies: number): MemoryFileSystem {
  return new MemoryFileSystem(generatedFiles('/ws', { assemblies, seed: 3, bigLines: 60 }));
}

test("a large pass answers the folders of the index's files from the index, with the same findings", async () => {
  const results: Map<string, string>[] = [];
  for (const fromIndex of [true, false]) {
    const fs = generatedWorkspace(24);
    const s = new AnalysisSession(fs);
    s.index.addRoot('/ws');
    await s.index.build();
    const folders = new Set<string>();
    for (const e of s.index.allEntries())
      for (let cut = e.path.lastIndexOf('/'); cut > 0; cut = e.path.lastIndexOf('/', cut - 1))
        folders.add(e.path.slice(0, cut));
    const asked: string[] = [];
    const exists = fs.existsSync.bind(fs);
    fs.existsSync = (p: string) => {
      if (folders.has(p)) asked.push(p);
      return exists(p);
    };
    const wd = workspacePass(s);
    // The answers a pass gets without the index's folders: every question goes to the disk.
    if (!fromIndex) (wd as unknown as { holdsFiles: () => boolean }).holdsFiles = () => false;
    await passAll(wd);
    assert.ok(wd.lastPass.checked >= 100, `a large pass (${wd.lastPass.checked} files)`);
    if (fromIndex) assert.deepEqual(asked, []);
    else assert.ok(asked.length > 50, `without them, ${asked.length} questions about those folders`);
    const out = new Map<string, string>();
    for (const e of s.index.allEntries()) out.set(e.path, JSON.stringify(wd.resultOf(e.path) ?? null));
    results.push(out);
  }
  assert.deepEqual(results[0], results[1]);
  assert.ok(
    [...results[0]!.values()].some((v) => v !== 'null' && v !== '[]'),
    'findings to compare',
  );
});
