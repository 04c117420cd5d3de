/**
 * The outline tree of an edited text from the tree of the text before the edit (issue 21): a
 * keystroke inside one entry of a top-level section (a component, a relationship, a property, a
 * node template) reads that entry again and keeps the rest of the tree.
 *
 * When it applies: the tree before came from the outline scanner (`outlineYaml` accepted the old
 * text), its root is a block mapping, and the edit (the window between the texts' common prefix and
 * suffix) lies inside the lines of one entry of a block-mapping section: after the first character
 * of its key (so neither its column nor the key's start moved) and before the line of the next
 * entry or top-level key. Then the text outside those lines is the old text (moved by the edit's
 * change of length), which the scanner accepted, and what the scanner builds from it does not
 * depend on the entry's lines: a line of the entry can only end or continue a node inside the entry
 * (a deeper line), and the lines around it are at the entry's column or less. So the new tree is the
 * old one with that entry read again (`outlineRange`, which applies the whole-text checks of the
 * scanner to the range: tabs, stray carriage returns, byte order marks, lines at column 0) and the
 * entries after it moved; the ends of the section and of the root are recomputed where the entry is
 * the last one. A sibling typed below the entry, at its column, is read as one more entry of the same
 * mapping. When the range reads as anything else (a dedent, a first key that moved), it gives up and
 * the caller scans the whole text; when the scanner gives up on the range (something it does not
 * model, a syntax error), it says so (null): a syntax error there is found without the whole text's scan.
 * `test/syntax/outlineEdit.test.ts` holds it to `outlineYaml` of the whole new text.
 */
import { hasAnchors, outlineRange } from './outline.js';
import type { Span } from './positions.js';
import type { YMap, YNode, YPair, YScalar } from './tree.js';

/** Where two texts differ: they agree before `prefix` and over their last `suffix` characters. */
export interface EditWindow {
  prefix: number;
  suffix: number;
}

/** Characters compared at once while looking for the edit. */
const BLOCK = 512;

