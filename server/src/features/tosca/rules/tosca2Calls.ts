/**
 * TOSCA 2.0 function calls (TOSCA Version 2.0 §10): TOSCA230 a `$` key beside other keys (a
 * "malformed function", §10.1), TOSCA231 a call of a function that is neither built in nor
 * declared (did you mean), TOSCA232 a `$` string that is no function name (escape it with `$$`),
 * TOSCA233 a built-in called with the wrong number or form of arguments, TOSCA234 a literal
 * argument of the wrong kind, TOSCA235 a call of a declared function that matches none of its
 * signatures (§10.4), TOSCA239 `$value` outside a validation clause, TOSCA244 `$node_index` /
 * `$relationship_index` where there is no node / relationship (§10.2.1.6, §10.2.1.7).
 */
import type { Span } from '../../../syntax/positions.js';
import { asSeq, type YNode, type YScalar } from '../../../syntax/tree.js';
import type { Tosca2Call } from '../../../model/tosca/v2/calls.js';
import { isFunctionName, TOSCA2_FUNCTIONS, type BuiltinFunction } from '../../../model/tosca/v2/functions.js';
import { didYouMean } from '../../../util/suggest.js';
import { basename } from '../../../util/path.js';
import type { VisibleFunction } from '../../../model/tosca/v2/userFunctions.js';
import { replaceWith } from '../../shared/fixData.js';
import { valuePartSpan } from '../spans.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import {
  acceptsCount,
  acceptsTypes,
  callName,
  callsOf,
  declaredFunctions,
  fits,
  hasImports,
  KIND_WORDS,
  literalOf,
  LITERAL_WORDS,
  resultLiteral,
  tosca2Only,
  type Signature,
} from './tosca2Shared.js';

export const tosca2CallsRule: ToscaRule = {
  codes: ['TOSCA230', 'TOSCA231', 'TOSCA232', 'TOSCA233', 'TOSCA234', 'TOSCA235', 'TOSCA239', 'TOSCA244'],
  when: tosca2Only,
  check(ctx) {
    const found = callsOf(ctx);
    for (const m of found.malformed) {
      const part = keyPart(ctx, m.key, 0, m.key.text.length);
      ctx.report({
        code: 'TOSCA230',
        severity: 'error',
        span: part ?? m.key.span,
        message:
          `Malformed function: \`${m.key.text}\` starts with \`$\`, so it is a function call, and a call is a ` +
          `map with that one key. Move the other keys out, or write \`$${m.key.text}\` for a literal key ` +
          `(TOSCA Version 2.0 §10.1).`,
        ...(part ? replaceWith(`$${m.key.text}`) : {}),
      });
    }
    const declared = declaredFunctions(ctx);
    for (const call of found.calls) {
      const user = declared.get(call.name);
      if (user) {
        checkUserCall(ctx, call, user);
        continue;
      }
      const f = TOSCA2_FUNCTIONS.get(call.name);
      if (f) {
        checkBuiltin(ctx, call, f);
        continue;
      }
      unknownCall(ctx, call, declared.keys());
    }
  },
};

/** TOSCA 1.3 constraint operators that 2.0 dropped, and how a 2.0 validation clause says the same. */
const OPERATORS_1_3: Readonly<Record<string, string>> = {
  in_range: '`$and: [ { $greater_or_equal: [ $value, <min> ] }, { $less_or_equal: [ $value, <max> ] } ]`',
  min_length: '`$greater_or_equal: [ { $length: [ $value ] }, <min> ]`',
  max_length: '`$less_or_equal: [ { $length: [ $value ] }, <max> ]`',
  pattern: '`$matches: [ $value, <regex> ]`',
};

