/**
 * The shape of the code, as the README's architecture section states it: layers import only the
 * layers below them, only lsp/ talks the protocol library, the two language packs (and the two
 * language models) never import each other, shared machinery imports neither pack, and the client
 * shares nothing with the server but the protocol module.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const src = join(repo, 'server/src');

/** Each layer may import only itself and the layers listed (lower ones). */
const ALLOWED: Record<string, string[]> = {
  util: ['util'],
  'protocol.ts': [],
  syntax: ['syntax', 'util'],
  model: ['model', 'syntax', 'util', 'protocol.ts'],
  index: ['index', 'model', 'syntax', 'util'],
  features: ['features', 'index', 'model', 'syntax', 'util', 'protocol.ts'],
  host: ['host', 'features', 'index', 'model', 'syntax', 'util', 'protocol.ts'],
  cli: ['cli', 'host', 'features', 'index', 'model', 'syntax', 'util', 'protocol.ts'],
  lsp: ['lsp', 'host', 'features', 'index', 'model', 'syntax', 'util', 'protocol.ts'],
};

function files(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) files(p, out);
    else if (n.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** Every relative import of every file under `dir`: [importing file, imported file], relative to server/src. */
function imports(dir: string): { from: string; to: string; spec: string }[] {
  const out: { from: string; to: string; spec: string }[] = [];
  for (const f of files(dir)) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/^\s*(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]/gm)) {
      const spec = m[1]!;
      out.push({ from: relative(src, f), to: spec.startsWith('.') ? relative(src, join(f, '..', spec)) : spec, spec });
    }
  }
  return out;
}

const layerOf = (rel: string) => (rel.includes('/') ? rel.split('/')[0]! : rel.replace(/\.js$/, '.ts'));

test('layers import only the layers below them; only lsp/ imports vscode-languageserver, and not its node part', () => {
  const problems: string[] = [];
  for (const { from, to, spec } of imports(src)) {
    const layer = layerOf(from);
    if (
      spec.startsWith('vscode-languageserver') &&
      layer !== 'lsp' &&
      layer !== 'server.ts' &&
      layer !== 'webServer.ts'
    ) {
      problems.push(`${from} imports ${spec}`);
    }
    // lsp/ runs on every host: the entry points choose the node or browser transport.
    if (layer === 'lsp' && /^vscode-languageserver\/(node|browser)/.test(spec))
      problems.push(`${from} imports ${spec}`);
    if (!spec.startsWith('.') || !ALLOWED[layer]) continue;
    // The checker reads its version and repository address from the package manifest.
    if (layer === 'cli' && to === '../../package.json') continue;
    if (!ALLOWED[layer]!.includes(layerOf(to))) problems.push(`${from} (${layer}) imports ${to}`);
  }
  assert.deepEqual(problems, []);
});

/** The layers that run in every host, the browser's included: no Node built-in below host/. */
const HOST_NEUTRAL = ['util', 'syntax', 'model', 'index', 'features'];

/**
 * Every Node built-in a file names: static and type imports, re-exports, side-effect imports,
 * `import('node:…')` (also in type positions) and `require('node:…')`. Comments are not removed
 * first: a `node:` module named in a comment's `import(…)` counts too, which costs nothing.
 */
function nodeImports(text: string): string[] {
  const out: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"](node:[^'"]+)['"]/gm,
    /^\s*import\s*['"](node:[^'"]+)['"]/gm,
    /\b(?:import|require)\s*\(\s*['"`](node:[^'"`]+)['"`]\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) out.push(m[1]!);
  return out;
}

test('nothing below host/ imports a node: module (the browser host has none)', () => {
  const problems: string[] = [];
  for (const layer of HOST_NEUTRAL) {
    for (const f of files(join(src, layer))) {
      for (const spec of nodeImports(readFileSync(f, 'utf8'))) problems.push(`${relative(src, f)} imports ${spec}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('the node: import check sees every form', () => {
  const forms = [
    "import * as path from 'node:path';",
    "import { readFileSync } from 'node:fs';",
    "import type { Stats } from 'node:fs';",
    "export { join } from 'node:path';",
    "import 'node:crypto';",
    "const c = await import('node:crypto');",
    "let fh: import('node:fs/promises').FileHandle | undefined;",
    "const fs = require('node:fs');",
    'import {\n  existsSync,\n  statSync,\n} from "node:fs";',
  ];
  for (const f of forms) assert.equal(nodeImports(f).length, 1, f);
  assert.deepEqual(nodeImports("import * as path from '../util/path.js';\nconst s = 'node:fs';"), []);
});

test('the language packs and the language models never import each other', () => {
  const problems: string[] = [];
  const pairs: [string, string][] = [
    ['features/lm/', 'features/tosca/'],
    ['features/tosca/', 'features/lm/'],
    ['model/lm/', 'model/tosca/'],
    ['model/tosca/', 'model/lm/'],
    // Shared machinery sits below both packs.
    ['features/shared/', 'features/lm/'],
    ['features/shared/', 'features/tosca/'],
  ];
  for (const { from, to } of imports(src)) {
    for (const [a, b] of pairs) if (from.startsWith(a) && to.startsWith(b)) problems.push(`${from} imports ${to}`);
  }
  assert.deepEqual(problems, []);
});

test('the top-level feature files only dispatch: they import packs.ts, shared/ and types, no language', () => {
  const problems: string[] = [];
  // The registries name the packs: packs.ts, and diagnosers.ts for their diagnostics alone (the checker's).
  const registries = new Set(['features/packs.ts', 'features/diagnosers.ts']);
  for (const { from, to } of imports(join(src, 'features'))) {
    if (from.split('/').length !== 2) continue; // features/<file>.ts only
    if (registries.has(from)) continue;
    if (to.startsWith('features/lm/') || to.startsWith('features/tosca/') || /^model\/(lm|tosca)\//.test(to)) {
      problems.push(`${from} imports ${to}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('the client shares only the protocol module with the server; the webview script imports no host APIs', () => {
  const problems: string[] = [];
  for (const dir of ['client/src', 'client/webview']) {
    for (const { from, to, spec } of imports(join(repo, dir))) {
      const file = relative(repo, join(src, from));
      const target = relative(repo, join(src, to));
      // Within client/ anything goes; of the server, only the protocol module.
      if (spec.startsWith('.') && !target.startsWith('client/') && target !== 'server/src/protocol.js') {
        problems.push(`${file} imports ${target}`);
      }
      // The page script runs in a browser under a strict policy: no vscode, no Node built-ins.
      if (dir === 'client/webview' && (spec === 'vscode' || spec.startsWith('node:'))) {
        problems.push(`${file} imports ${spec}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('no module-level mutable state under features/ (caches belong to the index or the document)', () => {
  const problems: string[] = [];
  for (const f of files(join(src, 'features'))) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(
      /^(?:export )?(let|var) (\w+)|^(?:export )?const (\w+)\s*(?::(?!\s*Readonly)[^=]+)?=\s*new (Map|Set|WeakMap|WeakSet)\b/gm,
    )) {
      problems.push(`${relative(src, f)}: ${m[0]}`);
    }
  }
  assert.deepEqual(problems, []);
});
