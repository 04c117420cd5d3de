/**
 * Bad input must never crash or wedge the server. Through the real server over stdio: broken
 * YAML, half-typed keys, empty and binary files, huge files (both sides of maxFileSizeMB), alias
 * bombs, absurd nesting, and files deleted while the index is being built. After every case a
 * hover on a valid open document must still answer. In-process: the parser and the analysis
 * never throw on nasty inputs and keep exact UTF-16 positions for CRLF and astral characters.
 *
 * Needs `npm run build` first. Run: node --import tsx --test test/badinput/badinput.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import {
  CLI_JS,
  type Diagnostic,
  DiagnosticSeverity,
  FileChange,
  LspClient,
  REPO_ROOT,
  fileUri,
  hoverText,
  positionOf,
  withCode,
} from '../support/protocolClient.js';
import {
  ASSEMBLY,
  EXAMPLE_DIR,
  tempWorkspace,
  writeFillers,
  type TempWorkspace,
} from '../support/protocolWorkspace.js';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { outlineYaml } from '../../server/src/syntax/outline.js';
import { analyseDocument } from '../../server/src/model/document.js';
import { Session } from '../../server/src/host/session.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { complete } from '../../server/src/features/completion.js';
import { hover } from '../../server/src/features/hover.js';
import { definition } from '../../server/src/features/definition.js';

const T = { timeout: 30000 };
const HOOK = { timeout: 30000 };
const describeDiags = (ds: readonly Diagnostic[]) =>
  JSON.stringify(
    ds.map(
      (d) =>
        `${d.code}@${d.range.start.line}:${d.range.start.character}-` +
        `${d.range.end.line}:${d.range.end.character} ${d.message.slice(0, 100)}`,
    ),
    null,
    1,
  );
const BINARY = 'Contains/junk/Definitions/lm/resource.yaml';

// ---------------------------------------------------------------------------------------------
// Generators

/** An assembly of about `bytes` characters: many properties, one bad reference at the very end. */
function bigAssembly(bytes: number): string {
  const parts: string[] = ['description: A very large generated assembly.\nproperties:\n'];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const s =
      `  prop${i}:\n    type: string\n    description: Property number ${i} of a very large generated ` +
      `assembly.\n    default: value-${i}\n`;
    parts.push(s);
    size += s.length;
  }
  parts.push(
    'composition:\n  streamer:\n    type: resource::streamer-streamer-cluster::1.0\n    properties:\n      ' +
      'flavor:\n        value: ${prop1}\n      key_name:\n        value: ${nope}\n',
  );
  return parts.join('');
}

/** Billion laughs: 9 levels of 9 aliases, used everywhere the rules look (9^9 nodes if expanded). */
function aliasBomb(): string {
  const L = 'abcdefghi';
  const out = [
    'description: alias bomb',
    'a: &a ["${lol}", {value: "${lol}"}, "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
  ];
  for (let k = 1; k < 9; k++)
    out.push(
      `${L[k]}: &${L[k]} [${Array(9)
        .fill(`*${L[k - 1]}`)
        .join(', ')}]`,
    );
  out.push(
    'm: &m {x: *i, y: *i, z: *i}',
    'properties: *m',
    'composition:',
    '  c: &c',
    '    type: *i',
    '    properties: *m',
    '    cluster: *m',
    '  d: *c',
    'references: *m',
    'relationships:',
    '  r:',
    '    source-capabilities: *i',
    '    target-requirements: *i',
    '    properties: *m',
    '    lifecycle: {Create: *i}',
    'operations: *m',
    'metrics: *m',
    'policies: *m',
  );
  return out.join('\n') + '\n';
}

/** Block mappings nested `depth` levels deep (size grows with depth², about 4.5 MB for 3000). */
function deepBlock(depth: number): string {
  const lines: string[] = [];
  for (let i = 0; i < depth; i++) lines.push(' '.repeat(i) + 'k:');
  return lines.join('\n') + '\n';
}

/** Random bytes with NULs, as a string the way an editor would decode them. */
function binaryText(n: number): Buffer {
  const b = randomBytes(n);
  for (let i = 0; i < n; i += 97) b[i] = 0;
  return b;
}

function runCli(args: string[], timeoutMs = 20000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [CLI_JS, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      p.kill('SIGKILL');
      reject(new Error(`cli did not finish in ${timeoutMs} ms`));
    }, timeoutMs);
    p.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Through the server

