/**
 * Diagnostics: the document's language pack runs its rules; the shared collector applies
 * suppression comments and severity overrides. Files no pack serves get none.
 */
import { packFor } from './packs.js';
import { diagnosticCollector, type DiagnosticOptions } from './shared/diagnostics.js';
import type { Diagnostic, FeatureContext } from './types.js';

export type { DiagnosticOptions } from './shared/diagnostics.js';

export function computeDiagnostics(ctx: FeatureContext, opts: DiagnosticOptions = {}): Diagnostic[] {
  const pack = packFor(ctx.doc.kind);
  if (!pack) return [];
  const collector = diagnosticCollector(ctx, opts);
  pack.diagnose(ctx, (f) => collector.report(f), opts);
  return collector.diagnostics;
}
