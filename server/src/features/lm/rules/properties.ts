/**
 * LM020, LM022, LM023, LM025, LM026, LM028, LM029: property definitions, in every properties-like
 * section (top-level, private, component, relationship, operation and data-type properties;
 * TNC-O "Resource descriptor" › properties; CP4NA "Assembly descriptors" › properties).
 *
 * A scalar property body is already an LM008 error (grammar rule) and the `entry_schema`
 * spelling an LM021 warning, so neither is reported again here.
 */
import { LEGACY_PROPERTY_TYPES, PROPERTY_TYPES } from '../../../model/lm/vocabulary.js';
import { asMap, asScalar, get, getPair, type YMap, type YNode, type YPair } from '../../../syntax/tree.js';
import type { LmRule, LmRuleContext } from './context.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import { entryFindings, regionKey } from '../../shared/regions.js';
import type { Finding } from '../../shared/rule.js';

const REGION_FINDINGS = regionKey('lm.propertyFindings');

export type PropertySectionKind = 'top' | 'private' | 'component' | 'relationship' | 'operation' | 'data-type';

export interface PropertySection {
  kind: PropertySectionKind;
  /** Human label for messages, e.g. "component `balancer`". */
  label: string;
  map: YMap;
  /** The section entry (component, relationship...) the properties are under; absent for top-level ones. */
  owner?: YPair;
}

/** Every properties-like section of a descriptor (block or flow maps). */
export function propertySections(root: YNode | null): PropertySection[] {
  const m = asMap(root);
  if (!m) return [];
  const out: PropertySection[] = [];
  const add = (kind: PropertySectionKind, label: string, n: YNode | null, owner?: YPair) => {
    const map = asMap(n);
    if (map) out.push(owner ? { kind, label, map, owner } : { kind, label, map });
  };
  add('top', 'the descriptor', get(m, 'properties'));
  add('private', 'private-properties', get(m, 'private-properties'));
  for (const section of ['composition', 'references'] as const) {
    for (const p of asMap(get(m, section))?.pairs ?? [])
      add(
        'component',
        `${section === 'composition' ? 'component' : 'reference'} \`${p.key.text}\``,
        get(asMap(p.value), 'properties'),
        p,
      );
  }
  for (const p of asMap(get(m, 'relationships'))?.pairs ?? [])
    add('relationship', `relationship \`${p.key.text}\``, get(asMap(p.value), 'properties'), p);
  for (const p of asMap(get(m, 'operations'))?.pairs ?? [])
    add('operation', `operation \`${p.key.text}\``, get(asMap(p.value), 'properties'), p);
  for (const p of asMap(get(m, 'data-types'))?.pairs ?? [])
    add('data-type', `data type \`${p.key.text}\``, get(asMap(p.value), 'properties'), p);
  return out;
}

const BUILTIN_TYPES: readonly string[] = [...PROPERTY_TYPES, ...LEGACY_PROPERTY_TYPES];

/** Spellings from other languages, mapped to the LM type meant. */
const TYPE_ALIASES: Record<string, string> = {
  int: 'integer',
  long: 'integer',
  number: 'float',
  double: 'float',
  decimal: 'float',
  bool: 'boolean',
  str: 'string',
  text: 'string',
  dict: 'map',
  object: 'map',
  json: 'map',
  array: 'list',
  sequence: 'list',
  date: 'timestamp',
  datetime: 'timestamp',
};

/** The names a `type` may take in this descriptor. */
export function knownTypes(ctx: LmRuleContext): string[] {
  return [...BUILTIN_TYPES, ...ctx.summary.dataTypes.map((d) => d.name)];
}

/** The data types' names: the end of `knownTypes`. */
function dataTypesOf(known: readonly string[]): readonly string[] {
  return known.slice(BUILTIN_TYPES.length);
}

function suggestType(t: string, known: readonly string[]): string | undefined {
  const lower = t.toLowerCase();
  const exactCase = known.find((k) => k.toLowerCase() === lower);
  if (exactCase) return exactCase;
  const alias = TYPE_ALIASES[lower];
  if (alias) return alias;
  return didYouMean(t, known);
}

function unknownTypeMessage(what: string, t: string, sugg: string | undefined, dataTypes: readonly string[]): string {
  const hint = sugg
    ? ` Did you mean \`${sugg}\`?`
    : ` Use one of ${PROPERTY_TYPES.join(', ' + '')}${
        dataTypes.length
          ? `, or a data type ` + `(${dataTypes.slice(0, 6).join(', ')})`
          : ', or declare it under `data-types`'
      }.`;
  return `Unknown ${what} \`${t}\`.${hint} LM does not know how to handle the value.`;
}

const isRef = (n: YNode | null): boolean => {
  const s = asScalar(n);
  return !!s && typeof s.value === 'string' && s.value.includes('${');
};

const INT_RE = /^[+-]?\d+$/;
const FLOAT_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** YAML 1.1 parsers (as used by the orchestrator) also read these as booleans. */
const BOOL_WORDS = ['true', 'false', 'yes', 'no', 'on', 'off'];
const TIMESTAMP_RE = /^\d{4}-\d{1,2}-\d{1,2}([Tt ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|z|[+-]\d{1,2}(:?\d{2})?)?)?$/;

