/**
 * `check` helpers for the navigation features (references, highlights, rename, symbols, links,
 * lenses, semantic tokens), in the style of features.ts: tests hand in a fixture and what they
 * expect, never call the feature APIs themselves.
 *
 * References are written as annotations in the fixture: `# ^^^ ref` under each use and
 * `# ^^^ decl` under the declaration (in any file of the fixture); the cursor `$0` sits on one of
 * them (or anywhere the symbol is).
 */
import assert from 'node:assert/strict';
import { highlights, references } from '../../server/src/features/references.js';
import { prepareRename, rename } from '../../server/src/features/rename.js';
import { documentSymbols, workspaceSymbols } from '../../server/src/features/symbols.js';
import { codeLenses, documentLinks, lensTitle } from '../../server/src/features/links.js';
import { planLensTitle } from '../../server/src/features/plan.js';
import { semanticTokens } from '../../server/src/features/semanticTokens.js';
import type { DocumentSymbol, TextEdit } from '../../server/src/features/types.js';
import { LineIndex } from '../../server/src/syntax/positions.js';
import { setup } from './features.js';
import type { Fixture } from './fixture.js';

const where = (
  path: string,
  r: { start: { line: number; character: number }; end: { line: number; character: number } },
) => `${path}:${r.start.line}:${r.start.character}-${r.end.line === r.start.line ? r.end.character : `L${r.end.line}`}`;

function cursor(f: Fixture): number {
  assert.ok(f.cursor, 'fixture needs a $0 cursor');
  return f.cursor.offset;
}

/** The references at the cursor equal the `ref` (and, with `includeDeclaration`, `decl`) annotations. */
export async function checkReferences(src: string, opts: { includeDeclaration?: boolean } = {}): Promise<void> {
  const include = opts.includeDeclaration ?? true;
  const { fixture, ctx } = await setup(src);
  const got = references(ctx, cursor(fixture), include)
    .map((r) => where(r.path, r.range))
    .sort();
  const want = fixture.annotations
    .filter((a) => a.label === 'ref' || (include && a.label === 'decl'))
    .map((a) => `${a.path}:${a.line}:${a.startCol}-${a.endCol}`)
    .sort();
  assert.deepEqual(got, want);
}

/** Document highlights at the cursor: the `ref`/`decl` annotations of the cursor's file. */
export async function checkHighlights(src: string): Promise<void> {
  const { fixture, ctx } = await setup(src);
  const got = highlights(ctx, cursor(fixture))
    .map((r) => where(r.path, r.range))
    .sort();
  const want = fixture.annotations
    .filter((a) => a.path === ctx.doc.path && (a.label === 'ref' || a.label === 'decl'))
    .map((a) => `${a.path}:${a.line}:${a.startCol}-${a.endCol}`)
    .sort();
  assert.deepEqual(got, want);
}

/** Applies edits to a text (edits of one file, any order). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const li = new LineIndex(text);
  let out = text;
  for (const e of [...edits].sort((a, b) => li.offsetAt(b.range.start) - li.offsetAt(a.range.start))) {
    out = out.slice(0, li.offsetAt(e.range.start)) + e.newText + out.slice(li.offsetAt(e.range.end));
  }
  return out;
}

/**
 * Renames the symbol at the cursor to `newName`; `after` maps each changed file to its expected
 * text (files not listed must not change). With `after` a string, the rename must be refused with a
 * message matching it.
 */
export async function checkRename(src: string, newName: string, after: Record<string, string> | RegExp): Promise<void> {
  const { fixture, ctx } = await setup(src);
  const r = rename(ctx, cursor(fixture), newName);
  if (after instanceof RegExp) {
    assert.ok('error' in r, `expected a refusal, got ${JSON.stringify(r)}`);
    assert.match(r.error, after);
    return;
  }
  assert.ok(!('error' in r), `rename refused: ${'error' in r ? r.error : ''}`);
  const changed = Object.keys(r.edit.changes).sort();
  assert.deepEqual(changed, Object.keys(after).sort(), 'files changed');
  for (const [path, text] of Object.entries(after)) {
    const f = fixture.files.find((x) => x.path === path);
    assert.ok(f, `no file ${path} in the fixture`);
    assert.equal(applyEdits(f.text, r.edit.changes[path]!), text.replace(/^\n/, ''), path);
  }
}

/** prepareRename at the cursor: the placeholder, or a refusal matching the RegExp, or nothing (null). */
export async function checkPrepareRename(src: string, expected: string | RegExp | null): Promise<void> {
  const { fixture, ctx } = await setup(src);
  const p = prepareRename(ctx, cursor(fixture));
  if (expected === null) return assert.equal(p, undefined);
  assert.ok(p, 'expected a prepareRename answer');
  if (expected instanceof RegExp) {
    assert.ok('error' in p, `expected a refusal, got ${JSON.stringify(p)}`);
    return assert.match(p.error, expected);
  }
  assert.ok(!('error' in p), `refused: ${'error' in p ? p.error : ''}`);
  assert.equal(p.placeholder, expected);
}

/** The outline, one symbol per line: indentation for children, then `name [kind] detail`. */
export function outlineText(symbols: readonly DocumentSymbol[], depth = 0): string {
  return symbols
    .map((s) => {
      const line = `${'  '.repeat(depth)}${s.name} [${s.kind}]${s.detail ? ` ${s.detail}` : ''}`;
      return s.children?.length ? `${line}\n${outlineText(s.children, depth + 1)}` : line;
    })
    .join('\n');
}

/** The document symbols of the last (or cursor) file equal `expected` (see outlineText). */
export async function checkSymbols(src: string, expected: string): Promise<DocumentSymbol[]> {
  const { ctx } = await setup(src);
  const symbols = documentSymbols(ctx);
  assert.equal(outlineText(symbols), expected.replace(/^\n/, '').trimEnd());
  return symbols;
}

/** Workspace symbols for `query`: their `name [kind] path` lines, in rank order. */
export async function workspaceSymbolLines(src: string, query: string): Promise<string[]> {
  const { session } = await setup(src);
  return workspaceSymbols(session.workspace(), query).map((s) => `${s.name} [${s.kind}] ${s.path}`);
}

/** Document links of the file: `range -> target` lines. */
export async function linkLines(src: string): Promise<string[]> {
  const { ctx } = await setup(src);
  return documentLinks(ctx).map((l) => `${where(ctx.doc.path, l.range)} -> ${l.targetPath}`);
}

/** Code lenses of the file, resolved as the editor would: `line: title` lines. */
export async function lensLines(src: string): Promise<string[]> {
  const { ctx } = await setup(src);
  return codeLenses(ctx).map(
    (l) =>
      `${l.range.start.line}: ${
        l.format === 'planStep' || l.format === 'showPlan'
          ? planLensTitle(ctx, l.at, l.format)
          : lensTitle(l.format, references(ctx, l.at, false))
      }`,
  );
}

/** Semantic tokens of the file: `text type[+modifiers]` lines in order. */
export async function tokenLines(src: string): Promise<string[]> {
  const { ctx } = await setup(src);
  return semanticTokens(ctx).map(
    (t) => `${ctx.doc.text.slice(t.start, t.end)} ${t.type}${t.modifiers?.length ? `+${t.modifiers.join('+')}` : ''}`,
  );
}