describe('bad input over stdio: the server keeps answering', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  let probeUri: string;
  let probeText: string;
  let n = 0;

  /** A fresh URI in the workspace that the server classifies as an assembly. */
  const nextAssemblyUri = () => fileUri(ws.file(`Contains/bad${n++}/Descriptor/assembly.yml`));

  /** Opens `text` and returns the first publication for it. */
  async function openAndDiagnose(uri: string, text: string, timeoutMs = 10000) {
    const since = client.mark();
    const t0 = Date.now();
    client.open(uri, text);
    const p = await client.waitForDiagnostics(uri, () => true, timeoutMs, since);
    return { p, ms: Date.now() - t0 };
  }

  /** The server is alive and a hover on the valid root assembly still answers correctly. */
  async function stillAnswers() {
    assert.ok(client.alive, `server exited; stderr: ${client.stderr}`);
    const h = await client.hover(probeUri, positionOf(probeText, '${balancer.publicIp}', 13), 15000);
    assert.match(hoverText(h), /publicIp/);
    const bad = client.logs.filter((l) => /uncaught|unhandled rejection/i.test(l));
    assert.deepEqual(bad, [], 'no uncaught exceptions logged');
  }

  before(async () => {
    ws = tempWorkspace('badinput');
    // A binary file with a descriptor's name is in the workspace from the start (indexing sees it).
    ws.write(BINARY, binaryText(64 * 1024));
    probeText = ws.read(ASSEMBLY);
    probeUri = fileUri(ws.file(ASSEMBLY));
    client = new LspClient();
    await client.initialize(ws.dir, {
      disableCache: true,
      settings: { diagnostics: { debounceMs: 20 }, maxFileSizeMB: 2 },
    });
    const ready = await client.waitForStatus('ready', 20000);
    // The binary file sits at a descriptor path: it counts as a (broken) descriptor.
    assert.equal(ready.descriptors, 7, JSON.stringify(ready));
    client.open(probeUri, probeText);
    await client.waitForDiagnostics(probeUri, () => true, 10000);
  }, HOOK);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, HOOK);

  test('unclosed flow collection: LM000 errors exactly at the unclosed `{` and `[`', T, async () => {
    const text = 'description: broken flow\nproperties: {a: [1, 2\n';
    const { p } = await openAndDiagnose(nextAssemblyUri(), text);
    const lm000 = withCode(p.diagnostics, 'LM000');
    assert.ok(lm000.length >= 2, describeDiags(p.diagnostics));
    for (const d of lm000) assert.equal(d.severity, DiagnosticSeverity.Error);
    const at = (needle: string) => {
      const s = positionOf(text, needle);
      return { start: s, end: { line: s.line, character: s.character + 1 } };
    };
    const ranges = lm000.map((d) => JSON.stringify(d.range));
    assert.ok(ranges.includes(JSON.stringify(at('['))), `an LM000 on the '[' (1:16): ${describeDiags(lm000)}`);
    assert.ok(ranges.includes(JSON.stringify(at('{'))), `an LM000 on the '{' (1:12): ${describeDiags(lm000)}`);
    await stillAnswers();
  });

  test('unclosed flow collection inside a real descriptor: the error is on its line, not at 0:0', T, async () => {
    const text = probeText.replace(
      '  numOfStreamers:\n    type: integer\n',
      '  numOfStreamers:\n    type: {a: [1, 2\n',
    );
    assert.notEqual(text, probeText);
    const line = positionOf(text, 'type: {a: [1, 2').line;
    const { p } = await openAndDiagnose(nextAssemblyUri(), text);
    const lm000 = withCode(p.diagnostics, 'LM000');
    assert.ok(lm000.length >= 1, describeDiags(p.diagnostics));
    for (const d of lm000)
      assert.ok(d.range.start.line >= line, `not before the broken line ${line}: ${describeDiags(lm000)}`);
    assert.ok(
      lm000.some((d) => d.range.start.line === line),
      `one on line ${line}: ${describeDiags(lm000)}`,
    );
    await stillAnswers();
  });

  test('bad indentation: LM000 on the offending line', T, async () => {
    const text = 'description: x\nproperties:\n  a:\n    type: string\n   b:\n  type: string\n';
    const { p } = await openAndDiagnose(nextAssemblyUri(), text);
    const lm000 = withCode(p.diagnostics, 'LM000');
    assert.ok(lm000.length >= 1, describeDiags(p.diagnostics));
    assert.equal(lm000[0]!.range.start.line, 4, describeDiags(lm000));
    assert.ok(
      lm000.every((d) => d.range.start.line >= 4),
      describeDiags(lm000),
    );
    await stillAnswers();
  });

  test('tab indentation: LM000 exactly on the tab', T, async () => {
    const text = 'description: x\nproperties:\n\ta: 1\n';
    const { p } = await openAndDiagnose(nextAssemblyUri(), text);
    const lm000 = withCode(p.diagnostics, 'LM000');
    assert.ok(lm000.length >= 1, describeDiags(p.diagnostics));
    assert.deepEqual(lm000[0]!.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 1 } });
    await stillAnswers();
  });

  test('half-typed keys and references: completion, hover and definition answer', T, async () => {
    const text =
      'description: half typed\ncomposition:\n  streamer:\n    type: resource::streamer-streamer-cluster::1.0\n    ' +
      'properties:\n      flavor:\n        value: ${streamer.\n  balancer:\n    typ';
    const uri = nextAssemblyUri();
    const { p } = await openAndDiagnose(uri, text);
    // The unclosed reference is reported where it starts.
    const lm030 = withCode(p.diagnostics, 'LM030');
    assert.equal(lm030.length, 1, describeDiags(p.diagnostics));
    assert.deepEqual(lm030[0]!.range.start, positionOf(text, '${streamer.'));
    const members = await client.completion(uri, positionOf(text, '${streamer.', '${streamer.'.length), 15000);
    for (const l of ['stream_port', 'media_root', 'privateIp'])
      assert.ok(
        members.some((i) => i.label === l),
        `${l}: ${members.map((i) => i.label).join(',')}`,
      );
    const endOfTyp = positionOf(text, '    typ', 7);
    for (const pos of [endOfTyp, positionOf(text, '    typ', 5), positionOf(text, '  balancer', 4)]) {
      assert.ok(Array.isArray(await client.completion(uri, pos, 15000)));
      await client.hover(uri, pos, 15000);
      await client.definition(uri, pos, 15000);
    }
    // Typing on: the half key grows into a whole one; each version is re-diagnosed.
    let t = text;
    for (const more of ['e', ':', ' ', 'r', 'e', 's', 'o']) {
      t += more;
      const since = client.mark();
      client.change(uri, t);
      await client.waitForDiagnostics(uri, () => true, 15000, since);
      assert.ok(
        Array.isArray(
          await client.completion(uri, positionOf(t, '    type', t.length - t.lastIndexOf('    type')), 15000),
        ),
      );
    }
    await stillAnswers();
  });

  for (const [what, text] of [
    ['an empty file', ''],
    ['only whitespace and newlines', '\n  \n\t\n'],
    ['only a comment', '# nothing here\n'],
    ['only a document marker', '---\n'],
    ['a bare null', '~\n'],
    ['a scalar root', 'just a string\n'],
    ['a sequence root', '- a\n- b\n'],
    ['two documents', 'description: one\n---\ndescription: two\n'],
    ['a BOM and CRLF', '\ufeffdescription: x\r\nproperties:\r\n  a: {type: string}\r\n'],
    ['a lone CR line break', 'description: x\rproperties:\r  a: {}\r'],
  ] as const) {
    test(`degenerate document: ${what}`, T, async () => {
      const uri = nextAssemblyUri();
      const { p } = await openAndDiagnose(uri, text);
      for (const d of p.diagnostics) {
        assert.ok(d.range.start.line >= 0 && d.range.start.character >= 0, describeDiags(p.diagnostics));
        assert.ok(
          d.range.end.line < Math.max(1, text.split(/\r\n|\r|\n/).length),
          `range inside the document: ${describeDiags(p.diagnostics)}`,
        );
      }
      if (text.trim() === '' || text.trim() === '# nothing here')
        assert.deepEqual(p.diagnostics, [], 'nothing to complain about');
      for (const pos of [
        { line: 0, character: 0 },
        { line: 0, character: 3 },
        { line: 5, character: 50 },
      ]) {
        assert.ok(Array.isArray(await client.completion(uri, pos, 15000)));
        await client.hover(uri, pos, 15000);
        await client.definition(uri, pos, 15000);
      }
      await stillAnswers();
    });
  }

  test(
    'a 5 MB assembly over maxFileSizeMB (2): one LM000 "not analysed" notice and nothing else, at once',
    T,
    async () => {
      const text = bigAssembly(5 * 1024 * 1024);
      const uri = nextAssemblyUri();
      const { p, ms } = await openAndDiagnose(uri, text, 20000);
      assert.ok(ms < 10000, `diagnostics after ${ms} ms (a hang guard: a parsed 5 MB file takes far longer)`);
      assert.equal(p.diagnostics.length, 1, describeDiags(p.diagnostics));
      const notice = p.diagnostics[0]!;
      assert.equal(notice.code, 'LM000');
      assert.equal(notice.severity, DiagnosticSeverity.Information);
      assert.match(notice.message, /5\.0 MB/);
      assert.match(notice.message, /maxFileSizeMB: it is not analysed/);
      // Requests on the huge document answer at once (there is nothing to say).
      const t0 = Date.now();
      assert.equal(await client.hover(uri, positionOf(text, '${prop1}', 3), 10000), null);
      assert.ok(Date.now() - t0 < 10000, `hover took ${Date.now() - t0} ms`);
      const since = client.mark();
      client.close(uri);
      await client.waitForDiagnostics(uri, (ds) => ds.length === 0, 10000, since);
      await stillAnswers();
    },
  );

  test('a 1.5 MB assembly under maxFileSizeMB (2) gets the full parse: YAML errors, no "too large"', T, async () => {
    const text = bigAssembly(1.5 * 1024 * 1024).replace('  prop7:\n', '  prop7: {broken: [\n');
    const uri = nextAssemblyUri();
    const { p, ms } = await openAndDiagnose(uri, text, 20000);
    assert.ok(ms < 15000, `diagnostics after ${ms} ms`);
    assert.deepEqual(
      withCode(p.diagnostics, 'LM000').filter((d) => /not analysed/.test(d.message)),
      [],
    );
    const syntax = withCode(p.diagnostics, 'LM000').filter((d) => d.severity === DiagnosticSeverity.Error);
    assert.ok(syntax.length > 0, describeDiags(p.diagnostics));
    assert.ok(
      syntax.every((d) => d.range.start.line >= positionOf(text, '  prop7: {broken').line),
      describeDiags(syntax),
    );
    const since = client.mark();
    client.close(uri);
    await client.waitForDiagnostics(uri, (ds) => ds.length === 0, 10000, since);
    await stillAnswers();
  });

  /** The one diagnostic of a binary file at a descriptor path. */
  const notYaml = (diags: { code?: unknown; message: string; range: unknown }[]) =>
    diags.map((d) => `${String(d.code)} ${JSON.stringify(d.range)} ${/not YAML text/.test(d.message)}`);
  const NOT_YAML = [
    `LM000 ${JSON.stringify({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } })} true`,
  ];

  test(
    'a binary file at a descriptor path (in the workspace and opened): one LM000 "not YAML text", no crash',
    T,
    async () => {
      const uri = fileUri(ws.file(BINARY));
      const { p } = await openAndDiagnose(uri, readFileSync(ws.file(BINARY)).toString('utf8'));
      assert.deepEqual(notYaml(p.diagnostics), NOT_YAML);
      assert.deepEqual(await client.completion(uri, { line: 0, character: 5 }, 15000), []);
      assert.equal(await client.hover(uri, { line: 0, character: 5 }, 15000), null);
      assert.deepEqual(await client.definition(uri, { line: 0, character: 5 }, 15000), []);
      // Also as latin1 text (no replacement characters) and as an edit of a valid document.
      const since = client.mark();
      client.change(uri, readFileSync(ws.file(BINARY)).toString('latin1'));
      assert.deepEqual(notYaml((await client.waitForDiagnostics(uri, () => true, 15000, since)).diagnostics), NOT_YAML);
      client.close(uri);
      const junkUri = nextAssemblyUri();
      await openAndDiagnose(junkUri, probeText);
      const since2 = client.mark();
      client.change(junkUri, probeText.slice(0, 500) + '\u0000\u0001\u0002' + binaryText(2000).toString('latin1'));
      await client.waitForDiagnostics(junkUri, () => true, 15000, since2);
      await stillAnswers();
    },
  );

  test('a YAML alias bomb (9 levels of 9 aliases) answers without expanding it', T, async () => {
    const text = aliasBomb();
    const uri = nextAssemblyUri();
    const t0 = Date.now();
    const { p } = await openAndDiagnose(uri, text, 15000);
    for (const pos of [
      positionOf(text, '*i', 1),
      positionOf(text, 'properties: *m', 13),
      positionOf(text, '${lol}', 3),
      positionOf(text, 'type: *i', 7),
    ]) {
      assert.ok(Array.isArray(await client.completion(uri, pos, 15000)));
      await client.hover(uri, pos, 15000);
      await client.definition(uri, pos, 15000);
    }
    const ms = Date.now() - t0;
    // A hang guard for a busy machine: an expanding bomb would take minutes.
    assert.ok(ms < 15000, `took ${ms} ms`);
    // `${lol}` is reported once per written occurrence, not once per expansion.
    assert.ok(withCode(p.diagnostics, 'LM031').length <= 2, describeDiags(p.diagnostics));
    assert.ok(p.diagnostics.length < 100, `${p.diagnostics.length} diagnostics`);
    await stillAnswers();
  });

  test('flow nesting 10,000 levels deep: diagnosed (LM000), no stack overflow in the server', T, async () => {
    const text = 'description: deep\nproperties:\n  a:\n    default: ' + '['.repeat(10000) + ']'.repeat(10000) + '\n';
    const uri = nextAssemblyUri();
    const { p, ms } = await openAndDiagnose(uri, text, 10000);
    assert.ok(ms < 10000);
    assert.ok(withCode(p.diagnostics, 'LM000').length >= 1, describeDiags(p.diagnostics));
    for (const pos of [positionOf(text, '[[[', 15000), { line: 3, character: 20000 }]) {
      await client.hover(uri, pos, 15000);
      assert.ok(Array.isArray(await client.completion(uri, pos, 15000)));
    }
    await stillAnswers();
  });

  test(
    'raising maxFileSizeMB (didChangeConfiguration) re-analyses an open too-large document fully',
    { timeout: 30000 },
    async () => {
      const text = bigAssembly(2.5 * 1024 * 1024);
      const uri = nextAssemblyUri();
      const { p } = await openAndDiagnose(uri, text, 20000);
      const isTooLarge = (d: Diagnostic) => d.code === 'LM000' && /not analysed/.test(d.message);
      assert.equal(p.diagnostics.filter(isTooLarge).length, 1, 'too large under the 2 MB limit');
      const since = client.mark();
      client.notify('workspace/didChangeConfiguration', {
        settings: { lmDescriptors: { maxFileSizeMB: 8, diagnostics: { debounceMs: 20 } } },
      });
      try {
        const p2 = await client.waitForDiagnostics(uri, () => true, 15000, since);
        assert.deepEqual(p2.diagnostics.filter(isTooLarge), [], 'fully analysed under the 8 MB limit');
      } finally {
        client.notify('workspace/didChangeConfiguration', {
          settings: { lmDescriptors: { maxFileSizeMB: 2, diagnostics: { debounceMs: 20 } } },
        });
        client.close(uri);
        await stillAnswers();
      }
    },
  );

  test('the server survived every case', T, async () => {
    await stillAnswers();
    assert.equal(client.stderr.includes('RangeError'), false, client.stderr.slice(-2000));
  });
});

