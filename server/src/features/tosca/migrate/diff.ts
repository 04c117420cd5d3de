/**
 * A unified diff (as `diff -u` prints it) of a migration, built from its edits: the changed lines
 * are exactly those the edits touch, so no general diff algorithm is needed.
 */
import { LineIndex } from '../../../syntax/positions.js';
import { applyEdits, type OffsetEdit } from './edits.js';

const CONTEXT = 3;

interface Region {
  first: number;
  last: number;
  edits: OffsetEdit[];
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function unifiedDiff(oldName: string, newName: string, text: string, edits: readonly OffsetEdit[]): string {
  if (!edits.length) return '';
  const index = new LineIndex(text);
  const oldLines = splitLines(text);
  const lineOf = (offset: number) => index.positionAt(offset).line;
  const regions: Region[] = [];
  for (const e of edits) {
    const first = lineOf(e.start);
    // An insertion at a line start changes nothing of that line's old text but still sits before it.
    const last = Math.max(first, e.end > e.start ? lineOf(e.end - 1) : first);
    const prev = regions[regions.length - 1];
    if (prev && first <= prev.last + 2 * CONTEXT + 1) {
      prev.last = Math.max(prev.last, last);
      prev.edits.push(e);
    } else regions.push({ first, last, edits: [e] });
  }
  let out = `--- ${oldName}\n+++ ${newName}\n`;
  let shift = 0;
  for (const r of regions) {
    const last = Math.min(r.last, oldLines.length - 1);
    const startOffset = index.lineStarts[r.first] ?? text.length;
    const endOffset = last + 1 < index.lineStarts.length ? index.lineStarts[last + 1]! : text.length;
    const local = r.edits.map((e) => ({ start: e.start - startOffset, end: e.end - startOffset, text: e.text }));
    const changed = splitLines(applyEdits(text.slice(startOffset, endOffset), local));
    const removed = oldLines.slice(r.first, last + 1);
    const before = oldLines.slice(Math.max(0, r.first - CONTEXT), r.first);
    const after = oldLines.slice(last + 1, last + 1 + CONTEXT);
    const oldStart = r.first - before.length;
    const oldCount = before.length + removed.length + after.length;
    const newCount = before.length + changed.length + after.length;
    out += `@@ -${oldStart + 1},${oldCount} +${oldStart + 1 + shift},${newCount} @@\n`;
    for (const l of before) out += ` ${l}\n`;
    for (const l of lineOps(removed, changed)) out += `${l}\n`;
    for (const l of after) out += ` ${l}\n`;
    shift += changed.length - removed.length;
  }
  return out;
}

/** The lines of one region as ` `/`-`/`+` lines (a longest common subsequence; regions are small). */
function lineOps(a: readonly string[], b: readonly string[]): string[] {
  if (a.length * b.length > 250_000) return [...a.map((l) => `-${l}`), ...b.map((l) => `+${l}`)];
  const w = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i * w + j] =
        a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(` ${a[i++]}`);
      j++;
    } else if (i < a.length && (j >= b.length || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) out.push(`-${a[i++]}`);
    else out.push(`+${b[j++]}`);
  }
  return out;
}
