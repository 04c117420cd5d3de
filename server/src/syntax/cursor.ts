/**
 * Where is the cursor, structurally? Works on the raw lines by indentation, so it also answers on
 * half-typed YAML (a key without its colon, an empty value, a blank line) where the parser has
 * nothing useful to say.
 */
import type { LineIndex } from './positions.js';

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

/** Computes the cursor context at `offset`. */
export function cursorContext(lines: LineIndex, offset: number): CursorContext {
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
