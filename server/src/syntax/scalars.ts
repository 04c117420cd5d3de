/**
 * Maps a scalar's cooked value back to source offsets, for every scalar style.
 *
 * `${...}` references must be located in the *source*: quotes, escapes, block indentation and
 * line folding all shift offsets between the value and the file. `decodeScalar` rebuilds the value
 * from the raw source and remembers, for each value character, the source span it came from.
 * Line folding follows YAML closely enough for references (which never span lines); the decoded
 * text equals the parser's value for all single-line scalars.
 */
import type { YScalar } from './tree.js';

export interface DecodedScalar {
  /** The cooked value. */
  text: string;
  /**
   * Set when every value character is its source character (`decodeVerbatim`): character `i` is at source offset
   * `verbatimAt + i`, and `starts` and `ends` are empty (two arrays as long as the value, for every such scalar
   * the workspace pass scans, were 5% of what it allocated).
   */
  verbatimAt?: number;
  /** `starts[i]` is the source offset where value character `i` begins. */
  starts: readonly number[];
  /** `ends[i]` is the source offset just past value character `i`. */
  ends: readonly number[];
}

const NONE: readonly number[] = [];

/** Source span of the value range `[a, b)`; empty ranges map to a caret at `a`. */
export function sourceSpanOf(d: DecodedScalar, a: number, b: number, fallback: number): { start: number; end: number } {
  if (d.text.length === 0) return { start: fallback, end: fallback };
  if (d.verbatimAt !== undefined) {
    // What the arrays would say: starts[i] = at + i, ends[i] = at + i + 1.
    const n = d.text.length;
    const start = d.verbatimAt + (a < n ? a : n);
    return { start, end: b > a ? d.verbatimAt + Math.min(b, n) : start };
  }
  const start = a < d.starts.length ? d.starts[a]! : d.ends[d.ends.length - 1]!;
  const end = b > a ? d.ends[Math.min(b, d.ends.length) - 1]! : start;
  return { start, end };
}

class Builder {
  text = '';
  starts: number[] = [];
  ends: number[] = [];
  push(ch: string, start: number, end: number): void {
    this.text += ch;
    for (let i = 0; i < ch.length; i++) {
      this.starts.push(start);
      this.ends.push(end);
    }
  }
  done(): DecodedScalar {
    return { text: this.text, starts: this.starts, ends: this.ends };
  }
}

/** The one-character escapes of double-quoted scalars (YAML 1.2 §5.7) and what they stand for. */
export const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};

/**
 * Decodes the source of a scalar. `src` is the whole document text.
 * Flow styles fold line breaks into spaces (blank lines into `\n`); block styles strip indentation.
 */
export function decodeScalar(src: string, s: YScalar): DecodedScalar {
  const { start, end } = s.span;
  switch (s.style) {
    case 'plain':
      return decodeFlow(src, start, end, 'plain');
    case 'single':
      return decodeFlow(src, start + 1, Math.max(start + 1, end - 1), 'single');
    case 'double':
      return decodeFlow(src, start + 1, Math.max(start + 1, end - 1), 'double');
    default:
      return decodeBlock(src, start, end, s.style === 'folded');
  }
}

/**
 * A flow scalar on one line with no escape in it (no `''` in single quotes, no `\\` in double
 * quotes): every value character is its source character, which `decodeFlow` would push one by one.
 * Most scalars with a `${...}` are so, and the first check of a large descriptor decodes hundreds of
 * them in code not yet optimised. Undefined when the range is not so.
 */
function decodeVerbatim(
  src: string,
  from: number,
  to: number,
  mode: 'plain' | 'single' | 'double',
): DecodedScalar | undefined {
  const special = mode === 'single' ? 39 : mode === 'double' ? 92 : -1;
  for (let i = from; i < to; i++) {
    const c = src.charCodeAt(i);
    if (c === 10 || c === 13 || c === special) return undefined;
  }
  return { text: src.slice(from, to), verbatimAt: from, starts: NONE, ends: NONE };
}

