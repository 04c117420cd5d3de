/**
 * Building semantic tokens from source spans, for both packs. The protocol's tokens are single-line
 * and non-empty: a span that is empty or crosses a line break (a name split by an escaped line
 * break in a double-quoted scalar) is skipped rather than guessed at.
 */
import type { LineIndex, Span } from '../../syntax/positions.js';
import { decodeScalar, sourceSpanOf, type DecodedScalar } from '../../syntax/scalars.js';
import type { YScalar } from '../../syntax/tree.js';
import type { SemanticToken } from '../types.js';

type TokenType = SemanticToken['type'];
type Modifier = NonNullable<SemanticToken['modifiers']>[number];

/** Appends a token for `span` to `out` when it is non-empty and on one line. */
export function pushToken(
  out: SemanticToken[],
  lines: LineIndex,
  span: Span,
  type: TokenType,
  modifiers: readonly Modifier[] = [],
): void {
  if (span.end <= span.start) return;
  if (lines.positionAt(span.start).line !== lines.positionAt(span.end).line) return;
  out.push({ start: span.start, end: span.end, type, ...(modifiers.length ? { modifiers: [...modifiers] } : {}) });
}

/** A scalar's value with a way back to source offsets (quotes and escapes accounted for). */
export interface ScalarSource {
  decoded: DecodedScalar;
  /** The source span of the value characters `[a, b)`. */
  span(a: number, b: number): Span;
}

export function scalarSource(text: string, s: YScalar): ScalarSource {
  const decoded = decodeScalar(text, s);
  return { decoded, span: (a, b) => sourceSpanOf(decoded, a, b, s.span.start) };
}

/** The source span of a scalar's whole value: inside its quotes, escapes included. */
export function valueSpan(text: string, s: YScalar): Span {
  if (s.style === 'plain') return s.span;
  const src = scalarSource(text, s);
  return src.span(0, src.decoded.text.length);
}
