/** Diagnostics of LM files: the steps that run the LM rules (rules/index.ts) through the shared runner. */
import type { DiagnosticOptions } from '../shared/diagnostics.js';
import { ruleSteps, type Finding } from '../shared/rule.js';
import type { FeatureContext } from '../types.js';
import type { FileKind } from '../../model/kinds.js';
import { makeLmRuleContext } from './rules/context.js';
import { LM_RULES } from './rules/index.js';
import { now } from '../../util/clock.js';

/** The code of YAML syntax problems in LM files. */
export const LM_SYNTAX_CODE = 'LM000';
/** The code of an internal error while checking an LM file. */
export const LM_INTERNAL_ERROR_CODE = 'LM999';

/** The file kinds the LM pack serves. */
export const LM_KINDS: readonly FileKind[] = [
  'assembly',
  'resource',
  'assembly-template',
  'type',
  'lmproject',
  'behaviour',
];

export function diagnose(ctx: FeatureContext, report: (f: Finding) => void, opts: DiagnosticOptions): Iterable<void> {
  return ruleSteps(LM_RULES, makeLmRuleContext(ctx, report), {
    internalErrorCode: LM_INTERNAL_ERROR_CODE,
    budgetCode: 'LM998',
    ...(opts.localOnly ? { localOnly: true } : {}),
    ...(opts.timeRule ? { timeRule: opts.timeRule } : {}),
    ...(opts.ruleClock ? { ruleClock: opts.ruleClock } : {}),
    ...(opts.oneStep ? { oneStep: true } : {}),
    ...(opts.budgetMs !== undefined ? { budgetMs: opts.budgetMs, deadline: now() + opts.budgetMs } : {}),
  });
}
