/**
 * Where the cursor is in a TOSCA document, for hover / definition (on the parsed tree: the key
 * path with list indexes, the scalar under the cursor and its containers) and for completion (on
 * the raw text, which may be half-typed: the function call the cursor is an argument of, and the
 * word being typed).
 */
import type { LineIndex, Span } from '../../syntax/positions.js';
import { asMap, asSeq, type YNode, type YPair, type YScalar } from '../../syntax/tree.js';
import { FUNCTION_NAMES } from '../../model/tosca/summary.js';
import type { CursorContext, NodeAt, TreePath } from '../../syntax/cursor.js';

export interface TreeCall {
  fn: string;
  fnKey: YScalar;
  /** The argument list (scalar-form calls such as `get_input: x` have one argument). */
  args: YNode[];
  /** Which argument the cursor is on; -1 on the function name itself. */
  argIndex: number;
}

/** The intrinsic function call whose name or direct argument is under the cursor. */
export function callInTree(loc: NodeAt): TreeCall | undefined {
  const p = loc.path;
  for (let j = p.length - 1; j >= 0 && j >= p.length - 2; j--) {
    const fn = p[j];
    if (typeof fn !== 'string' || !FUNCTION_NAMES.has(fn)) continue;
    const m = asMap(loc.nodes[j]);
    if (!m || m.pairs.length !== 1 || m.pairs[0]!.key.text !== fn) continue;
    const pair = m.pairs[0]!;
    const seq = asSeq(pair.value);
    const args: YNode[] = seq ? seq.items : pair.value ? [pair.value] : [];
    if (j === p.length - 1) return { fn, fnKey: pair.key, args, argIndex: loc.role === 'key' ? -1 : 0 };
    const idx = p[j + 1];
    if (typeof idx === 'number' && seq && loc.role !== 'key') return { fn, fnKey: pair.key, args, argIndex: idx };
  }
  return undefined;
}

/**
 * The cursor path with `-` items as index 0 (what `constructAt` expects), and TOSCA 2.0's
 * `service_template` read as the topology section the features know as `topology_template`.
 */
export function normPath(p: readonly string[]): TreePath {
  return p.map((x, i) => (x === '-' ? 0 : i === 0 && x === 'service_template' ? 'topology_template' : x));
}

/** A tree path with TOSCA 2.0's `service_template` read as `topology_template` (as `normPath`). */
export function topologyPath(p: TreePath): TreePath {
  return p[0] === 'service_template' ? ['topology_template', ...p.slice(1)] : p;
}

export interface TextCall {
  fn: string;
  argIndex: number;
  /** The arguments before the cursor, as text (undefined for nested calls or collections). */
  args: (string | undefined)[];
}

interface Frame {
  open: '[' | '{' | 'top';
  fn?: string;
  argIndex: number;
  args: (string | undefined)[];
  key?: string;
  afterColon: boolean;
  nested: boolean;
}