describe('bad input over stdio: block nesting that overflows the outline scanner (fresh server)', () => {
  let ws: TempWorkspace;
  let client: LspClient;

  before(async () => {
    ws = tempWorkspace('deep');
    client = new LspClient();
    await client.initialize(ws.dir, {
      disableCache: true,
      settings: { diagnostics: { debounceMs: 20 }, maxFileSizeMB: 2 },
    });
    await client.waitForStatus('ready', 20000);
  }, HOOK);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, HOOK);

  // A fresh server: once the outline scanner is JIT-optimised it survives deeper nesting, which
  // would hide the bug behind the order of tests.
  test(
    'block nesting 4,000 levels deep (8 MB, over maxFileSizeMB): diagnostics are published',
    { timeout: 30000 },
    async () => {
      const text = deepBlock(4000);
      const uri = fileUri(ws.file('Contains/deep/Descriptor/assembly.yml'));
      const since = client.mark();
      client.open(uri, text);
      try {
        const p = await client.waitForDiagnostics(uri, () => true, 8000, since);
        assert.ok(withCode(p.diagnostics, 'LM000').length >= 1, describeDiags(p.diagnostics));
      } finally {
        // Whatever happened, the server must still be up and answering.
        assert.ok(client.alive, client.stderr);
        await client.hover(uri, { line: 10, character: 12 }, 15000);
      }
    },
  );

  test('the server is still up after the overflow', T, async () => {
    assert.ok(client.alive, client.stderr);
    const text = ws.read(ASSEMBLY);
    const uri = fileUri(ws.file(ASSEMBLY));
    client.open(uri, text);
    assert.match(hoverText(await client.hover(uri, positionOf(text, '${balancer.publicIp}', 13), 15000)), /publicIp/);
  });
});

