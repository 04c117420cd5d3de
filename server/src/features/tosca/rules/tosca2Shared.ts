/**
 * What the TOSCA 2.0 function rules share: when they run, the calls of the document (found once
 * per document and memoised on it), the kind of a literal argument, and the functions the file
 * can call: declared under `functions:` here or in an imported file (TOSCA Version 2.0 §10.4).
 */
import { grammarOf } from '../../../model/tosca/grammars.js';
import { findTosca2Calls, type Tosca2Calls } from '../../../model/tosca/v2/calls.js';
import { readDollar, TOSCA2_FUNCTIONS, type ArgKind } from '../../../model/tosca/v2/functions.js';
import { asMap, asSeq, getIn, type YNode } from '../../../syntax/tree.js';
import {
  visibleFunctions,
  type TFunctionSignature,
  type VisibleFunction,
} from '../../../model/tosca/v2/userFunctions.js';
import type { ToscaRuleContext } from './context.js';
import type { TOccurrences } from '../../../model/tosca/summary.js';
import type { ToscaType } from '../../../model/tosca/typeTable.js';
import { memo, memoKey } from '../../../model/document.js';

const CALLS = memoKey<Tosca2Calls>('tosca2Calls');

/** `when` of the 2.0 function rules. */
export const tosca2Only = (ctx: ToscaRuleContext): boolean => grammarOf(ctx.model.version).id === '2_0';

export function callsOf(ctx: ToscaRuleContext): Tosca2Calls {
  return memo(ctx.doc, CALLS, () => findTosca2Calls(ctx.root));
}

/** What a literal argument is; `call` for a nested call; undefined when it cannot be told (an alias). */
export type Literal = 'boolean' | 'integer' | 'float' | 'string' | 'null' | 'list' | 'map' | 'call';

export function literalOf(n: YNode | null): Literal | undefined {
  if (!n) return 'null';
  if (n.kind === 'alias') return undefined;
  if (n.kind === 'seq') return 'list';
  if (n.kind === 'map')
    return n.pairs.length === 1 && readDollar(n.pairs[0]!.key.text).kind === 'call' ? 'call' : 'map';
  const v = n.value;
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'float';
  return readDollar(v).kind === 'call' ? 'call' : 'string';
}

/** The name of the call a node is, if it is one. */
export function callName(n: YNode | null): string | undefined {
  if (!n) return undefined;
  if (n.kind === 'scalar' && typeof n.value === 'string') {
    const r = readDollar(n.value);
    return r.kind === 'call' ? r.name : undefined;
  }
  const m = asMap(n);
  if (m && n.kind === 'map' && m.pairs.length === 1) {
    const r = readDollar(m.pairs[0]!.key.text);
    return r.kind === 'call' ? r.name : undefined;
  }
  return undefined;
}

/** The literal a built-in call returns, when its result kind is known. */
export function resultLiteral(name: string | undefined): Literal | undefined {
  const f = name === undefined ? undefined : TOSCA2_FUNCTIONS.get(name);
  if (!f || f.result === 'any') return undefined;
  return f.result;
}

/** A scalar written as a string: `256 MB`, `2 GHz`, `10 s` (what a numeric argument may be besides a number). */
const SCALAR_STRING = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*[A-Za-z]+\s*$/;

/** Whether a literal of kind `lit` (text `text` for strings) fits an argument of kind `want`. */
export function fits(want: ArgKind, lit: Literal, text?: string): boolean {
  if (lit === 'call' || lit === 'null' || want === 'any') return true;
  switch (want) {
    case 'boolean':
      return lit === 'boolean';
    case 'string':
      return lit === 'string';
    case 'integer':
      return lit === 'integer';
    case 'numeric':
      return lit === 'integer' || lit === 'float' || (lit === 'string' && SCALAR_STRING.test(text ?? ''));
    case 'comparable':
      return lit === 'integer' || lit === 'float' || lit === 'string';
    case 'list':
      return lit === 'list';
    case 'map':
      return lit === 'map';
    case 'string-or-list':
      return lit === 'string' || lit === 'list';
    case 'list-or-map':
      return lit === 'list' || lit === 'map';
    case 'string-list-or-map':
      return lit === 'string' || lit === 'list' || lit === 'map';
    case 'path':
      return lit === 'string' || lit === 'integer';
  }
}

export const KIND_WORDS: Readonly<Record<ArgKind, string>> = {
  any: 'any value',
  boolean: 'a Boolean',
  string: 'a string',
  integer: 'an integer',
  numeric: 'an integer, a float or a scalar',
  comparable: 'an integer, float, string, timestamp, version or scalar',
  list: 'a list',
  map: 'a map',
  'string-or-list': 'a string or a list',
  'list-or-map': 'a list or a map',
  'string-list-or-map': 'a string, a list or a map',
  path: 'a TOSCA path step or a name',
};

export const LITERAL_WORDS: Readonly<Record<Literal, string>> = {
  boolean: 'a Boolean',
  integer: 'an integer',
  float: 'a float',
  string: 'a string',
  null: 'null',
  list: 'a list',
  map: 'a map',
  call: 'a function call',
};

/** A user function signature: how many arguments it takes, of which types. */
export type Signature = TFunctionSignature;

/**
 * The functions this file's calls can name (§10.4): its own, and those its imports declare, under
 * their namespace (`ns:name`), from the one import closure of the model.
 */
export function declaredFunctions(ctx: ToscaRuleContext): Map<string, VisibleFunction> {
  return visibleFunctions(ctx.model);
}

/** Whether a signature takes `n` arguments (§10.4: variadic repeats the last argument). */
export function acceptsCount(s: Signature, n: number): boolean {
  const total = s.required + s.optional;
  if (total === 0) return s.variadic || n === 0;
  if (s.variadic) return n >= s.required;
  return n >= s.required && n <= total;
}

/** True when the file imports something (functions may come from it: namespaces, profiles). */
export function hasImports(ctx: ToscaRuleContext): boolean {
  const imp = getIn(ctx.root, 'imports');
  return !!imp && (asSeq(imp)?.items.length ?? 1) > 0;
}

/** Whether a literal fits a declared argument type; types beyond the primitives (data types, scalars) fit anything. */
export function fitsType(type: string | undefined, lit: Literal | undefined): boolean {
  if (!type || lit === undefined || lit === 'call' || lit === 'null') return true;
  switch (type) {
    case 'string':
      return lit === 'string';
    case 'integer':
      return lit === 'integer';
    case 'float':
      return lit === 'integer' || lit === 'float';
    case 'boolean':
      return lit === 'boolean';
    case 'list':
      return lit === 'list';
    case 'map':
      return lit === 'map';
    default:
      return true;
  }
}

/** Whether a call's literal arguments fit a signature's argument types (the last one repeats when variadic). */
export function acceptsTypes(s: Signature, args: readonly YNode[]): boolean {
  return args.every((a, i) => {
    const t = i < s.types.length ? s.types[i] : s.variadic ? s.types[s.types.length - 1] : undefined;
    return fitsType(t, literalOf(a));
  });
}

/** The `count_range` of requirement `name` of `t`, the nearest declaration along its derivation chain. */
export function countRange(ctx: ToscaRuleContext, t: ToscaType, name: string): TOccurrences | undefined {
  for (const x of [...ctx.model.types.chain(t)].reverse()) {
    const r = x.body.requirements.find((q) => q.name === name)?.decl?.countRange;
    if (r) return r;
  }
  return undefined;
}