/** Why a literal does not fit a built-in type, or undefined when it fits (or cannot be checked). */
export function literalProblem(type: string, n: YNode | null): string | undefined {
  if (!n || isRef(n)) return undefined;
  const v = n.kind === 'alias' ? n.target : n;
  if (!v) return undefined;
  if (v.kind === 'scalar' && v.value === null) return undefined;
  const kindOf = v.kind === 'map' ? 'a map' : v.kind === 'seq' ? 'a list' : undefined;
  const s = v.kind === 'scalar' ? v : undefined;
  switch (type) {
    case 'integer':
      if (
        s &&
        ((typeof s.value === 'number' && Number.isInteger(s.value)) ||
          (typeof s.value === 'string' && INT_RE.test(s.value.trim())))
      )
        return undefined;
      return `${kindOf ?? `\`${s!.text}\``} is not a whole number`;
    case 'float':
      if (s && (typeof s.value === 'number' || (typeof s.value === 'string' && FLOAT_RE.test(s.value.trim()))))
        return undefined;
      return `${kindOf ?? `\`${s!.text}\``} is not a number`;
    case 'boolean':
      if (
        s &&
        (typeof s.value === 'boolean' ||
          (typeof s.value === 'string' && BOOL_WORDS.includes(s.value.trim().toLowerCase())))
      )
        return undefined;
      return `${kindOf ?? `\`${s!.text}\``} is not \`true\` or \`false\``;
    case 'timestamp':
      if (s && typeof s.value === 'string' && TIMESTAMP_RE.test(s.value.trim())) return undefined;
      return `${kindOf ?? `\`${s!.text}\``} is not a timestamp such as \`2019-09-07T15:50-04:00\``;
    case 'list':
      if (v.kind === 'seq') return undefined;
      return `${kindOf ?? `\`${s!.text}\``} is not a list (write \`[a, b]\` or \`- a\` lines)`;
    case 'map':
      if (v.kind === 'map') return undefined;
      return `${kindOf ?? `\`${s!.text}\``} is not a map (write \`{a: 1}\` or \`key: value\` lines)`;
    default:
      return undefined;
  }
}

const truthy = (n: YNode | null): boolean => {
  const s = asScalar(n);
  return !!s && (s.value === true || (typeof s.value === 'string' && s.value.trim().toLowerCase() === 'true'));
};

/** The entry-schema pair under either spelling (the `entry_schema` spelling itself is LM021). */
function entrySchemaPair(body: YMap): YPair | undefined {
  return getPair(body, 'entry-schema') ?? getPair(body, 'entry_schema') ?? getPair(body, 'entrySchema');
}

