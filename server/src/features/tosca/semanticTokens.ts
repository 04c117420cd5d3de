/**
 * Semantic tokens of TOSCA Simple Profile templates: the intrinsic function calls, so any LSP
 * editor tells them from the plain mappings around them.
 *
 * | part | token |
 * |---|---|
 * | function name (the key of `{ get_input: … }`, `concat: [ … ]`…) | `function` +`defaultLibrary` |
 * | `SELF`, `SOURCE`, `TARGET`, `HOST` as the first argument of an entity function (below) | `keyword` |
 * | the input name of `get_input`, when `topology_template.inputs` declares it | `parameter` |
 * | the node type of `get_nodes_of_type`, when it resolves | `type` |
 *
 * A call is a mapping with a single key, a function name, whose value has the shape that function's
 * arguments take: a list (a scalar too for `get_input`, only a scalar for `get_nodes_of_type`). That
 * tells a call from a look-alike: a property definition named `token`, an assignment `token: SELF`.
 * An undeclared input or unknown type gets no token (it keeps the string's colour and its
 * diagnostic). TOSCA 2.0 documents get the tokens of their `$` calls (functions2.ts).
 * The walk below does not run on 2.0: it finds only 1.x call shapes (`{ get_input: … }`), which in
 * 2.0 are plain maps (a map-typed value, a property named `concat`), so it would colour data; the
 * 2.0 tokens cover what it gives in 1.x (keywords, declared inputs) for `$` calls.
 */
import { FUNCTION_NAMES } from '../../model/tosca/summary.js';
import { asScalar, asSeq, deref, type YNode, type YScalar } from '../../syntax/tree.js';
import { pushToken, valueSpan } from '../shared/tokens.js';
import type { FeatureContext, SemanticToken } from '../types.js';
import { toscaModelOf } from './model.js';
import type { ToscaModel } from '../../model/tosca/model.js';
import { grammarOf } from '../../model/tosca/grammars.js';
import { tosca2Tokens } from './functions2.js';

/** The reserved function keywords of the Simple Profile (modelable entities, spec §4.1). */
const ENTITY_KEYWORDS: ReadonlySet<string> = new Set(['SELF', 'SOURCE', 'TARGET', 'HOST']);
/** The entity functions: their first argument names a modelable entity (a template or a keyword). */
const ENTITY_FUNCTIONS: ReadonlySet<string> = new Set([
  'get_property',
  'get_attribute',
  'get_operation_output',
  'get_artifact',
]);
/** Calls nested deeper than this are not visited (the parser caps nesting below it anyway). */
const MAX_DEPTH = 200;

export function semanticTokens(ctx: FeatureContext): SemanticToken[] {
  const root = ctx.doc.root;
  if (!root) return [];
  const model = toscaModelOf(ctx);
  if (grammarOf(model.version).id === '2_0') return tosca2Tokens(ctx);
  if (!grammarOf(model.version).fullChecks) return [];
  const out: SemanticToken[] = [];
  visit(ctx, model, root, out, 0);
  return out;
}

function visit(ctx: FeatureContext, model: ToscaModel, n: YNode | null, out: SemanticToken[], depth: number): void {
  if (!n || depth > MAX_DEPTH) return;
  if (n.kind === 'seq') for (const it of n.items) visit(ctx, model, it, out, depth + 1);
  if (n.kind !== 'map') return;
  const call = n.pairs.length === 1 ? n.pairs[0]! : undefined;
  const args = deref(call?.value);
  if (call && args && FUNCTION_NAMES.has(call.key.text) && argumentShape(call.key.text, args)) {
    token(ctx, out, call.key, 'function', ['defaultLibrary']);
    argumentTokens(ctx, model, call.key.text, args, out);
  }
  for (const p of n.pairs) visit(ctx, model, p.value, out, depth + 1);
}

/** Whether `args` has the shape the function's arguments take (their content is the rules' business). */
function argumentShape(fn: string, args: YNode): boolean {
  if (fn === 'get_input') return args.kind === 'scalar' || args.kind === 'seq';
  if (fn === 'get_nodes_of_type') return args.kind === 'scalar';
  return args.kind === 'seq';
}

function argumentTokens(ctx: FeatureContext, model: ToscaModel, fn: string, args: YNode, out: SemanticToken[]): void {
  const first = asScalar(asSeq(args)?.items[0] ?? args);
  if (!first || typeof first.value !== 'string') return;
  const name = first.value;
  if (ENTITY_FUNCTIONS.has(fn) && ENTITY_KEYWORDS.has(name)) token(ctx, out, first, 'keyword');
  else if (fn === 'get_input' && model.inputs.has(name)) token(ctx, out, first, 'parameter');
  else if (fn === 'get_nodes_of_type' && model.types.resolve(name, 'node')) token(ctx, out, first, 'type');
}

function token(
  ctx: FeatureContext,
  out: SemanticToken[],
  s: YScalar,
  type: SemanticToken['type'],
  modifiers: NonNullable<SemanticToken['modifiers']> = [],
): void {
  pushToken(out, ctx.doc.lines, valueSpan(ctx.doc.text, s), type, modifiers);
}
