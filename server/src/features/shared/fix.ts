/**
 * Quick fixes. A fix is a small object in its own file: the kind of fix payload it handles (see
 * fixData.ts) and a `build` that returns edits from that payload and the document. Fixes never
 * re-run the analysis of other files. A pack lists its fixes in `fixes/index.ts`.
 */
import type { Diagnostic, FeatureContext, TextEdit } from '../types.js';
import type { FixDataOf, FixKind } from './fixData.js';

export interface CodeAction {
  title: string;
  /** `quickfix` for a diagnostic's fix; `refactor.rewrite` for a rewrite offered without one (migration). */
  kind: 'quickfix' | 'refactor.rewrite';
  diagnostics: Diagnostic[];
  isPreferred?: boolean;
  /** Edits per file (index key / path). */
  edit: { changes: Record<string, TextEdit[]> };
}

export interface Fix<K extends FixKind = FixKind> {
  kind: K;
  build(ctx: FeatureContext, d: Diagnostic, data: FixDataOf<K>): CodeAction[];
}

/** A pack's fixes by kind (at most one fix per kind). */
export type FixTable = { readonly [K in FixKind]?: Fix<K> };

/** Declares a fix; the kind types its payload. */
export function defineFix<K extends FixKind>(kind: K, build: Fix<K>['build']): Fix<K> {
  return { kind, build };
}

/** The code actions `table` offers for diagnostic `d` (none when it carries no fix payload). */
export function fixesFor(table: FixTable, ctx: FeatureContext, d: Diagnostic): CodeAction[] {
  const out: CodeAction[] = [];
  for (const data of d.data?.fixes ?? []) {
    try {
      out.push(...buildFix(table, ctx, d, data));
    } catch {
      // A broken fix must not hide the others.
    }
  }
  return out;
}

function buildFix<K extends FixKind>(table: FixTable, ctx: FeatureContext, d: Diagnostic, data: FixDataOf<K>) {
  const fix: Fix<K> | undefined = table[data.fix];
  return fix ? fix.build(ctx, d, data) : [];
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
