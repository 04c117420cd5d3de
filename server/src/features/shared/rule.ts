/**
 * The one rule mechanism of both language packs. A rule is a small object in its own file: the
 * stable codes it reports (its main code first), optionally the file kinds it applies to and an
 * extra condition, and a `check` that reports findings through its pack's context. A pack lists
 * its rules in `rules/index.ts` and runs them with `ruleSteps`, which isolates failures (a rule that
 * throws becomes one warning with the pack's internal-error code and the other rules still run) and
 * keeps to a time budget (once it is spent, the rules not yet run are skipped and one notice says
 * which). It yields after each rule, so a caller can answer other requests in between.
 */
import type { DocumentModel } from '../../model/document.js';
import type { FileKind } from '../../model/kinds.js';
import type { Span } from '../../syntax/positions.js';
import type { FeatureContext, Severity } from '../types.js';
import type { DiagnosticData } from './fixData.js';
import { now } from '../../util/clock.js';

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
  /** The code of the notice that says the budget ran out (LM998, TOSCA998). */
  budgetCode: string;
  /** The time (util/clock.ts `now`) after which no further rule starts; no limit when undefined. */
  deadline?: number;
  /** The budget in milliseconds, for the notice. */
  budgetMs?: number;
  /** Told the time each rule took (its main code, milliseconds): the bench's per-rule table. */
  timeRule?: (code: string, ms: number) => void;
  /** The clock `timeRule` measures with (milliseconds; util/clock.ts `now` by default). */
  ruleClock?: () => number;
  /** The caller never pauses between rules (`computeDiagnostics`): no step per rule, the same findings. */
  oneStep?: boolean;
}

/**
 * Runs `rules` in order over `ctx`, one step per rule. A failing rule is reported and does not
 * stop the others; past the deadline the remaining rules are skipped and reported in one notice.
 */
export function* ruleSteps<Ctx extends RuleContextBase>(
  rules: readonly Rule<Ctx>[],
  ctx: Ctx,
  opts: RunOptions,
): Generator<void, void, void> {
  const applicable = rules.filter(
    (rule) => (!rule.kinds || rule.kinds.includes(ctx.doc.kind)) && !(opts.localOnly && rule.crossFile),
  );
  for (let i = 0; i < applicable.length; i++) {
    const rule = applicable[i]!;
    if (opts.deadline !== undefined && now() > opts.deadline) {
      const skipped = applicable.slice(i).map((r) => r.codes[0]);
      ctx.report({
        code: opts.budgetCode,
        severity: 'information',
        span: { start: 0, end: 0 },
        message:
          `Checking stopped after ${opts.budgetMs ?? '?'} ms (lmDescriptors.analysisBudgetMs) before ` +
          `${skipped.length} check(s) ran (${skipped.join(', ')}), so findings may be missing. The file is ` +
          'probably very large: split it, or raise the budget.',
      });
      return;
    }
    const clock = opts.ruleClock ?? now;
    const t0 = opts.timeRule ? clock() : 0;
    try {
      if (!rule.when || rule.when(ctx)) rule.check(ctx);
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
    opts.timeRule?.(rule.codes[0]!, clock() - t0);
    // A step costs a generator resume in the caller's loop, twice through a pack's `yield*` (48 rules a file).
    if (!opts.oneStep) yield;
  }
}
