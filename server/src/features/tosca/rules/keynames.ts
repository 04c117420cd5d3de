/**
 * TOSCA010 unknown keyname (with "did you mean"), TOSCA011 missing required keyname, TOSCA012 value
 * of the wrong shape (mapping / list / scalar), all driven by the grammar table in
 * model/tosca/grammar.ts.
 */
import { misspeltVersionKey } from '../../../model/kinds.js';
import type { Span } from '../../../syntax/positions.js';
import { deref, isMergeKey, type YMap, type YNode, type YPair } from '../../../syntax/tree.js';
import { GRAMMAR, requiredKeys, vendorKey, type KeySpec, type Shape } from '../../../model/tosca/grammar.js';
import { V1_RENAMED, v2FunctionName } from '../../../model/tosca/v2/index.js';
import { FUNCTION_NAMES, TYPE_SECTIONS } from '../../../model/tosca/summary.js';
import { alienDialect, simpleProfileOnly, type ToscaRule, type ToscaRuleContext } from './context.js';
import { dialectKeys, isDialectExpression, isDialectKey } from '../dialects.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith, withFixes } from '../../shared/fixData.js';
import { entryFindings, regionKey } from '../../shared/regions.js';
import { TOPOLOGY_REGIONS } from '../topologyRegions.js';

/** TOSCA010–012 and TOSCA208 kept per region (a section's entry); exported for the test that checks they are kept. */
export const KEYNAME_FINDINGS = regionKey('tosca.keynames');

const SHAPE_WORD: Record<Shape, string> = {
  map: 'a mapping',
  list: 'a list',
  scalar: 'a single value',
  any: 'a value',
};

function shapeOf(n: YNode | null): Shape | 'null' {
  const v = deref(n);
  if (!v) return 'null';
  return v.kind === 'map'
    ? 'map'
    : v.kind === 'seq'
      ? 'list'
      : v.kind === 'scalar' && v.value === null
        ? 'null'
        : 'scalar';
}

function shapeOk(ks: KeySpec, actual: Shape | 'null'): boolean {
  if (actual === 'null') return true; // `key:` with nothing, or `~`: emptiness is judged by semantic rules.
  if (!ks.shape || ks.shape === 'any') return true;
  return actual === ks.shape || actual === ks.alt;
}

export const keynamesRule: ToscaRule = {
  codes: ['TOSCA010', 'TOSCA011', 'TOSCA012', 'TOSCA208'],
  // Cloudify's blueprints too, with their own table (model/tosca/cloudify/keynames.ts).
  when: (ctx) => simpleProfileOnly(ctx) || ctx.grammar.family === 'cloudify',
  check(ctx) {
    if (!ctx.root) return;
    const where = ctx.grammar.family === 'cloudify' ? 'the blueprint' : 'the service template';
    walk(ctx, 'service_template', ctx.root, ctx.root.span, where, 0);
  },
};

