/**
 * Tokenisation tests for the LM references injection grammar
 * (syntaxes/lm-references.injection.tmLanguage.json).
 *
 * The injection is applied on top of test/grammar/yaml.tmLanguage.json, a small
 * test-only stand-in for VS Code's built-in YAML grammar.
 *
 * Golden snapshots: test/grammar/fixtures/<name>.snap. Missing snapshots are
 * created; existing ones are rewritten only with UPDATE_GOLDEN=1.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = join(here, '..', '..');
const fixturesDir = join(here, 'fixtures');
const require = createRequire(import.meta.url);

const INJECTION_SCOPE = 'lm.references.injection';
const grammarFiles: Record<string, string> = {
  'source.yaml': join(here, 'yaml.tmLanguage.json'),
  [INJECTION_SCOPE]: join(repoRoot, 'syntaxes', 'lm-references.injection.tmLanguage.json'),
};

let onigLib: Promise<vsctm.IOnigLib> | undefined;
function getOnigLib(): Promise<vsctm.IOnigLib> {
  onigLib ??= (async () => {
    const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM({ data: wasm });
    return {
      createOnigScanner: (sources: string[]) => oniguruma.createOnigScanner(sources),
      createOnigString: (s: string) => oniguruma.createOnigString(s),
    };
  })();
  return onigLib;
}

async function loadYamlGrammar(withInjection = true): Promise<vsctm.IGrammar> {
  const registry = new vsctm.Registry({
    onigLib: getOnigLib(),
    loadGrammar: async (scopeName) => {
      const file = grammarFiles[scopeName];
      if (!file) return null;
      return vsctm.parseRawGrammar(readFileSync(file, 'utf8'), file);
    },
    getInjections: (scopeName) => (withInjection && scopeName === 'source.yaml' ? [INJECTION_SCOPE] : undefined),
  });
  const grammar = await registry.loadGrammar('source.yaml');
  assert.ok(grammar, 'source.yaml grammar failed to load');
  return grammar;
}

interface Tok {
  text: string;
  start: number;
  end: number;
  scopes: string[];
}

function tokenize(grammar: vsctm.IGrammar, source: string): { line: string; tokens: Tok[] }[] {
  let state = vsctm.INITIAL;
  const out: { line: string; tokens: Tok[] }[] = [];
  for (const line of source.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    state = r.ruleStack;
    out.push({
      line,
      tokens: r.tokens.map((t) => ({
        text: line.slice(t.startIndex, t.endIndex),
        start: t.startIndex,
        end: Math.min(t.endIndex, line.length),
        scopes: t.scopes,
      })),
    });
  }
  return out;
}

const isLm = (scope: string) => scope.endsWith('.lm');
const hasLm = (t: Tok) => t.scopes.some(isLm);

/**
 * Snapshot format: each source line prefixed with "> ", followed by one line
 * per token carrying an `.lm` scope: carets under the token, then its scopes
 * (minus the root `source.yaml`) outermost first.
 */
function renderSnapshot(lines: { line: string; tokens: Tok[] }[]): string {
  const out: string[] = [];
  for (const { line, tokens } of lines) {
    out.push(`> ${line}`.trimEnd());
    for (const t of tokens) {
      if (!hasLm(t) || t.end <= t.start) continue;
      const scopes = t.scopes.filter((s) => s !== 'source.yaml').join(' ');
      out.push(`  ${' '.repeat(t.start)}${'^'.repeat(t.end - t.start)} ${scopes}`);
    }
  }
  return out.join('\n') + '\n';
}

/** Minimal LCS line diff ("-" expected / "+" actual) with a little context. */
function lineDiff(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push(`  ${a[i++]}`);
      j++;
    } else if (i < a.length && (j >= b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push(`- ${a[i++]}`);
    else ops.push(`+ ${b[j++]}`);
  }
  const keep = new Set<number>();
  ops.forEach((op, k) => {
    if (!op.startsWith('  ')) for (let c = k - 2; c <= k + 2; c++) keep.add(c);
  });
  const shown: string[] = [];
  let last = -2;
  ops.forEach((op, k) => {
    if (!keep.has(k)) return;
    if (k !== last + 1) shown.push('  ...');
    shown.push(op);
    last = k;
  });
  return shown.join('\n');
}

const fixtureNames = readdirSync(fixturesDir)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.slice(0, -'.yaml'.length))
  .sort();

test('fixtures exist', () => {
  assert.ok(fixtureNames.length >= 3, `expected fixtures in ${fixturesDir}`);
});

for (const name of fixtureNames) {
  test(`snapshot: ${name}.yaml`, async (t) => {
    const grammar = await loadYamlGrammar();
    const source = readFileSync(join(fixturesDir, `${name}.yaml`), 'utf8');
    const actual = renderSnapshot(tokenize(grammar, source));
    const snapFile = join(fixturesDir, `${name}.snap`);
    if (!existsSync(snapFile) || process.env['UPDATE_GOLDEN'] === '1') {
      writeFileSync(snapFile, actual);
      t.diagnostic(`wrote ${snapFile}`);
      return;
    }
    const expected = readFileSync(snapFile, 'utf8');
    if (actual !== expected) {
      assert.fail(
        `Tokenisation of ${name}.yaml differs from ${name}.snap ` +
          `(- expected, + actual; rerun with UPDATE_GOLDEN=1 to accept):\n${lineDiff(expected, actual)}`,
      );
    }
  });
}