/** The window of the edit that turned `a` into `b` (the longest common prefix, then suffix). */
export function editWindowOf(a: string, b: string): EditWindow {
  const max = Math.min(a.length, b.length);
  // Whole blocks compare as strings (in the engine, far quicker than a loop over characters), the
  // block with the first difference character by character.
  let prefix = 0;
  while (prefix + BLOCK <= max && a.slice(prefix, prefix + BLOCK) === b.slice(prefix, prefix + BLOCK)) prefix += BLOCK;
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  const room = max - prefix;
  while (
    suffix + BLOCK <= room &&
    a.slice(a.length - suffix - BLOCK, a.length - suffix) === b.slice(b.length - suffix - BLOCK, b.length - suffix)
  )
    suffix += BLOCK;
  while (suffix < room && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  return { prefix, suffix };
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** One step of the path from the root to the entry read again: a block mapping and the entry's place in it. */
export interface Step {
  map: YMap;
  index: number;
  /** Where the lines of the entry end in the old text: the start of the next entry's line at its level or above. */
  to: number;
}

/**
 * The outline tree of `text` given the outline tree `root` of `before` (see the header); undefined when the edit is
 * not inside one entry of a section (the caller scans the whole text), null when the scanner gives up on the entry's
 * new lines (the caller looks for a syntax error there before it scans the whole text).
 *
 * The entry read again is the innermost one whose lines hold the edit: from a section's entry (a node template)
 * down through block mappings (its `properties`, one property), as long as the edit stays after the first character
 * of a key there. The reasoning of the header holds at any depth: the lines around such an entry are its siblings' or
 * its ancestors', at its column or less. A keystroke in one property of a 2,000-line TOSCA template reads that
 * property again, not the whole `node_templates` section.
 */
export function reoutline(before: string, root: YNode | null, text: string): YNode | null | undefined {
  const edited = editedEntry(before, root, text);
  return edited && reoutlineEntry(text, edited);
}

/** `reoutline` once the caller has found the edited entry (`editedEntry`). */
export function reoutlineEntry(text: string, edited: EditedEntry): YNode | null | undefined {
  const { path, from, to, delta, column } = edited;
  const read = outlineRange(text, from, to, path.length);
  const inner = path[path.length - 1]!;
  // The scanner gave up on the entry's lines, none of them left of its column (a dedent the whole text may read): a
  // syntax error there, most often, which the caller looks for in those lines first (syntax/recover.ts `probeEntry`).
  if (!read) return deeperFrom(text, from, to, column) ? null : undefined;
  const fresh = read.pairs;
  if (!fresh.length || fresh[0]!.key.span.start !== inner.map.pairs[inner.index]!.key.span.start) return undefined;
  // The mappings on the path are made again from the inside out: the entries before the edit as they were, those
  // after it moved, and a mapping's end that of its new last entry when the edit was in that entry. The lines may
  // now hold more entries at the same column (a sibling typed below): they are all the innermost mapping's.
  let value: YMap | undefined;
  for (let k = path.length - 1; k >= 0; k--) {
    const { map: m, index } = path[k]!;
    const pairs: YPair[] = value ? [{ key: m.pairs[index]!.key, value }] : fresh;
    const last = index === m.pairs.length - 1;
    value = {
      kind: 'map',
      span: { start: m.span.start, end: last ? (value ? value.span.end : read.span.end) : m.span.end + delta },
      flow: false,
      pairs: [...m.pairs.slice(0, index), ...pairs, ...m.pairs.slice(index + 1).map((p) => movedPair(p, delta))],
    };
  }
  return value;
}

/** True when every line in [from, to) of `text` with content (not blank, not only a comment) starts at `column`+. */
export function deeperFrom(text: string, from: number, to: number, column: number): boolean {
  for (let at = from; at < to;) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    let i = at;
    while (text.charCodeAt(i) === 32) i++;
    const c = text.charCodeAt(i);
    // Content left of the column (a tab counts as content).
    if (i - at < column && i < end && c !== 35 && c !== 13) return false;
    at = end + 1;
  }
  return true;
}

/**
 * The innermost entry holding the edit from `before` (whose outline tree is `root`) to `text` (see `reoutline`): the
 * path to it, its lines [from, to) in `text` at column `column` (never 0), and the edit's change of length; undefined
 * when the edit is not inside one entry of a section. `w`: the edit's window, when the caller has it. For the
 * reading of those lines again (`reoutlineEntry`), or by the parser alone when the outline scanner cannot read them
 * (syntax/recover.ts `probeEntry`).
 */
export interface EditedEntry {
  path: Step[];
  from: number;
  to: number;
  column: number;
  delta: number;
}

export function editedEntry(
  before: string,
  root: YNode | null,
  text: string,
  w: EditWindow = editWindowOf(before, text),
): EditedEntry | undefined {
  if (!root || root.kind !== 'map' || root.flow || before === text) return undefined;
  // Aliases point at their anchors' node objects: such a tree is scanned again whole.
  if (hasAnchors(root)) return undefined;
  const editEnd = before.length - w.suffix;
  const delta = text.length - before.length;
  const path: Step[] = [];
  let map: YMap = root;
  // The first pair after the current entry at its level or above (its lines end where that pair's line starts).
  let following: YPair | undefined;
  for (;;) {
    const pairs = map.pairs;
    let j = 0;
    while (j + 1 < pairs.length && pairs[j + 1]!.key.span.start <= w.prefix) j++;
    const entry = pairs[j];
    if (!entry || w.prefix <= entry.key.span.start) break;
    const after = pairs[j + 1] ?? following;
    const to = after ? lineStart(before, after.key.span.start) : before.length;
    if (editEnd >= to) break;
    path.push({ map, index: j, to });
    following = after;
    const v = entry.value;
    if (!v || v.kind !== 'map' || v.flow) break;
    map = v;
  }
  // A top-level entry is not read alone (its column is 0): at least an entry of a section.
  if (path.length < 2) return undefined;
  const inner = path[path.length - 1]!;
  const entry = inner.map.pairs[inner.index]!;
  const from = lineStart(before, entry.key.span.start);
  // Column 0 would be a top-level key; a section's entries and theirs are deeper.
  if (from === entry.key.span.start) return undefined;
  return { path, from, to: inner.to + delta, column: entry.key.span.start - from, delta };
}

function moved(s: Span, by: number): Span {
  return { start: s.start + by, end: s.end + by };
}

/**
 * A copy of `p` with every span moved by `by` (the old tree stays as it was: the version before keeps it). Nodes are
 * built with the scanner's and the parser's property order, so that code reading trees sees one shape per kind.
 */
function movedPair(p: YPair, by: number): YPair {
  if (by === 0) return p;
  return { key: movedScalar(p.key, by), value: p.value && movedNode(p.value, by) };
}

function movedScalar(n: YScalar, by: number): YScalar {
  return { kind: 'scalar', span: moved(n.span, by), style: n.style, value: n.value, text: n.text };
}

function movedNode(n: YNode, by: number): YNode {
  switch (n.kind) {
    case 'scalar':
      return movedScalar(n, by);
    case 'map': {
      const pairs = new Array<YPair>(n.pairs.length);
      for (let i = 0; i < pairs.length; i++) pairs[i] = movedPair(n.pairs[i]!, by);
      return { kind: 'map', span: moved(n.span, by), flow: n.flow, pairs };
    }
    case 'seq': {
      const items = new Array<YNode>(n.items.length);
      for (let i = 0; i < items.length; i++) items[i] = movedNode(n.items[i]!, by);
      return { kind: 'seq', span: moved(n.span, by), flow: n.flow, items };
    }
    case 'alias':
      // Never reached: a tree with aliases is not edited in part (`hasAnchors`).
      return { ...n, span: moved(n.span, by) };
  }
}
