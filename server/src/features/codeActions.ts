/**
 * Code actions for the diagnostics in a range. The diagnostics are recomputed here rather than
 * trusted from the client, so the fixes always match the current text.
 */
import { computeDiagnostics, type DiagnosticOptions } from './diagnostics.js';
import { FIXES } from './fixes/index.js';
import type { CodeAction } from './fixes/fix.js';
import type { FeatureContext, Range } from './types.js';

export type { CodeAction } from './fixes/fix.js';

function overlaps(a: Range, b: Range): boolean {
  const before = (x: { line: number; character: number }, y: { line: number; character: number }) =>
    x.line < y.line || (x.line === y.line && x.character <= y.character);
  return before(a.start, b.end) && before(b.start, a.end);
}

export function codeActions(ctx: FeatureContext, range: Range, opts: DiagnosticOptions = {}): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of computeDiagnostics(ctx, opts)) {
    if (!overlaps(d.range, range)) continue;
    for (const f of FIXES) {
      if (!f.codes.includes(d.code)) continue;
      try {
        out.push(...f.build(ctx, d));
      } catch {
        // A broken fix must not hide the others.
      }
    }
  }
  return out;
}
