/**
 * Where YAML nodes really begin and end, for folding and selection. The parser's spans of block
 * collections and block scalars run on over trailing line breaks, blank lines and even comments
 * after the last value; an editor should fold or select up to the last character of content only.
 */
import type { Span } from '../../syntax/positions.js';
import type { YNode, YPair, YSeq } from '../../syntax/tree.js';

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** `end` moved back over whitespace, never before `start`. */
export function trimEnd(text: string, start: number, end: number): number {
  let e = Math.min(end, text.length);
  while (e > start && isSpace(text.charCodeAt(e - 1))) e--;
  return e;
}

/**
 * The offset just past the node's last content character. A block collection ends where its last
 * entry's value does (found by walking down last entries, so it is a loop, not a recursion);
 * scalars, aliases and flow collections end at their span, less trailing whitespace.
 */
export function contentEnd(text: string, node: YNode): number {
  let n = node;
  for (;;) {
    if (n.kind === 'map' && !n.flow && n.pairs.length > 0) {
      const last = n.pairs[n.pairs.length - 1]!;
      if (!last.value) return Math.max(last.key.span.end, n.span.start);
      n = last.value;
      continue;
    }
    if (n.kind === 'seq' && !n.flow && n.items.length > 0) {
      n = n.items[n.items.length - 1]!;
      continue;
    }
    return trimEnd(text, n.span.start, n.span.end);
  }
}

/** The span of a node's content: its start to `contentEnd`. */
export function contentSpan(text: string, node: YNode): Span {
  return { start: node.span.start, end: Math.max(node.span.start, contentEnd(text, node)) };
}

/** A mapping entry from its key to the end of its value's content (the key alone when it has no value). */
export function pairExtent(text: string, p: YPair): Span {
  const end = p.value ? contentEnd(text, p.value) : p.key.span.end;
  return { start: p.key.span.start, end: Math.max(end, p.key.span.end) };
}

/**
 * Where a block sequence item begins: at its `-`, which the item's node span leaves out (`- a: 1`
 * starts at `a`; `-` alone on a line puts the node on the next line). Flow items begin at their node.
 */
export function itemStart(text: string, seq: YSeq, item: YNode): number {
  if (seq.flow) return item.span.start;
  let i = item.span.start;
  while (i > seq.span.start && isSpace(text.charCodeAt(i - 1))) i--;
  return i > 0 && text[i - 1] === '-' ? i - 1 : item.span.start;
}

/**
 * The index of the last element whose start is at or before `offset` (elements sorted by start),
 * or -1: a binary search, so locating the cursor in a mapping of 100,000 entries costs nothing.
 */
export function lastStartingBefore<T>(items: readonly T[], offset: number, startOf: (t: T) => number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (startOf(items[mid]!) <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
