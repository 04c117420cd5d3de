/**
 * What TOSCA Version 2.0 asks of a file beyond its keyname table (v2/keynames.ts, checked by the
 * keynames rule): TOSCA201 a section present with no content, TOSCA202 an empty name, TOSCA203
 * `dsl_definitions` entries that are not anchored, TOSCA204 a description that is not a string,
 * TOSCA205 a profile with a service template, TOSCA206 an import with neither or both of `url` and
 * `profile`, TOSCA207 a malformed `count_range`.
 */
import {
  asMap,
  asScalar,
  asSeq,
  deref,
  entries,
  getIn,
  getPair,
  type YNode,
  type YPair,
} from '../../../syntax/tree.js';
import { replaceWith } from '../../shared/fixData.js';
import { isTosca2, type ToscaRule, type ToscaRuleContext } from './context.js';
import type { ConstructSpec } from '../../../model/tosca/grammar.js';

export const tosca2Rule: ToscaRule = {
  codes: ['TOSCA201', 'TOSCA202', 'TOSCA203', 'TOSCA204', 'TOSCA205', 'TOSCA206', 'TOSCA207'],
  when: isTosca2,
  check(ctx) {
    const root = ctx.root;
    if (!root) return;
    emptySections(ctx, 'service_template', root.pairs, 0);
    dslDefinitions(ctx, getPair(root, 'dsl_definitions'));
    descriptions(ctx, root, 0);
    const profile = getPair(root, 'profile');
    const service = getPair(root, 'service_template');
    if (profile && service) {
      ctx.report({
        code: 'TOSCA205',
        // Judgement: the standard says MUST NOT, but Puccini accepts it and its examples do it.
        severity: 'warning',
        span: service.key.span,
        message:
          'A file that declares a `profile` holds type definitions only: it must not have a `service_template` ' +
          '(TOSCA Version 2.0 §6.7; Puccini accepts it). Move the service template to a file that imports the ' +
          'profile.',
      });
    }
    imports(ctx, getPair(root, 'imports'));
    countRanges(ctx);
  },
};

/** Sections whose content is a name -> definition map: an empty name there names nothing. */
function emptySections(ctx: ToscaRuleContext, construct: string, pairs: readonly YPair[], depth: number): void {
  const spec: ConstructSpec | undefined = ctx.grammar.constructs[construct];
  if (!spec || spec.open || depth > 6) return;
  for (const p of pairs) {
    const ks = spec.keys[p.key.text];
    if (!ks) continue;
    const collection = ks.shape === 'map' || ks.shape === 'list';
    if (collection && p.value === null && (ks.mapOf || ks.listOf || ks.listOfNamed || ks.construct)) {
      ctx.report({
        code: 'TOSCA201',
        severity: 'error',
        span: p.key.span,
        message:
          `\`${p.key.text}\` has no value: TOSCA Version 2.0 expects ${ks.shape === 'map' ? 'a map' : 'a list'} ` +
          `here (${ks.doc ?? spec.label}). Give it entries or remove the key.`,
      });
      continue;
    }
    const v = deref(p.value);
    if (ks.mapOf && v?.kind === 'map') {
      for (const q of v.pairs) {
        if (q.key.text.trim() === '') {
          ctx.report({
            code: 'TOSCA202',
            severity: 'error',
            span: q.key.span,
            message:
              `An entry of \`${p.key.text}\` has an empty name (TOSCA Version 2.0 §5.1: every definition is ` +
              'named).',
          });
        } else if (typeof q.key.value !== 'string' && q.key.style === 'plain') {
          ctx.report({
            code: 'TOSCA202',
            severity: 'error',
            span: q.key.span,
            message:
              `The name \`${q.key.text}\` in \`${p.key.text}\` is a YAML ${typeof q.key.value}, not a string ` +
              '(TOSCA Version 2.0 §5.1: names are strings); quote it.',
          });
        }
        const inner = asMap(q.value);
        if (inner) emptySections(ctx, ks.mapOf, inner.pairs, depth + 1);
      }
    } else if (ks.construct && v?.kind === 'map') {
      emptySections(ctx, ks.construct, v.pairs, depth + 1);
    }
  }
}