describe('bad input over stdio: files deleted while the index is being built', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  const COUNT = 2000;
  let files: string[] = [];

  before(() => {
    ws = tempWorkspace('deleting');
    files = writeFillers(ws, COUNT, 'filler', 8);
  }, HOOK);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  }, HOOK);

  test(
    'delete ~1,000 of 2,000 files during indexing, then send Deleted events: ready, consistent, answering',
    T,
    async () => {
      client = new LspClient();
      await client.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 20 } } });
      // Phase 1, during the directory walk: whole package folders disappear.
      const early = files.slice(0, 200);
      for (const f of early)
        rmSync(f.replace(/\/Definitions\/lm\/resource\.yaml$/, ''), { recursive: true, force: true });
      // Phase 2, once the build reports progress: files disappear between batches.
      const st = await client.waitForStatus('indexing', 20000);
      assert.ok(st.done < st.total, `the build was still running: ${JSON.stringify(st)}`);
      const late = files.slice(200).filter((_, i) => i % 2 === 0);
      for (const f of late) rmSync(f, { force: true });
      const stillBuilding = !client.statuses.some((s) => s.state === 'ready');
      const deleted = [...early, ...late];
      client.watchedFilesChanged(deleted.map((f) => ({ uri: fileUri(f), type: FileChange.Deleted })));
      const ready = await client.waitForStatus('ready', 25000);
      assert.ok(
        stillBuilding,
        'the deletions happened while the index was being built (a slower disk or more files needed)',
      );
      assert.ok(
        ready.descriptors <= COUNT - deleted.length + 6 + 0,
        `${ready.descriptors} descriptors, ${COUNT - deleted.length + 6} remain`,
      );

      // The server answers, and the index holds exactly the surviving descriptors: completion of a
      // component type lists every descriptor name in the workspace.
      const text = 'description: probe\ncomposition:\n  c:\n    type: \n';
      const uri = fileUri(ws.file('Contains/probe/Descriptor/assembly.yml'));
      client.open(uri, text);
      const items = await client.completion(uri, positionOf(text, 'type: ', 6), 10000);
      const names = new Set(items.map((i) => i.label));
      // Anchored on the package folder: the random temp folder's name may itself end in `p<digits>`.
      const fillerName = (f: string) =>
        `resource::filler${Number(/\/p(\d{5})\/Definitions\/lm\/resource\.yaml$/.exec(f)![1])}::1.0`;
      const survivors = files.filter((f) => !deleted.includes(f));
      assert.deepEqual(
        deleted.map(fillerName).filter((nm) => names.has(nm)),
        [],
        'no deleted descriptor is still offered',
      );
      assert.deepEqual(
        survivors.map(fillerName).filter((nm) => !names.has(nm)),
        [],
        'every surviving descriptor is offered',
      );
      assert.ok(names.has('resource::streamer-streamer-cluster::1.0'));

      const probe = fileUri(ws.file(ASSEMBLY));
      const probeText = ws.read(ASSEMBLY);
      client.open(probe, probeText);
      const h = await client.hover(probe, positionOf(probeText, '${balancer.publicIp}', 13), 15000);
      assert.match(hoverText(h), /publicIp/);
      const p = await client.waitForDiagnostics(probe, () => true, 10000);
      assert.deepEqual(
        p.diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error),
        [],
        describeDiags(p.diagnostics),
      );
      assert.ok(client.alive);
    },
  );
});

