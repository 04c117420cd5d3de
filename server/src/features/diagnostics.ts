/**
 * Runs the rules that apply to a document and returns LSP-shaped diagnostics.
 *
 * Suppression comments (`# lm-disable-next-line LM021`, see suppression.ts) drop findings before
 * severity overrides apply. Severity overrides come from settings (`lmDescriptors.diagnostics.severity`: code ->
 * severity or
 * `off`). Rules never throw out of here: a failing rule becomes one diagnostic that says so, and
 * the other rules still run.
 */
import type { Diagnostic, FeatureContext, Severity } from './types.js';
import { RULES } from './rules/index.js';
import { makeRuleContext, type Finding } from './rules/rule.js';
import { suppressionsOf } from './suppression.js';
import { checkTosca, type ToscaCheckOptions } from './tosca/diagnostics.js';

export interface DiagnosticOptions {
  severityOverrides?: Record<string, Severity | 'off'>;
  /** Skip cross-file rules (for a quick first pass). */
  localOnly?: boolean;
  /** TOSCA dialect switches, e.g. `genericTypeNotation` (see docs/tosca-diagnostic-codes.md). */
  tosca?: ToscaCheckOptions;
}

export function computeDiagnostics(ctx: FeatureContext, opts: DiagnosticOptions = {}): Diagnostic[] {
  const doc = ctx.doc;
  const out: Diagnostic[] = [];
  const overrides = opts.severityOverrides ?? {};
  const report = (f: Finding) => {
    const o = overrides[f.code];
    if (o === 'off') return;
    const d: Diagnostic = {
      range: doc.lines.rangeOf(f.span),
      severity: o ?? f.severity,
      code: f.code,
      message: f.message,
      source: 'lm-descriptors',
    };
    if (f.data !== undefined) d.data = f.data;
    out.push(d);
  };
  const suppressed = suppressionsOf(doc.text, doc.lines);
  const rctx = makeRuleContext(
    ctx,
    suppressed
      ? (f) => {
          if (!suppressed(f.code, doc.lines.positionAt(f.span.start).line)) report(f);
        }
      : report,
  );
  if (doc.kind === 'tosca') {
    checkTosca(rctx, { ...opts.tosca, ...(opts.localOnly ? { localOnly: true } : {}) });
    return out;
  }
  for (const rule of RULES) {
    if (!rule.kinds.includes(doc.kind)) continue;
    if (opts.localOnly && rule.crossFile) continue;
    try {
      rule.check(rctx);
    } catch (e) {
      report({
        code: 'LM999',
        severity: 'warning',
        span: { start: 0, end: 0 },
        message:
          `Internal error in rule ${rule.codes[0]}: ${e instanceof Error ? e.message : String(e)}. Please ` +
          `report it; other checks still ran.`,
      });
    }
  }
  return out;
}
