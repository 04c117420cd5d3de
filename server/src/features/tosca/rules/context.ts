/**
 * What TOSCA rules see: the shared rule context plus the document's TOSCA model (types, imports,
 * templates), the dialect options and the Simple Profile minor version. A rule is `ToscaRule` (the
 * shared `Rule` over this context); see shared/rule.ts.
 */
import type { ToscaGrammar } from '../../../model/tosca/grammars.js';
import type { ToscaModel } from '../../../model/tosca/model.js';
import type { YMap } from '../../../syntax/tree.js';
import type { ToscaDialect, ToscaOptions } from '../../shared/diagnostics.js';
import type { Rule, RuleContextBase } from '../../shared/rule.js';

export interface ToscaRuleOptions extends ToscaOptions {
  /** Always set for rules (`standard` unless the settings say otherwise). */
  dialect: ToscaDialect;
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
  /** True when the engine's rules apply (every known version, TOSCA 2.0 included). */
  simpleProfile: boolean;
  /** The grammar of the document's version: its keynames, topology section, built-in types. */
  grammar: ToscaGrammar;
  /** Whether a SOL001 node type resolves in the file's table, once asked (sol001Gate.ts). */
  sol001NodeTypes?: boolean;
}

export type ToscaRule = Rule<ToscaRuleContext>;

/** `when` of rules that apply whenever the engine checks the document (every version with full checks). */
export const simpleProfileOnly = (ctx: ToscaRuleContext): boolean => ctx.simpleProfile;

/** `when` of rules written in Simple Profile 1.x terms only (1.x function names, SOL001 on 1.x...): not TOSCA 2.0. */
export const version1Only = (ctx: ToscaRuleContext): boolean => ctx.simpleProfile && ctx.grammar.id !== '2_0';

/** True for TOSCA Version 2.0 documents. */
export const isTosca2 = (ctx: ToscaRuleContext): boolean => ctx.grammar.id === '2_0';

/** True under the Cloudsoft AMP dialect (`lmDescriptors.tosca.dialect: amp`). */
export const ampDialect = (ctx: ToscaRuleContext): boolean => ctx.options.dialect === 'amp';

/** True under the Alien4Cloud dialect (its DSL versions, an import of its normative types, or the setting). */
export const alienDialect = (ctx: ToscaRuleContext): boolean => ctx.options.dialect === 'alien4cloud';

/**
 * Type names of Cloudsoft AMP's catalog (`brooklyn.tosca.groups.initializer`,
 * `org.apache.brooklyn.policy.autoscaling.AutoScalerPolicy`, `io.cloudsoft.smart-tomcat9-node`, its
 * `tosca.entity.DynamicCluster` alias): AMP resolves them at deploy time.
 */
export function isAmpCatalogType(ctx: ToscaRuleContext, name: string): boolean {
  return ampDialect(ctx) && /^(brooklyn\.|org\.apache\.brooklyn\.|io\.cloudsoft\.|tosca\.entity\.)/.test(name);
}

/** AMP's interface for service monitoring, on every node under the dialect, and its operation. */
export const AMP_CHECK_RUNNING = {
  names: ['CheckRunning', 'brooklyn.tosca.interfaces.node.lifecycle.CheckRunning'],
  operations: ['check_running'],
} as const;
