/**
 * The abuse suite: each case a way a cloned repository, a confused client or a tampered cache once
 * hung the server, blew up its memory, made it publish stale results or fail with an internal
 * error. Every case runs against the bundled server (or CLI) and checks an answer within a bound.
 *
 * Needs `npm run build` first. Run: node --import tsx --test test/badinput/abuse.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as path from 'node:path';
import {
  CLI_JS,
  type Diagnostic,
  FileChange,
  LspClient,
  REPO_ROOT,
  fileUri,
  hoverText,
  positionOf,
  withCode,
} from '../support/protocolClient.js';
import { MAX_NORMATIVE_VIEWS, NormativeViews, normativeUri } from '../../server/src/model/tosca/normativeView.js';
import { NORMATIVE_TYPES } from '../../server/src/model/tosca/catalog/index.js';
import { LOGGED_PER_METHOD } from '../../server/src/lsp/guards.js';
import {
  ASSEMBLY,
  BALANCER,
  EXAMPLE_DIR,
  tempDir,
  tempWorkspace,
  type TempWorkspace,
} from '../support/protocolWorkspace.js';

const T = { timeout: 60000 };
const describeDiags = (ds: readonly Diagnostic[]) =>
  ds.map((d) => `${String(d.code)}@${d.range.start.line}:${d.range.start.character} ${d.message}`).join('\n');

/** Peak resident memory of a process (VmHWM), in MB. */
function peakRssMB(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

function mkfifo(p: string): void {
  execFileSync('mkfifo', [p]);
}

/** An assembly of about `bytes` bytes: many properties, each a reference to the one before. */
function chainAssembly(bytes: number): string {
  let t = 'name: assembly::chain::1.0\ndescription: a long chain of references\nproperties:\n  p0:\n    type: string\n';
  for (let i = 1; t.length < bytes; i++) t += `  p${i}:\n    type: string\n    default: \${p${i - 1}}\n`;
  return t;
}

/** A TOSCA file whose aliases multiply: 10 levels of 9. */
function toscaAliasBomb(): string {
  const names = 'abcdefghij';
  let t = 'tosca_definitions_version: tosca_simple_yaml_1_3\ndsl_definitions:\n';
  t += `  a: &a [${Array(9).fill('"lol"').join(', ')}]\n`;
  for (let i = 1; i < names.length; i++) {
    t += `  ${names[i]}: &${names[i]} [${Array(9)
      .fill('*' + names[i - 1])
      .join(', ')}]\n`;
  }
  return (
    t + 'topology_template:\n  node_templates:\n    n:\n      type: tosca.nodes.Root\n      metadata:\n        x: *j\n'
  );
}

const SERVICE = (imports: string[]) =>
  'tosca_definitions_version: tosca_simple_yaml_1_3\n' +
  `imports:\n${imports.map((i) => `  - ${i}\n`).join('')}` +
  'topology_template:\n  node_templates:\n    web:\n      type: tosca.nodes.WebServer\n';

describe('abuse: files that used to hang the server or blow up its memory', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  const assemblyUri = () => fileUri(ws.file(ASSEMBLY));

  before(async () => {
    ws = tempWorkspace('abuse-limits');
    // 20 MB descriptor on disk, a FIFO at a descriptor path, and TOSCA imports of /dev/zero, a FIFO
    // and a link to /dev/zero.
    ws.write('Contains/huge/Descriptor/assembly.yml', chainAssembly(20 * 1024 * 1024));
    mkdirSync(ws.file('Contains/pipe/Descriptor'), { recursive: true });
    mkfifo(ws.file('Contains/pipe/Descriptor/assembly.yml'));
    mkdirSync(ws.file('tosca'), { recursive: true });
    mkfifo(ws.file('tosca/fifo.yaml'));
    symlinkSync('/dev/zero', ws.file('tosca/zero.yaml'));
    ws.write('tosca/service.yaml', SERVICE(['/dev/zero', 'fifo.yaml', 'zero.yaml']));
    client = new LspClient();
    await client.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } });
    await client.waitForStatus('ready', 20000);
  }, T);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, T);

  test(
    'a 20 MB descriptor and a FIFO in the workspace: ready, and the open assembly is diagnosed at once',
    T,
    async () => {
      const t0 = Date.now();
      client.open(assemblyUri(), ws.read(ASSEMBLY));
      // A hang guard (a busy machine is slow, a hung server never answers): speed is `npm run bench`'s.
      const p = await client.waitForDiagnostics(assemblyUri(), () => true, 15000);
      assert.ok(Date.now() - t0 < 15000);
      assert.deepEqual(withCode(p.diagnostics, 'LM999'), []);
    },
  );

  test('TOSCA imports of /dev/zero, a FIFO and a link to /dev/zero are unreadable imports, not a hang', T, async () => {
    const uri = fileUri(ws.file('tosca/service.yaml'));
    const since = client.mark();
    client.open(uri, ws.read('tosca/service.yaml'));
    const p = await client.waitForDiagnostics(uri, () => true, 15000, since);
    const imports = withCode(p.diagnostics, 'TOSCA020');
    assert.equal(imports.length, 3, describeDiags(p.diagnostics));
    assert.ok(peakRssMB(client.proc.pid) < 600, `peak RSS ${peakRssMB(client.proc.pid)} MB`);
  });

  test('watched-file events naming FIFOs and devices do not starve the reads that follow', T, async () => {
    const events: { uri: string; type: 1 | 2 | 3 }[] = [0, 1, 2, 3, 4].map((i) => {
      const f = ws.file(`Contains/fifo${i}.yaml`);
      mkfifo(f);
      return { uri: fileUri(f), type: FileChange.Created };
    });
    events.push({ uri: fileUri(ws.file('tosca/zero.yaml')), type: FileChange.Changed });
    client.watchedFilesChanged(events);
    // A real change after them is still read: the open assembly sees the renamed property.
    ws.write(BALANCER, ws.read(BALANCER).replace('\n  publicIp:', '\n  publicAddress:'));
    const since = client.mark();
    client.watchedFilesChanged([{ uri: fileUri(ws.file(BALANCER)), type: FileChange.Changed }]);
    await client.waitForDiagnostics(assemblyUri(), (ds) => withCode(ds, 'LM032').length > 0, 15000, since);
    ws.write(BALANCER, ws.read(BALANCER).replace('\n  publicAddress:', '\n  publicIp:'));
    client.watchedFilesChanged([{ uri: fileUri(ws.file(BALANCER)), type: FileChange.Changed }]);
  });

  test(
    'opening the 20 MB descriptor: diagnostics with the size notice, and other requests still answer',
    T,
    async () => {
      const uri = fileUri(ws.file('Contains/huge/Descriptor/assembly.yml'));
      const text = ws.read('Contains/huge/Descriptor/assembly.yml');
      const since = client.mark();
      client.open(uri, text);
      // The other request answers (the file over the cap is not parsed, so nothing holds the server).
      const h = await client.hover(assemblyUri(), positionOf(ws.read(ASSEMBLY), '${balancer.publicIp}', 13), 15000);
      assert.match(hoverText(h), /publicIp/);
      const p = await client.waitForDiagnostics(uri, () => true, 30000, since);
      const notice = withCode(p.diagnostics, 'LM000').filter((d) => /MB/.test(d.message));
      assert.equal(notice.length, 1, describeDiags(p.diagnostics));
      client.close(uri);
    },
  );

  test('a 200,000-line assembly (under the cap): a hover on another file answers while it is analysed', T, async () => {
    let text = 'name: assembly::long::1.0\nproperties:\n';
    for (let i = 0; text.length < 3.8 * 1024 * 1024 && i < 50000; i++) {
      text += `  p${i}:\n    type: string\n    default: \${p${Math.max(0, i - 1)}}\n    description: text ${i}\n`;
    }
    assert.ok(text.split('\n').length >= 200000, `${text.split('\n').length} lines`);
    const uri = fileUri(ws.file('Contains/long/Descriptor/assembly.yml'));
    const since = client.mark();
    const t0 = Date.now();
    client.open(uri, text);
    const h = await client.hover(assemblyUri(), positionOf(ws.read(ASSEMBLY), '${balancer.publicIp}', 13), 15000);
    const hoverMs = Date.now() - t0;
    // Whether the hover waited for the long file is told by order, not by a clock: it answers before the
    // long file's diagnostics are published.
    const publishedBeforeHover = client.diagnosticsFor(uri).some((p) => p.seq > since);
    assert.match(hoverText(h), /publicIp/);
    await client.waitForDiagnostics(uri, () => true, 30000, since);
    const diagMs = Date.now() - t0;
    assert.equal(publishedBeforeHover, false, `hover after ${hoverMs} ms waited for the diagnostics (${diagMs} ms)`);
    client.close(uri);
  });

  test('a TOSCA alias bomb: diagnosed (no expansion), with one alias-limit error', T, async () => {
    const uri = fileUri(ws.file('tosca/bomb.yaml'));
    const since = client.mark();
    const t0 = Date.now();
    client.open(uri, toscaAliasBomb());
    // A hang guard, generous for a busy machine: an expanding bomb would take minutes.
    const p = await client.waitForDiagnostics(uri, () => true, 15000, since);
    assert.ok(Date.now() - t0 < 15000);
    const limit = p.diagnostics.filter((d) => /expands to more than/.test(d.message));
    assert.equal(limit.length, 1, describeDiags(p.diagnostics));
    // An edit is as quick.
    const since2 = client.mark();
    client.change(uri, toscaAliasBomb() + '# edited\n');
    await client.waitForDiagnostics(uri, () => true, 15000, since2);
    client.close(uri);
  });

  test('a 2 MB chain of ${…} references is diagnosed within seconds, not minutes', T, async () => {
    const uri = fileUri(ws.file('Contains/chain/Descriptor/assembly.yml'));
    const since = client.mark();
    const t0 = Date.now();
    client.open(uri, chainAssembly(2 * 1024 * 1024));
    await client.waitForDiagnostics(uri, () => true, 15000, since);
    assert.ok(Date.now() - t0 < 15000, `${Date.now() - t0} ms`);
    client.close(uri);
  });

  test('the normative-source request answers null for unknown URIs, however many', T, async () => {
    for (let i = 0; i < 500; i++) {
      const r = await client.request('lmDescriptors/normativeTypeSource', { uri: `tosca-normative:/x/${i}.yaml` });
      assert.equal(r, null);
    }
  });

  test('the server is alive, its peak memory bounded', () => {
    assert.ok(client.alive);
    const peak = peakRssMB(client.proc.pid);
    assert.ok(peak < 800, `peak RSS ${peak} MB`);
  });
});

