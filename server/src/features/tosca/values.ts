/**
 * Checking a value (a YAML node of the open document) against a TOSCA type: TOSCA050 value does not
 * match its type (primitives, scalar units, versions, ranges, timestamps, lists/maps with
 * entry_schema, data types recursively), TOSCA051 constraint violated, TOSCA053 unknown field of a
 * data type value, TOSCA054 required field missing. Function calls are skipped (TOSCA07x check them).
 */
import { asScalar, deref, type YNode, type YScalar } from '../../syntax/tree.js';
import { functionNameOf } from '../../model/tosca/summary.js';
import {
  checkConstraint,
  isTimestamp,
  isYaml11Bool,
  parseRange,
  parseScalarUnit,
  parseVersion,
  type PrimitiveName,
} from '../../model/tosca/primitives.js';
import { isEntityRoot, type ConstraintInfo, type SchemaInfo, type ToscaType } from '../../model/tosca/typeTable.js';
import { memo, memoKey } from '../../model/document.js';
import { toPlain, type PlainValue } from '../../model/tosca/values.js';
import type { Span } from '../../syntax/positions.js';
import { alienDialect, type ToscaRuleContext } from './rules/context.js';
import { constraintHint } from './constraintHints.js';
import { isDialectExpression } from './dialects.js';
import { grammarOf } from '../../model/tosca/grammars.js';
import { checkValueV2, definitionAt, type V2Target } from './valuesV2.js';

export interface ValueTarget {
  type?: string;
  constraints?: readonly ConstraintInfo[];
  entrySchema?: SchemaInfo;
  keySchema?: SchemaInfo;
  /** Where the definition is written (TOSCA 2.0 reads its `validation` there). */
  at?: { path?: string; keyStart: number };
}

/**
 * True when the node is (or is a container of only) something we should not type-check: a function call or a dialect
 * expression (`$brooklyn:...`).
 */
export function isExpression(n: YNode | null | undefined): boolean {
  const v = deref(n);
  if (!v) return false;
  if (functionNameOf(v)) return true;
  if (v.kind === 'map' && v.pairs.length === 1 && v.pairs[0]!.key.text.startsWith('$')) return true;
  if (v.kind === 'scalar' && typeof v.value === 'string' && v.value.startsWith('$brooklyn:')) return true;
  return false;
}

/**
 * Integers as YAML writes them: decimal digits (YAML 1.2's core schema reads `0755` as 755; YAML 1.1, as PyYAML and
 * Go read it, as the octal 0755, a file mode), hexadecimal, `0o` octal and YAML 1.1's `0b` binary.
 */
const INT = /^[-+]?([0-9][0-9_]*|0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+)$/;
const FLOAT = /^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$|^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$/;

function describe(v: YNode): string {
  if (v.kind === 'map') return 'a mapping';
  if (v.kind === 'seq') return 'a list';
  if (v.kind === 'alias') return 'an alias';
  const s = v as YScalar;
  if (s.value === null) return 'null';
  if (typeof s.value === 'number') return `the number \`${s.text}\``;
  if (typeof s.value === 'boolean') return `the boolean \`${s.text}\``;
  return `the string \`${s.text.length > 40 ? s.text.slice(0, 39) + '…' : s.text}\``;
}

/**
 * The problem with a primitive value, or undefined when it fits. `raw` gives the value's source text (only the
 * timestamp check reads it, so it is not sliced for every value).
 */