/** §6.3: `dsl_definitions` is a map of YAML anchors (`name: &anchor ...`) the rest of the file aliases. */
function dslDefinitions(ctx: ToscaRuleContext, p: YPair | undefined): void {
  const m = asMap(p?.value);
  if (!m) return;
  for (const q of m.pairs) {
    // The anchor sits between the key and its value (or starts the value's own span).
    const between = q.value ? ctx.doc.text.slice(q.key.span.end, q.value.span.start + 1) : '';
    if (/&[^\s]/.test(between.replace(/#[^\n]*/g, ''))) continue;
    ctx.report({
      code: 'TOSCA203',
      severity: 'error',
      span: q.key.span,
      message:
        `\`${q.key.text}\` in \`dsl_definitions\` has no YAML anchor: the section holds reusable blocks written ` +
        `\`${q.key.text}: &${q.key.text} ...\` and used as \`*${q.key.text}\` (TOSCA Version 2.0 §6.3).`,
    });
  }
}

/** §5.3.2: a description is a string; a YAML number, boolean or null written there is not one. */
function descriptions(ctx: ToscaRuleContext, n: YNode | null, depth: number): void {
  const v = deref(n);
  if (!v || depth > 12) return;
  if (v.kind === 'seq') for (const it of v.items) descriptions(ctx, it, depth + 1);
  if (v.kind !== 'map') return;
  for (const p of v.pairs) {
    if (p.key.text === 'description' && depth <= 8) {
      const s = asScalar(p.value);
      if (s && s.value !== null && typeof s.value !== 'string') {
        ctx.report({
          code: 'TOSCA204',
          severity: 'error',
          span: s.span,
          message:
            `A description is a string (TOSCA Version 2.0 §5.3.2), not the ${typeof s.value} \`${s.text}\`; ` +
            'quote it.',
        });
      }
      continue;
    }
    if (p.key.text === 'metadata' || p.key.text === 'dsl_definitions') continue;
    descriptions(ctx, p.value, depth + 1);
  }
}

/** §6.8.1: an import names a TOSCA file by `url` or a profile by `profile`, exactly one of them. */
function imports(ctx: ToscaRuleContext, p: YPair | undefined): void {
  for (const it of asSeq(p?.value)?.items ?? []) {
    const m = asMap(it);
    if (!m) continue;
    const url = getPair(m, 'url');
    const profile = getPair(m, 'profile');
    if (!url && !profile) {
      // The 1.x `file` is pointed at, so its quick fix writes `url` in its place.
      const file = getPair(m, 'file');
      ctx.report({
        code: 'TOSCA206',
        severity: 'error',
        span: file?.key.span ?? m.pairs[0]?.key.span ?? m.span,
        message:
          'An import names the file to import with `url` or the profile with `profile` (TOSCA Version 2.0 ' +
          `§6.8.1)${file ? '; `file` is the 1.x keyname, 2.0 writes `url`' : ''}.`,
        ...(file ? replaceWith('url') : {}),
      });
    } else if (url && profile) {
      ctx.report({
        code: 'TOSCA206',
        severity: 'error',
        span: profile.key.span,
        message: 'An import has either `url` or `profile`, not both (TOSCA Version 2.0 §6.8.1).',
      });
    }
  }
}

/** §8.5: `count_range: [min, max]`, non-negative integers with min ≤ max, or `UNBOUNDED` as the max. */
function countRanges(ctx: ToscaRuleContext): void {
  for (const section of ['node_types', 'relationship_types', 'group_types', 'policy_types']) {
    for (const t of entries(getIn(ctx.root, section))) {
      for (const r of asSeq(getIn(t.value, 'requirements'))?.items ?? []) {
        const req = asMap(r)?.pairs[0];
        const cr = getPair(asMap(req?.value), 'count_range');
        if (cr) checkRange(ctx, cr);
      }
    }
  }
}

function checkRange(ctx: ToscaRuleContext, p: YPair): void {
  const seq = asSeq(p.value);
  const bad = (why: string): void =>
    ctx.report({
      code: 'TOSCA207',
      severity: 'error',
      span: p.value?.span ?? p.key.span,
      message:
        `\`count_range\` ${why}: it is \`[min, max]\`, non-negative integers with min ≤ max, or \`UNBOUNDED\` ` +
        'as the max (TOSCA Version 2.0 §8.5).',
    });
  if (!seq) return; // Not a list: TOSCA012.
  if (seq.items.length !== 2) return bad(`has ${seq.items.length} entries`);
  const [lo, hi] = seq.items.map((i) => asScalar(i));
  if (!lo || typeof lo.value !== 'number' || !Number.isInteger(lo.value) || lo.value < 0)
    return bad(`starts with \`${lo?.text ?? '?'}\``);
  if (hi?.text === 'UNBOUNDED') return;
  if (!hi || typeof hi.value !== 'number' || !Number.isInteger(hi.value) || hi.value < 0)
    return bad(`ends with \`${hi?.text ?? '?'}\``);
  if (hi.value < lo.value) bad(`has its maximum ${hi.value} below its minimum ${lo.value}`);
}
