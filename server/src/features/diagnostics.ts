/**
 * Diagnostics: the document's language pack runs its rules; the shared collector applies
 * suppression comments and severity overrides. Files no pack serves get none.
 *
 * `computeDiagnostics` runs every step at once (the CLI, tests). `computeDiagnosticsInSlices` runs
 * the same steps but awaits `pause()` whenever a slice of `sliceMs` is used up, so a server can
 * answer other requests while a large file is checked; the result is the same.
 */
import { diagnoserFor } from './diagnosers.js';
import { diagnosticCollector, type DiagnosticOptions } from './shared/diagnostics.js';
import type { Diagnostic, FeatureContext } from './types.js';
import { now } from '../util/clock.js';

export type { DiagnosticOptions } from './shared/diagnostics.js';

export function computeDiagnostics(ctx: FeatureContext, opts: DiagnosticOptions = {}): Diagnostic[] {
  const pack = diagnoserFor(ctx.doc.kind);
  if (!pack) return [];
  const collector = diagnosticCollector(ctx, opts, pack.syntaxCode);
  for (const _ of pack.diagnose(ctx, (f) => collector.report(f), { ...opts, oneStep: true }));
  return collector.diagnostics;
}

export async function computeDiagnosticsInSlices(
  ctx: FeatureContext,
  opts: DiagnosticOptions,
  pause: () => Promise<void>,
  sliceMs = 15,
): Promise<Diagnostic[]> {
  const pack = diagnoserFor(ctx.doc.kind);
  if (!pack) return [];
  const collector = diagnosticCollector(ctx, opts, pack.syntaxCode);
  let sliceStart = now();
  for (const _ of pack.diagnose(ctx, (f) => collector.report(f), opts)) {
    if (now() - sliceStart >= sliceMs) {
      await pause();
      sliceStart = now();
    }
  }
  return collector.diagnostics;
}
