/**
 * Validation clauses (TOSCA Version 2.0 §9.10): TOSCA237 a clause that is not one Boolean
 * expression (a literal, a list of clauses, a function that never returns a Boolean), TOSCA238
 * `$value` used against what its definition's type allows: compared with a literal of another
 * type, measured with `$length` though it is a number, searched as a list or map though it is not
 * one, or `$value: [ name ]` naming a property the data type does not have.
 */
import { asMap, asScalar, asSeq, entries, getIn, type YNode } from '../../../syntax/tree.js';
import type { Tosca2Call, ValidationOwner } from '../../../model/tosca/v2/calls.js';
import { TOSCA2_FUNCTIONS } from '../../../model/tosca/v2/functions.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import {
  callName,
  callsOf,
  declaredFunctions,
  literalOf,
  LITERAL_WORDS,
  tosca2Only,
  type Literal,
} from './tosca2Shared.js';

/** Built-ins that may return a Boolean (they return whatever the value they read is). */
const MAY_BE_BOOLEAN: ReadonlySet<string> = new Set(['get_input', 'get_property', 'get_attribute', 'value']);

export const tosca2ValidationRule: ToscaRule = {
  codes: ['TOSCA237', 'TOSCA238'],
  when: tosca2Only,
  check(ctx) {
    const found = callsOf(ctx);
    const declared = declaredFunctions(ctx);
    for (const owner of found.clauses) checkTop(ctx, owner, declared);
    for (const call of found.calls) if (call.validation && !declared.has(call.name)) checkTypes(ctx, call);
  },
};

function checkTop(ctx: ToscaRuleContext, owner: ValidationOwner, declared: Map<string, unknown>): void {
  const c = owner.clause;
  const lit = literalOf(c);
  const where = '(TOSCA Version 2.0 §9.10)';
  if (lit === undefined || lit === 'boolean' || lit === 'null') return;
  if (lit === 'call') {
    const name = callName(c)!;
    const f = TOSCA2_FUNCTIONS.get(name);
    if (!f || declared.has(name) || f.result === 'boolean' || MAY_BE_BOOLEAN.has(name)) return;
    ctx.report({
      code: 'TOSCA237',
      severity: 'error',
      span: c.kind === 'map' ? c.pairs[0]!.key.span : c.span,
      message:
        `A validation clause is a Boolean expression, and \`$${name}\` does not return a Boolean: use a ` +
        `comparison such as \`$greater_or_equal: [ $value, 0 ]\` ${where}.`,
    });
    return;
  }
  const message =
    lit === 'list'
      ? 'A validation clause is one Boolean expression, not a list: combine the conditions with `$and: [ ... ]`'
      : `A validation clause is a Boolean expression (a Boolean function such as \`$equal\` or \`$and\`), not ` +
        `${LITERAL_WORDS[lit]}`;
  ctx.report({ code: 'TOSCA237', severity: 'error', span: c.span, message: `${message} ${where}.` });
}

/** The TOSCA primitive a type name comes down to, following `derived_from` among this file's data types. */
function primitiveOf(ctx: ToscaRuleContext, name: string | undefined, depth = 0): string | undefined {
  if (!name || depth > 12) return undefined;
  if (/^scalar-unit\./.test(name)) return 'scalar';
  if (['string', 'integer', 'float', 'boolean', 'list', 'map', 'timestamp', 'version', 'bytes', 'nil'].includes(name))
    return name;
  const def = asMap(getIn(ctx.root, 'data_types', name));
  if (!def) return undefined;
  const base = asScalar(getIn(def, 'derived_from'))?.value;
  if (typeof base === 'string') return primitiveOf(ctx, base, depth + 1);
  // A data type with properties and no primitive base is a map-like structure.
  return getIn(def, 'properties') ? 'complex' : undefined;
}

/** The type name the clause's `$value` has: the definition's `type`, or the data type itself. */
function ownerType(owner: ValidationOwner): string | undefined {
  if (owner.path.length === 2 && owner.path[0] === 'data_types') return String(owner.path[1]);
  const t = asScalar(getIn(owner.map, 'type'))?.value;
  return typeof t === 'string' ? t : undefined;
}

/** Whether an argument is `$value` itself (no nested name). */
function isWholeValue(n: YNode): boolean {
  if (callName(n) !== 'value') return false;
  if (n.kind === 'scalar') return true;
  const args = asMap(n)?.pairs[0]?.value ?? null;
  return !args || asScalar(args)?.value === null || (asSeq(args)?.items.length ?? 1) === 0;
}

/** Literals a value of primitive `p` may be compared with. */
function literalFits(p: string, lit: Literal): boolean {
  if (lit === 'call' || lit === 'null') return true;
  switch (p) {
    case 'integer':
    case 'float':
      return lit === 'integer' || lit === 'float';
    case 'string':
      return lit === 'string';
    case 'boolean':
      return lit === 'boolean';
    case 'list':
      return lit === 'list';
    case 'map':
    case 'complex':
      return lit === 'map';
    default:
      // scalar, timestamp, version, bytes: written as strings or numbers.
      return lit !== 'list' && lit !== 'map';
  }
}