describe('abuse: state that used to go stale or wrong', () => {
  let ws: TempWorkspace;
  let other: TempWorkspace;
  let client: LspClient;

  before(async () => {
    ws = tempWorkspace('abuse-state');
    other = tempWorkspace('abuse-state-other', null);
    // An assembly in `other` that uses the balancer resource of `ws` by name.
    other.write(
      'Descriptor/assembly.yml',
      'name: assembly::uses-balancer::1.0\nproperties:\n  deploymentLocation:\n    type: string\n' +
        '  resourceManager:\n    type: string\ncomposition:\n  lb:\n' +
        '    type: resource::balancer-streamer-cluster::1.0\n' +
        '    properties:\n      deploymentLocation:\n        value: ${deploymentLocation}\n' +
        '      resourceManager:\n        value: ${resourceManager}\n      key_name:\n        value: k\n',
    );
    client = new LspClient();
    await client.initialize(other.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } });
    await client.waitForStatus('ready', 20000);
  }, T);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
    other?.cleanup();
  }, T);

  // First in this suite: the tests below open files of `ws`, and an opened file brings its workspace root into the
  // index (host/roots.ts), after which `ws` is no longer absent from it.
  test('an added workspace folder re-checks the open documents; a removed one leaves the index', T, async () => {
    const uri = fileUri(other.file('Descriptor/assembly.yml'));
    client.open(uri, other.read('Descriptor/assembly.yml'));
    const notHere = (ds: readonly Diagnostic[]) => withCode(ds, 'LM043').length === 1;
    await client.waitForDiagnostics(uri, notHere, 15000);
    let since = client.mark();
    client.notify('workspace/didChangeWorkspaceFolders', {
      event: { added: [{ uri: fileUri(ws.dir), name: 'ws' }], removed: [] },
    });
    await client.waitForDiagnostics(uri, (ds) => withCode(ds, 'LM043').length === 0, 10000, since);
    since = client.mark();
    client.notify('workspace/didChangeWorkspaceFolders', {
      event: { added: [], removed: [{ uri: fileUri(ws.dir), name: 'ws' }] },
    });
    await client.waitForDiagnostics(uri, notHere, 10000, since);
    client.close(uri);
  });

  test('versions out of order (5, 4, 5) and a repeated version: diagnostics belong to the last text', T, async () => {
    // Inside the client's folder: a file elsewhere would bring its own project in as a root.
    const uri = fileUri(other.file('Contains/v/Descriptor/assembly.yml'));
    const valid = readFileSync(path.join(EXAMPLE_DIR, ASSEMBLY), 'utf8');
    const typo = (name: string) => valid.replace('${deploymentLocation}', `\${${name}}`);
    client.open(uri, valid);
    await client.waitForDiagnostics(uri, () => true, 15000);
    const send = (version: number, text: string) =>
      client.notify('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ text }],
      });
    let since = client.mark();
    send(5, typo('first'));
    send(4, typo('second'));
    send(5, typo('third'));
    let p = await client.waitForDiagnostics(uri, (ds) => ds.some((d) => d.message.includes('`third`')), 15000, since);
    assert.equal(p.version, 5);
    assert.ok(!p.diagnostics.some((d) => /`first`|`second`/.test(d.message)), describeDiags(p.diagnostics));
    // The same version number again, with new text: analysed, not ignored.
    since = client.mark();
    send(5, typo('fourth'));
    p = await client.waitForDiagnostics(uri, (ds) => ds.some((d) => d.message.includes('`fourth`')), 15000, since);
    assert.equal(p.version, 5);
    client.close(uri);
  });

  test('a NUL byte in a comment: the assembly keeps its errors, and the NUL is reported where it is', T, async () => {
    const uri = fileUri(other.file('Contains/nul/Descriptor/assembly.yml'));
    const valid = readFileSync(path.join(EXAMPLE_DIR, ASSEMBLY), 'utf8');
    const typo = valid.replace('${deploymentLocation}', '${deploymentLocaton}');
    const text = `# a comment with a NUL \u0000 in it\n${typo}`;
    client.open(uri, text);
    const p = await client.waitForDiagnostics(uri, () => true, 15000);
    assert.ok(withCode(p.diagnostics, 'LM031').length >= 1, describeDiags(p.diagnostics));
    const nul = p.diagnostics.filter((d) => /U\+0000/.test(d.message));
    assert.deepEqual(
      nul.map((d) => [d.range.start.line, d.range.start.character]),
      [[0, 23]],
    );
    client.close(uri);
  });
});