function checkProperty(
  ctx: LmRuleContext,
  sec: PropertySection,
  p: YPair,
  known: readonly string[],
  report: (f: Finding) => void,
): void {
  const name = p.key.text;
  if (/[.\s]/.test(name)) {
    const fixed = name.trim().replace(/[.\s]+/g, '_');
    report({
      code: 'LM020',
      severity: 'error',
      span: p.key.span,
      message:
        `Property name \`${name}\` contains ${/\s/.test(name) ? 'whitespace' : 'a dot'}: ` +
        `${
          /\./.test(name)
            ? 'the dot separates component and property in `${a.b}`, so the property cannot be ' + 'mapped. '
            : ''
        }Rename it, e.g. \`${fixed}\`.`,
      ...replaceWith(fixed),
    });
  }
  const v = p.value;
  if (!v || (v.kind === 'scalar' && v.value === null)) {
    report({
      code: 'LM028',
      severity: 'information',
      span: p.key.span,
      message:
        `Property \`${name}\` of ${sec.label} has an empty body; LM treats it as an untyped string ` +
        (`property. Give it attributes (\`type: string\`, a ` +
          `\`description\`${sec.kind === 'component' ? ', a `value`' : ''}) or remove it.`),
    });
    return;
  }
  const body = asMap(v);
  if (!body) return; // a scalar or list body is LM008

  // LM029: `value:` with nothing after it (an explicit `null`, `~` or `''` is deliberate and not reported). It is
  // what an unfinished mapping looks like, e.g. after the "map required property" fix on a client without snippets.
  const valuePair = getPair(body, 'value');
  if (valuePair && valuePair.value === null) {
    const example = sec.kind === 'component' ? ` of this assembly (e.g. \`\${${name}}\`)` : '';
    report({
      code: 'LM029',
      severity: 'warning',
      span: valuePair.key.span,
      message:
        `\`value:\` of \`${name}\` (${sec.label}) is empty, so the property gets no value from it. Write the ` +
        `value: \`\${<property>}\` to map one${example}, or a literal.`,
    });
  }

  // LM022: type
  const typeNode = asScalar(get(body, 'type'));
  let type = 'string';
  let typeKnown = true;
  if (typeNode && typeNode.value !== null) {
    type = typeNode.text.trim();
    if (!known.includes(type)) {
      typeKnown = false;
      const sugg = suggestType(type, known);
      report({
        code: 'LM022',
        severity: 'warning',
        span: typeNode.span,
        message: unknownTypeMessage('property type', type, sugg, dataTypesOf(known)),
        ...replaceWith(sugg),
      });
    }
  }

  // LM023: volatile with read-only or a fixed value
  const vol = getPair(body, 'volatile');
  if (vol && truthy(vol.value)) {
    const ro = getPair(body, 'read-only');
    const val = getPair(body, 'value');
    if (ro && truthy(ro.value)) {
      report({
        code: 'LM023',
        severity: 'error',
        span: vol.key.span,
        message:
          `Property \`${name}\` is both \`volatile\` and \`read-only\`: a read-only output is never ` +
          `supplied, so it cannot trigger a Reconfigure. Remove one of them.`,
      });
    } else if (val && val.value && !(val.value.kind === 'scalar' && val.value.value === null) && !isRef(val.value)) {
      // A warning, not an error: the TNC-O 2.1 resource page forbids this combination, but CP4NA's own
      // assembly page shows `value:` with `volatile: true` (a new descriptor version can change it).
      report({
        code: 'LM023',
        severity: 'warning',
        span: vol.key.span,
        message:
          `Property \`${name}\` is \`volatile\` but has a fixed \`value\`, which cannot be changed on a ` +
          (`running instance (TNC-O forbids the combination; CP4NA's own example uses it, hence only a warning). ` +
            `Use \`default\` instead of \`value\`, or drop \`volatile\`.`),
      });
    }
  }

  // LM025: entry-schema
  const es = entrySchemaPair(body);
  let entryTypeText: string | undefined;
  if (es) {
    if (typeKnown && type !== 'list' && type !== 'map') {
      report({
        code: 'LM025',
        severity: 'warning',
        span: es.key.span,
        message:
          `\`${es.key.text}\` only applies to \`list\` and \`map\` properties, but \`${name}\` is ` +
          (`${typeNode ? `a \`${type}\`` : 'a `string` (no `type`)'}. ` +
            `${typeNode ? 'Change the type or remove it.' : 'Add `type: list` or `type: map`.'}`),
      });
    }
    const esScalar = asScalar(es.value);
    const entryType = esScalar && esScalar.value !== null ? esScalar : asScalar(get(asMap(es.value), 'type'));
    if (entryType && entryType.value !== null) entryTypeText = entryType.text.trim();
    if (entryType && entryTypeText !== undefined && !known.includes(entryTypeText)) {
      const t = entryTypeText;
      const sugg = suggestType(t, known);
      report({
        code: 'LM025',
        severity: 'warning',
        span: entryType.span,
        message: unknownTypeMessage('entry type', t, sugg, dataTypesOf(known)),
        ...replaceWith(sugg),
      });
    }
  }

  // LM026: default / value literal vs the declared type
  if (typeKnown) {
    for (const key of ['default', 'value'] as const) {
      const pair = getPair(body, key);
      if (!pair?.value) continue;
      const problem = literalProblem(type, pair.value);
      if (problem) {
        report({
          code: 'LM026',
          severity: 'warning',
          span: pair.value.span,
          message: `\`${key}\` of \`${name}\`: ${problem}, but the property is declared \`type: ${type}\`.`,
        });
        continue;
      }
      // Items of a list literal against a built-in entry type.
      // Items of a list / values of a map literal against a built-in entry type.
      if (!entryTypeText || (type !== 'list' && type !== 'map')) continue;
      const items =
        pair.value.kind === 'seq'
          ? pair.value.items
          : pair.value.kind === 'map'
            ? pair.value.pairs.map((x) => x.value)
            : [];
      for (const it of items) {
        const ip = it ? literalProblem(entryTypeText, it) : undefined;
        if (ip)
          report({
            code: 'LM026',
            severity: 'warning',
            span: it!.span,
            message:
              `${type === 'list' ? 'Item' : 'Entry'} of \`${key}\` of \`${name}\`: ${ip}, but the ` +
              `entry-schema type is \`${entryTypeText}\`.`,
          });
      }
    }
  }
}

export const propertiesRule: LmRule = {
  codes: ['LM020', 'LM022', 'LM023', 'LM025', 'LM026', 'LM028', 'LM029'],
  kinds: ['assembly', 'resource'],
  check(ctx) {
    const known = knownTypes(ctx);
    // Findings follow from a region's subtree and the known types alone: kept per region (shared/regions.ts).
    const inputs = known.join('\u0001');
    const inRegion = (pair: YPair, compute: (report: (f: Finding) => void) => void) =>
      entryFindings(ctx.doc, REGION_FINDINGS, pair, inputs, ctx.report, compute);
    for (const sec of propertySections(ctx.doc.root)) {
      const owner = sec.owner;
      if (owner)
        inRegion(owner, (report) => {
          for (const p of sec.map.pairs) checkProperty(ctx, sec, p, known, report);
        });
      else for (const p of sec.map.pairs) inRegion(p, (report) => checkProperty(ctx, sec, p, known, report));
    }
  },
};
