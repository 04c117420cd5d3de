/** Diagnostics of LM files: runs the LM rules (rules/index.ts) through the shared runner. */
import type { DiagnosticOptions } from '../shared/diagnostics.js';
import { runRules, type Finding } from '../shared/rule.js';
import type { FeatureContext } from '../types.js';
import { makeLmRuleContext } from './rules/context.js';
import { LM_RULES } from './rules/index.js';

export function diagnose(ctx: FeatureContext, report: (f: Finding) => void, opts: DiagnosticOptions): void {
  runRules(LM_RULES, makeLmRuleContext(ctx, report), {
    internalErrorCode: 'LM999',
    ...(opts.localOnly ? { localOnly: true } : {}),
  });
}
