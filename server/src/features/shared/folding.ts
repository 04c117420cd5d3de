/**
 * Folding ranges of a YAML document.
 *
 * From the tree: every mapping entry and sequence item whose value spans lines folds from the line
 * of its key (or `-`) to the last line of its content, so trailing blank lines and comments stay
 * visible. Runs of two or more comment lines fold as comments. Without a tree (a file over the
 * size cap, nesting too deep to parse) the lines' indentation stands in for the structure.
 *
 * Output is bounded whatever the file: the tree is walked breadth first and the walk stops at the
 * cap, so a huge file keeps its outermost, most useful ranges; depth is capped too.
 */
import type { LineIndex, Span } from '../../syntax/positions.js';
import { walkScalars, type YNode } from '../../syntax/tree.js';
import type { DocumentModel } from '../../model/document.js';
import type { FoldingRange } from '../types.js';
import { contentEnd, itemStart } from './extents.js';

/** At most this many ranges per document (VS Code shows no more than 5,000 either). */
export const MAX_FOLDING_RANGES = 5000;
/** Comment runs may take at most this share of the cap, so structure always gets most of it. */
const MAX_COMMENT_RANGES = 1000;
/** Entries nested deeper than this do not fold (no descriptor comes close). */
const MAX_FOLD_DEPTH = 100;

export function foldingRanges(doc: DocumentModel): FoldingRange[] {
  const comments = commentRanges(doc, MAX_COMMENT_RANGES);
  const cap = MAX_FOLDING_RANGES - comments.length;
  const structure = doc.root ? treeRanges(doc, doc.root, cap) : indentRanges(doc.lines, cap);
  return [...structure, ...comments].sort((a, b) => a.startLine - b.startLine);
}

/** Entries and items of the tree, breadth first, one range per start line (the outermost). */
function treeRanges(doc: DocumentModel, root: YNode, cap: number): FoldingRange[] {
  const { text, lines } = doc;
  const out: FoldingRange[] = [];
  const starts = new Set<number>();
  const lineOf = (offset: number) => lines.positionAt(offset).line;
  const add = (start: number, node: YNode): void => {
    const end = contentEnd(text, node);
    if (end <= start) return;
    const startLine = lineOf(start);
    const endLine = lineOf(end - 1);
    if (endLine <= startLine || starts.has(startLine)) return;
    starts.add(startLine);
    out.push({ startLine, endLine });
  };
  const queue: { node: YNode; depth: number }[] = [{ node: root, depth: 0 }];
  for (let head = 0; head < queue.length && out.length < cap; head++) {
    const { node, depth } = queue[head]!;
    const children: { start: number; node: YNode }[] = [];
    if (node.kind === 'map') {
      for (const p of node.pairs) if (p.value) children.push({ start: p.key.span.start, node: p.value });
    } else if (node.kind === 'seq') {
      for (const it of node.items) children.push({ start: itemStart(text, node, it), node: it });
    }
    for (const c of children) {
      if (out.length >= cap) break;
      add(c.start, c.node);
      if (depth < MAX_FOLD_DEPTH && (c.node.kind === 'map' || c.node.kind === 'seq')) {
        queue.push({ node: c.node, depth: depth + 1 });
      }
    }
  }
  return out;
}

/**
 * Without a tree: a line folds over the lines after it that are indented more. A `- ` item counts
 * as half a column deeper than its line's indentation, so `key:` followed by `- a` items at the same
 * column folds over them, as YAML nests them. Blank and comment lines never end or extend a range.
 */
function indentRanges(lines: LineIndex, cap: number): FoldingRange[] {
  const out: FoldingRange[] = [];
  const open: { line: number; level: number }[] = [];
  let lastContent = -1;
  const close = (level: number) => {
    while (open.length && open[open.length - 1]!.level >= level) {
      const o = open.pop()!;
      if (lastContent > o.line && out.length < cap) out.push({ startLine: o.line, endLine: lastContent });
    }
  };
  for (let ln = 0; ln < lines.lineCount; ln++) {
    const t = lines.lineText(ln);
    const body = t.trimStart();
    if (body === '' || body.startsWith('#')) continue;
    const indent = t.length - body.length;
    const level = indent + (body === '-' || body.startsWith('- ') ? 0.5 : 0);
    close(level);
    open.push({ line: ln, level });
    lastContent = ln;
  }
  close(-1);
  return out;
}

/** Runs of two or more comment-only lines; lines inside block or quoted scalars are content, not comments. */
function commentRanges(doc: DocumentModel, cap: number): FoldingRange[] {
  const { lines } = doc;
  const content = multiLineScalars(doc);
  const out: FoldingRange[] = [];
  let run = -1;
  let k = 0;
  const end = (ln: number) => {
    if (run >= 0 && ln - 1 > run && out.length < cap) out.push({ startLine: run, endLine: ln - 1, kind: 'comment' });
    run = -1;
  };
  for (let ln = 0; ln < lines.lineCount && out.length < cap; ln++) {
    const at = lines.lineStarts[ln]!;
    while (k < content.length && content[k]!.end <= at) k++;
    const inScalar = k < content.length && content[k]!.start < at;
    const comment = !inScalar && lines.lineText(ln).trimStart().startsWith('#');
    if (!comment) end(ln);
    else if (run < 0) run = ln;
  }
  end(lines.lineCount);
  return out;
}

/** Spans of the scalars whose lines may start with `#` without being comments, in document order. */
function multiLineScalars(doc: DocumentModel): Span[] {
  const out: Span[] = [];
  const { text } = doc;
  walkScalars(doc.root, (s) => {
    if (s.style === 'plain') return;
    // A scan of the scalar itself (not indexOf, which could run to the end of the file for each one).
    for (let i = s.span.start; i < s.span.end; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13) {
        out.push(s.span);
        return;
      }
    }
  });
  return out;
}