describe('abuse: deep nesting gives the same findings in a cold and a warm process', () => {
  const text = `name: assembly::deep::1.0\nproperties: ${'['.repeat(1000)}${']'.repeat(1000)}\n`;
  const findings = async (warm: boolean): Promise<string> => {
    const ws = tempWorkspace('abuse-deep', null);
    const client = new LspClient();
    try {
      await client.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } });
      await client.waitForStatus('ready', 20000);
      if (warm) {
        for (let i = 0; i < 5; i++) {
          const u = fileUri(ws.file(`w${i}/Descriptor/assembly.yml`));
          client.open(u, readFileSync(path.join(EXAMPLE_DIR, ASSEMBLY), 'utf8'));
          await client.waitForDiagnostics(u, () => true, 15000);
        }
      }
      const uri = fileUri(ws.file('Descriptor/assembly.yml'));
      client.open(uri, text);
      const p = await client.waitForDiagnostics(uri, () => true, 10000);
      return describeDiags(p.diagnostics);
    } finally {
      await client.shutdown();
      ws.cleanup();
    }
  };

  test('1,000 nested `[`: one error at the nesting limit, the same cold and warm', T, async () => {
    const cold = await findings(false);
    const warm = await findings(true);
    assert.equal(cold, warm);
    assert.match(cold, /^LM000@1:\d+ YAML: Collections are nested more than 128 levels deep/);
  });
});

