/**
 * Source spans of parts of a scalar's value (`Standard` in `call_operation: Standard.create`, the
 * entry type in `map<string, integr>`), through the scalar decoder so quotes and escapes are
 * accounted for: a "did you mean" fix must replace exactly the misspelt token.
 */
import type { Span } from '../../syntax/positions.js';
import { decodeScalar, sourceSpanOf } from '../../syntax/scalars.js';
import type { YScalar } from '../../syntax/tree.js';

/**
 * The source span of the value's characters `[a, b)`, or undefined when the value does not map
 * back to the source one character for one (the caller then points at the whole scalar, with no
 * fix).
 */
export function valuePartSpan(text: string, s: YScalar, a: number, b: number): Span | undefined {
  if (a === 0 && b === s.text.length && s.style === 'plain') return s.span;
  const d = decodeScalar(text, s);
  if (d.text !== s.text || b > d.text.length || a >= b) return undefined;
  const span = sourceSpanOf(d, a, b, s.span.start);
  // A part that crosses an escape or a line fold is not one run of source text.
  return span.end - span.start === b - a ? span : undefined;
}

/** The span of `part` inside the value of `s` (its first occurrence at or after `from`). */
export function findPartSpan(text: string, s: YScalar, part: string, from = 0): Span | undefined {
  const i = s.text.indexOf(part, from);
  return i < 0 ? undefined : valuePartSpan(text, s, i, i + part.length);
}

/**
 * The span of `part` inside a reference (a type name as the model keeps it: its text and the
 * source span of its scalar), its first occurrence at or after `from`, or undefined when it
 * cannot be located exactly.
 */
export function refPartSpan(text: string, ref: { name: string; span: Span }, part: string, from = 0): Span | undefined {
  const q = text[ref.span.start];
  const style = q === '"' ? 'double' : q === "'" ? 'single' : 'plain';
  const s: YScalar = { kind: 'scalar', span: ref.span, style, value: ref.name, text: ref.name };
  return findPartSpan(text, s, part, from);
}