describe('bad input: the CLI', () => {
  test('a 6 MB deeply nested descriptor does not abort the whole check run', { timeout: 30000 }, async () => {
    const ws = tempWorkspace('cli-deep');
    try {
      ws.write('Contains/deep/Descriptor/assembly.yml', deepBlock(3500));
      ws.write(ASSEMBLY, ws.read(ASSEMBLY).replace('${deploymentLocation}', '${deploymentLocaton}'));
      const r = await runCli(['check', ws.dir, '--format', 'json']);
      assert.equal(r.code, 1, `exit ${r.code}: ${r.stderr.slice(0, 300)}`);
      const rows = JSON.parse(r.stdout) as { code: string }[];
      assert.ok(
        rows.some((x) => x.code === 'LM031'),
        'the other files were still checked',
      );
    } finally {
      ws.cleanup();
    }
  });

  test('a binary file at a descriptor path is an error (exit 1); an empty descriptor has no rows', T, async () => {
    const ws = tempWorkspace('cli-bin');
    try {
      ws.write(BINARY, binaryText(4096));
      ws.write('Contains/empty/Definitions/lm/resource.yaml', '');
      const r = await runCli(['check', ws.dir, '--format', 'json']);
      assert.equal(r.code, 1, r.stderr);
      const rows = JSON.parse(r.stdout) as { file: string; code: string; line: number; message: string }[];
      assert.deepEqual(
        rows
          .filter((x) => /junk|empty/.test(x.file))
          .map((x) => `${x.code}:${x.line} ${/not YAML text/.test(x.message)}`),
        ['LM000:1 true'],
      );
    } finally {
      ws.cleanup();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// In process

/** A small deterministic PRNG so failures reproduce. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY: Record<string, () => string> = {
  'random bytes (utf8)': () => randomBytes(20000).toString('utf8'),
  'random bytes (latin1, no NUL)': () =>
    Buffer.from(randomBytes(20000).map((x) => (x === 0 ? 65 : x))).toString('latin1'),
  'random bytes (utf16le)': () => randomBytes(20000).toString('utf16le'),
  '[[[[...]]]] 10,000 levels': () => '['.repeat(10000) + ']'.repeat(10000),
  '[[[[ 10,000 levels, unclosed': () => 'properties: ' + '['.repeat(10000),
  '{a: {a: ... 10,000 levels': () => 'a: ' + '{b: '.repeat(10000) + '1' + '}'.repeat(10000),
  '- - - - 5,000 levels': () => '- '.repeat(5000) + 'x\n',
  'block nesting 1,500 levels': () => deepBlock(1500),
  'a 2 MB line': () =>
    `description: ${'x'.repeat(2_000_000)}\nproperties:\n  a: {type: string, default: "\${${'y'.repeat(100000)}"}\n`,
  'a 1 MB reference': () => `properties:\n  a:\n    default: \${${'z'.repeat(1_000_000)}}\n`,
  '30,000 duplicate keys': () => 'properties:\n' + '  a:\n'.repeat(30000),
  'CRLF everywhere': () => readFileSync(`${EXAMPLE_DIR}/${ASSEMBLY}`, 'utf8').replace(/\n/g, '\r\n'),
  'lone CRs': () => readFileSync(`${EXAMPLE_DIR}/${ASSEMBLY}`, 'utf8').replace(/\n/g, '\r'),
  'astral characters in keys, values and references': () =>
    'description: "😀😀 𝒳"\nproperties:\n  𝒳😀:\n    type: string\n    default: ${𝒳😀}\ncomposition:\n  😀:\n   ' +
    ' type: resource::😀::1.0\n    properties: {a: {value: ${😀.𝒳}}}\n',
  'lone surrogates': () => 'description: "\ud800"\nproperties:\n  \udc00a:\n    default: ${\ud83d}\n',
  'NULs after 8 KB': () => 'description: x\n' + '#'.repeat(9000) + '\n\u0000\u0000: ${\u0000}\n',
  'control characters': () => 'description: \u0007\u001b[31m\nproperties:\n  \u0008: {}\n',
  'alias bomb': aliasBomb,
  'undefined alias and anchor soup': () =>
    'a: *nope\nb: &x &y [*x]\nc: !!binary "%%%"\nd: !<tag:x> {? [a]: b}\n? complex\n: key\n',
  'directives and many documents': () => '%YAML 1.2\n%TAG ! tag:x:\n---\na: 1\n...\n---\nb: 2\n'.repeat(50),
  'a huge integer and odd scalars': () =>
    `properties:\n  n: {default: ${'9'.repeat(5000)}}\n  f: {default: .inf}\n  h: {default: 0x}\n  d: {default: ` +
    `2001-12-14t21:59:43.10-05:00}\n`,
};

describe('in process: parsing and analysis never throw on nasty inputs', () => {
  const session = new Session();
  before(async () => {
    session.index.addRoot(EXAMPLE_DIR);
    await session.index.build();
  }, HOOK);

  test(
    'the outline scanner (files over 1 MB, and the index) survives 4,000 levels of block nesting (runs first: a ' +
      'JIT-warm scanner survives deeper)',
    { timeout: 30000 },
    () => {
      const text = deepBlock(4000);
      assert.doesNotThrow(() => outlineYaml(text));
      assert.doesNotThrow(() =>
        analyseDocument('/ws/Descriptor/assembly.yml', text, 1, { maxFullParseBytes: 64 << 20 }),
      );
    },
  );

  for (const [name, make] of Object.entries(NASTY)) {
    test(`${name}`, T, () => {
      const text = make();
      const parsed = parseYaml(text);
      assert.ok(Array.isArray(parsed.problems));
      for (const p of parsed.problems)
        assert.ok(
          p.span.start >= 0 && p.span.end >= p.span.start && p.span.end <= text.length,
          `span in bounds: ${JSON.stringify(p)}`,
        );
      for (const path of [
        '/ws/Descriptor/assembly.yml',
        '/ws/Definitions/lm/resource.yaml',
        '/ws/lmproject.yml',
        '/ws/other.yaml',
      ]) {
        const full = analyseDocument(path, text, 1);
        assert.equal(full.text, text);
        if (text.length > 100) {
          // Over the size cap nothing is analysed; binary text is never parsed at all.
          const quick = analyseDocument(path, text, 1, { maxFullParseBytes: 100 });
          assert.equal(quick.tooLarge, quick.kind !== 'other' && !quick.binary);
          assert.equal(quick.binary, full.binary);
        }
      }
      // The features on top: diagnostics, completion, hover and definition at a spread of offsets.
      const model = session.openDocument(`${EXAMPLE_DIR}/Contains/nasty/Descriptor/assembly.yml`, text, 1);
      const ctx = session.context(model);
      const diags = computeDiagnostics(ctx);
      assert.deepEqual(
        diags.filter((d) => d.code === 'LM999'),
        [],
        'no rule crashed',
      );
      for (const d of diags)
        assert.ok(
          d.range.start.line < model.lines.lineCount && d.range.end.line < model.lines.lineCount,
          JSON.stringify(d.range),
        );
      const rnd = prng(7);
      // Every request re-reads the whole document, so big inputs get fewer probes.
      const probes = text.length > 500_000 ? 4 : 20;
      const offsets = [
        0,
        1,
        text.length,
        text.length - 1,
        ...Array.from({ length: probes }, () => Math.floor(rnd() * (text.length + 1))),
      ];
      for (const off of offsets) {
        complete(ctx, off);
        hover(ctx, off);
        definition(ctx, off);
      }
    });
  }

  test('random mutations of the example assembly: analysis and features never throw', T, () => {
    const base = readFileSync(`${EXAMPLE_DIR}/${ASSEMBLY}`, 'utf8');
    const tokens = [
      '${',
      '}',
      ':',
      '\n',
      ' ',
      '  ',
      '- ',
      '[',
      ']',
      '{',
      '&a ',
      '*a',
      '"',
      "'",
      '|',
      '>',
      '#',
      '\t',
      '\r\n',
      '.',
      '😀',
      '\u0000',
      '::',
      '$lmctl:/contains:/',
      '? ',
      '<<: *a',
    ];
    const rnd = prng(20240611);
    const path = `${EXAMPLE_DIR}/${ASSEMBLY}`;
    for (let n = 0; n < 150; n++) {
      let t = base;
      const edits = 1 + Math.floor(rnd() * 6);
      for (let j = 0; j < edits; j++) {
        const pos = Math.floor(rnd() * t.length);
        const r = rnd();
        if (r < 0.4) t = t.slice(0, pos) + tokens[Math.floor(rnd() * tokens.length)] + t.slice(pos);
        else if (r < 0.8) t = t.slice(0, pos) + t.slice(pos + 1 + Math.floor(rnd() * 20));
        else t = t.slice(0, pos) + t.slice(Math.floor(rnd() * t.length), Math.floor(rnd() * t.length)) + t.slice(pos);
      }
      try {
        const model = session.openDocument(path, t, n);
        const ctx = session.context(model);
        const diags = computeDiagnostics(ctx);
        assert.deepEqual(
          diags.filter((d) => d.code === 'LM999'),
          [],
        );
        for (let q = 0; q < 8; q++) {
          const off = Math.floor(rnd() * (t.length + 1));
          complete(ctx, off);
          hover(ctx, off);
          definition(ctx, off);
        }
      } catch (e) {
        assert.fail(`mutation #${n} threw: ${e instanceof Error ? e.stack : String(e)}\n--- text ---\n${t}`);
      }
    }
    void session.closeDocument(path);
  });

  test('CRLF and astral characters keep exact UTF-16 positions', T, () => {
    const base = readFileSync(`${EXAMPLE_DIR}/${ASSEMBLY}`, 'utf8').replace(
      '${deploymentLocation}',
      '${deploymentLocaton}',
    );
    const path = `${EXAMPLE_DIR}/${ASSEMBLY}`;
    const lm031 = (text: string) => {
      const model = session.openDocument(path, text, 1);
      return computeDiagnostics(session.context(model))
        .filter((d) => d.code === 'LM031')
        .map((d) => d.range);
    };
    const expected = [{ start: { line: 69, character: 17 }, end: { line: 69, character: 34 } }];
    assert.deepEqual(lm031(base), expected);
    assert.deepEqual(lm031(base.replace(/\n/g, '\r\n')), expected);
    // Astral characters elsewhere do not shift the range; on the same line they count as 2 units.
    assert.deepEqual(
      lm031(
        base
          .replace('# Root assembly', '# 😀😀😀 Root')
          .replace('description: Placement', 'description: 𝒳😀 Placement'),
      ),
      expected,
    );
    assert.deepEqual(lm031(base.replace('value: ${deploymentLocaton}', 'value: "😀😀${deploymentLocaton}"')), [
      { start: { line: 69, character: 22 }, end: { line: 69, character: 39 } },
    ]);
    void session.closeDocument(path);
  });

  test(
    'lone CR line breaks (YAML 1.2 b-break, LSP line break) are line breaks for the parser too',
    { timeout: 30000 },
    () => {
      const base = readFileSync(`${EXAMPLE_DIR}/${ASSEMBLY}`, 'utf8').replace(
        '${deploymentLocation}',
        '${deploymentLocaton}',
      );
      const model = session.openDocument(
        `${EXAMPLE_DIR}/Contains/cr/Descriptor/assembly.yml`,
        base.replace(/\n/g, '\r'),
        1,
      );
      const lm031 = computeDiagnostics(session.context(model)).filter((d) => d.code === 'LM031');
      assert.deepEqual(
        lm031.map((d) => d.range),
        [{ start: { line: 69, character: 17 }, end: { line: 69, character: 34 } }],
      );
    },
  );
});
