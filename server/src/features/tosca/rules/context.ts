/**
 * What TOSCA rules see: the shared rule context plus the document's TOSCA model (types, imports,
 * templates), the dialect options and the Simple Profile minor version. A rule is `ToscaRule` (the
 * shared `Rule` over this context); see shared/rule.ts.
 */
import type { ToscaModel } from '../../../model/tosca/model.js';
import type { YMap } from '../../../syntax/tree.js';
import type { ToscaOptions } from '../../shared/diagnostics.js';
import type { Rule, RuleContextBase } from '../../shared/rule.js';

export interface ToscaRuleOptions extends ToscaOptions {
  /** Skip checks that need other files (imports), for a quick first pass. */
  localOnly?: boolean;
}

export interface ToscaRuleContext extends RuleContextBase {
  /** The top-level mapping (null when the file is not a mapping). */
  root: YMap | null;
  model: ToscaModel;
  options: ToscaRuleOptions;
  /** Minor version of the Simple Profile catalog in use: 0..3 (3 when unknown). */
  minor: number;
  /** True for Simple Profile documents (and unknown versions); false for TOSCA 2.0, which is syntax-only. */
  simpleProfile: boolean;
}

export type ToscaRule = Rule<ToscaRuleContext>;

/** `when` of rules that apply to Simple Profile documents only (not to TOSCA 2.0). */
export const simpleProfileOnly = (ctx: ToscaRuleContext): boolean => ctx.simpleProfile;