// ---- explicit assertions on key tokens (independent of the snapshots) ----

async function fixtureTokens(name: string) {
  return tokenize(await loadYamlGrammar(), readFileSync(join(fixturesDir, `${name}.yaml`), 'utf8'));
}

/** The token that exactly covers the `nth` occurrence of `text` on the first line containing `lineMarker`. */
function tokenFor(lines: { line: string; tokens: Tok[] }[], lineMarker: string, text: string, nth = 0): Tok {
  const entry = lines.find((l) => l.line.includes(lineMarker));
  assert.ok(entry, `no line contains ${JSON.stringify(lineMarker)}`);
  let at = -1;
  for (let k = 0; k <= nth; k++) {
    at = entry.line.indexOf(text, at + 1);
    assert.ok(at >= 0, `${JSON.stringify(text)} (#${nth}) not found in ${JSON.stringify(entry.line)}`);
  }
  const tok = entry.tokens.find((t) => t.start === at);
  assert.ok(tok, `no token starts at ${JSON.stringify(text)} in ${JSON.stringify(entry.line)}`);
  assert.equal(tok.text, text, `token boundaries in ${JSON.stringify(entry.line)}`);
  return tok;
}

function assertScopes(tok: Tok, include: string[], exclude: string[] = []): void {
  for (const s of include)
    assert.ok(tok.scopes.includes(s), `${JSON.stringify(tok.text)} lacks ${s}: ${tok.scopes.join(' ')}`);
  for (const s of exclude)
    assert.ok(!tok.scopes.includes(s), `${JSON.stringify(tok.text)} has ${s}: ${tok.scopes.join(' ')}`);
}

test('injection metadata', () => {
  const raw = JSON.parse(readFileSync(grammarFiles[INJECTION_SCOPE]!, 'utf8')) as Record<string, unknown>;
  assert.equal(raw['scopeName'], INJECTION_SCOPE);
  assert.equal(typeof raw['injectionSelector'], 'string');
  assert.match(raw['injectionSelector'] as string, /^L:source\.yaml\b/);
});

test('root and member of ${balancer.publicIp} in a plain scalar', async () => {
  const lines = await fixtureTokens('plain');
  const marker = 'http://${balancer.publicIp}';
  assertScopes(tokenFor(lines, marker, '${'), [
    'string.unquoted.plain.out.yaml',
    'meta.template.expression.lm',
    'punctuation.definition.template-expression.begin.lm',
  ]);
  assertScopes(
    tokenFor(lines, marker, 'balancer'),
    ['string.unquoted.plain.out.yaml', 'meta.template.expression.lm', 'variable.other.readwrite.lm'],
    ['variable.language.lm'],
  );
  assertScopes(tokenFor(lines, marker, '.'), ['punctuation.accessor.lm']);
  assertScopes(tokenFor(lines, marker, 'publicIp'), ['meta.template.expression.lm', 'variable.other.property.lm']);
  assertScopes(tokenFor(lines, marker, '}'), ['punctuation.definition.template-expression.end.lm']);
  // text around the reference stays plain YAML
  assert.ok(!hasLm(tokenFor(lines, marker, 'http://')));
  assert.ok(!hasLm(tokenFor(lines, marker, ':8080/')));
});

test('built-in roots get variable.language.lm, look-alikes do not', async () => {
  const lines = await fixtureTokens('plain');
  assertScopes(
    tokenFor(lines, '${instance.name}_gw', 'instance'),
    ['variable.language.lm'],
    ['variable.other.readwrite.lm'],
  );
  assert.ok(!hasLm(tokenFor(lines, '${instance.name}_gw', '_gw')), '_gw is outside the reference');
  assertScopes(tokenFor(lines, '${source.id}', 'source'), ['variable.language.lm']);
  assertScopes(tokenFor(lines, '${target.host}-${item}', 'item'), ['variable.language.lm']);
  assertScopes(tokenFor(lines, 'notRoot:', 'instance2'), ['variable.other.readwrite.lm'], ['variable.language.lm']);
  assertScopes(tokenFor(lines, 'notRoot:', 'my-instance'), ['variable.other.readwrite.lm'], ['variable.language.lm']);
});

test('indexes: ${list[0].a[12].b-c}', async () => {
  const lines = await fixtureTokens('plain');
  const m = '${list[0].a[12].b-c}';
  assertScopes(tokenFor(lines, m, 'list'), ['variable.other.readwrite.lm']);
  assertScopes(tokenFor(lines, m, '['), ['punctuation.section.brackets.begin.lm']);
  assertScopes(tokenFor(lines, m, '0'), ['constant.numeric.integer.lm']);
  assertScopes(tokenFor(lines, m, ']'), ['punctuation.section.brackets.end.lm']);
  assertScopes(tokenFor(lines, m, '12'), ['constant.numeric.integer.lm']);
  assertScopes(tokenFor(lines, m, 'b-c'), ['variable.other.property.lm']);
});

