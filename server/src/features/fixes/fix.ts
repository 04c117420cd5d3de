/**
 * Quick fixes. A fix is a small object in its own file: the diagnostic codes it repairs and a
 * `build` that returns edits. Fixes read what the rule left in `diagnostic.data` and the document;
 * they never re-run the analysis of other files.
 */
import type { Diagnostic, FeatureContext, TextEdit } from '../types.js';

export interface CodeAction {
  title: string;
  kind: 'quickfix';
  diagnostics: Diagnostic[];
  isPreferred?: boolean;
  /** Edits per file (index key / path). */
  edit: { changes: Record<string, TextEdit[]> };
}

export interface Fix {
  codes: readonly string[];
  build(ctx: FeatureContext, d: Diagnostic): CodeAction[];
}

export function action(
  ctx: FeatureContext,
  d: Diagnostic,
  title: string,
  edits: TextEdit[],
  preferred = false,
): CodeAction {
  const a: CodeAction = { title, kind: 'quickfix', diagnostics: [d], edit: { changes: { [ctx.doc.path]: edits } } };
  if (preferred) a.isPreferred = true;
  return a;
}

/** `data.replaceWith`, when the rule suggested a replacement for the diagnostic's range. */
export function replacementOf(d: Diagnostic): string | undefined {
  const data = d.data as { replaceWith?: unknown } | undefined;
  return typeof data?.replaceWith === 'string' ? data.replaceWith : undefined;
}
