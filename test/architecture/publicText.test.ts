/**
 * Everything a user can read (hovers, grammar docs, completion docs, diagnostic messages, the
 * normative type catalog) cites public documents only: never our internal notes, their section
 * numbers or the test data. Two walks: every string and template literal of the server and client
 * sources (message and hover templates), and the data that feeds hovers at run time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import {
  ASSEMBLY_GRAMMAR,
  LMPROJECT_GRAMMAR,
  RESOURCE_GRAMMAR,
  ASSEMBLY_TEMPLATE_GRAMMAR,
  type ValueSpec,
} from '../../server/src/model/lm/grammar.js';
import { DOCUMENTS } from '../../server/src/model/lm/sources.js';
import { GRAMMAR } from '../../server/src/model/tosca/grammar.js';
import { NORMATIVE_TYPES } from '../../server/src/model/tosca/catalog/index.js';
import {
  CONSTRAINT_DOCS,
  FUNCTION_DOCS,
  KEYWORD_DOCS,
  PRIMITIVE_DOCS,
  VERSION_DOCS,
} from '../../server/src/features/tosca/docs.js';
import { TOSCA_RULES } from '../../server/src/features/tosca/rules/index.js';

/** Words that only make sense inside this project. */
const INTERNAL =
  /\bseeds?\b|\bdigest\s*§|\bdigest\b(?!\()|\bcorpus\b|lm-descriptors\.md|tosca\.md|shared\/(docs|seeds|corpus)/i;

const repo = fileURLToPath(new URL('../..', import.meta.url));

function files(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) files(p, out);
    else if (n.endsWith('.ts')) out.push(p);
  }
  return out;
}

test('no string or template literal in the server or client cites an internal source', () => {
  const problems: string[] = [];
  for (const f of ['server/src', 'client/src', 'client/webview'].flatMap((d) => files(join(repo, d)))) {
    const sf = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (
        ts.isStringLiteral(n) ||
        ts.isNoSubstitutionTemplateLiteral(n) ||
        ts.isTemplateHead(n) ||
        ts.isTemplateMiddle(n) ||
        ts.isTemplateTail(n)
      ) {
        const text = n.text;
        if (INTERNAL.test(text)) {
          problems.push(
            `${relative(repo, f)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${text.slice(0, 80)}`,
          );
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  assert.deepEqual(problems, []);
});

test('the INTERNAL pattern catches what it must (the check can fail)', () => {
  for (const bad of ['Source: seed 001 composition', 'digest §3', 'see the corpus', 'lm-descriptors.md section 2']) {
    assert.ok(INTERNAL.test(bad), bad);
  }
  assert.ok(!INTERNAL.test(`${DOCUMENTS.cp4na} › composition`));
});

test('every LM grammar key cites a public document, and its docs are our own public words', () => {
  const problems: string[] = [];
  const titles = Object.values(DOCUMENTS);
  const seen = new Set<ValueSpec>();
  const walk = (spec: ValueSpec, path: string): void => {
    if (seen.has(spec)) return;
    seen.add(spec);
    switch (spec.type) {
      case 'map':
        for (const k of spec.keys) {
          const where = `${path}.${k.key}`;
          const cited = k.source.split('; ');
          if (!cited.every((c) => titles.some((t) => c === t || c.startsWith(`${t} › `)))) {
            problems.push(`${where}: source "${k.source}" names no public document`);
          }
          for (const text of [k.doc, k.source, k.legacy ?? ''])
            if (INTERNAL.test(text)) problems.push(`${where}: ${text}`);
          walk(k.value, where);
        }
        return;
      case 'dict':
        for (const e of spec.keyEnum ?? []) if (INTERNAL.test(e.doc)) problems.push(`${path}.${e.value}: ${e.doc}`);
        walk(spec.entry, `${path}.<${spec.entryLabel}>`);
        return;
      case 'list':
        walk(spec.item, `${path}[]`);
        return;
      case 'enum':
        for (const e of spec.values) if (INTERNAL.test(e.doc)) problems.push(`${path}=${e.value}: ${e.doc}`);
        return;
      case 'oneOf':
        spec.options.forEach((o, i) => walk(o, `${path}|${i}`));
        return;
      default:
        return;
    }
  };
  walk(ASSEMBLY_GRAMMAR, 'assembly');
  walk(RESOURCE_GRAMMAR, 'resource');
  walk(ASSEMBLY_TEMPLATE_GRAMMAR, 'assembly-template');
  walk(LMPROJECT_GRAMMAR, 'lmproject');
  assert.ok(seen.size > 50, `walked ${seen.size} specs`);
  assert.deepEqual(problems, []);
});

test('TOSCA grammar docs, the normative catalog and the TOSCA hover texts use public words only', () => {
  const texts: [string, string][] = [];
  for (const [name, c] of Object.entries(GRAMMAR)) {
    texts.push([`grammar ${name}`, c.label]);
    for (const [k, spec] of Object.entries(c.keys)) texts.push([`grammar ${name}.${k}`, spec.doc ?? '']);
  }
  for (const t of NORMATIVE_TYPES) texts.push([t.name, JSON.stringify(t)]);
  for (const table of [FUNCTION_DOCS, KEYWORD_DOCS, CONSTRAINT_DOCS, VERSION_DOCS, PRIMITIVE_DOCS]) {
    for (const [k, v] of Object.entries(table)) texts.push([k, JSON.stringify(v)]);
  }
  assert.ok(texts.length > 300, `${texts.length} texts`);
  assert.deepEqual(
    texts.filter(([, t]) => INTERNAL.test(t)).map(([w, t]) => `${w}: ${t.slice(0, 120)}`),
    [],
  );
});

test('the Neovim snippet in the README is the file the Neovim end-to-end test loads', () => {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const snippet = /```lua\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.equal(snippet, readFileSync(join(repo, 'e2e/neovim/lm-descriptors.lua'), 'utf8'));
});

test('the Vim snippet in the README is the file the Vim end-to-end test loads', () => {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const snippet = /```vim\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.equal(snippet, readFileSync(join(repo, 'e2e/vim/lm-descriptors.vim'), 'utf8'));
});

test('every setting the extension contributes is in the README settings table', () => {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## Settings'), readme.indexOf('\n## ', readme.indexOf('## Settings') + 1));
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, unknown> } };
  };
  const missing = Object.keys(pkg.contributes.configuration.properties).filter((k) => !table.includes(`| \`${k}\` |`));
  assert.deepEqual(missing, []);
});

test('every TOSCA code a rule reports is in docs/tosca-diagnostic-codes.md', () => {
  const doc = readFileSync(join(repo, 'docs', 'tosca-diagnostic-codes.md'), 'utf8');
  const codes = TOSCA_RULES.flatMap((r) => r.codes);
  assert.ok(codes.includes('TOSCA106'));
  assert.deepEqual(
    codes.filter((c) => !doc.includes(`| ${c} |`)),
    [],
  );
});
