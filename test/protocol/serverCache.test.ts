/**
 * The language server's code cache (server/src/serverBin.ts, through host/codeCache.ts, the helper
 * the checker's loader uses too): written privately once the first session has published an open
 * document's diagnostics, accepted by the next session (which then leaves it alone unless it checks a
 * language pack the cache did not cover), and no obstacle when the cache folder cannot be made. Needs
 * `npm run build` first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LspClient, fileUri } from '../support/protocolClient.js';
import { ASSEMBLY, tempWorkspace } from '../support/protocolWorkspace.js';

const T = { timeout: 60000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const TOSCA = 'tosca/service.yaml';
const TOSCA_TEXT = [
  'tosca_definitions_version: tosca_simple_yaml_1_3',
  'topology_template:',
  '  node_templates:',
  '    host:',
  '      type: tosca.nodes.Compute',
  '',
].join('\n');

const TOSCA2_TEXT = [
  'tosca_definitions_version: tosca_2_0',
  'service_template:',
  '  node_templates:',
  '    host:',
  '      type: Root',
  '',
].join('\n');

/**
 * One session: open the example's assembly (or with `rel` another file, `text` written there first), wait for its
 * diagnostics (with `typed`, also for those of a keystroke after them), then for the cache write.
 */
async function session(cacheHome: string, rel = ASSEMBLY, text?: string, typed = false): Promise<number> {
  const ws = tempWorkspace('srvcache');
  if (text !== undefined) ws.write(rel, text);
  const client = new LspClient({ env: { ...process.env, XDG_CACHE_HOME: cacheHome } });
  try {
    await client.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } });
    client.notify('initialized', {});
    const uri = fileUri(ws.file(rel));
    client.open(uri, ws.read(rel));
    let p = await client.waitForDiagnostics(uri, () => true, 20000);
    if (typed) {
      const v = client.change(uri, `${ws.read(rel)}\n`);
      p = await client.waitForDiagnostics(uri, (_d, pub) => pub.version === v, 20000);
    }
    await sleep(2500);
    await client.shutdown();
    return p.diagnostics.length;
  } finally {
    client.kill();
    rmSync(path.dirname(ws.dir), { recursive: true, force: true });
  }
}

const cacheFiles = (dir: string) => readdirSync(dir).filter((f) => /^server-.*\.v8$/.test(f));

test('the first session writes a private code cache after warm-up; the next uses it, same findings', T, async () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'lm-srvcache-'));
  try {
    const first = await session(home);
    const dir = path.join(home, 'lm-descriptors');
    const files = cacheFiles(dir);
    assert.equal(files.length, 1, `cache files: ${readdirSync(dir).join(', ')}`);
    const file = path.join(dir, files[0]!);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(dir).mode & 0o077, 0);
    assert.ok(readFileSync(file, 'latin1').startsWith('lm-descriptors-code-cache-3 warm lm\n'));
    const mtime = statSync(file).mtimeMs;
    assert.equal(await session(home), first);
    assert.equal(statSync(file).mtimeMs, mtime, 'an accepted cache is not written again');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test(
  'a session checking a TOSCA pack (1.x, then 2.0) its cache lacks writes it again; the next accepts that',
  T,
  async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'lm-srvcache-'));
    try {
      await session(home);
      const dir = path.join(home, 'lm-descriptors');
      const file = path.join(dir, cacheFiles(dir)[0]!);
      const tosca = await session(home, TOSCA, TOSCA_TEXT);
      assert.deepEqual(cacheFiles(dir), [path.basename(file)]);
      assert.ok(readFileSync(file, 'latin1').startsWith('lm-descriptors-code-cache-3 warm lm tosca\n'));
      // Written after the idle collector was turned on: V8 must still accept it (the same flag hash).
      const mtime = statSync(file).mtimeMs;
      assert.equal(await session(home, TOSCA, TOSCA_TEXT), tosca);
      assert.equal(statSync(file).mtimeMs, mtime, 'a cache that covers both packs is not written again');
      // TOSCA 2.0 is a pack of its own (lsp/languagePack.ts): a 1.3 session did not compile its code.
      const tosca2 = await session(home, TOSCA, TOSCA2_TEXT);
      assert.ok(readFileSync(file, 'latin1').startsWith('lm-descriptors-code-cache-3 warm lm tosca tosca2\n'));
      const mtime2 = statSync(file).mtimeMs;
      assert.equal(await session(home, TOSCA, TOSCA2_TEXT), tosca2);
      assert.equal(statSync(file).mtimeMs, mtime2, 'a cache that covers the 2.0 pack is not written again');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
);

