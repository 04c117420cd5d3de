/**
 * Code actions for the diagnostics in a range, from the document's language pack. The diagnostics
 * are recomputed here rather than trusted from the client, so the fixes always match the text.
 */
import { computeDiagnostics, type DiagnosticOptions } from './diagnostics.js';
import { packFor } from './packs.js';
import { fixesFor, type CodeAction } from './shared/fix.js';
import type { FeatureContext, Position, Range } from './types.js';

export type { CodeAction } from './shared/fix.js';

function before(x: Position, y: Position): boolean {
  return x.line < y.line || (x.line === y.line && x.character <= y.character);
}

function overlaps(a: Range, b: Range): boolean {
  return before(a.start, b.end) && before(b.start, a.end);
}

export function codeActions(ctx: FeatureContext, range: Range, opts: DiagnosticOptions = {}): CodeAction[] {
  const pack = packFor(ctx.doc.kind);
  if (!pack) return [];
  const out: CodeAction[] = [];
  for (const d of computeDiagnostics(ctx, opts)) {
    if (overlaps(d.range, range)) out.push(...fixesFor(pack.fixes, ctx, d));
  }
  try {
    out.push(...(pack.refactors?.(ctx, range) ?? []));
  } catch {
    // A broken rewrite must not hide the quick fixes.
  }
  return out;
}