describe('abuse: requests a client gets wrong', () => {
  test(
    'before initialize: ServerNotInitialized; malformed params: InvalidParams; nothing alarming logged',
    T,
    async () => {
      const ws = tempWorkspace('abuse-requests');
      const client = new LspClient();
      try {
        const code = async (method: string, params: unknown) => {
          try {
            await client.request(method, params, 15000);
            return 'ok';
          } catch (e) {
            return (e as { code?: number }).code;
          }
        };
        const pos = { textDocument: { uri: fileUri(ws.file(ASSEMBLY)) }, position: { line: 0, character: 0 } };
        assert.equal(await code('textDocument/hover', pos), -32002);
        await client.initialize(ws.dir, { disableCache: true });
        await client.waitForStatus('ready', 20000);
        client.open(pos.textDocument.uri, ws.read(ASSEMBLY));
        assert.equal(await code('textDocument/hover', {}), -32602);
        assert.equal(await code('textDocument/hover', { textDocument: pos.textDocument, position: null }), -32602);
        assert.equal(await code('textDocument/completion', { ...pos, position: { line: -1, character: 0 } }), -32602);
        assert.equal(await code('textDocument/definition', { textDocument: {}, position: pos.position }), -32602);
        assert.equal(await code('textDocument/codeAction', { textDocument: pos.textDocument }), -32602);
        assert.equal(await code('textDocument/hover', { ...pos, position: { line: 99999, character: 5 } }), 'ok');
        assert.equal(await code('lmDescriptors/normativeTypeSource', null), 'ok');
        assert.deepEqual(
          client.logs.filter((l) => /error|TypeError|failed/i.test(l)),
          [],
        );
      } finally {
        await client.shutdown();
        ws.cleanup();
      }
    },
  );
});