test(
  'a session that types writes the cache again with the keystroke path; the next that types accepts it',
  T,
  async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'lm-srvcache-'));
    try {
      const first = await session(home);
      const dir = path.join(home, 'lm-descriptors');
      const file = path.join(dir, cacheFiles(dir)[0]!);
      assert.ok(readFileSync(file, 'latin1').startsWith('lm-descriptors-code-cache-3 warm lm\n'));
      // A keystroke's check runs code an open does not (lsp/languagePack.ts `packsCheckedBy`).
      assert.equal(await session(home, ASSEMBLY, undefined, true), first);
      assert.deepEqual(cacheFiles(dir), [path.basename(file)]);
      assert.ok(readFileSync(file, 'latin1').startsWith('lm-descriptors-code-cache-3 warm lm lm-typing\n'));
      const mtime = statSync(file).mtimeMs;
      assert.equal(await session(home, ASSEMBLY, undefined, true), first);
      assert.equal(statSync(file).mtimeMs, mtime, 'a cache that covers typing is not written again');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
);

/**
 * One session on `ws` with the index's warm-start cache in `home`: open `rel` (right after `initialized`, before
 * `ready`, with `early`, as an editor opens the editors it restores), wait for its diagnostics and the code cache's
 * write. Returns the findings' count and whether the index came from its cache.
 */
async function warmSession(home: string, ws: ReturnType<typeof tempWorkspace>, rel: string, early = false) {
  const client = new LspClient({ env: { ...process.env, XDG_CACHE_HOME: home } });
  try {
    await client.initialize(ws.dir, {
      cacheDir: path.join(home, 'index'),
      settings: { diagnostics: { debounceMs: 0 } },
    });
    client.notify('initialized', {});
    const uri = fileUri(ws.file(rel));
    if (early) client.open(uri, ws.read(rel));
    await client.waitForStatus('ready', 20000);
    if (!early) client.open(uri, ws.read(rel));
    const p = await client.waitForDiagnostics(uri, () => true, 20000);
    await sleep(2500);
    await client.shutdown();
    return { findings: p.diagnostics.length, warm: client.statuses.some((s) => s.verifying === true) };
  } finally {
    client.kill();
  }
}

for (const early of [false, true])
  test(
    `a warm start holds the optimising compiler until its first check (open ${early ? 'before' : 'after'} ready); ` +
      'the cache it writes then is accepted',
    T,
    async () => {
      const home = mkdtempSync(path.join(os.tmpdir(), 'lm-srvcache-'));
      const ws = tempWorkspace('srvcache');
      ws.write(TOSCA, TOSCA_TEXT);
      try {
        const lm = await warmSession(home, ws, ASSEMBLY);
        const dir = path.join(home, 'lm-descriptors');
        const file = path.join(dir, cacheFiles(dir)[0]!);
        // The code cache is accepted and the index comes from its cache: the compiler is held from the start
        // until this TOSCA check, which the cache does not cover, so the session writes it again after that check.
        const tosca = await warmSession(home, ws, TOSCA, early);
        assert.ok(tosca.warm, 'the second session started from the index cache');
        assert.ok(readFileSync(file, 'latin1').startsWith('lm-descriptors-code-cache-3 warm lm tosca\n'));
        const mtime = statSync(file).mtimeMs;
        // Written with the compiler's flag back at its default: the next start accepts it (and so does not write it).
        assert.equal((await warmSession(home, ws, TOSCA, early)).findings, tosca.findings);
        assert.equal(statSync(file).mtimeMs, mtime, 'the cache written after the hold was accepted');
        assert.equal((await warmSession(home, ws, ASSEMBLY, early)).findings, lm.findings);
        assert.equal((await warmSession(home, ws, TOSCA, !early)).findings, tosca.findings);
        assert.equal(statSync(file).mtimeMs, mtime);
      } finally {
        ws.cleanup();
        rmSync(home, { recursive: true, force: true });
      }
    },
  );

test('an unusable cache folder means no cache, not a failing server', T, async () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'lm-srvcache-'));
  try {
    // A file where the folder should be: neither readable nor creatable.
    writeFileSync(path.join(home, 'lm-descriptors'), 'not a folder');
    assert.ok((await session(home)) >= 0);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
