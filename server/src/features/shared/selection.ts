/**
 * Selection ranges ("expand selection") of a YAML document: from the word under the cursor (inside
 * a `${…}` reference: the segment, then the whole reference), the scalar (inside its quotes, then
 * with them), the `key: value` entry or `- item`, the collection holding it, the entry holding
 * that, and so on up to the document.
 *
 * The chain is built from the outermost node down, then filtered so that every range strictly
 * contains the one inside it, which the protocol requires (editors reject a chain that does not).
 */
import type { Span } from '../../syntax/positions.js';
import { scanScalarReferences } from '../../syntax/references.js';
import type { YNode, YScalar } from '../../syntax/tree.js';
import type { DocumentModel } from '../../model/document.js';
import type { SelectionRange } from '../types.js';
import { contentEnd, contentSpan, itemStart, lastStartingBefore, pairExtent, trimEnd } from './extents.js';

/** Nesting deeper than this is not descended (the parser caps nesting well below it anyway). */
const MAX_SELECTION_DEPTH = 500;

const within = (s: Span, offset: number) => s.start <= offset && offset <= s.end;

export function selectionRanges(doc: DocumentModel, offsets: readonly number[]): SelectionRange[] {
  return offsets.map((o) => chainAt(doc, Math.max(0, Math.min(o, doc.text.length))));
}

function chainAt(doc: DocumentModel, offset: number): SelectionRange {
  const spans = [{ start: 0, end: doc.text.length }, ...nodeSpans(doc, offset)];
  // Innermost first: keep each range that strictly contains the one kept before it.
  const kept: Span[] = [];
  for (let i = spans.length - 1; i >= 0; i--) {
    const s = spans[i]!;
    const prev = kept[kept.length - 1];
    if (!within(s, offset)) continue;
    if (prev && !(s.start <= prev.start && prev.end <= s.end && (s.start < prev.start || prev.end < s.end))) continue;
    kept.push(s);
  }
  let range: SelectionRange | undefined;
  for (let i = kept.length - 1; i >= 0; i--) {
    const r: SelectionRange = { range: doc.lines.rangeOf(kept[i]!) };
    if (range) r.parent = range;
    range = r;
  }
  return range!;
}

/** The spans of the nodes around `offset`, outermost first. */
function nodeSpans(doc: DocumentModel, offset: number): Span[] {
  const out: Span[] = [];
  let node: YNode | null = doc.root;
  if (node) out.push(contentSpan(doc.text, node));
  for (let depth = 0; node && depth < MAX_SELECTION_DEPTH; depth++) {
    const next: YNode | null = step(doc, node, offset, out);
    if (!next) break;
    if (next.kind === 'scalar') {
      out.push(...scalarSpans(doc, next, offset));
      break;
    }
    out.push(contentSpan(doc.text, next));
    node = next;
  }
  return out;
}

/**
 * One level down from a collection: pushes the span of the entry or item around `offset` and returns
 * the node to descend into (null when the cursor is on no child node, or on a key, whose spans it pushes).
 */
function step(doc: DocumentModel, node: YNode, offset: number, out: Span[]): YNode | null {
  const { text } = doc;
  if (node.kind === 'map') {
    const p = node.pairs[lastStartingBefore(node.pairs, offset, (x) => x.key.span.start)];
    if (!p || !within(pairExtent(text, p), offset)) return null;
    out.push(pairExtent(text, p));
    if (within(p.key.span, offset)) {
      out.push(...scalarSpans(doc, p.key, offset));
      return null;
    }
    return p.value && offset >= p.value.span.start && offset <= contentEnd(text, p.value) ? p.value : null;
  }
  if (node.kind === 'seq') {
    const it = node.items[lastStartingBefore(node.items, offset, (x) => itemStart(text, node, x))];
    if (!it) return null;
    const item = { start: itemStart(text, node, it), end: contentEnd(text, it) };
    if (!within(item, offset)) return null;
    out.push(item);
    return offset >= it.span.start ? it : null;
  }
  return null;
}

/** Inside a scalar, outermost first: the scalar, its content, then the `${…}` reference and segment, or the word. */
function scalarSpans(doc: DocumentModel, s: YScalar, offset: number): Span[] {
  const { text } = doc;
  const whole = { start: s.span.start, end: trimEnd(text, s.span.start, s.span.end) };
  const inner = innerSpan(text, s, whole);
  const out = [whole, inner];
  if (!within(inner, offset)) return out;
  const ref = scanScalarReferences(text, s).find((r) => within(r.span, offset));
  if (ref) {
    out.push(ref.span);
    const seg = ref.segments.find((g) => within(g.span, offset));
    if (seg) out.push(seg.span);
    return out;
  }
  const word = wordAt(text, offset, inner);
  if (word) out.push(word);
  return out;
}

/** The scalar without its quotes, or a block scalar without its `|`/`>` header line. */
function innerSpan(text: string, s: YScalar, whole: Span): Span {
  if (s.style === 'single' || s.style === 'double') {
    const q = s.style === 'single' ? "'" : '"';
    const closed = whole.end - whole.start >= 2 && text[whole.end - 1] === q;
    return { start: whole.start + 1, end: closed ? whole.end - 1 : whole.end };
  }
  if (s.style === 'literal' || s.style === 'folded') {
    let i = whole.start;
    while (i < whole.end && text[i] !== '\n' && text[i] !== '\r') i++;
    while (i < whole.end && /\s/.test(text[i]!)) i++;
    return i < whole.end ? { start: i, end: whole.end } : whole;
  }
  return whole;
}

const WORD = /[A-Za-z0-9_-]/;

/** The run of name characters around `offset`, within `bounds`; undefined on anything else. */
function wordAt(text: string, offset: number, bounds: Span): Span | undefined {
  let s = offset;
  while (s > bounds.start && WORD.test(text[s - 1]!)) s--;
  let e = offset;
  while (e < bounds.end && WORD.test(text[e]!)) e++;
  return e > s ? { start: s, end: e } : undefined;
}
