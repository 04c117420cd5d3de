/**
 * Property, attribute, input and parameter definitions: TOSCA040 refinement violations (Cloudsoft AMP,
 * "TOSCA: Additional Topics": a refinement may narrow the type to a derived one, add or change a default,
 * add constraints, turn optional into required, or fix a value; nothing else), TOSCA041 malformed `required` /
 * `status`, TOSCA052 malformed constraint clauses, and defaults / fixed values checked against
 * their type and constraints (TOSCA050/051/053/054 via values.ts).
 */
import {
  entries,
  getIn,
  asMap,
  asSeq,
  asScalar,
  deref,
  type YMap,
  type YNode,
  type YPair,
} from '../../../syntax/tree.js';
import { CONSTRAINT_OPERATORS, compilePattern, comparableOf, primitiveOf } from '../../../model/tosca/primitives.js';
import { TYPE_SECTIONS } from '../../../model/tosca/summary.js';
import { propFromFile, type PropInfo, type ToscaType } from '../../../model/tosca/typeTable.js';
import { toPlain } from '../../../model/tosca/values.js';
import type { TypeKind } from '../../../model/tosca/catalog/index.js';
import { checkValue, propTarget, cap } from '../values.js';
import { simpleProfileOnly, type ToscaRule, type ToscaRuleContext } from './context.js';
import { modelInputs } from './modelInputs.js';
import { isOnce } from '../../../model/document.js';
import { entryFindings, regionKey } from '../../shared/regions.js';
import { TOPOLOGY_REGIONS } from '../topologyRegions.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';

const STATUS: ReadonlySet<string> = new Set(['supported', 'unsupported', 'experimental', 'deprecated']);

const TYPE_DEFINITION_FINDINGS = regionKey('tosca.typeDefinitionFindings');
const INPUT_DEFINITION_FINDINGS = regionKey('tosca.inputDefinitionFindings');

/** False when two types of a kind share a name in the file: `checkType` would find the other's declaration. */
function uniqueTypeNames(ctx: ToscaRuleContext): boolean {
  const seen = new Set<string>();
  for (const t of ctx.model.summary.types) {
    const key = `${t.kind}\u0000${t.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

export const definitionsRule: ToscaRule = {
  codes: ['TOSCA040', 'TOSCA041', 'TOSCA052', 'TOSCA050', 'TOSCA051'],
  when: simpleProfileOnly,
  check(ctx) {
    const root = ctx.root;
    if (!root) return;
    // A keystroke elsewhere keeps a type definition's findings while the type table and the rest of what they read
    // are the same (`modelInputs`). A model checked once keeps nothing for a next version.
    const read = !isOnce(ctx.doc) && uniqueTypeNames(ctx) ? modelInputs(ctx) : undefined;
    for (const section of root.pairs) {
      const kind = TYPE_SECTIONS[section.key.text];
      if (!kind) continue;
      for (const tp of entries(section.value))
        entryFindings(
          ctx.doc,
          TYPE_DEFINITION_FINDINGS,
          tp,
          read,
          ctx.report,
          (report) => checkType({ ...ctx, report }, kind, tp),
          TOPOLOGY_REGIONS,
        );
    }
    const inputs = entries(getIn(root, ctx.grammar.topologyKey, 'inputs'));
    // An input's definition is looked up by name: kept per region only while the names are distinct.
    const readInputs = read !== undefined && ctx.model.inputs.size === inputs.length ? read : undefined;
    for (const p of inputs) {
      const m = asMap(p.value);
      if (!m) continue;
      entryFindings(
        ctx.doc,
        INPUT_DEFINITION_FINDINGS,
        p,
        readInputs,
        ctx.report,
        (report) => {
          const def = propFromFile(ctx.model.inputs.get(p.key.text) ?? emptyDef(p), ctx.model.path);
          checkDefinitionBody({ ...ctx, report }, m, def, `input \`${p.key.text}\``, false);
        },
        TOPOLOGY_REGIONS,
      );
    }
    for (const p of entries(getIn(root, ctx.grammar.topologyKey, 'outputs'))) {
      const m = asMap(p.value);
      if (m) checkConstraintClauses(ctx, m, asScalar(m.pairs.find((q) => q.key.text === 'type')?.value)?.text);
    }
  },
};

/**
 * `own` refining `prev`: type, default, value and description override; constraints accumulate from
 * 1.3 on, and replace the inherited ones before (as in the type table).
 */
