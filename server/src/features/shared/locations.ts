/** Ranges and paths of other files, for results that point across files (both packs). */
import { URI } from 'vscode-uri';
import type { Span } from '../../syntax/positions.js';
import type { FeatureContext, Location, LocationLink, Range } from '../types.js';

/** The location of `span` in `path` (the current document or another file), if its text is readable. */
export function locationOf(ctx: FeatureContext, path: string, span: Span): Location | undefined {
  const lines = path === ctx.doc.path ? ctx.doc.lines : ctx.linesOf(path);
  if (!lines) return undefined;
  return { path, range: lines.rangeOf(span) };
}

/** A definition link from `origin` to `span` (selection `selection`) in `path`; none when unreadable. */
export function linkTo(
  ctx: FeatureContext,
  origin: Range,
  path: string,
  span: Span,
  selection: Span = span,
): LocationLink[] {
  const lines = path === ctx.doc.path ? ctx.doc.lines : ctx.linesOf(path);
  if (!lines) return [];
  return [
    {
      originSelectionRange: origin,
      targetPath: path,
      targetRange: lines.rangeOf(span),
      targetSelectionRange: lines.rangeOf(selection),
    },
  ];
}

/** `to` relative to the folder of `from`, for display (`../Contains/x/Definitions/lm/resource.yaml`). */
export function relativePath(from: string, to: string): string {
  const a = from.split('/');
  const b = to.split('/');
  let i = 0;
  while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
  const ups = a.length - 1 - i;
  return [...Array<string>(ups).fill('..'), ...b.slice(i)].join('/') || to;
}

/**
 * A markdown link to `path` for hovers: its path relative to the current document as the text, a
 * `file:` URI with a `#L<line>` fragment (the line of `span`, 1-based) as the target, which VS Code
 * opens at that line. Plain text when `path` is not a file on disk (an untitled document).
 */
export function fileLink(ctx: FeatureContext, path: string, span?: Span): string {
  const text = relativePath(ctx.doc.path, path).replace(/[[\]]/g, '\\$&');
  if (!/^(\/|[A-Za-z]:[\\/])/.test(path)) return `_${text}_`;
  const lines = span ? (path === ctx.doc.path ? ctx.doc.lines : ctx.linesOf(path)) : undefined;
  const line = lines && span ? `#L${lines.positionAt(span.start).line + 1}` : '';
  return `[${text}](<${URI.file(path).toString()}${line}>)`;
}
