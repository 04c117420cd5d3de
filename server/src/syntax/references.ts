/**
 * The `${...}` reference scanner. It works on a decoded scalar (see scalars.ts), so every span it
 * returns is an exact *source* span whatever the scalar style: plain, quoted with escapes, block,
 * or embedded in text such as `${instance.name}_gw`.
 *
 * Grammar: `${` path `}` where path = name ( `.` name | `[` digits `]` )*, and a name is made of
 * letters, digits, `_` and `-` (property names such as `nested-property` contain hyphens).
 * Whitespace just inside the braces is tolerated.
 */
import type { Span } from './positions.js';
import { decodeScalar, sourceSpanOf, type DecodedScalar } from './scalars.js';
import type { YScalar } from './tree.js';

export interface RefSegment {
  kind: 'name' | 'index';
  /** The name, or the digits of an index. */
  text: string;
  /** Source span of the name or of the digits. */
  span: Span;
}

export interface Reference {
  /** Source span of the whole `${...}` (to the end of the text if unterminated). */
  span: Span;
  /** The text between `${` and `}`. */
  raw: string;
  segments: RefSegment[];
  /** Set when the reference is malformed; `errorSpan` points at the offending part. */
  error?: string;
  errorSpan?: Span;
}

const NAME_CHAR = /[A-Za-z0-9_-]/;

/** Scans a scalar for references. Returns an empty list quickly when there is no `${`. */
export function scanScalarReferences(src: string, scalar: YScalar): Reference[] {
  if (scalar.value === null || typeof scalar.value !== 'string') return [];
  // Fast path: the value has no `${`, so there is nothing to decode (escapes cannot add one then).
  if (scalar.value.indexOf('${') < 0) return [];
  return scanDecoded(decodeScalar(src, scalar), scalar.span.start);
}

/** Scans an already decoded value. */
export function scanDecoded(d: DecodedScalar, fallback: number): Reference[] {
  const out: Reference[] = [];
  const t = d.text;
  let i = t.indexOf('${');
  while (i >= 0) {
    const close = t.indexOf('}', i + 2);
    const nextOpen = t.indexOf('${', i + 2);
    const src = (a: number, b: number) => sourceSpanOf(d, a, b, fallback);
    if (close < 0 || (nextOpen >= 0 && nextOpen < close)) {
      // Unterminated: the reference runs to the next whitespace or the end of the value.
      let e = i + 2;
      while (e < t.length && !/\s/.test(t[e]!) && (nextOpen < 0 || e < nextOpen)) e++;
      const ref = parsePath(t, i + 2, e, src);
      ref.span = src(i, e);
      ref.raw = t.slice(i + 2, e);
      ref.error = `Reference \`${t.slice(i, e)}\` is not closed: add \`}\` after the property name.`;
      ref.errorSpan = src(i, e);
      out.push(ref);
      i = nextOpen;
      continue;
    }
    const ref = parsePath(t, i + 2, close, src);
    ref.span = src(i, close + 1);
    ref.raw = t.slice(i + 2, close);
    out.push(ref);
    i = t.indexOf('${', close + 1);
  }
  return out;
}

/** Scans plain text (no decoding), with offsets relative to `base`. Used on partial input. */
export function scanText(text: string, base = 0): Reference[] {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let k = 0; k < text.length; k++) {
    starts.push(base + k);
    ends.push(base + k + 1);
  }
  return scanDecoded({ text, starts, ends }, base);
}

function parsePath(t: string, from: number, to: number, src: (a: number, b: number) => Span): Reference {
  const segments: RefSegment[] = [];
  const ref: Reference = { span: { start: 0, end: 0 }, raw: '', segments };
  let i = from;
  while (i < to && t[i] === ' ') i++;
  let end = to;
  while (end > i && t[end - 1] === ' ') end--;
  if (i >= end) {
    ref.error = 'Empty reference `${}`: write the name of a property, e.g. `${deploymentLocation}`.';
    ref.errorSpan = src(from - 2, Math.min(to + 1, t.length));
    return ref;
  }
  const fail = (msg: string, a: number, b: number) => {
    if (!ref.error) {
      ref.error = msg;
      ref.errorSpan = src(a, Math.max(b, a + 1));
    }
  };
  let expectName = true;
  while (i < end) {
    const c = t[i]!;
    if (expectName) {
      const s = i;
      while (i < end && NAME_CHAR.test(t[i]!)) i++;
      if (i === s) {
        fail(`Unexpected \`${c}\` in reference: expected a property or component name.`, i, i + 1);
        return ref;
      }
      segments.push({ kind: 'name', text: t.slice(s, i), span: src(s, i) });
      expectName = false;
      continue;
    }
    if (c === '.') {
      i++;
      if (i >= end) fail('Reference ends with `.`: add the member name after the dot or remove the dot.', i - 1, i);
      expectName = true;
      continue;
    }
    if (c === '[') {
      const s = i + 1;
      let k = s;
      while (k < end && t[k]! >= '0' && t[k]! <= '9') k++;
      if (k === s || t[k] !== ']') {
        const close = t.indexOf(']', s);
        fail(
          'List index must be a non-negative whole number in brackets, e.g. `[0]`.',
          i,
          close >= 0 && close < end ? close + 1 : end,
        );
        return ref;
      }
      segments.push({ kind: 'index', text: t.slice(s, k), span: src(s, k) });
      i = k + 1;
      continue;
    }
    fail(
      `Unexpected \`${c}\` in reference: names may contain letters, digits, \`_\` and \`-\`; use \`.\` for members ` +
        `and \`[n]\` for list items.`,
      i,
      i + 1,
    );
    return ref;
  }
  return ref;
}