function refineOver(ctx: ToscaRuleContext, prev: PropInfo, own: Omit<PropInfo, 'owner'>): Omit<PropInfo, 'owner'> {
  const constraints = ctx.minor >= 3 ? [...prev.constraints, ...own.constraints] : own.constraints;
  const out: Omit<PropInfo, 'owner'> = { ...prev, constraints };
  if (own.type) out.type = own.type;
  if (own.decl?.required !== undefined) out.required = own.required;
  if (own.hasDefault) {
    out.hasDefault = true;
    out.default = own.default ?? null;
  }
  if (own.entrySchema) out.entrySchema = own.entrySchema;
  return out;
}

function emptyDef(p: YPair) {
  return {
    name: p.key.text,
    keySpan: p.key.span,
    span: p.key.span,
    hasDefault: false,
    hasValue: false,
    constraints: [],
  };
}

function checkType(ctx: ToscaRuleContext, kind: TypeKind, tp: YPair): void {
  const d = ctx.model.summary.types.find((x) => x.kind === kind && x.name === tp.key.text);
  const t = d ? ctx.model.declared(d) : undefined;
  if (!t) return;
  const body = asMap(tp.value);
  const label = `${kind === 'data' ? 'data type' : kind + ' type'} \`${t.name}\``;
  const parent = ctx.model.types.parent(t);
  for (const [section, attr] of [
    ['properties', false],
    ['attributes', true],
  ] as const) {
    const effective = attr ? ctx.model.types.attributes(t) : ctx.model.types.properties(t);
    const inherited = parent
      ? attr
        ? ctx.model.types.attributes(parent)
        : ctx.model.types.properties(parent)
      : new Map<string, PropInfo>();
    for (const p of entries(getIn(body, section))) {
      const m = asMap(p.value);
      const what = `${attr ? 'attribute' : 'property'} \`${p.key.text}\` of ${label}`;
      if (!m) {
        // Short form: a fixed value for an inherited property.
        const eff = effective.get(p.key.text);
        if (eff && inherited.has(p.key.text) && p.value)
          checkValue(softened(ctx), p.value, propTarget(eff), `the value of ${what}`);
        continue;
      }
      const prev = inherited.get(p.key.text);
      if (prev && !attr) checkRefinement(ctx, m, prev, what);
      const eff = effective.get(p.key.text);
      if (eff) checkDefinitionBody(ctx, m, eff, what);
    }
  }
  // Capability definitions may refine the properties of their capability type.
  for (const cp of entries(getIn(body, 'capabilities'))) {
    const cm = asMap(cp.value);
    const capDef = d!.capabilities.find((c) => c.keySpan.start === cp.key.span.start);
    if (!cm || !capDef) continue;
    const capType = ctx.model.types.resolve(
      capDef.type?.name ?? ctx.model.types.capabilities(t).get(cp.key.text)?.type,
      'capability',
    );
    const capProps = capType ? ctx.model.types.properties(capType) : new Map<string, PropInfo>();
    for (const p of entries(getIn(cm, 'properties'))) {
      const m = asMap(p.value);
      const local = capDef.properties.find((x) => x.keySpan.start === p.key.span.start);
      if (!m || !local) continue;
      const what = `property \`${p.key.text}\` of capability \`${cp.key.text}\` of ${label}`;
      const prev = capProps.get(p.key.text);
      if (prev) checkRefinement(ctx, m, prev, what);
      const own = propFromFile(local, ctx.model.path);
      // The effective definition: the capability type's, refined by this one (same merge as inheritance).
      const eff = prev ? refineOver(ctx, prev, own) : own;
      checkDefinitionBody(ctx, m, eff, what);
    }
  }
  if (kind === 'data')
    checkConstraintClauses(ctx, body, t.derivedFrom && primitiveOf(t.derivedFrom) ? t.derivedFrom : undefined);
}

/**
 * Defaults inside type definitions are checked as warnings. Judgement: they only matter when a
 * template does not set the value, and peers disagree (xOpera and SODALITE's modules ship defaults
 * that break their own constraints, e.g. `[]` with `min_length: 1` to force a value).
 */
