/**
 * Diagnostics of TOSCA files: builds the rule context (the document's TOSCA model, dialect options,
 * Simple Profile version) and runs the TOSCA rules (rules/index.ts) through the shared runner.
 */
import { asMap } from '../../syntax/tree.js';
import type { DiagnosticOptions } from '../shared/diagnostics.js';
import { runRules, type Finding } from '../shared/rule.js';
import type { FeatureContext } from '../types.js';
import { toscaModelOf } from './model.js';
import type { ToscaRuleContext } from './rules/context.js';
import { TOSCA_RULES } from './rules/index.js';

export function diagnose(ctx: FeatureContext, report: (f: Finding) => void, opts: DiagnosticOptions): void {
  let model;
  try {
    model = toscaModelOf(ctx);
  } catch (e) {
    report({
      code: 'TOSCA999',
      severity: 'warning',
      span: { start: 0, end: 0 },
      message:
        `Internal error while reading the TOSCA model: ${e instanceof Error ? e.message : String(e)}. ` +
        'Please report it.',
    });
    return;
  }
  const catalog = model.version?.catalog;
  const rctx: ToscaRuleContext = {
    feature: ctx,
    doc: ctx.doc,
    report,
    root: asMap(ctx.doc.root),
    model,
    options: { ...opts.tosca, ...(opts.localOnly ? { localOnly: true } : {}) },
    minor: catalog ? Number(catalog.slice(-1)) : 3,
    simpleProfile: !model.version || model.version.fullChecks,
  };
  runRules(TOSCA_RULES, rctx, { internalErrorCode: 'TOSCA999', ...(opts.localOnly ? { localOnly: true } : {}) });
}