/** The value of the flow scalar text in [from, to) (quotes excluded); `verbatim: false` only for the tests. */
export function decodeFlow(
  src: string,
  from: number,
  to: number,
  mode: 'plain' | 'single' | 'double',
  verbatim = true,
): DecodedScalar {
  const v = verbatim ? decodeVerbatim(src, from, to, mode) : undefined;
  if (v) return v;
  const b = new Builder();
  let i = from;
  let pendingBreaks = 0;
  let breakAt = from;
  // Trailing whitespace before a line break is not content in flow scalars: buffer it.
  let spaces: { ch: string; at: number }[] = [];
  const flushSpaces = () => {
    for (const sp of spaces) b.push(sp.ch, sp.at, sp.at + 1);
    spaces = [];
  };
  while (i < to) {
    const c = src[i]!;
    if (c === '\r' || c === '\n') {
      spaces = [];
      if (c === '\r' && src[i + 1] === '\n') i++;
      i++;
      // Skip the next line's indentation.
      while (i < to && (src[i] === ' ' || src[i] === '\t')) i++;
      if (pendingBreaks === 0) breakAt = i;
      pendingBreaks++;
      continue;
    }
    if (pendingBreaks > 0) {
      if (b.text.length > 0) {
        if (pendingBreaks === 1) b.push(' ', breakAt, breakAt);
        else for (let k = 1; k < pendingBreaks; k++) b.push('\n', breakAt, breakAt);
      }
      pendingBreaks = 0;
    }
    if (c === ' ' || c === '\t') {
      spaces.push({ ch: c, at: i });
      i++;
      continue;
    }
    flushSpaces();
    if (mode === 'single' && c === "'" && src[i + 1] === "'") {
      b.push("'", i, i + 2);
      i += 2;
      continue;
    }
    if (mode === 'double' && c === '\\' && i + 1 < to) {
      const e = src[i + 1]!;
      if (e === '\n' || e === '\r') {
        // Escaped line break: joins lines without a space.
        i += e === '\r' && src[i + 2] === '\n' ? 3 : 2;
        while (i < to && (src[i] === ' ' || src[i] === '\t')) i++;
        continue;
      }
      const len = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (len > 0) {
        const hex = src.slice(i + 2, i + 2 + len);
        const code = /^[0-9a-fA-F]+$/.test(hex) ? parseInt(hex, 16) : NaN;
        const ch = Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : hex;
        b.push(ch, i, i + 2 + len);
        i += 2 + len;
        continue;
      }
      b.push(ESCAPES[e] ?? e, i, i + 2);
      i += 2;
      continue;
    }
    b.push(c, i, i + 1);
    i++;
  }
  flushSpaces();
  return b.done();
}

function decodeBlock(src: string, from: number, to: number, folded: boolean): DecodedScalar {
  const b = new Builder();
  // Header: `|` or `>` with optional indentation/chomping indicators and a comment.
  let i = from;
  let explicitIndent = 0;
  while (i < to && src[i] !== '\n' && src[i] !== '\r') {
    const c = src[i]!;
    if (c >= '1' && c <= '9' && explicitIndent === 0) explicitIndent = c.charCodeAt(0) - 48;
    if (c === '#') break;
    i++;
  }
  while (i < to && src[i] !== '\n' && src[i] !== '\r') i++;
  // Collect content lines.
  const lines: { start: number; end: number }[] = [];
  while (i < to) {
    if (src[i] === '\r' && src[i + 1] === '\n') i += 2;
    else if (src[i] === '\n' || src[i] === '\r') i++;
    if (i >= to) break;
    const ls = i;
    while (i < to && src[i] !== '\n' && src[i] !== '\r') i++;
    lines.push({ start: ls, end: i });
  }
  let indent = explicitIndent;
  if (indent === 0) {
    for (const l of lines) {
      let k = l.start;
      while (k < l.end && src[k] === ' ') k++;
      if (k < l.end) {
        indent = k - l.start;
        break;
      }
    }
  }
  let prevBlank = true;
  let prevMoreIndented = false;
  lines.forEach((l, idx) => {
    const contentStart = Math.min(l.start + indent, l.end);
    const blank = contentStart >= l.end || src.slice(contentStart, l.end).trim() === '';
    const moreIndented = !blank && (src[contentStart] === ' ' || src[contentStart] === '\t');
    if (idx > 0) {
      const at = l.start;
      if (folded && !blank && !prevBlank && !moreIndented && !prevMoreIndented) b.push(' ', at, at);
      else if (!folded || blank || moreIndented || prevMoreIndented) b.push('\n', at, at);
    }
    for (let k = contentStart; k < l.end; k++) b.push(src[k]!, k, k + 1);
    prevBlank = blank;
    prevMoreIndented = moreIndented;
  });
  return b.done();
}

/**
 * The span of a scalar's text without its quotes (`'a'` -> `a`), from the source: what links and
 * lenses point at. Plain and block scalars, and spans that are not a quoted scalar, come back as given.
 */
export function unquotedSpan(src: string, span: { start: number; end: number }): { start: number; end: number } {
  const q = src[span.start];
  if ((q === '"' || q === "'") && span.end - span.start >= 2 && src[span.end - 1] === q)
    return { start: span.start + 1, end: span.end - 1 };
  return span;
}
