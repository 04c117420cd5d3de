/**
 * `check`-style helpers for folding ranges, selection ranges and the shape of semantic tokens, in
 * the style of features.ts: tests hand in a fixture and read plain text back, never the feature APIs.
 */
import assert from 'node:assert/strict';
import { foldingRanges, selectionRanges } from '../../server/src/features/structure.js';
import { semanticTokens } from '../../server/src/features/semanticTokens.js';
import type { SelectionRange } from '../../server/src/features/types.js';
import { setup } from './features.js';

/**
 * Folding ranges of the file under test: `start-end first line` (`start-end comment …` for
 * comments). Checks on the way that they are sorted, one per start line, and span lines.
 */
export async function foldLines(src: string): Promise<string[]> {
  const { ctx } = await setup(src);
  const ranges = foldingRanges(ctx);
  ranges.forEach((r, i) => {
    assert.ok(r.endLine > r.startLine, `range ${r.startLine}-${r.endLine} spans lines`);
    assert.ok(i === 0 || ranges[i - 1]!.startLine < r.startLine, 'sorted, one range per start line');
  });
  return ranges.map(
    (r) => `${r.startLine}-${r.endLine}${r.kind ? ` ${r.kind}` : ''} ${ctx.doc.lines.lineText(r.startLine).trim()}`,
  );
}

/**
 * The selection ranges at the `$0` cursor, innermost first, as the text each selects. Checks what
 * the protocol requires on the way: each range contains the cursor and strictly contains its child.
 */
export async function selectionTexts(src: string): Promise<string[]> {
  const { fixture, ctx } = await setup(src);
  assert.ok(fixture.cursor, 'fixture needs a $0 cursor');
  const offset = fixture.cursor.offset;
  const [chain] = selectionRanges(ctx, [offset]);
  assert.ok(chain, 'one selection range per position');
  const lines = ctx.doc.lines;
  const out: string[] = [];
  let prev: { start: number; end: number } | undefined;
  for (let r: SelectionRange | undefined = chain; r; r = r.parent) {
    const s = { start: lines.offsetAt(r.range.start), end: lines.offsetAt(r.range.end) };
    assert.ok(s.start <= offset && offset <= s.end, `range ${JSON.stringify(r.range)} misses the cursor`);
    if (prev) {
      assert.ok(s.start <= prev.start && prev.end <= s.end, 'a parent contains its child');
      assert.ok(s.start < prev.start || prev.end < s.end, 'a parent is larger than its child');
    }
    prev = s;
    out.push(ctx.doc.text.slice(s.start, s.end));
  }
  assert.equal(prev?.start, 0, 'the outermost range is the document');
  assert.equal(prev?.end, ctx.doc.text.length, 'the outermost range is the document');
  return out;
}

/**
 * The protocol's rules hold at every offset of the file, whatever its state: one chain per position,
 * each range containing the position and strictly containing its child, the last one the whole
 * document; folding ranges sorted, one per start line, inside the file. Returns the number of ranges
 * seen, so a caller can tell that something was checked.
 */
export async function checkStructureEverywhere(src: string): Promise<number> {
  const { ctx } = await setup(src);
  const { text, lines } = ctx.doc;
  const offsets = Array.from({ length: text.length + 1 }, (_, i) => i);
  const chains = selectionRanges(ctx, offsets);
  // A file no pack serves (a TOSCA file cut before its version line) gets nothing at all.
  if (ctx.doc.kind === 'other') {
    assert.equal(chains.length + foldingRanges(ctx).length, 0);
    return 0;
  }
  assert.equal(chains.length, offsets.length);
  let seen = 0;
  chains.forEach((chain, i) => {
    let prev: { start: number; end: number } | undefined;
    for (let r: SelectionRange | undefined = chain; r; r = r.parent) {
      const s = { start: lines.offsetAt(r.range.start), end: lines.offsetAt(r.range.end) };
      const where = `offset ${i}: ${JSON.stringify(r.range)}`;
      assert.ok(s.start <= i && i <= s.end, `${where} misses the position`);
      if (prev) assert.ok(s.start <= prev.start && prev.end <= s.end && s.end - s.start > prev.end - prev.start, where);
      prev = s;
      seen++;
    }
    assert.deepEqual(prev, { start: 0, end: text.length }, `offset ${i}: the chain ends at the document`);
  });
  const folds = foldingRanges(ctx);
  folds.forEach((r, i) => {
    assert.ok(r.startLine < r.endLine && r.endLine < lines.lineCount, JSON.stringify(r));
    assert.ok(i === 0 || folds[i - 1]!.startLine < r.startLine, 'sorted, one range per start line');
  });
  return seen + folds.length;
}

/**
 * The semantic tokens of a file, whatever its state, are what the protocol's encoding needs: in
 * order, non-empty, on one line each, never overlapping. Returns how many there are.
 */
export async function checkTokenShapes(src: string): Promise<number> {
  const { ctx } = await setup(src);
  const tokens = semanticTokens(ctx);
  const lines = ctx.doc.lines;
  tokens.forEach((t, i) => {
    const where = `${JSON.stringify(ctx.doc.text.slice(t.start, t.end))} at ${t.start}`;
    assert.ok(t.end > t.start, `${where} is empty`);
    assert.equal(lines.positionAt(t.start).line, lines.positionAt(t.end).line, `${where} spans lines`);
    assert.ok(i === 0 || tokens[i - 1]!.end <= t.start, `${where} overlaps the token before it`);
  });
  return tokens.length;
}