test('comments are never highlighted', async () => {
  for (const name of fixtureNames) {
    for (const { line, tokens } of await fixtureTokens(name)) {
      for (const t of tokens) {
        if (t.scopes.some((s) => s.startsWith('comment.'))) {
          assert.ok(
            !hasLm(t),
            `${name}: comment token ${JSON.stringify(t.text)} in ${JSON.stringify(line)} has .lm scope`,
          );
        }
      }
    }
  }
  const plain = await fixtureTokens('plain');
  assert.ok(
    plain[0]!.tokens.every((t) => !hasLm(t)),
    'first comment line must have no .lm scope',
  );
  assertScopes(tokenFor(plain, 'trailing comment', ' trailing comment ${y} stays plain'), [
    'comment.line.number-sign.yaml',
  ]);
});

test('unterminated ${abc stays unhighlighted and does not affect the next line', async () => {
  const lines = await fixtureTokens('plain');
  const bad = lines.find((l) => l.line.includes('unterminated:'));
  assert.ok(bad && bad.tokens.every((t) => !hasLm(t)));
  assertScopes(tokenFor(lines, 'afterUnterminated:', 'afterUnterminated'), ['entity.name.tag.yaml']);
  assertScopes(tokenFor(lines, 'afterUnterminated:', 'balancer'), [
    'string.unquoted.plain.out.yaml',
    'variable.other.readwrite.lm',
  ]);
  const quoted = await fixtureTokens('quoted');
  assert.ok(quoted.find((l) => l.line.includes('unterminatedQuoted'))!.tokens.every((t) => !hasLm(t)));
  assertScopes(tokenFor(quoted, 'afterQuoted:', 'item'), ['string.quoted.single.yaml', 'variable.language.lm']);
});

test('quoted and block scalars', async () => {
  const quoted = await fixtureTokens('quoted');
  assertScopes(tokenFor(quoted, "'${instance.name}'", 'instance'), [
    'string.quoted.single.yaml',
    'variable.language.lm',
  ]);
  assertScopes(tokenFor(quoted, '"${source.address}"', 'address'), [
    'string.quoted.double.yaml',
    'variable.other.property.lm',
  ]);
  assertScopes(tokenFor(quoted, 'tcp://', 'port'), ['string.quoted.double.yaml', 'variable.other.property.lm']);
  assertScopes(tokenFor(quoted, 'tcp://', 'z'), ['string.quoted.double.yaml', 'variable.other.readwrite.lm']);
  assertScopes(tokenFor(quoted, 'second ${c[1]}', '1'), ['string.quoted.double.yaml', 'constant.numeric.integer.lm']);

  const block = await fixtureTokens('block');
  assertScopes(tokenFor(block, 'echo', 'instance'), ['string.unquoted.block.yaml', 'variable.language.lm']);
  assertScopes(tokenFor(block, 'IS highlighted', 'x'), ['string.unquoted.block.yaml', 'variable.other.readwrite.lm']);
  assertScopes(tokenFor(block, 'folded', 'a'), ['string.unquoted.block.yaml', 'variable.other.property.lm']);
  assert.ok(block.find((l) => l.line.includes('a real comment'))!.tokens.every((t) => !hasLm(t)));
  assert.ok(block.find((l) => l.line.includes('header comment'))!.tokens.every((t) => !hasLm(t)));
});

test('$lmctl:/ paths', async () => {
  const lines = await fixtureTokens('lmctl');
  const m = '$lmctl:/contains:/subA:/contains:/subB:/descriptor_name';
  assertScopes(tokenFor(lines, m, '$lmctl'), ['meta.lmctl-reference.lm', 'keyword.other.lmctl.lm']);
  assertScopes(tokenFor(lines, m, ':/'), ['meta.lmctl-reference.lm', 'punctuation.separator.lmctl.lm']);
  assertScopes(tokenFor(lines, m, 'contains'), ['entity.name.section.lmctl.lm']);
  assertScopes(tokenFor(lines, m, 'subB'), ['entity.name.section.lmctl.lm']);
  assertScopes(tokenFor(lines, m, 'descriptor_name'), ['meta.lmctl-reference.lm', 'support.constant.lmctl.lm']);
  assertScopes(tokenFor(lines, "'$lmctl:/", 'descriptor_name'), [
    'string.quoted.single.yaml',
    'support.constant.lmctl.lm',
  ]);
  assertScopes(tokenFor(lines, 'sub-b.v2', 'sub-b.v2'), ['entity.name.section.lmctl.lm']);
  assert.ok(lines.find((l) => l.line.includes('notLmctl'))!.tokens.every((t) => !hasLm(t)));
});

test('control: without the injection no .lm scopes appear', async () => {
  const grammar = await loadYamlGrammar(false);
  const source = readFileSync(join(fixturesDir, 'plain.yaml'), 'utf8');
  const all = tokenize(grammar, source).flatMap((l) => l.tokens);
  assert.ok(all.length > 0);
  assert.ok(all.every((t) => !hasLm(t)));
});