function softened(ctx: ToscaRuleContext): ToscaRuleContext {
  // TOSCA 2.0's type mismatches (TOSCA270/271) stay errors: §9.3 wants a type-compatible default.
  const soft = (code: string) => code !== 'TOSCA270' && code !== 'TOSCA271';
  return {
    ...ctx,
    report: (f) => ctx.report(f.severity === 'error' && soft(f.code) ? { ...f, severity: 'warning' } : f),
  };
}

/** Checks `required`, `status`, constraints, and the default / value against the effective definition. */
function checkDefinitionBody(
  ctx: ToscaRuleContext,
  m: YMap,
  eff: Omit<PropInfo, 'owner'> & { owner?: ToscaType },
  what: string,
  inType = true,
): void {
  for (const q of m.pairs) {
    if (q.key.text === 'required') {
      const s = asScalar(q.value);
      if (s && typeof s.value !== 'boolean' && !(s.style === 'plain' && /^(yes|no|on|off)$/i.test(s.text))) {
        ctx.report({
          code: 'TOSCA041',
          severity: 'error',
          span: s.span,
          message: `\`required\` of ${what} must be true or false, not \`${s.text}\`.`,
        });
      }
    } else if (q.key.text === 'status' && ctx.grammar.id !== '2_0') {
      const s = asScalar(q.value);
      if (s && s.value !== null && !STATUS.has(s.text)) {
        ctx.report({
          code: 'TOSCA041',
          severity: 'error',
          span: s.span,
          message: `\`status\` of ${what} must be one of ${[...STATUS].join(', ')}, not \`${s.text}\`.`,
        });
      }
    }
  }
  const base = baseOf(ctx, eff.type);
  checkConstraintClauses(ctx, m, base);
  const entry = getIn(m, 'entry_schema');
  if (entry && entry.kind === 'map')
    checkConstraintClauses(ctx, entry, baseOf(ctx, asScalar(getIn(entry, 'type'))?.text));
  for (const key of ['default', 'value']) {
    const pair = m.pairs.find((q) => q.key.text === key);
    if (!pair?.value) continue;
    checkValue(inType ? softened(ctx) : ctx, pair.value, propTarget(eff), `the ${key} of ${what}`);
  }
}

function baseOf(ctx: ToscaRuleContext, type: string | undefined): string | undefined {
  if (!type) return undefined;
  return ctx.model.types.dataType(type)?.primitive ?? type;
}