function unknownCall(ctx: ToscaRuleContext, call: Tosca2Call, names: Iterable<string>): void {
  const name = call.name;
  const declared = [...names];
  if (!isFunctionName(name)) {
    // `$5 a month`, `${x}`, `$HOME/bin`: meant as text, but §10.1 reads every `$` string as a call.
    const part = keyPart(ctx, call.key, 0, call.key.text.length);
    ctx.report({
      code: 'TOSCA232',
      severity: 'warning',
      span: part ?? call.key.span,
      message:
        `\`${call.key.text}\` starts with \`$\`, so TOSCA 2.0 reads it as a call of a function \`${name}\`. ` +
        `For the literal text, escape the \`$\` as \`$$\` (TOSCA Version 2.0 §10.1).`,
      ...(part ? replaceWith(`$${call.key.text}`) : {}),
    });
    return;
  }
  // An import that was not read may declare it; a namespaced name needs a namespace the imports give.
  const imports = hasImports(ctx);
  if (imports && ctx.model.closure.incomplete) return;
  const colon = name.lastIndexOf(':');
  const ns = colon > 0 ? name.slice(0, colon) : undefined;
  if (ns !== undefined && !ctx.model.closure.files.some((f) => f.prefix === ns)) return;
  const operator = OPERATORS_1_3[name];
  const candidates = declared.filter((d) => (ns === undefined ? !d.includes(':') : d.startsWith(`${ns}:`)));
  // `$sqrt` where an import declares it under a namespace: `$ns:sqrt`.
  const qualified = ns === undefined ? declared.filter((d) => d.endsWith(`:${name}`)) : [];
  const suggestion = operator
    ? undefined
    : (didYouMean(name, ns === undefined ? [...TOSCA2_FUNCTIONS.keys(), ...candidates] : candidates) ??
      (qualified.length === 1 ? qualified[0] : undefined));
  const where =
    ns !== undefined
      ? `the files imported under the namespace \`${ns}\` declare no function \`${name.slice(colon + 1)}\``
      : imports
        ? `neither this file nor its imports declare a function \`${name}\``
        : `this file declares no function \`${name}\``;
  // In a quoted key the fix writes inside the quotes.
  const part = suggestion ? keyPart(ctx, call.key, 0, 1 + name.length) : undefined;
  ctx.report({
    code: 'TOSCA231',
    severity: 'warning',
    span: part ?? nameSpan(call),
    message:
      (ns !== undefined
        ? `\`$${name}\` is not declared: ${where}`
        : `\`$${name}\` is not a TOSCA 2.0 built-in function and ${where}`) +
      (suggestion ? `; did you mean \`$${suggestion}\`?` : '.') +
      (operator ? ` It is a TOSCA 1.3 constraint operator; in 2.0 write ${operator}.` : '') +
      ` Declare it under \`functions:\` or make sure the orchestrator provides it (TOSCA Version 2.0 §10.4).`,
    ...(part ? replaceWith(`$${suggestion}`) : {}),
  });
}

/**
 * The source span of the key's characters `[a, b)`: in a plain key as written, in a quoted one when
 * the quoted text maps to it one for one (no escapes); undefined otherwise (then no fix is offered).
 */
function keyPart(ctx: ToscaRuleContext, k: YScalar, a: number, b: number): Span | undefined {
  if (k.style === 'plain') return { start: k.span.start + a, end: k.span.start + b };
  return valuePartSpan(ctx.doc.text, k, a, b);
}

/** The `$name` part of the key (without a `$suffix`), for plain scalars; the key's span otherwise. */
function nameSpan(call: Tosca2Call): Span {
  const k = call.key;
  if (k.style !== 'plain') return k.span;
  return { start: k.span.start, end: k.span.start + 1 + call.name.length };
}

/** The arguments as a list: null when the form is not a list (a scalar, a map, a call). */
function argList(call: Tosca2Call): readonly YNode[] | null {
  if (call.bare || call.args === null) return [];
  const a = call.args;
  if (a.kind === 'scalar' && a.value === null) return [];
  return asSeq(a)?.items ?? null;
}

function argsSpan(call: Tosca2Call): Span {
  return call.args && !call.bare ? call.args.span : call.key.span;
}