/** The function call the cursor is an argument of, read from `before` (the line up to the cursor). */
function scanInline(before: string): TextCall | undefined {
  const stack: Frame[] = [{ open: 'top', argIndex: 0, args: [], afterColon: false, nested: false }];
  let word = '';
  const top = () => stack[stack.length - 1]!;
  for (let i = 0; i < before.length; i++) {
    const c = before[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      let s = '';
      while (j < before.length) {
        const d = before[j]!;
        if (c === '"' && d === '\\' && j + 1 < before.length) {
          s += before[j + 1];
          j += 2;
          continue;
        }
        if (d === c) {
          if (c === "'" && before[j + 1] === "'") {
            s += "'";
            j += 2;
            continue;
          }
          break;
        }
        s += d;
        j++;
      }
      if (j >= before.length) return undefined; // the cursor is inside a quoted string
      word = s;
      i = j;
      continue;
    }
    if (c === '#' && (i === 0 || before[i - 1] === ' ')) return undefined;
    const t = top();
    if (c === ':' && (i + 1 >= before.length || /[\s[{]/.test(before[i + 1]!))) {
      t.key = word.trim();
      t.afterColon = true;
      word = '';
      continue;
    }
    if (c === '[') {
      const fn = t.afterColon && t.key && FUNCTION_NAMES.has(t.key) ? t.key : undefined;
      stack.push({ open: '[', ...(fn ? { fn } : {}), argIndex: 0, args: [], afterColon: false, nested: false });
      word = '';
      continue;
    }
    if (c === '{') {
      stack.push({ open: '{', argIndex: 0, args: [], afterColon: false, nested: false });
      word = '';
      continue;
    }
    if (c === ',') {
      if (t.open === '[') {
        t.args.push(t.nested ? undefined : word.trim());
        t.argIndex++;
        t.nested = false;
      } else if (t.open === '{') {
        delete t.key;
        t.afterColon = false;
      }
      word = '';
      continue;
    }
    if (c === ']' || c === '}') {
      if (stack.length > 1) stack.pop();
      top().nested = true;
      word = '';
      continue;
    }
    word += c;
  }
  const t = top();
  if (t.open === '[' && t.fn) return { fn: t.fn, argIndex: t.argIndex, args: t.args };
  if (t.open !== '[' && t.afterColon && t.key && FUNCTION_NAMES.has(t.key) && !t.nested)
    return { fn: t.key, argIndex: 0, args: [] };
  return undefined;
}

/**
 * The function call the cursor is an argument of, on raw text: flow and inline forms on the
 * cursor's line (`{ get_property: [ SELF, na| ] }`, `get_input: |`), or the block list form
 * (`get_property:` followed by `- SELF` items).
 */
export function callAtText(lines: LineIndex, offset: number, cur: CursorContext): TextCall | undefined {
  const pos = lines.positionAt(offset);
  const lineStart = lines.lineStarts[pos.line]!;
  const inline = scanInline(lines.text.slice(lineStart, offset));
  if (inline) return inline;
  const p = cur.path;
  const fn = p[p.length - 2];
  if (!cur.inSequenceItem || p[p.length - 1] !== '-' || fn === undefined || !FUNCTION_NAMES.has(fn)) return undefined;
  const text = lines.lineText(pos.line);
  const col = text.length - text.trimStart().length;
  const args: (string | undefined)[] = [];
  for (let ln = pos.line - 1; ln >= 0; ln--) {
    const t = lines.lineText(ln);
    const trimmed = t.trimStart();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const ind = t.length - trimmed.length;
    if (ind > col) continue;
    if (ind < col || !trimmed.startsWith('-')) break;
    const v = trimmed
      .replace(/^-\s*/, '')
      .replace(/\s+#.*$/, '')
      .trim();
    args.unshift(/^[[{]/.test(v) || v === '' ? undefined : v.replace(/^(['"])(.*)\1$/, '$2'));
  }
  return { fn, argIndex: args.length, args };
}

const WORD = /[A-Za-z0-9_\-.:/]/;

/**
 * The word around the cursor that a completion replaces: back over name characters (not before `min`), forward to the
 * word's end.
 */
export function wordSpan(lines: LineIndex, offset: number, min: number, forKey = false): Span {
  const text = lines.text;
  const pos = lines.positionAt(offset);
  const lineStart = lines.lineStarts[pos.line]!;
  const lineEnd = lines.lineContentEnd(pos.line);
  let s = offset;
  while (s > Math.max(min, lineStart) && WORD.test(text[s - 1]!)) s--;
  let e = offset;
  while (
    e < lineEnd &&
    WORD.test(text[e]!) &&
    !(text[e] === ':' && (forKey || e + 1 >= lineEnd || /\s/.test(text[e + 1]!)))
  )
    e++;
  return { start: s, end: e };
}

/** Where a descent towards an offset stops: on a key, in the white space of a collection, or on a scalar. */
interface Descent {
  path: TreePath;
  node: YNode;
  at: 'key' | 'gap' | 'leaf';
  /** The pair whose key holds the offset (`at: 'key'`). */
  pair?: YPair;
  /** A flow collection was entered on the way. */
  inFlow: boolean;
}

/** Walks from `root` into the entry holding `offset` until it stops (undefined at an alias or past depth 200). */
function descend(root: YNode | null, offset: number): Descent | undefined {
  const path: TreePath = [];
  const within = (s: Span): boolean => offset >= s.start && offset <= s.end;
  let inFlow = false;
  let n: YNode | null = root;
  for (let depth = 0; n && depth < 200; depth++) {
    if (n.kind === 'alias') return undefined;
    if (n.kind === 'scalar') return { path, node: n, at: 'leaf', inFlow };
    if (n.flow) inFlow = true;
    if (n.kind === 'map') {
      const pair = n.pairs.find((p) => within(p.key.span) || (p.value && within(p.value.span)));
      if (!pair) return { path, node: n, at: 'gap', inFlow };
      if (within(pair.key.span)) return { path, node: n, at: 'key', pair, inFlow };
      path.push(pair.key.text);
      n = pair.value;
    } else {
      const i = n.items.findIndex((it) => within(it.span));
      if (i < 0) return { path, node: n, at: 'gap', inFlow };
      path.push(i);
      n = n.items[i]!;
    }
  }
  return undefined;
}

/**
 * The value path of the cursor inside a flow collection, read from the parsed tree, where the
 * line-based cursor context cannot see: a flow list continued over several lines, and a flow map
 * (`c: { type: T, valid_source_types: [ | ] }`, `- r: { capability: C, node: | }`). In a flow list
 * the path ends with the index of the entry being typed; in a flow map with the key whose value the
 * cursor is in. Undefined outside flow collections and at key positions of flow maps.
 */
export function flowValuePath(root: YNode | null, text: string, offset: number): TreePath | undefined {
  const d = descend(root, offset);
  if (!d || d.at === 'key') return undefined;
  const n = d.node;
  if (n.kind === 'scalar') return d.inFlow && offset >= n.span.start && offset <= n.span.end ? d.path : undefined;
  if (n.kind === 'alias' || !n.flow) return undefined;
  if (n.kind === 'seq') return [...d.path, n.items.filter((it) => it.span.end <= offset).length];
  if (n.kind !== 'map') return undefined;
  // In the white space of a flow map: the value of the last key before the cursor, if its `:` is
  // written and no `,` follows it.
  const before = n.pairs.filter((p) => p.key.span.end <= offset).pop();
  if (!before) return undefined;
  const gap = text.slice(before.key.span.end, offset);
  return /^\s*:/.test(gap) && !gap.includes(',') ? [...d.path, before.key.text] : undefined;
}

/** Where a key goes in a flow map: the map's tree path, the keys it has, the span a key item replaces. */
export interface FlowKey {
  path: TreePath;
  present: Set<string>;
  span: Span;
}

/**
 * A key position inside a flow map (`{ capability: C, | }`, or a key being typed there), where the
 * line-based context sees only the value of the block key before the brace; undefined elsewhere.
 */
export function flowKeyAt(root: YNode | null, text: string, offset: number): FlowKey | undefined {
  if (!root || offset < root.span.start || offset > root.span.end) return undefined;
  const d = descend(root, offset);
  const n = d?.node;
  if (!d || n?.kind !== 'map' || !n.flow) return undefined;
  if (d.at === 'key') {
    const present = new Set(n.pairs.filter((q) => q !== d.pair).map((q) => q.key.text));
    return { path: d.path, present, span: d.pair!.key.span };
  }
  // In white space: right after `{`, or after the `,` that ends the entry before the cursor.
  const before = n.pairs.filter((p) => p.key.span.end <= offset).pop();
  const gap = text.slice(before ? (before.value?.span.end ?? before.key.span.end) : n.span.start + 1, offset);
  if (!(before ? /^\s*,\s*$/ : /^\s*$/).test(gap)) return undefined;
  return { path: d.path, present: new Set(n.pairs.map((p) => p.key.text)), span: { start: offset, end: offset } };
}