/** TOSCA052: the `constraints` list of a definition (or data type) is well formed. */
function checkConstraintClauses(ctx: ToscaRuleContext, m: YMap | null, base: string | undefined): void {
  const list = asSeq(getIn(m, 'constraints'));
  if (!list) return;
  const prim = base ? primitiveOf(base) : undefined;
  for (const it of list.items) {
    const c = asMap(it);
    if (!c || c.pairs.length !== 1) {
      ctx.report({
        code: 'TOSCA052',
        severity: 'error',
        span: it.span,
        message: 'A constraint clause is a mapping with exactly one operator, e.g. `- greater_or_equal: 1`.',
      });
      continue;
    }
    const p = c.pairs[0]!;
    const op = p.key.text;
    if (!CONSTRAINT_OPERATORS.includes(op)) {
      const hint = didYouMean(op, CONSTRAINT_OPERATORS);
      ctx.report({
        code: 'TOSCA052',
        severity: 'error',
        span: p.key.span,
        message:
          `Unknown constraint operator ` +
          `\`${op}\`${hint ? ` (did you mean \`${hint}\`?).` : `. Operators: ${CONSTRAINT_OPERATORS.join(', ')}.`}`,
        ...replaceWith(hint),
      });
      continue;
    }
    const problem = operandProblem(op, p.value, prim);
    if (problem)
      ctx.report({
        code: 'TOSCA052',
        severity: 'error',
        span: p.value ? p.value.span : p.key.span,
        message: `\`${op}\` ${problem}.`,
      });
  }
}

function operandProblem(op: string, n: YNode | null, prim: ReturnType<typeof primitiveOf>): string | undefined {
  const v = deref(n);
  if (!v) return 'needs a value';
  const comparable = (x: YNode): string | undefined => {
    const d = deref(x);
    if (!d || d.kind !== 'scalar') return 'operands must be single values';
    if (!prim || prim === 'string' || prim === 'list' || prim === 'map' || prim === 'any') return undefined;
    const plain = prim === 'version' ? d.text : toPlain(d);
    if (prim === 'timestamp' || prim === 'boolean' || prim === 'null') return undefined;
    if (!comparableOf(prim, plain)) return `operand \`${d.text}\` is not a ${prim} value`;
    if ((prim === 'integer' || prim === 'float') && typeof d.value !== 'number')
      return `operand \`${d.text}\` is not a number`;
    return undefined;
  };
  switch (op) {
    case 'equal':
      return undefined;
    case 'greater_than':
    case 'greater_or_equal':
    case 'less_than':
    case 'less_or_equal':
      return comparable(v);
    case 'in_range': {
      const s = asSeq(v);
      if (!s || s.items.length !== 2) return 'needs a list of two bounds, `[min, max]`';
      const lo = comparable(s.items[0]!);
      if (lo) return lo;
      const hiNode = asScalar(s.items[1]);
      if (hiNode?.text === 'UNBOUNDED') return undefined;
      return comparable(s.items[1]!);
    }
    case 'valid_values':
      return v.kind === 'seq' ? undefined : 'needs a list of values';
    case 'length':
    case 'min_length':
    case 'max_length': {
      const s = asScalar(v);
      return s && typeof s.value === 'number' && Number.isInteger(s.value) && s.value >= 0
        ? undefined
        : 'needs a non-negative integer';
    }
    case 'pattern': {
      const s = asScalar(v);
      if (!s || typeof s.value !== 'string') return 'needs a regular expression string';
      return compilePattern(s.value) ? undefined : `\`${s.value}\` is not a valid regular expression`;
    }
    default:
      return undefined;
  }
}

/**
 * The refinement rules of TOSCA 1.3 (§3.6.10, spelt out in Cloudsoft AMP's notes), checked for one
 * property definition `m` over the inherited `prev`. Before 1.3 a derived type's definition simply
 * replaced the parent's, so nothing is checked in 1.0–1.2 files.
 */
function checkRefinement(ctx: ToscaRuleContext, m: YMap, prev: PropInfo, what: string): void {
  if (ctx.minor < 3) return;
  const types = ctx.model.types;
  const typeNode = asScalar(m.pairs.find((q) => q.key.text === 'type')?.value);
  if (typeNode && typeNode.value !== null && prev.type && typeNode.text !== prev.type) {
    if (!compatibleType(ctx, typeNode.text, prev.type)) {
      ctx.report({
        code: 'TOSCA040',
        severity: 'error',
        span: typeNode.span,
        message:
          `${cap(what)} refines the inherited property of type \`${prev.type}\` (from ` +
          (`\`${prev.owner.name}\`); a refinement may keep the type or use a type derived from it, not ` +
            `\`${typeNode.text}\`.`),
      });
    }
  }
  const req = asScalar(m.pairs.find((q) => q.key.text === 'required')?.value);
  if (req && req.value === false && prev.required) {
    ctx.report({
      code: 'TOSCA040',
      severity: 'error',
      span: req.span,
      message:
        `${cap(what)} makes the inherited required property (from \`${prev.owner.name}\`) optional; ` +
        `refinements may only turn optional properties into required ones.`,
    });
  }
  if (prev.hasValue) {
    const changed = m.pairs.find((q) => q.key.text === 'value' || q.key.text === 'default');
    if (changed) {
      ctx.report({
        code: 'TOSCA040',
        severity: 'error',
        span: changed.key.span,
        message:
          `${cap(what)}: \`${prev.owner.name}\` fixed this property's value (\`value\` is final), so it ` +
          `cannot be changed.`,
      });
    }
  }
  void types;
}

function compatibleType(ctx: ToscaRuleContext, sub: string, base: string): boolean {
  const types = ctx.model.types;
  const a = types.dataType(sub);
  const b = types.dataType(base);
  if (!a || !b) return true; // unknown types are reported elsewhere
  if (a.type && b.type) return types.isA(a.type, b.type);
  if (!a.type && !b.type) return a.primitive === b.primitive;
  // A data type derived from the primitive the base names (e.g. PortDef for integer) narrows it.
  if (a.type && !b.type) return a.primitive === b.primitive;
  return false;
}

export function typeNodesOf(root: YMap | null): { kind: TypeKind; pair: YPair }[] {
  const out: { kind: TypeKind; pair: YPair }[] = [];
  if (!root) return out;
  for (const section of root.pairs) {
    const kind = TYPE_SECTIONS[section.key.text];
    if (kind) for (const p of entries(section.value)) out.push({ kind, pair: p });
  }
  return out;
}
