/**
 * One `check` helper per feature. Tests hand in a fixture string and what they expect; they never
 * call feature APIs directly, so an API change touches only this file.
 */
import assert from 'node:assert/strict';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import type { IndexOptions } from '../../server/src/index/workspace.js';
import { complete } from '../../server/src/features/completion.js';
import { definition } from '../../server/src/features/definition.js';
import { hover } from '../../server/src/features/hover.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import type { FeatureContext } from '../../server/src/features/types.js';
import { LineIndex } from '../../server/src/syntax/positions.js';
import { parseFixture, type Fixture } from './fixture.js';

export async function setup(
  src: string,
  options: IndexOptions = {},
): Promise<{ fixture: Fixture; session: Session; ctx: FeatureContext; fs: MemoryFileSystem }> {
  const fixture = parseFixture(src);
  const files: Record<string, string> = {};
  for (const f of fixture.files) files[f.path] = f.text;
  const fs = new MemoryFileSystem(files);
  const session = new Session(fs, options);
  session.index.addRoot('/ws');
  await session.index.build();
  // The file under test: the one with the cursor, else the last file of the fixture.
  const target = fixture.cursor?.path ?? fixture.files[fixture.files.length - 1]!.path;
  const doc = session.openDocument(target, fixture.files.find((f) => f.path === target)!.text, 1);
  return { fixture, session, ctx: session.context(doc), fs };
}

function cursorOf(fixture: Fixture): number {
  assert.ok(fixture.cursor, 'fixture needs a $0 cursor');
  return fixture.cursor.offset;
}

/** Completion labels at the cursor include all of `include` and none of `exclude`. */
export async function checkCompletion(src: string, include: string[], exclude: string[] = []): Promise<string[]> {
  const { fixture, ctx } = await setup(src);
  const items = complete(ctx, cursorOf(fixture));
  const labels = items.map((i) => i.label);
  for (const l of include) assert.ok(labels.includes(l), `expected completion "${l}" in [${labels.join(', ')}]`);
  for (const l of exclude) assert.ok(!labels.includes(l), `unexpected completion "${l}" in [${labels.join(', ')}]`);
  // Every item replaces a range on the cursor's line that contains the cursor.
  const pos = ctx.doc.lines.positionAt(cursorOf(fixture));
  for (const i of items) {
    if (!i.textEdit) continue;
    assert.equal(i.textEdit.range.start.line, pos.line, `edit of "${i.label}" not on the cursor line`);
    assert.ok(
      i.textEdit.range.start.character <= pos.character && i.textEdit.range.end.character >= pos.character,
      `edit of "${i.label}" does not cover the cursor`,
    );
  }
  return labels;
}

/** Applies the completion item `label` and returns the line the cursor is on afterwards. */
export async function applyCompletion(src: string, label: string): Promise<string> {
  const { fixture, ctx } = await setup(src);
  const item = complete(ctx, cursorOf(fixture)).find((i) => i.label === label);
  assert.ok(item?.textEdit, `no completion "${label}"`);
  const lines = ctx.doc.lines;
  const start = lines.offsetAt(item.textEdit.range.start);
  const end = lines.offsetAt(item.textEdit.range.end);
  const text = ctx.doc.text.slice(0, start) + item.textEdit.newText + ctx.doc.text.slice(end);
  return new LineIndex(text).lineText(item.textEdit.range.start.line);
}

/**
 * Definition from the cursor lands in `path` on the line containing `lineText` (trimmed match),
 * and its selection covers `selected`.
 */
export async function checkDefinition(src: string, expected: { path: string; selected: string } | null): Promise<void> {
  const { fixture, ctx } = await setup(src);
  const links = definition(ctx, cursorOf(fixture));
  if (expected === null) {
    assert.equal(links.length, 0, `expected no definition, got ${JSON.stringify(links)}`);
    return;
  }
  assert.equal(links.length, 1, `expected one definition, got ${JSON.stringify(links)}`);
  const l = links[0]!;
  assert.equal(l.targetPath, expected.path);
  const f = fixture.files.find((x) => x.path === expected.path)!;
  const li = new LineIndex(f.text);
  const sel = f.text.slice(li.offsetAt(l.targetSelectionRange.start), li.offsetAt(l.targetSelectionRange.end));
  assert.equal(sel, expected.selected);
}

