import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('../../server/src', import.meta.url));
/** Each layer may import only itself and the layers listed (lower ones). */
const ALLOWED: Record<string, string[]> = {
  syntax: ['syntax'],
  model: ['model', 'syntax'],
  index: ['index', 'model', 'syntax'],
  features: ['features', 'index', 'model', 'syntax'],
  host: ['host', 'features', 'index', 'model', 'syntax'],
  cli: ['cli', 'host', 'features', 'index', 'model', 'syntax'],
  lsp: ['lsp', 'host', 'features', 'index', 'model', 'syntax'],
};

function files(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) files(p, out);
    else if (n.endsWith('.ts')) out.push(p);
  }
  return out;
}

test('layers import only the layers below them; only lsp/ imports vscode-languageserver', () => {
  const problems: string[] = [];
  for (const f of files(src)) {
    const rel = relative(src, f);
    const layer = rel.includes('/') ? rel.split('/')[0]! : '(entry)';
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/^\s*import[^'"]*['"]([^'"]+)['"]/gm)) {
      const spec = m[1]!;
      if (spec.startsWith('vscode-languageserver') && layer !== 'lsp' && layer !== '(entry)')
        problems.push(`${rel} imports ${spec}`);
      if (!spec.startsWith('.')) continue;
      const target = relative(src, join(f, '..', spec));
      const tl = target.split('/')[0]!;
      if (layer === '(entry)' || !ALLOWED[layer]) continue;
      if (!ALLOWED[layer]!.includes(tl)) problems.push(`${rel} (${layer}) imports ${target}`);
    }
  }
  assert.deepEqual(problems, []);
});