function walk(
  ctx: ToscaRuleContext,
  construct: string,
  node: YNode | null,
  ownerSpan: Span,
  where: string,
  depth: number,
): void {
  const spec = ctx.grammar.constructs[construct];
  const v = deref(node);
  if (!spec || !v || depth > 40) return;
  // Unfurl evaluates a value where TOSCA wants a definition (a capability's property set to `{eval: ...}`), and an
  // interface's `defaults` hold the implementation, inputs and outputs of all its operations.
  if (isDialectExpression(ctx.options.dialect, v)) return;
  // Alien4Cloud lets a type's attribute be a function of other values (`url: { concat: [...] }`).
  if (construct === 'attribute_definition' && alienDialect(ctx) && isFunctionCall(v)) return;
  if (ctx.options.dialect === 'unfurl' && construct.startsWith('interface_') && where.endsWith(' `defaults`')) return;
  // Judgement: an operation written as an empty list (`instantiate_start: []`) is how Tacker's VNF packages say
  // "no implementation"; tosca-parser reads it as an empty implementation, and so do we (the idioms rule adds a
  // hint, TOSCA105).
  if (spec.emptyListIdiom && v.kind === 'seq' && v.items.length === 0) return;
  if (v.kind !== 'map') {
    if (v.kind === 'scalar' && (spec.scalarForm || v.value === null)) return;
    if (v.kind === 'seq' && spec.listForm) return;
    if (spec.open) return;
    ctx.report({
      code: 'TOSCA012',
      severity: 'error',
      span: v.span,
      message:
        `${cap(where)} must be a mapping (a ${spec.label}), not ` +
        `${SHAPE_WORD[v.kind === 'seq' ? 'list' : 'scalar']}.${cloudifyRejects(ctx)}`,
    });
    return;
  }
  if (spec.open) return;
  // 1.0's named import form: `- name: file` / `- name: {file: ...}`.
  if (construct === 'import' && v.pairs.length === 1 && !(v.pairs[0]!.key.text in spec.keys)) {
    const p = v.pairs[0]!;
    walk(ctx, 'import', p.value, p.key.span, `import \`${p.key.text}\``, depth + 1);
    return;
  }
  const pairs = v.pairs;
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i]!;
    const key = p.key.text;
    // A YAML merge key (`<<: *defaults`) brings the keys of the mapping it names, checked where that mapping is.
    if (isMergeKey(p)) continue;
    const base = spec.keys[key];
    const d = ctx.options.dialect;
    const over = d ? base?.dialects?.[d] : undefined;
    const ks = over ? { ...base, ...over } : base;
    // Vendor keys (`_extensions`...) are portability warnings of the idioms rule (TOSCA105).
    if (!ks && vendorKey(construct, key)) continue;
    // Keynames the orchestrator dialect documents (features/tosca/dialects.ts).
    if (!ks && isDialectKey(ctx.options.dialect, construct, key)) continue;
    if (!ks) {
      if (spec.extra) {
        walk(ctx, spec.extra, p.value, p.key.span, `operation \`${key}\``, depth + 1);
        continue;
      }
      // A misspelt version key is TOSCA001's (it says the version is missing, with the same fix).
      if (construct === 'service_template' && misspeltVersionKey(key)) continue;
      if (ctx.grammar.id === '2_0' && key !== 'topology_template' && GRAMMAR[construct]?.keys[key]) {
        version1Key(ctx, p, key, construct);
        continue;
      }
      unknownKey(ctx, construct, p, where, [...Object.keys(spec.keys), ...dialectKeys(ctx.options.dialect, construct)]);
      continue;
    }
    checkKey(ctx, ks, p, key, depth);
  }
  for (const key of requiredKeys(spec)) {
    if (v.pairs.some((p) => p.key.text === key) || mergedHas(v, key)) continue;
    // The service template's version is TOSCA001's business.
    if (construct === 'service_template') continue;
    // A template that copies another one inherits its type.
    if (key === 'type' && v.pairs.some((p) => p.key.text === 'copy')) continue;
    ctx.report({
      code: 'TOSCA011',
      severity: 'error',
      span: ownerSpan,
      message:
        `${cap(where)} has no \`${key}\`; ${/^[aeiou]/.test(spec.label) ? 'an' : 'a'} ${spec.label} requires it.` +
        cloudifyRejects(ctx),
    });
  }
}

/**
 * Keynames whose single value is data rather than a name the grammar resolves (an artifact's `file`,
 * a repository `url`, an implementation's `primary` or `timeout`...): an intrinsic function there
 * (`file: { get_input: image }`) is a value to evaluate, as tosca-parser and orchestrators do.
 */
const VALUE_KEYS: ReadonlySet<string> = new Set([
  'file',
  'url',
  'deploy_path',
  'checksum',
  'checksum_algorithm',
  'primary',
  'timeout',
]);

