/**
 * TOSCA diagnostics: runs the TOSCA rules over a document of kind `tosca` through the shared rule
 * context (so suppression comments and severity overrides work as for LM files). A failing rule
 * becomes one TOSCA999 warning and the other rules still run.
 */
import type { RuleContext } from '../rules/rule.js';
import { asMap } from '../../syntax/tree.js';
import { toscaModelOf } from './context.js';
import { TOSCA_RULES } from './rules/index.js';
import type { ToscaCheckOptions, ToscaRuleContext } from './rules/rule.js';

export type { ToscaCheckOptions };

export function checkTosca(rctx: RuleContext, options: ToscaCheckOptions = {}): void {
  const doc = rctx.doc;
  let model;
  try {
    model = toscaModelOf(rctx.feature);
  } catch (e) {
    rctx.report({
      code: 'TOSCA999',
      severity: 'warning',
      span: { start: 0, end: 0 },
      message:
        `Internal error while reading the TOSCA model: ${e instanceof Error ? e.message : String(e)}. ` +
        `Please report it.`,
    });
    return;
  }
  const catalog = model.version?.catalog;
  const ctx: ToscaRuleContext = {
    feature: rctx.feature,
    doc,
    root: asMap(doc.root),
    model,
    options,
    minor: catalog ? Number(catalog.slice(-1)) : 3,
    // Messages end a "did you mean `x`?" clause with the sentence's full stop: drop the doubled punctuation.
    report: (f) =>
      rctx.report(f.message.includes('?.') ? { ...f, message: f.message.replace(/\?\.(\s|$)/g, '?$1') } : f),
  };
  const simple = !model.version || model.version.fullChecks;
  for (const rule of TOSCA_RULES) {
    if (rule.simpleOnly && !simple) continue;
    if (rule.crossFile && options.localOnly) continue;
    try {
      rule.check(ctx);
    } catch (e) {
      rctx.report({
        code: 'TOSCA999',
        severity: 'warning',
        span: { start: 0, end: 0 },
        message:
          `Internal error in rule ${rule.codes[0]}: ${e instanceof Error ? e.message : String(e)}. Please ` +
          `report it; other checks still ran.`,
      });
    }
  }
}