export async function checkHover(src: string, contains: string[]): Promise<string> {
  const { fixture, ctx } = await setup(src);
  const h = hover(ctx, cursorOf(fixture));
  assert.ok(h, 'expected a hover');
  for (const c of contains) assert.ok(h.contents.value.includes(c), `hover lacks "${c}":\n${h.contents.value}`);
  return h.contents.value;
}

/** The diagnostics of the cursor file (or the last file), for tests that look for one finding among others. */
export async function diagnosticsOf(src: string) {
  const { ctx } = await setup(src);
  return computeDiagnostics(ctx);
}

/**
 * Diagnostics of the cursor file (or the first file) equal the `# ^^^ CODE` annotations of that
 * file exactly: same codes on the same ranges (single-line ranges). Returns the diagnostics.
 */
export async function checkDiagnostics(src: string, opts: { ignore?: string[] } = {}) {
  const { fixture, ctx } = await setup(src);
  const diags = computeDiagnostics(ctx).filter((d) => !(opts.ignore ?? []).includes(d.code));
  const path = ctx.doc.path;
  const stray = fixture.annotations.filter((a) => a.path !== path);
  assert.equal(stray.length, 0, `annotations outside the file under test (${path}): ${JSON.stringify(stray)}`);
  const want = fixture.annotations
    .filter((a) => a.path === path)
    .map((a) => `${a.line}:${a.startCol}-${a.endCol} ${a.label}`)
    .sort();
  const got = diags
    .map((d) => {
      const end = d.range.end.line === d.range.start.line ? d.range.end.character : 'L' + d.range.end.line;
      return `${d.range.start.line}:${d.range.start.character}-${end} ${d.code}`;
    })
    .sort();
  assert.deepEqual(
    got,
    want,
    `diagnostics differ:\n${diags
      .map((d) => `  ` + `${d.range.start.line}:${d.range.start.character} ${d.code} ${d.message}`)
      .join('\n')}`,
  );
  return diags;
}

/**
 * Applies the code action whose title contains `title` at the cursor (or `$0…$0` range) and
 * compares the resulting file text with `after` (the golden result). The edited file is the cursor's
 * unless `opts.path` names another file of the fixture (fixes that edit another descriptor); with
 * `opts.snippet` the (single) edit must also carry that snippet text.
 */
export async function checkFix(
  src: string,
  title: string,
  after: string,
  opts: { path?: string; snippet?: string } = {},
): Promise<void> {
  const { codeActions } = await import('../../server/src/features/codeActions.js');
  const { fixture, ctx } = await setup(src);
  const c = fixture.cursor;
  assert.ok(c, 'fixture needs a $0 cursor');
  const range = ctx.doc.lines.rangeOf({ start: c.offset, end: c.end ?? c.offset });
  const actions = codeActions(ctx, range);
  const a = actions.find((x) => x.title.includes(title));
  assert.ok(a, `no action "${title}" in [${actions.map((x) => x.title).join(' | ')}]`);
  const path = opts.path ?? ctx.doc.path;
  const edits = a.edit.changes[path] ?? [];
  const li = path === ctx.doc.path ? ctx.doc.lines : new LineIndex(fixture.files.find((f) => f.path === path)!.text);
  let text = li.text;
  for (const e of [...edits].sort((x, y) => li.offsetAt(y.range.start) - li.offsetAt(x.range.start))) {
    text = text.slice(0, li.offsetAt(e.range.start)) + e.newText + text.slice(li.offsetAt(e.range.end));
  }
  assert.equal(text, after.replace(/^\n/, ''));
  if (opts.snippet !== undefined) {
    assert.equal(edits.length, 1, 'one edit expected');
    assert.equal(edits[0]!.snippet, opts.snippet);
  }
}