function checkBuiltin(ctx: ToscaRuleContext, call: Tosca2Call, f: BuiltinFunction): void {
  const where = `(TOSCA Version 2.0 §${f.section})`;
  if (f.name === 'value' && !call.validation)
    ctx.report({
      code: 'TOSCA239',
      severity: 'warning',
      span: nameSpan(call),
      message: `\`$value\` means the value being validated, so it belongs in a \`validation:\` clause ${where}.`,
    });
  checkIndexContext(ctx, call, f);
  if (call.bare) {
    if (f.min > 0)
      ctx.report({
        code: 'TOSCA233',
        severity: 'error',
        span: call.key.span,
        message: `\`$${f.name}\` takes arguments: \`${f.grammar}\` ${where}.`,
      });
    return;
  }
  const list = argList(call);
  if (!list) {
    const lit = literalOf(call.args);
    if (f.scalarArg && (lit === 'string' || lit === 'call')) return;
    if (lit === 'call' || lit === undefined) return;
    ctx.report({
      code: 'TOSCA233',
      severity: 'error',
      span: argsSpan(call),
      message: `\`$${f.name}\` takes its arguments as a list: \`${f.grammar}\` ${where}.`,
    });
    return;
  }
  const n = list.length;
  if (n < f.min || n > f.max) {
    const count =
      f.min === f.max
        ? `${f.min === 0 ? 'no' : f.min} argument${f.min === 1 ? '' : 's'}`
        : f.max === Infinity
          ? `at least ${f.min} argument${f.min === 1 ? '' : 's'}`
          : `${f.min} to ${f.max} arguments`;
    ctx.report({
      code: 'TOSCA233',
      severity: 'error',
      span: argsSpan(call),
      message: `\`$${f.name}\` takes ${count}, ${n} given: \`${f.grammar}\` ${where}.`,
    });
    return;
  }
  if (f.path) return; // the path rule reads these
  list.forEach((arg, i) => {
    const want = f.args[Math.min(i, f.args.length - 1)];
    if (!want) return;
    let lit = literalOf(arg);
    if (lit === 'call') lit = resultLiteral(callName(arg)) ?? 'call';
    if (lit === undefined || fits(want, lit, arg.kind === 'scalar' ? arg.text : undefined)) return;
    if (f.name === 'token' && i === 2 && lit === 'integer') return;
    ctx.report({
      code: 'TOSCA234',
      severity: 'error',
      span: arg.span,
      message:
        `Argument ${i + 1} of \`$${f.name}\` must be ${KIND_WORDS[want]}, not ${LITERAL_WORDS[lit]}: ` +
        `\`${f.grammar}\` ${where}.`,
    });
  });
  if (f.name === 'token' && list[2]) {
    const idx = list[2];
    if (idx.kind === 'scalar' && typeof idx.value === 'number' && idx.value < 0)
      ctx.report({
        code: 'TOSCA234',
        severity: 'error',
        span: idx.span,
        message: `The substring index of \`$token\` counts from 0 and cannot be negative ${where}.`,
      });
  }
}

/** Where a declared function's signatures are: this file's `functions:`, or an imported file's. */
function declaredIn(user: VisibleFunction): string {
  return user.local ? '`functions:`' : `\`functions:\` of the imported ${basename(user.path)}`;
}

function checkUserCall(ctx: ToscaRuleContext, call: Tosca2Call, user: VisibleFunction): void {
  const sigs: readonly Signature[] = user.signatures;
  if (sigs.length === 0) return;
  const list = argList(call);
  const n = list ? list.length : 1;
  const byCount = sigs.filter((s) => acceptsCount(s, n));
  if (byCount.length && (!list || byCount.some((s) => acceptsTypes(s, list)))) return;
  if (byCount.length) {
    const wanted = byCount.map((s) => `[ ${s.types.map((t) => t ?? 'any').join(', ')} ]`).join(' or ');
    ctx.report({
      code: 'TOSCA235',
      severity: 'error',
      span: argsSpan(call),
      message:
        `The arguments of \`$${call.name}\` match none of its signatures under ${declaredIn(user)}: it takes ` +
        `${wanted} (TOSCA Version 2.0 §10.4).`,
    });
    return;
  }
  const forms = sigs
    .map((s) => {
      if (s.required + s.optional === 0) return s.variadic ? 'any number' : 'none';
      if (s.variadic) return `${s.required} or more`;
      return s.optional ? `${s.required} to ${s.required + s.optional}` : `${s.required}`;
    })
    .join(', or ');
  ctx.report({
    code: 'TOSCA235',
    severity: 'error',
    span: argsSpan(call),
    message:
      `\`$${call.name}\` is called with ${n} argument${n === 1 ? '' : 's'}, but its signatures under ` +
      `${declaredIn(user)} take ${forms} (TOSCA Version 2.0 §10.4).`,
  });
}

/** `$node_index` belongs to a node (template or type), `$relationship_index` to a relationship or requirement. */
function checkIndexContext(ctx: ToscaRuleContext, call: Tosca2Call, f: BuiltinFunction): void {
  const p = call.path;
  const has = (k: string): boolean => p.includes(k);
  let missing: string | undefined;
  if (f.name === 'node_index' && !has('node_templates') && p[0] !== 'node_types') missing = 'a node template or type';
  if (
    f.name === 'relationship_index' &&
    !has('requirements') &&
    !has('relationship_templates') &&
    p[0] !== 'relationship_types'
  )
    missing = 'a requirement, relationship template or relationship type';
  if (!missing) return;
  ctx.report({
    code: 'TOSCA244',
    severity: 'warning',
    span: nameSpan(call),
    message:
      `\`$${f.name}\` is the index of the current representation, and only means something inside ${missing} ` +
      `(TOSCA Version 2.0 §${f.section}).`,
  });
}