const NEEDS: Readonly<Record<string, { ok: readonly string[]; what: string }>> = {
  length: { ok: ['string', 'list', 'map', 'complex'], what: 'a string, list or map' },
  has_suffix: { ok: ['string', 'list'], what: 'a string or a list' },
  has_prefix: { ok: ['string', 'list'], what: 'a string or a list' },
  contains: { ok: ['string', 'list'], what: 'a string or a list' },
  matches: { ok: ['string'], what: 'a string' },
  has_entry: { ok: ['list', 'map', 'complex'], what: 'a list or a map' },
  has_all_entries: { ok: ['list', 'map', 'complex'], what: 'a list or a map' },
  has_any_entry: { ok: ['list', 'map', 'complex'], what: 'a list or a map' },
  has_key: { ok: ['map', 'complex'], what: 'a map' },
  has_all_keys: { ok: ['map', 'complex'], what: 'a map' },
  has_any_key: { ok: ['map', 'complex'], what: 'a map' },
};
const COMPARE: ReadonlySet<string> = new Set([
  'equal',
  'greater_than',
  'greater_or_equal',
  'less_than',
  'less_or_equal',
]);

function checkTypes(ctx: ToscaRuleContext, call: Tosca2Call): void {
  const owner = call.validation!;
  const typeName = ownerType(owner);
  const p = primitiveOf(ctx, typeName);
  if (call.name === 'value') {
    checkNested(ctx, call, typeName);
    return;
  }
  const f = TOSCA2_FUNCTIONS.get(call.name);
  const args = asSeq(call.args)?.items;
  if (!p || !f || !args || args.length < 1) return;
  const where = `(TOSCA Version 2.0 §${f.section})`;
  const need = NEEDS[call.name];
  if (need && isWholeValue(args[0]!) && !need.ok.includes(p)) {
    report(
      ctx,
      args[0]!,
      `\`$${call.name}\` needs ${need.what}, but \`$value\` here is of type \`${typeName}\` ${where}.`,
    );
    return;
  }
  const pairs: [YNode, YNode][] = [];
  if (COMPARE.has(call.name) && args.length === 2) {
    if (isWholeValue(args[0]!)) pairs.push([args[0]!, args[1]!]);
    else if (isWholeValue(args[1]!)) pairs.push([args[1]!, args[0]!]);
  }
  if (call.name === 'valid_values' && args.length === 2 && isWholeValue(args[0]!))
    for (const v of asSeq(args[1])?.items ?? []) pairs.push([args[0]!, v]);
  if ((call.name === 'has_entry' || call.name === 'has_key') && args.length === 2) {
    // [ <list>, $value ]: the list's entries have the value's type.
    if (isWholeValue(args[1]!)) for (const v of asSeq(args[0])?.items ?? []) pairs.push([args[1]!, v]);
  }
  if (COMPARE.has(call.name) && call.name !== 'equal' && ['boolean', 'list', 'map', 'complex'].includes(p)) {
    const v = args.find(isWholeValue);
    if (v)
      report(
        ctx,
        v,
        `\`$${call.name}\` compares ordered values, and \`$value\` here is of type \`${typeName}\` ${where}.`,
      );
    return;
  }
  for (const [, other] of pairs) {
    const lit = literalOf(other);
    if (lit === undefined || literalFits(p, lit)) continue;
    report(
      ctx,
      other,
      `\`$value\` here is of type \`${typeName}\`, and it is compared with ${LITERAL_WORDS[lit]}: ` +
        `\`$${call.name}\` needs arguments of the same type ${where}.`,
    );
  }
}

/** `$value: [ name, ... ]` on a data type of this file: the first name is one of its properties. */
function checkNested(ctx: ToscaRuleContext, call: Tosca2Call, typeName: string | undefined): void {
  const first = asScalar(asSeq(call.args)?.items[0]);
  if (!first || typeof first.value !== 'string' || !typeName) return;
  const props = new Set<string>();
  let name: string | undefined = typeName;
  for (let i = 0; name && i < 12; i++) {
    const def = asMap(getIn(ctx.root, 'data_types', name));
    if (!def) return; // a type from elsewhere: its properties are not known here
    for (const p of entries(getIn(def, 'properties'))) props.add(p.key.text);
    const base = asScalar(getIn(def, 'derived_from'))?.value;
    name = typeof base === 'string' ? base : undefined;
    // A base from another file may add properties we cannot see.
    if (name && !getIn(ctx.root, 'data_types', name) && !primitiveOf(ctx, name)) return;
  }
  if (props.size === 0 || props.has(first.value)) return;
  const s = didYouMean(first.value, props);
  ctx.report({
    code: 'TOSCA238',
    severity: 'error',
    span: first.span,
    message:
      `Data type \`${typeName}\` has no property \`${first.value}\`` +
      (s ? `; did you mean \`${s}\`?` : '.') +
      ' `$value: [ name ]` reads a property of the value being validated (TOSCA Version 2.0 §10.2.1.5).',
    ...replaceWith(s),
  });
}

function report(ctx: ToscaRuleContext, n: YNode, message: string): void {
  ctx.report({ code: 'TOSCA238', severity: 'error', span: n.span, message });
}
