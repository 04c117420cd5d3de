/**
 * Where is the cursor, structurally? The one "node at offset" primitive of both language packs:
 * `cursorAt` reads the raw lines by indentation, so it also answers on half-typed YAML (a key
 * without its colon, an empty value, a blank line) where the parser has nothing useful to say, and
 * gives the parsed scalar under the cursor (`node`) when the text parses there.
 */
import type { LineIndex, Span } from './positions.js';
import type { YNode, YScalar } from './tree.js';

/** One structural level on a line: a `- ` sequence marker or a `key:`. */
interface Level {
  col: number;
  kind: 'item' | 'key';
  key?: string;
  /** For keys: offset of the key start and of the end of the colon. */
  keyStart?: number;
  colonEnd?: number;
}

export interface CursorContext {
  /** Keys from the root to the mapping the cursor is in; `-` marks a sequence item. */
  path: string[];
  /** On a key (or where a new key would go), or in the value after `key:`. */
  role: 'key' | 'value';
  /** For `value`: the key whose value this is (also the last element of `valuePath`). */
  key?: string;
  /** For `value`: path including the key. */
  valuePath: string[];
  /** The word being typed before the cursor (for keys: the partial key; for values: the partial value). */
  prefix: string;
  /** Offset where the word being typed starts. */
  prefixStart: number;
  /** Offset where the current key starts (role key) or value starts (role value). */
  tokenStart: number;
  /** End of the current token on the line (after the cursor). */
  tokenEnd: number;
  /** Column of the key (or of the new key) at the cursor. */
  column: number;
  /** True when the cursor line is a sequence item (`- ...`) at the innermost level. */
  inSequenceItem: boolean;
  /** For `value`: nothing is written after the colon on the cursor's line yet. */
  emptyValue: boolean;
}

/** The cursor context plus the parsed node under the cursor. */
export interface Cursor extends CursorContext {
  /** The parsed scalar under the cursor (undefined on whitespace, or where the tree has nothing). */
  readonly node: NodeAt | undefined;
}

/** The cursor at `offset`: its structural context from the text, and the parsed node under it. */
export function cursorAt(lines: LineIndex, root: YNode | null, offset: number): Cursor {
  const ctx = cursorContext(lines, offset);
  let node: NodeAt | undefined | null = null;
  return {
    ...ctx,
    get node() {
      if (node === null) node = nodeAt(root, offset);
      return node;
    },
  };
}

/** Keys and list indexes from the root of a YAML tree. */
export type TreePath = (string | number)[];

/** The parsed scalar under an offset. */
export interface NodeAt {
  /** Keys and list indexes from the root to the scalar (for a key: including the key itself). */
  path: TreePath;
  scalar: YScalar;
  /** On a mapping key, or on a value (a mapping value or a list item). */
  role: 'key' | 'value';
  /** `nodes[i]` is the node at `path.slice(0, i)` (nodes[0] = root); the scalar itself is not included. */
  nodes: YNode[];
}

function inSpan(s: Span, offset: number): boolean {
  return offset >= s.start && offset <= s.end;
}

/** The scalar (key or value) under `offset`, with its path. Aliases are not followed. */
function nodeAt(root: YNode | null, offset: number): NodeAt | undefined {
  const path: TreePath = [];
  const nodes: YNode[] = [];
  let n: YNode | null = root;
  for (let depth = 0; n && depth < 200; depth++) {
    if (!inSpan(n.span, offset)) return undefined;
    if (n.kind === 'scalar') return { path, scalar: n, role: 'value', nodes };
    if (n.kind === 'alias') return undefined;
    nodes.push(n);
    let next: YNode | null = null;
    if (n.kind === 'map') {
      for (const p of n.pairs) {
        if (inSpan(p.key.span, offset)) {
          path.push(p.key.text);
          return { path, scalar: p.key, role: 'key', nodes };
        }
        if (p.value && inSpan(p.value.span, offset)) {
          path.push(p.key.text);
          next = p.value;
          break;
        }
      }
    } else {
      for (let i = 0; i < n.items.length; i++) {
        const it = n.items[i]!;
        if (inSpan(it.span, offset)) {
          path.push(i);
          next = it;
          break;
        }
      }
    }
    n = next;
  }
  return undefined;
}

