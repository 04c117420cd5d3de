/**
 * The one rule mechanism of both language packs. A rule is a small object in its own file: the
 * stable codes it reports (its main code first), optionally the file kinds it applies to and an
 * extra condition, and a `check` that reports findings through its pack's context. A pack lists
 * its rules in `rules/index.ts` and runs them with `runRules`, which isolates failures: a rule that
 * throws becomes one warning with the pack's internal-error code and the other rules still run.
 */
import type { DocumentModel } from '../../model/document.js';
import type { FileKind } from '../../model/kinds.js';
import type { Span } from '../../syntax/positions.js';
import type { FeatureContext, Severity } from '../types.js';
import type { DiagnosticData } from './fixData.js';

export interface Finding {
  code: string;
  severity: Severity;
  span: Span;
  message: string;
  data?: DiagnosticData;
}

/** What every pack's rule context has; packs add their model (summary, TOSCA model...). */
export interface RuleContextBase {
  feature: FeatureContext;
  doc: DocumentModel;
  report(f: Finding): void;
}

export interface Rule<Ctx extends RuleContextBase> {
  /** The codes this rule can report; the first is its main code. */
  codes: readonly string[];
  /** File kinds the rule applies to (all kinds of its pack when omitted). */
  kinds?: readonly FileKind[];
  /** Rules that need other files say so, so a fast "this file only" pass can skip them. */
  crossFile?: boolean;
  /** A further condition on the document, e.g. "Simple Profile documents only". */
  when?(ctx: Ctx): boolean;
  check(ctx: Ctx): void;
}

export interface RunOptions {
  /** Skip cross-file rules (before the index is ready, or for a quick first pass). */
  localOnly?: boolean;
  /** The code of the warning that replaces a rule that threw (LM999, TOSCA999). */
  internalErrorCode: string;
}

/** Runs `rules` in order over `ctx`; a failing rule is reported and does not stop the others. */
export function runRules<Ctx extends RuleContextBase>(rules: readonly Rule<Ctx>[], ctx: Ctx, opts: RunOptions): void {
  for (const rule of rules) {
    if (rule.kinds && !rule.kinds.includes(ctx.doc.kind)) continue;
    if (opts.localOnly && rule.crossFile) continue;
    try {
      if (rule.when && !rule.when(ctx)) continue;
      rule.check(ctx);
    } catch (e) {
      ctx.report({
        code: opts.internalErrorCode,
        severity: 'warning',
        span: { start: 0, end: 0 },
        message:
          `Internal error in rule ${rule.codes[0]}: ${e instanceof Error ? e.message : String(e)}. ` +
          'Please report it; other checks still ran.',
      });
    }
  }
}
