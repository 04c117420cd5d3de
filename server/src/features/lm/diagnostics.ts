/** Diagnostics of LM files: the steps that run the LM rules (rules/index.ts) through the shared runner. */
import type { DiagnosticOptions } from '../shared/diagnostics.js';
import { ruleSteps, type Finding } from '../shared/rule.js';
import type { FeatureContext } from '../types.js';
import { makeLmRuleContext } from './rules/context.js';
import { LM_RULES } from './rules/index.js';

export function diagnose(ctx: FeatureContext, report: (f: Finding) => void, opts: DiagnosticOptions): Iterable<void> {
  return ruleSteps(LM_RULES, makeLmRuleContext(ctx, report), {
    internalErrorCode: 'LM999',
    budgetCode: 'LM998',
    ...(opts.localOnly ? { localOnly: true } : {}),
    ...(opts.budgetMs !== undefined ? { budgetMs: opts.budgetMs, deadline: performance.now() + opts.budgetMs } : {}),
  });
}