describe('abuse: the warm-start cache', () => {
  let cacheDir: string;
  let ws: TempWorkspace;
  const cacheFile = () => {
    const f = readdirSync(cacheDir).find((n) => n.endsWith('.cache'));
    assert.ok(f, `no cache file in ${cacheDir}: ${readdirSync(cacheDir).join(', ')}`);
    return path.join(cacheDir, f);
  };

  /** Starts a server on `ws` with the cache, opens the assembly, returns its diagnostics and the server. */
  async function run(): Promise<{ diags: string; client: LspClient }> {
    const client = new LspClient();
    await client.initialize(ws.dir, { cacheDir, settings: { diagnostics: { debounceMs: 0 } } });
    await client.waitForStatus('ready', 20000);
    const uri = fileUri(ws.file(ASSEMBLY));
    client.open(uri, ws.read(ASSEMBLY).replace('${balancer.publicIp}', '${balancer.publicIP}'));
    const p = await client.waitForDiagnostics(uri, () => true, 15000);
    return { diags: describeDiags(p.diagnostics), client };
  }

  before(async () => {
    ws = tempWorkspace('abuse-cache');
    cacheDir = path.join(tempDir('abuse-cache-dir'), 'cache');
    const old = process.umask(0);
    try {
      const { client } = await run();
      await client.shutdown();
    } finally {
      process.umask(old);
    }
  }, T);

  after(() => {
    ws?.cleanup();
    rmSync(path.dirname(cacheDir), { recursive: true, force: true });
  });

  test('the cache directory is private (0700) and the file 0600, even under umask 000', () => {
    assert.equal(statSync(cacheDir).mode & 0o777, 0o700);
    assert.equal(statSync(cacheFile()).mode & 0o777, 0o600);
  });

  test('an edited summary (stat kept), null and __proto__ summaries, a bad header line: discarded', T, async () => {
    const fresh = await run();
    await fresh.client.shutdown();
    const file = cacheFile();
    const lines = readFileSync(file, 'utf8').split('\n');
    const tampered = lines.map((l, i) => {
      if (i === 0) return l;
      if (l.includes('/balancer/')) return l.replace('"publicIp"', '"publicIX"'); // checksum no longer matches
      if (l.includes('/streamer/')) return l.replace(/\t\{.*$/, '\tnull');
      if (l.includes('/network/')) return l.replace(/\t\{.*$/, '\t{"__proto__":{"kind":"resource"}}');
      if (l.includes('/storage/')) return l.replace(/\t[^\t]*\t\{/, '\tnot-json\t{');
      return l;
    });
    writeFileSync(file, tampered.join('\n'));
    const after = await run();
    await after.client.shutdown();
    assert.equal(after.diags, fresh.diags);
    assert.doesNotMatch(after.diags, /Internal error/);
    // A bad first line: the cache is ignored, indexing still works, the same findings.
    writeFileSync(file, `garbage\n${lines.slice(1).join('\n')}`);
    const again = await run();
    await again.client.shutdown();
    assert.equal(again.diags, fresh.diags);
  });

  test('a link at the cache path is replaced, never written through; a FIFO there is skipped', T, async () => {
    const file = cacheFile();
    const victim = path.join(path.dirname(cacheDir), 'victim.txt');
    writeFileSync(victim, 'precious');
    rmSync(file);
    symlinkSync(victim, file);
    // A changed workspace file makes the server write the cache again.
    ws.write('Contains/extra/Definitions/lm/resource.yaml', 'name: resource::extra::1.0\n');
    const r = await run();
    await r.client.shutdown();
    assert.equal(readFileSync(victim, 'utf8'), 'precious');
    rmSync(file, { force: true });
    mkfifo(file);
    const t0 = Date.now();
    const f = await run();
    await f.client.shutdown();
    assert.ok(Date.now() - t0 < 15000);
  });
});

describe('abuse: the command-line checker', () => {
  const cli = (args: string[], shell?: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const p = shell
        ? spawn('bash', ['-c', shell], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn(process.execPath, [CLI_JS, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const timer = setTimeout(() => {
        p.kill('SIGKILL');
        reject(new Error('cli did not finish in 20 s'));
      }, 20000);
      p.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });

  test('`check | head -1` ends quietly: no stack trace when the reader closes the pipe', T, async () => {
    const ws = tempWorkspace('abuse-cli-pipe');
    try {
      for (let i = 0; i < 300; i++) {
        ws.write(`Contains/c${i}/Descriptor/assembly.yml`, ws.read(ASSEMBLY).replace('${deploymentLocation}', '${x}'));
      }
      const r = await cli([], `node ${JSON.stringify(CLI_JS)} check ${JSON.stringify(ws.dir)} | head -1`);
      assert.equal(r.stdout.split('\n').filter(Boolean).length, 1);
      assert.doesNotMatch(r.stderr, /EPIPE|Error|^\s+at /m);
    } finally {
      ws.cleanup();
    }
  });

  test(
    'a FIFO given directly is bad usage (exit 2); a link to a descriptor is checked as that descriptor',
    T,
    async () => {
      const ws = tempWorkspace('abuse-cli-files');
      try {
        mkfifo(ws.file('pipe.yaml'));
        const fifo = await cli(['check', ws.file('pipe.yaml')]);
        assert.equal(fifo.code, 2, fifo.stderr);
        assert.match(fifo.stderr, /Not a regular file/);
        ws.write(ASSEMBLY, ws.read(ASSEMBLY).replace('${deploymentLocation}', '${deploymentLocaton}'));
        const link = path.join(path.dirname(ws.dir), 'link.yml');
        symlinkSync(ws.file(ASSEMBLY), link);
        const r = await cli(['check', link, '--format', 'json']);
        assert.equal(r.code, 1, r.stderr);
        assert.ok((JSON.parse(r.stdout) as { code: string }[]).some((x) => x.code === 'LM031'));
        if (process.getuid?.() !== 0) {
          // Root reads anything, so this part only means something for other users.
          writeFileSync(ws.file('locked.yaml'), 'tosca_definitions_version: tosca_simple_yaml_1_3\n');
          chmodSync(ws.file('locked.yaml'), 0o000);
          const locked = await cli(['check', ws.file('locked.yaml')]);
          assert.equal(locked.code, 2, locked.stderr);
        }
        assert.ok(existsSync(link));
      } finally {
        ws.cleanup();
      }
    },
  );
});

/** Writes one JSON-RPC message to the server's stdin as is: params null, absent or of any type. */
function sendRaw(client: LspClient, message: Record<string, unknown>): void {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
  client.proc.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
  client.proc.stdin.write(body);
}

/** Collects the server's responses to requests sent with sendRaw (string ids `raw-…`). */
function rawResponses(client: LspClient): Map<string, { error?: { code: number; message: string } }> {
  const answers = new Map<string, { error?: { code: number; message: string } }>();
  let buf: Buffer = Buffer.alloc(0);
  client.proc.stdout.on('data', (d: Buffer) => {
    buf = Buffer.concat([buf, d] as Uint8Array[]);
    for (;;) {
      const head = buf.indexOf('\r\n\r\n');
      if (head < 0) return;
      const len = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, head).toString('ascii'))?.[1]);
      if (buf.length < head + 4 + len) return;
      const msg = JSON.parse(buf.subarray(head + 4, head + 4 + len).toString('utf8')) as {
        id?: unknown;
        error?: { code: number; message: string };
      };
      buf = buf.subarray(head + 4 + len);
      if (typeof msg.id === 'string' && msg.id.startsWith('raw-')) answers.set(msg.id, msg);
    }
  });
  return answers;
}

const ABSENT = Symbol('no params');
type RawCase = [method: string, params: unknown];

describe('abuse: malformed messages at the protocol edge', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  let answers: ReturnType<typeof rawResponses>;
  const uri = () => fileUri(ws.file(ASSEMBLY));
  const pos = { line: 0, character: 0 };

  before(async () => {
    ws = tempWorkspace('abuse-edge');
    client = new LspClient();
    answers = rawResponses(client);
    await client.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } });
    await client.waitForStatus('ready', 20000);
    client.open(uri(), ws.read(ASSEMBLY));
    await client.waitForDiagnostics(uri(), () => true, 15000);
  }, T);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, T);

  const send = (cases: RawCase[], id?: (i: number) => string) =>
    cases.forEach(([method, params], i) =>
      sendRaw(client, {
        ...(id ? { id: id(i) } : {}),
        method,
        ...(params === ABSENT ? {} : { params }),
      }),
    );
  const alarming = () => client.logs.filter((l) => /TypeError|Error|failed|Cannot read|uncaught|unhandled/i.test(l));

  test('malformed notifications: each dropped with one log line, no TypeError, the documents unharmed', T, async () => {
    const u = uri();
    const doc = (extra: Record<string, unknown>) => ({ textDocument: { uri: u, languageId: 'yaml', ...extra } });
    const cases: RawCase[] = [
      // Eight malformed opens: more than are logged one by one.
      ['textDocument/didOpen', doc({ version: 1, text: null })],
      ['textDocument/didOpen', null],
      ['textDocument/didOpen', ABSENT],
      ['textDocument/didOpen', []],
      ['textDocument/didOpen', 5],
      ['textDocument/didOpen', { textDocument: null }],
      ['textDocument/didOpen', { textDocument: { uri: 5, languageId: 'yaml', version: 1, text: 'x' } }],
      ['textDocument/didOpen', doc({ version: '1', text: 'name: x\n' })],
      ['textDocument/didChange', null],
      ['textDocument/didChange', { textDocument: { uri: u, version: 2 } }],
      ['textDocument/didChange', { textDocument: { uri: u, version: null }, contentChanges: [{ text: 'x' }] }],
      ['textDocument/didChange', { textDocument: { uri: u, version: 2 }, contentChanges: 'x' }],
      ['textDocument/didChange', { textDocument: { uri: u, version: 2 }, contentChanges: [null] }],
      ['textDocument/didChange', { textDocument: { uri: u, version: 2 }, contentChanges: [{ text: 5 }] }],
      [
        'textDocument/didChange',
        { textDocument: { uri: u, version: 2 }, contentChanges: [{ range: { start: null, end: pos }, text: 'a' }] },
      ],
      [
        'textDocument/didChange',
        {
          textDocument: { uri: u, version: 2 },
          contentChanges: [{ range: { start: { line: -1, character: 0 }, end: pos }, text: 'a' }],
        },
      ],
      ['textDocument/didClose', null],
      ['textDocument/didClose', { textDocument: null }],
      ['textDocument/didClose', { textDocument: { uri: [u] } }],
      ['textDocument/didSave', null],
      ['textDocument/didSave', { textDocument: { uri: u }, text: 5 }],
      ['textDocument/willSave', null],
      ['workspace/didChangeWatchedFiles', null],
      ['workspace/didChangeWatchedFiles', { changes: null }],
      ['workspace/didChangeWatchedFiles', { changes: [null] }],
      ['workspace/didChangeWatchedFiles', { changes: [{ uri: 5, type: 1 }] }],
      ['workspace/didChangeWatchedFiles', { changes: [{ uri: u, type: 'changed' }] }],
      ['workspace/didChangeConfiguration', null],
      ['workspace/didChangeConfiguration', 'lmDescriptors'],
      ['workspace/didChangeWorkspaceFolders', null],
      ['workspace/didChangeWorkspaceFolders', { event: null }],
      ['workspace/didChangeWorkspaceFolders', { event: { added: null, removed: [] } }],
      ['workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [{ uri: 3 }] } }],
      ['$/setTrace', null],
      ['window/workDoneProgress/cancel', null],
    ];
    send(cases);
    // The open assembly is as it was: an edit through a valid change is analysed as usual.
    const since = client.mark();
    client.change(u, ws.read(ASSEMBLY).replace('${deploymentLocation}', '${deploymentLocaton}'));
    await client.waitForDiagnostics(u, (ds) => withCode(ds, 'LM031').length === 1, 15000, since);
    const h = await client.hover(u, positionOf(ws.read(ASSEMBLY), '${balancer.publicIp}', 13), 15000);
    assert.match(hoverText(h), /publicIp/);
    assert.deepEqual(alarming(), []);
    assert.doesNotMatch(client.stderr, /TypeError|Error/);
    const dropped = client.logs.filter((l) => l.includes('ignored a malformed'));
    for (const method of new Set(cases.map(([m]) => m))) {
      const lines = dropped.filter((l) => l.includes(`\`${method}\``));
      const sent = cases.filter(([m]) => m === method).length;
      assert.equal(lines.length, Math.min(sent, LOGGED_PER_METHOD), `${method}:\n${lines.join('\n')}`);
    }
    assert.match(dropped.join('\n'), /`textDocument\.text` must be a string/);
    assert.ok(client.alive);
  });

  test('malformed requests: InvalidParams saying what is wrong, never InternalError', T, async () => {
    const td = { uri: uri() };
    const cases: RawCase[] = [
      ['textDocument/hover', null],
      ['textDocument/hover', ABSENT],
      ['textDocument/hover', []],
      ['textDocument/hover', { textDocument: null, position: pos }],
      ['textDocument/hover', { textDocument: td, position: { line: '1', character: 0 } }],
      ['textDocument/completion', { textDocument: td, position: { line: 0.5, character: 0 } }],
      ['textDocument/definition', { textDocument: td }],
      ['textDocument/references', null],
      ['textDocument/rename', { textDocument: td, position: pos, newName: 5 }],
      ['textDocument/codeAction', { textDocument: td, range: null }],
      ['textDocument/selectionRange', { textDocument: td, positions: null }],
      ['textDocument/semanticTokens/full', { textDocument: 'x' }],
      ['textDocument/documentSymbol', null],
      ['textDocument/diagnostic', null],
      ['workspace/symbol', { query: 5 }],
      ['codeLens/resolve', null],
      ['initialize', null],
    ];
    send(cases, (i) => `raw-${i}`);
    for (let t0 = Date.now(); answers.size < cases.length && Date.now() - t0 < 10000;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const codes = cases.map(([m], i) => `${m} ${answers.get(`raw-${i}`)?.error?.code}`);
    assert.deepEqual(
      codes,
      cases.map(([m]) => `${m} -32602`),
    );
    assert.match(answers.get('raw-4')!.error!.message, /`textDocument\/hover`: `position` must have whole/);
    assert.deepEqual(alarming(), []);
    // A well-formed request still answers.
    const h = await client.hover(uri(), positionOf(ws.read(ASSEMBLY), '${balancer.publicIp}', 13), 15000);
    assert.match(hoverText(h), /publicIp/);
  });
});

