/**
 * Source-layout helpers for the migration's edits: where a node's text really ends (block spans
 * run on over trailing comments and line breaks), a value written inline in flow style, list items
 * replaced by several items in the list's own style, and whole lines removed.
 */
import type { YMap, YNode, YSeq } from '../../../syntax/tree.js';
import type { EditSet } from './edits.js';

/** The end of the node's own text: past its last scalar, before trailing comments and line breaks. */
export function contentEnd(n: YNode): number {
  if (n.kind === 'map' && !n.flow && n.pairs.length) {
    const last = n.pairs[n.pairs.length - 1]!;
    return last.value ? contentEnd(last.value) : last.key.span.end;
  }
  if (n.kind === 'seq' && !n.flow && n.items.length) return contentEnd(n.items[n.items.length - 1]!);
  if (n.kind === 'scalar' && (n.style === 'literal' || n.style === 'folded')) return n.span.end;
  return n.span.end;
}

/** The column of an offset. */
export function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

/** Start of the line holding `offset`. */
export function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

const FLOW_UNSAFE = /[,[\]{}#]|: |^[-?:!&*|>'"%@`]/;

/** The value as flow-style YAML text: its own source where that is safe inline, else rebuilt from the tree. */
export function inline(text: string, n: YNode | null): string {
  if (!n) return 'null';
  if (n.kind === 'alias') return text.slice(n.span.start, n.span.end);
  if (n.kind === 'scalar') {
    const src = text.slice(n.span.start, n.span.end);
    if (n.style === 'single' || n.style === 'double') return src.includes('\n') ? JSON.stringify(n.text) : src;
    if (n.style === 'plain' && !src.includes('\n') && (typeof n.value !== 'string' || !FLOW_UNSAFE.test(src)))
      return src;
    return JSON.stringify(n.text);
  }
  if (n.kind === 'seq') return `[ ${n.items.map((i) => inline(text, i)).join(', ')} ]`;
  return `{ ${n.pairs.map((p) => `${inline(text, p.key)}: ${inline(text, p.value)}`).join(', ')} }`;
}

/**
 * Replaces item `i` of a list by `items` (source texts), in the list's style: `a, b` inside a flow
 * list, one `- item` line each in a block list. False when the block list's layout is not the
 * plain `- item` one this can extend.
 */
export function replaceItem(edits: EditSet, seq: YSeq, i: number, items: readonly string[]): boolean {
  const item = seq.items[i];
  if (!item) return false;
  const text = edits.text;
  const start = item.span.start;
  const end = contentEnd(item);
  if (seq.flow) {
    edits.replace(start, end, items.join(', '));
    return true;
  }
  let d = start - 1;
  while (d >= 0 && text[d] === ' ') d--;
  if (text[d] !== '-') return false;
  const pad = ' '.repeat(columnOf(text, d));
  edits.replace(start, end, items.join(`\n${pad}- `));
  return true;
}

/**
 * Removes the lines of a block-map pair that sits alone on its lines (`key: value` and nothing
 * else); false when the pair shares a line with other content.
 */
export function removePairLines(edits: EditSet, keyStart: number, valueEnd: number): boolean {
  const text = edits.text;
  const start = lineStartOf(text, keyStart);
  if (text.slice(start, keyStart).trim() !== '') return false;
  let end = text.indexOf('\n', valueEnd);
  end = end < 0 ? text.length : end + 1;
  const rest = text.slice(valueEnd, end).trim();
  if (rest !== '' && !rest.startsWith('#')) return false;
  edits.replaceWhole(start, end, '');
  return true;
}

/**
 * Moves the pairs of a block map that are not `keynames` under a new `key:` entry (1.0–1.2
 * operations written directly under an interface → `operations:`): a `key:` line is inserted at
 * the first such pair, and their lines are indented two more spaces. False when they are not one
 * run of pairs, or the map is a flow map.
 */
export function nestPairs(edits: EditSet, m: YMap, keynames: ReadonlySet<string>, key: string): boolean {
  const moved = m.pairs.map((p, i) => (keynames.has(p.key.text) ? -1 : i)).filter((i) => i >= 0);
  if (!moved.length || m.flow) return false;
  if (moved[moved.length - 1]! - moved[0]! !== moved.length - 1) return false;
  const text = edits.text;
  const first = m.pairs[moved[0]!]!;
  const last = m.pairs[moved[moved.length - 1]!]!;
  const start = lineStartOf(text, first.key.span.start);
  if (text.slice(start, first.key.span.start).trim() !== '') return false;
  const pad = text.slice(start, first.key.span.start);
  let end = text.indexOf('\n', last.value ? contentEnd(last.value) : last.key.span.end);
  if (end < 0) end = text.length;
  edits.insert(start, `${pad}${key}:\n`);
  for (let at = start; at < end; at = text.indexOf('\n', at) + 1) {
    const eol = text.indexOf('\n', at);
    if (text.slice(at, eol < 0 ? text.length : eol).trim() !== '') edits.insert(at, '  ');
    if (eol < 0) break;
  }
  return true;
}