/** True when a mapping merged into `m` (by `<<`, one level, as the loaders merge) has `key`. */
function mergedHas(m: YMap, key: string): boolean {
  for (const p of m.pairs) {
    if (!isMergeKey(p)) continue;
    const v = deref(p.value);
    const sources = v?.kind === 'seq' ? v.items.map(deref) : [v];
    if (sources.some((s) => s?.kind === 'map' && s.pairs.some((q) => q.key.text === key))) return true;
  }
  return false;
}

function isFunctionCall(n: YNode | null): boolean {
  const m = deref(n);
  if (!m || m.kind !== 'map' || m.pairs.length !== 1) return false;
  const k = m.pairs[0]!.key.text;
  return FUNCTION_NAMES.has(k) || v2FunctionName(k) !== undefined;
}

function checkKey(ctx: ToscaRuleContext, ks: KeySpec, p: YPair, key: string, depth: number): void {
  const actual = shapeOf(p.value);
  if (ks.mapTolerated && actual === 'map' && ks.listOfNamed) {
    const m = deref(p.value) as import('../../../syntax/tree.js').YMap;
    ctx.report({
      code: 'TOSCA012',
      severity: 'warning',
      span: p.key.span,
      message:
        `\`${key}\` is a list of \`- name: ...\` entries in TOSCA 1.x; a mapping is accepted here (as ` +
        `Puccini does), but other 1.x processors reject it.`,
    });
    const label = ctx.grammar.constructs[ks.listOfNamed]?.label ?? 'entry';
    for (const q of m.pairs) walk(ctx, ks.listOfNamed, q.value, q.key.span, `${label} \`${q.key.text}\``, depth + 1);
    return;
  }
  // Unfurl's types may derive from several types (a list).
  const unfurlParents = key === 'derived_from' && actual === 'list' && ctx.options.dialect === 'unfurl';
  const evaluated =
    VALUE_KEYS.has(key) && (isFunctionCall(p.value) || isDialectExpression(ctx.options.dialect, p.value));
  if (!shapeOk(ks, actual) && !evaluated && !unfurlParents) {
    const want = ks.alt ? `${SHAPE_WORD[ks.shape!]} or ${SHAPE_WORD[ks.alt]}` : SHAPE_WORD[ks.shape!];
    ctx.report({
      code: 'TOSCA012',
      severity: 'error',
      span: p.value ? p.value.span : p.key.span,
      message: `\`${key}\` must be ${want}, not ${SHAPE_WORD[actual as Shape]}.${cloudifyRejects(ctx)}`,
    });
    return;
  }
  const val = deref(p.value);
  if (!val) return;
  if (
    ks.construct &&
    (val.kind === 'map' || (val.kind === 'scalar' && ctx.grammar.constructs[ks.construct]?.scalarForm))
  ) {
    walk(ctx, ks.construct, val, p.key.span, `\`${key}\``, depth + 1);
  }
  if (ks.mapOf && val.kind === 'map') {
    const entry = ks.mapOf;
    const label = ctx.grammar.constructs[entry]?.label;
    // An entry of a section (a type, a node template) keeps its findings while its text is the same: the walk reads
    // nothing else but the grammar, the dialect and where it is (features/shared/regions.ts).
    const inputs = `${ctx.grammar.family}${ctx.grammar.id}|${ctx.options.dialect ?? ''}|${entry}|${depth}`;
    for (const q of val.pairs) {
      if (isMergeKey(q)) continue;
      entryFindings(
        ctx.doc,
        KEYNAME_FINDINGS,
        q,
        inputs,
        ctx.report,
        (report) =>
          walk(
            report === ctx.report ? ctx : { ...ctx, report },
            entry,
            q.value,
            q.key.span,
            `${label ?? 'entry'} \`${q.key.text}\``,
            depth + 1,
          ),
        TOPOLOGY_REGIONS,
      );
    }
  }
  if (ks.listOf && val.kind === 'seq') {
    val.items.forEach((it, i) => walk(ctx, ks.listOf!, it, it.span, `entry ${i + 1} of \`${key}\``, depth + 1));
  }
  if (ks.listOfNamed && val.kind === 'seq') {
    const label = ctx.grammar.constructs[ks.listOfNamed]?.label ?? 'entry';
    for (const it of val.items) {
      const m = deref(it);
      if (!m || m.kind !== 'map' || m.pairs.length !== 1) {
        ctx.report({
          code: 'TOSCA012',
          severity: 'error',
          // With several keys, point at the second one: usually a sub-key that lost its indentation.
          span: m && m.kind === 'map' && m.pairs.length > 1 ? m.pairs[1]!.key.span : it.span,
          message:
            `Each entry of \`${key}\` is a mapping with exactly one key, its name (\`- name: ` +
            `...\`)${
              m && m.kind === 'map' ? `; this one has ${m.pairs.length} keys (is the indentation ` + `right?)` : ''
            }.`,
        });
        continue;
      }
      const q = m.pairs[0]!;
      walk(ctx, ks.listOfNamed, q.value, q.key.span, `${label} \`${q.key.text}\``, depth + 1);
    }
  }
}