describe('abuse: a client asking about 100,000 distinct normative-source URIs', () => {
  test('the memo of rendered views stays bounded; every answer is still right', () => {
    const views = new NormativeViews();
    const known = NORMATIVE_TYPES.flatMap((t) => t.versions.map((v) => ({ uri: normativeUri(t.name, v), t })));
    assert.ok(known.length > MAX_NORMATIVE_VIEWS, `${known.length} catalog views`);
    let answered = 0;
    for (let i = 0; i < 100000; i++) {
      const k = known[i % known.length]!;
      // Every fourth URI names no type; the others cycle through the catalog, spelled three ways.
      const uri =
        i % 4 === 0
          ? `tosca-normative:/tosca_simple_yaml_1_3/tosca.nodes.Unknown${i}.yaml`
          : i % 4 === 1
            ? k.uri
            : i % 4 === 2
              ? k.uri.replace('tosca-normative:/', 'tosca-normative:///')
              : k.uri.replace(/\./g, '%2E');
      const text = views.sourceForUri(uri);
      if (i % 4 === 0) assert.equal(text, undefined);
      else {
        assert.ok(text?.includes(k.t.name), `${uri}: ${text?.slice(0, 80)}`);
        answered++;
      }
      assert.ok(views.size <= MAX_NORMATIVE_VIEWS, `${views.size} views kept after ${i + 1} URIs`);
    }
    assert.equal(answered, 75000);
    assert.equal(views.size, MAX_NORMATIVE_VIEWS);
  });
});
