/**
 * What LM rules see: the shared rule context plus the descriptor summary and the document's
 * resolved `${...}` references and `<component>.<member>` items, each computed once per run.
 * A rule is `LmRule` (the shared `Rule` over this context); see shared/rule.ts.
 */
import { summariseDescriptor, type DescriptorSummary } from '../../../model/lm/summary.js';
import type { FeatureContext } from '../../types.js';
import type { Finding, Rule, RuleContextBase } from '../../shared/rule.js';
import type { ResolvedRef } from '../resolve.js';
import { resolvedReferences } from '../resolvedRefs.js';
import { collectDottedItems, type DottedItem } from '../dotted.js';

export interface LmRuleContext extends RuleContextBase {
  /** The descriptor summary; an empty one for lmproject files, whose rules read the tree. */
  summary: DescriptorSummary;
  /** Resolved `${...}` references, computed once per run. */
  refs(): ResolvedRef[];
  /** `<component>.<member>` items, computed once per run. */
  dotted(): DottedItem[];
}

export type LmRule = Rule<LmRuleContext>;

export function makeLmRuleContext(feature: FeatureContext, report: (f: Finding) => void): LmRuleContext {
  const doc = feature.doc;
  const s = doc.summary;
  const summary = 'components' in s ? s : summariseDescriptor('assembly', null);
  let refs: ResolvedRef[] | undefined;
  return {
    feature,
    doc,
    summary,
    report,
    refs() {
      refs ??= resolvedReferences(feature, summary);
      return refs;
    },
    dotted: () => collectDottedItems(doc),
  };
}