function levelsOf(text: string, lineStart: number): Level[] {
  const levels: Level[] = [];
  let i = 0;
  while (i < text.length && text[i] === ' ') i++;
  for (;;) {
    if (text[i] === '-' && (i + 1 >= text.length || text[i + 1] === ' ')) {
      levels.push({ col: i, kind: 'item' });
      i++;
      while (i < text.length && text[i] === ' ') i++;
      continue;
    }
    break;
  }
  if (i >= text.length || text[i] === '#') return levels;
  const m = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[][^#]*?)[ \t]*:(?=\s|$)/.exec(text.slice(i));
  if (m) {
    let key = m[1]!;
    if ((key.startsWith('"') && key.endsWith('"')) || (key.startsWith("'") && key.endsWith("'")))
      key = key.slice(1, -1);
    levels.push({ col: i, kind: 'key', key, keyStart: lineStart + i, colonEnd: lineStart + i + m[0].length });
  } else {
    // A key being typed (no colon yet) or a scalar item: keep its column.
    levels.push({ col: i, kind: 'key', keyStart: lineStart + i });
  }
  return levels;
}

function isBlankOrComment(t: string): boolean {
  const s = t.trimStart();
  return s === '' || s.startsWith('#');
}

/** The text-only part of `cursorAt`. */
function cursorContext(lines: LineIndex, offset: number): CursorContext {
  const pos = lines.positionAt(offset);
  const lineStart = lines.lineStarts[pos.line]!;
  const text = lines.lineText(pos.line);
  const cur = levelsOf(text, lineStart);
  const col = pos.character;

  // Levels on the cursor line that sit left of the cursor.
  const before: Level[] = [];
  for (const l of cur) if (l.col < col || (l.kind === 'key' && l.col <= col)) before.push(l);
  const blank = isBlankOrComment(text) && !cur.some((l) => l.kind === 'item');
  let threshold = blank ? col : (cur[0]?.col ?? col);
  // A sequence may sit at the same column as the key that holds it (`key:` then `- item`).
  let chainIsItem = !blank && cur[0]?.kind === 'item';

  const ancestors: string[] = [];
  for (let ln = pos.line - 1; ln >= 0 && threshold > 0; ln--) {
    const t = lines.lineText(ln);
    if (isBlankOrComment(t)) continue;
    const lv = levelsOf(t, lines.lineStarts[ln]!);
    const taken: Level[] = [];
    for (const l of lv) {
      if (l.col < threshold) taken.push(l);
      // `key:` followed by `- item` at the same column.
      else if (
        chainIsItem &&
        taken.length === 0 &&
        lv.indexOf(l) === 0 &&
        l.col === threshold &&
        l.kind === 'key' &&
        l.colonEnd !== undefined
      )
        taken.push(l);
    }
    if (taken.length === 0) continue;
    chainIsItem = taken[0]!.kind === 'item';
    const names: string[] = [];
    for (const l of taken) {
      if (l.kind === 'item') names.push('-');
      else if (l.key !== undefined) names.push(l.key);
    }
    ancestors.unshift(...names);
    threshold = taken[0]!.col;
    if (threshold === 0) break;
  }

  const path = [...ancestors];
  let role: 'key' | 'value' = 'key';
  let key: string | undefined;
  let tokenStart = offset;
  let inSequenceItem = false;
  for (const l of before) {
    if (l.kind === 'item') {
      path.push('-');
      inSequenceItem = true;
    }
  }
  const lastKey = [...before].reverse().find((l) => l.kind === 'key');
  if (lastKey && lastKey.colonEnd !== undefined && offset >= lastKey.colonEnd) {
    role = 'value';
    key = lastKey.key;
    let v = lastKey.colonEnd;
    while (v < lineStart + text.length && text[v - lineStart] === ' ') v++;
    tokenStart = Math.min(v, offset);
  } else if (lastKey && !(lastKey.colonEnd === undefined && before[before.indexOf(lastKey) - 1]?.kind === 'item')) {
    tokenStart = lastKey.keyStart ?? offset;
  } else if (inSequenceItem) {
    // `- |` : a scalar item being typed.
    role = 'value';
    const lastItem = [...before].reverse().find((l) => l.kind === 'item')!;
    let v = lineStart + lastItem.col + 1;
    while (v < offset && text[v - lineStart] === ' ') v++;
    tokenStart = v;
  }
  // The word being typed: back from the cursor over name characters.
  let ps = offset;
  while (ps > tokenStart && /[A-Za-z0-9_\-.:$/{}@]/.test(text[ps - 1 - lineStart]!)) ps--;
  let te = offset;
  while (te < lineStart + text.length && /[A-Za-z0-9_\-.:]/.test(text[te - lineStart]!)) te++;
  const valuePath = role === 'value' && key !== undefined ? [...path, key] : [...path];
  const column = role === 'key' ? (lastKey ? lastKey.col : col) : col;
  return {
    path,
    role,
    ...(key !== undefined ? { key } : {}),
    valuePath,
    prefix: lines.text.slice(ps, offset),
    prefixStart: ps,
    tokenStart,
    tokenEnd: te,
    column,
    inSequenceItem,
    emptyValue: role === 'value' && text.slice(tokenStart - lineStart).trim() === '',
  };
}

/** Keys already written in the mapping the cursor is in (same column, same parent block). */
export function siblingKeys(lines: LineIndex, offset: number, column: number): Set<string> {
  const keys = new Set<string>();
  const cur = lines.positionAt(offset).line;
  const scan = (from: number, step: 1 | -1) => {
    for (let ln = from; ln >= 0 && ln < lines.lineCount; ln += step) {
      const t = lines.lineText(ln);
      const trimmed = t.trimStart();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      let indent = t.length - trimmed.length;
      let body = trimmed;
      // `- key:` opens a mapping whose keys sit after the dash.
      while (body.startsWith('- ')) {
        const rest = body.slice(2).trimStart();
        indent += body.length - rest.length;
        body = rest;
        if (indent === column && step === -1) {
          const m = /^([^\s:#'"][^:#]*?)\s*:(\s|$)/.exec(body);
          if (m) keys.add(m[1]!);
          return;
        }
      }
      if (indent < column) return;
      if (indent > column) continue;
      const m = /^(?:"([^"]*)"|'([^']*)'|([^\s:#'"][^:#]*?))\s*:(\s|$)/.exec(body);
      if (m) keys.add(m[1] ?? m[2] ?? m[3]!);
    }
  };
  scan(cur - 1, -1);
  scan(cur + 1, 1);
  return keys;
}
