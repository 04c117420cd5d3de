/**
 * The `when` of the SOL001 rules that only judge templates of SOL001 node types (VNF, NS, VduCp, the virtual
 * links): each of them returns at once when its own type does not resolve in the file's type table (`isA`
 * resolves its base first; every type of the table is known by its own name, so no chain holds a name that does
 * not resolve). Most files (no SOL001 import) know none of them: saying so in `when` spares the runner the call of
 * ten rules per file and V8 the cold compile of their code, about a third of what the SOL001 rules cost a check.
 */
import type { ToscaRuleContext } from './context.js';

/** Every node type one of those rules tests first; a rule gated here names its own among them. */
export const SOL001_GATE_TYPES: readonly string[] = [
  'tosca.nodes.nfv.VNF',
  'tosca.nodes.nfv.NS',
  'tosca.nodes.nfv.VduCp',
  'tosca.nodes.nfv.VnfVirtualLink',
  'tosca.nodes.nfv.NsVirtualLink',
];

/** True when the engine checks the file and one of the SOL001 node types above resolves in its table. */
export function sol001NodeTypesKnown(ctx: ToscaRuleContext): boolean {
  if (!ctx.simpleProfile) return false;
  // Asked by ten rules of the same file: answered once (a resolve is a trim and up to four map lookups).
  if (ctx.sol001NodeTypes !== undefined) return ctx.sol001NodeTypes;
  const types = ctx.model.types;
  let known = false;
  for (let i = 0; i < SOL001_GATE_TYPES.length && !known; i++) known = !!types.resolve(SOL001_GATE_TYPES[i], 'node');
  ctx.sol001NodeTypes = known;
  return known;
}