function primitiveProblem(prim: PrimitiveName, v: YNode, raw: () => string): string | undefined {
  const s = v.kind === 'scalar' ? v : null;
  switch (prim) {
    case 'any':
      return undefined;
    case 'string':
      if (!s) return `expects a string, got ${describe(v)}`;
      if (s.style === 'plain' && typeof s.value !== 'string')
        return `expects a string, got ${describe(v)} (quote it to make it a string)`;
      return undefined;
    case 'integer':
      if (s && typeof s.value === 'number' && INT.test(s.text.trim())) return undefined;
      if (s && typeof s.value === 'string' && INT.test(s.value.trim())) return undefined;
      return `expects an integer, got ${describe(v)}`;
    case 'float':
      if (s && typeof s.value === 'number') return undefined;
      if (s && typeof s.value === 'string' && FLOAT.test(s.value.trim())) return undefined;
      return `expects a float, got ${describe(v)}`;
    case 'boolean':
      if (s && typeof s.value === 'boolean') return undefined;
      if (
        s &&
        typeof s.value === 'string' &&
        (/^(true|false)$/i.test(s.value) || (s.style === 'plain' && isYaml11Bool(s.value)))
      )
        return undefined;
      return `expects a boolean (true or false), got ${describe(v)}`;
    case 'null':
      return s && s.value === null ? undefined : `expects null, got ${describe(v)}`;
    case 'timestamp':
      if (s && typeof s.value === 'string' && isTimestamp(s.value)) return undefined;
      // `!!timestamp 2001-12-14t21:59:43.10-05:00`: the YAML layer already made a date of it.
      if (s) {
        const text = raw();
        if (
          /^!!timestamp\s/.test(text) &&
          isTimestamp(text.replace(/^!!timestamp\s+/, '').replace(/^(['"])(.*)\1$/, '$2'))
        )
          return undefined;
      }
      return `expects a timestamp (ISO 8601, e.g. \`2024-01-31T12:00:00Z\`), got ${describe(v)}`;
    case 'version': {
      if (!s) return `expects a version, got ${describe(v)}`;
      const p = parseVersion(typeof s.value === 'number' ? s.text : (s.value as PlainValue));
      return typeof p === 'string' ? p : undefined;
    }
    case 'range': {
      if (v.kind !== 'seq') return `expects a range \`[min, max]\`, got ${describe(v)}`;
      const r = parseRange(toPlain(v));
      return typeof r === 'string' ? r : undefined;
    }
    case 'list':
      return v.kind === 'seq' ? undefined : `expects a list, got ${describe(v)}`;
    case 'map':
      return v.kind === 'map' ? undefined : `expects a mapping, got ${describe(v)}`;
    default: {
      if (!s) {
        const exampleUnit =
          prim === 'scalar-unit.size'
            ? 'GB'
            : prim === 'scalar-unit.time'
              ? 's'
              : prim === 'scalar-unit.frequency'
                ? 'GHz'
                : 'Mbps';
        return `expects a ${prim} value such as \`1 ${exampleUnit}\`, got ${describe(v)}`;
      }
      const r = parseScalarUnit(prim, s.value as PlainValue);
      return typeof r === 'string' ? r : undefined;
    }
  }
}

/** The plain form of a value for constraint checks (versions keep their source text). */
function plainFor(prim: PrimitiveName | undefined, v: YNode): PlainValue {
  if (prim === 'version' && v.kind === 'scalar') return v.text;
  return toPlain(v);
}

/**
 * Values Alien4Cloud's parser accepts where TOSCA's typing does not: it reads a property's value as text, so a plain
 * number or boolean is a `string`, and compares versions the Maven way, as its archives write them (`1.8.0-131-b11`,
 * `4.0.1-ga`), where TOSCA's `version` wants `major.minor[.fix[.qualifier[-build]]]`.
 */
function alienAccepts(ctx: ToscaRuleContext, prim: string, v: YNode): boolean {
  if (!alienDialect(ctx) || v.kind !== 'scalar') return false;
  if (prim === 'string') return true;
  return prim === 'version' && /^\d+(\.\d+)*([-.][0-9A-Za-z]+)*$/.test(v.text.trim());
}

/**
 * Checks `node` against `target`. `what` names the value in messages ("property `x` of node
 * template `y`"). `ownerSpan` is where missing-field problems go when the value is empty.
 */
export function checkValue(
  ctx: ToscaRuleContext,
  node: YNode | null | undefined,
  target: ValueTarget,
  what: string,
  depth = 0,
): void {
  if (grammarOf(ctx.model.version).id === '2_0') {
    // `default: null` reads as "no default" (the Simple Profile check skips it too); an assigned null is checked.
    if (!(asScalar(node)?.value === null && what.startsWith('the default of')))
      checkValueV2(ctx, node, v2Target(ctx, target), what);
    return;
  }
  const v = deref(node);
  if (!v || depth > 30) return;
  if (v.kind === 'scalar' && v.value === null) return;
  if (isExpression(v) || isDialectExpression(ctx.options.dialect, v)) return;
  const types = ctx.model.types;
  const info = types.dataType(target.type);
  if (!info) return;
  // Most values have no constraints on either side: no array built for them.
  const own = target.constraints ?? [];
  const constraints = !own.length ? info.constraints : !info.constraints.length ? own : [...info.constraints, ...own];
  const prim = info.primitive;
  if (prim) {
    const problem = primitiveProblem(prim, v, () =>
      ctx.doc.text.slice(Math.max(0, v.span.start - 40), v.span.end).replace(/^[\s\S]*?(!!timestamp\s)/, '$1'),
    );
    if (problem && !alienAccepts(ctx, prim, v)) {
      ctx.report({
        code: 'TOSCA050',
        severity: 'error',
        span: v.span,
        message: `${cap(what)} ${problem}${target.type && target.type !== prim ? ` (type \`${target.type}\`)` : ''}.`,
      });
      return;
    }
    if (prim === 'list' && v.kind === 'seq') {
      const es = target.entrySchema ?? info.entrySchema;
      if (es) v.items.forEach((it, i) => checkValue(ctx, it, schemaTarget(es), `entry ${i + 1} of ${what}`, depth + 1));
    } else if (prim === 'map' && v.kind === 'map') {
      const es = target.entrySchema ?? info.entrySchema;
      if (es)
        for (const p of v.pairs)
          checkValue(ctx, p.value, schemaTarget(es), `entry \`${p.key.text}\` of ${what}`, depth + 1);
    }
    if (constraints.length && !containsExpression(v)) {
      const plain = plainFor(prim, v);
      for (const c of constraints) {
        const msg = checkConstraint(c.op, c.value, plain, prim);
        if (msg)
          ctx.report({
            code: 'TOSCA051',
            severity: 'error',
            span: v.span,
            message:
              `${cap(what)} ${msg} (constraint \`${c.op}\`${target.type ? ` of \`${target.type}\`` : ''}).` +
              constraintHint(what, c.op, c.value),
          });
      }
    }
    return;
  }
  const dt = info.type;
  if (!dt) return;
  if (v.kind !== 'map') {
    ctx.report({
      code: 'TOSCA050',
      severity: 'error',
      span: v.span,
      message: `${cap(what)} expects a mapping of the fields of data type \`${dt.name}\`, got ${describe(v)}.`,
    });
    return;
  }
  const props = types.properties(dt);
  const complete = chainComplete(ctx, dt);
  for (const p of v.pairs) {
    const def = props.get(p.key.text);
    if (!def) {
      if (complete) {
        const known = [...props.keys()];
        ctx.report({
          code: 'TOSCA053',
          severity: 'error',
          span: p.key.span,
          message:
            `Data type \`${dt.name}\` has no field \`${p.key.text}\` (in ` +
            `${what})${known.length ? `; its fields: ${known.join(', ')}` : ''}.`,
        });
      }
      continue;
    }
    checkValue(ctx, p.value, propTarget(def), `field \`${p.key.text}\` of ${what}`, depth + 1);
  }
  if (complete) {
    for (const [name, def] of props) {
      if (!def.required || def.hasDefault || def.hasValue) continue;
      if (v.pairs.some((p) => p.key.text === name)) continue;
      const last = v.pairs[v.pairs.length - 1];
      const span = last
        ? { start: v.pairs[0]!.key.span.start, end: last.value ? last.value.span.end : last.key.span.end }
        : v.span;
      ctx.report({
        code: 'TOSCA054',
        severity: 'error',
        span,
        message: `${cap(what)} lacks the required field \`${name}\` of data type \`${dt.name}\`.`,
      });
    }
  }
  if (dt.name === 'tosca.datatypes.network.PortSpec') checkPortSpec(ctx, v, what);
}

function containsExpression(v: YNode, depth = 0): boolean {
  if (depth > 10) return false;
  const d = deref(v);
  if (!d) return false;
  if (isExpression(d)) return true;
  if (d.kind === 'seq') return d.items.some((i) => containsExpression(i, depth + 1));
  if (d.kind === 'map') return d.pairs.some((p) => !!p.value && containsExpression(p.value, depth + 1));
  return false;
}

export function schemaTarget(s: SchemaInfo): ValueTarget {
  const t: ValueTarget = { constraints: s.constraints };
  if (s.type) t.type = s.type;
  if (s.entrySchema) t.entrySchema = s.entrySchema;
  if (s.keySchema) t.keySchema = s.keySchema;
  return t;
}

export function propTarget(def: {
  type?: string;
  constraints: readonly ConstraintInfo[];
  entrySchema?: SchemaInfo;
  keySchema?: SchemaInfo;
  decl?: { keySpan: Span };
  owner?: { path?: string };
}): ValueTarget {
  const t: ValueTarget = { constraints: def.constraints };
  if (def.type) t.type = def.type;
  if (def.entrySchema) t.entrySchema = def.entrySchema;
  if (def.keySchema) t.keySchema = def.keySchema;
  if (def.decl)
    t.at = def.owner?.path
      ? { path: def.owner.path, keyStart: def.decl.keySpan.start }
      : { keyStart: def.decl.keySpan.start };
  return t;
}

/** The 2.0 view of a target: its definition map in the open document when it is written there. */
function v2Target(ctx: ToscaRuleContext, target: ValueTarget): V2Target {
  const t: V2Target = {};
  if (target.type) t.type = target.type;
  if (target.entrySchema) t.entrySchema = target.entrySchema;
  if (target.keySchema) t.keySchema = target.keySchema;
  const definition = target.at ? definitionAt(ctx, target.at.path ?? ctx.model.path, target.at.keyStart) : undefined;
  if (definition) t.definition = definition;
  return t;
}

/**
 * `chainComplete` by type for one model and dialect: asked for every template and every data type value, of a few
 * types. The model and dialect are checked, since a document may be diagnosed again against a newer model.
 */
interface CompleteMemo {
  model: ToscaRuleContext['model'];
  dialect: ToscaRuleContext['options']['dialect'];
  byType: Map<ToscaType, boolean>;
}
const COMPLETE = memoKey<{ current?: CompleteMemo }>('tosca.chainComplete');

/** True when every ancestor of the type resolves, so its member list is complete. */
export function chainComplete(ctx: ToscaRuleContext, t: ToscaType): boolean {
  const holder = memo(ctx.doc, COMPLETE, () => ({}) as { current?: CompleteMemo });
  const { model, options } = ctx;
  let m = holder.current;
  if (!m || m.model !== model || m.dialect !== options.dialect)
    m = holder.current = { model, dialect: options.dialect, byType: new Map() };
  let out = m.byType.get(t);
  if (out === undefined) m.byType.set(t, (out = computeChainComplete(ctx, t)));
  return out;
}

function computeChainComplete(ctx: ToscaRuleContext, t: ToscaType): boolean {
  const types = ctx.model.types;
  const chain = [t, ...types.ancestors(t)];
  // An import not read offline may redefine one of the spec's non-normative types (tosca-parser lets the imported
  // definition win): our built-in copy is then no complete list of its properties (TOSCA021 relaxes checks).
  if (ctx.model.closure.incomplete && chain.some((x) => x.source === 'catalog' && x.normative?.nonNormative))
    return false;
  // What a type has from its further parents (Unfurl's `derived_from` lists) is not merged here.
  if (chain.some((x) => x.decl?.derivedFromAlso?.length)) return false;
  // Unfurl's types with `additionalProperties: true` metadata take undeclared properties.
  if (ctx.options.dialect === 'unfurl' && chain.some((x) => x.decl?.metadata.some(openMetadata))) return false;
  const last = chain[chain.length - 1]!;
  if (!last.derivedFrom || isEntityRoot(last.derivedFrom)) return true;
  if (last.kind === 'data') {
    const prim = last.derivedFrom;
    if (/^(tosca:)?[a-z]/.test(prim) && types.dataType(prim)?.primitive) return true;
  }
  return false;
}

/** PortSpec's extra rules (§5.3.x): a port must lie inside its range when both are given. */
function checkPortSpec(ctx: ToscaRuleContext, v: import('../../syntax/tree.js').YMap, what: string): void {
  for (const [port, range] of [
    ['source', 'source_range'],
    ['target', 'target_range'],
  ] as const) {
    const p = v.pairs.find((x) => x.key.text === port);
    const r = v.pairs.find((x) => x.key.text === range);
    const ps = asScalar(p?.value);
    if (!p || !r || !ps || typeof ps.value !== 'number' || isExpression(r.value)) continue;
    const rv = parseRange(toPlain(r.value));
    if (typeof rv === 'string') continue;
    if (ps.value < rv.min || ps.value > rv.max) {
      ctx.report({
        code: 'TOSCA051',
        severity: 'error',
        span: ps.span,
        message:
          `\`${port}\` ${ps.value} of ${what} lies outside its \`${range}\` [${rv.min}, ` +
          `${rv.max === Infinity ? 'UNBOUNDED' : rv.max}].`,
      });
    }
  }
}

export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export type { Span };

function openMetadata(m: { name: string; value?: string }): boolean {
  return m.name === 'additionalProperties' && m.value === 'true';
}