/**
 * A 1.x keyname in a TOSCA 2.0 file: Puccini and the pre-standard 2.0 simple profile still write some
 * (`occurrences`, `constraints`, `valid_source_types`); a warning that names the 2.0 keyname, and the
 * content is not read.
 */
function version1Key(ctx: ToscaRuleContext, p: YPair, key: string, construct: string): void {
  // `occurrences` became `count_range` in requirement definitions only.
  const now = key === 'occurrences' && construct !== 'requirement_definition' ? undefined : V1_RENAMED[key];
  ctx.report({
    code: 'TOSCA208',
    severity: 'warning',
    span: p.key.span,
    message:
      `\`${key}\` is a TOSCA 1.x keyname that TOSCA Version 2.0 ${now ? `writes \`${now}\`` : 'no longer has'} ` +
      `here; some processors (Puccini) still read it, others reject it, and it is not checked.`,
    // `constraints` → `validation` changes the value too (a list of operators becomes one clause over `$value`).
    ...(key === 'constraints'
      ? withFixes({ fix: 'constraints-to-validation' })
      : replaceWith(now?.includes(' ') ? undefined : now)),
  });
}

function unknownKey(ctx: ToscaRuleContext, construct: string, p: YPair, where: string, known: string[]): void {
  const key = p.key.text;
  let candidates = known;
  // At the top level, a misspelt section name is the usual cause.
  if (construct === 'service_template' && ctx.grammar.family === 'tosca')
    candidates = [...known, ...Object.keys(TYPE_SECTIONS)];
  // TOSCA 2.0 renamed the 1.x `topology_template` (§6.9): an error still, as its content is not read, with the fix.
  const renamed = ctx.grammar.id === '2_0' && construct === 'service_template' && key === 'topology_template';
  const hint = renamed ? 'service_template' : didYouMean(key, candidates);
  // Judgement: Alien4Cloud imports an archive with a key it does not know, warning that it ignores it.
  const alien = alienDialect(ctx);
  ctx.report({
    code: 'TOSCA010',
    severity: alien ? 'warning' : 'error',
    span: p.key.span,
    message:
      `Unknown keyname \`${key}\` in ` +
      `${where}${
        hint
          ? ` (did you mean ` + `\`${hint}\`?).`
          : `. Known keynames: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''}.`
      }` +
      (alien ? ' Alien4Cloud ignores a key it does not know (with a warning), so it has no effect there.' : '') +
      cloudifyRejects(ctx),
    ...replaceWith(hint),
  });
}

/** What a blueprint's keyname finding means for Cloudify: its parser's schema check fails the upload. */
function cloudifyRejects(ctx: ToscaRuleContext): string {
  return ctx.grammar.family === 'cloudify' ? " Cloudify's parser rejects the blueprint when it is uploaded." : '';
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
