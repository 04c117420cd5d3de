/**
 * Metrics and policies (TNC-O "Resource descriptor" › metrics and policies; TNC-O "Assembly descriptor"):
 * - LM068 metric `type` not `metric::integrity` / `metric::load`; `publication-period` not a
 *   non-negative whole number of seconds or a `${property}`;
 * - LM069 policy `type` (`policy::heal` in resources, `policy::scale` in assemblies), its `metric`
 *   (a metric of this resource; `<component>.<metric>` or a promoted metric in assemblies) and the
 *   scale `target` (a clustered composition component).
 * The `publication_period` spelling is LM006 (grammar rule) and `source-metric` is LM070.
 */
import { METRIC_TYPES } from '../../../model/lm/vocabulary.js';
import { decodeScalar, sourceSpanOf } from '../../../syntax/scalars.js';
import { asMap, asScalar, get, getPair, type YPair, type YScalar } from '../../../syntax/tree.js';
import { componentTarget } from '../resolve.js';
import type { LmRule, LmRuleContext } from './context.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';

const WHOLE_REF = /^\s*\$\{[^{}]*\}\s*$/;

function checkMetrics(ctx: LmRuleContext): void {
  const isResource = ctx.doc.kind === 'resource';
  for (const mp of asMap(get(asMap(ctx.doc.root), 'metrics'))?.pairs ?? []) {
    const body = asMap(mp.value);
    if (!body) continue;
    const tp = getPair(body, 'type');
    const t = asScalar(tp?.value);
    if (t && t.value !== null) {
      if (!(METRIC_TYPES as readonly string[]).includes(t.text.trim())) {
        const sugg =
          METRIC_TYPES.find((m) => m.toLowerCase() === t.text.trim().toLowerCase()) ??
          didYouMean(t.text.trim(), METRIC_TYPES) ??
          METRIC_TYPES.find((m) => m.endsWith(`::${t.text.trim().toLowerCase()}`));
        ctx.report({
          code: 'LM068',
          severity: 'warning',
          span: t.span,
          message:
            `Metric type \`${t.text}\` is not one LM knows: use \`metric::integrity\` (OK/BROKEN) or ` +
            `\`metric::load\` (0-100).${sugg ? ` Did you mean \`${sugg}\`?` : ''}`,
          ...replaceWith(sugg),
        });
      }
    } else if (isResource && !getPair(body, 'source-metric')) {
      ctx.report({
        code: 'LM068',
        severity: 'warning',
        span: mp.key.span,
        message:
          `Metric \`${mp.key.text}\` has no \`type\`: add \`type: metric::integrity\` or \`type: ` +
          `metric::load\` so LM knows which topic it reads.`,
      });
    }
    const pp =
      getPair(body, 'publication-period') ?? getPair(body, 'publication_period') ?? getPair(body, 'publicationPeriod');
    const ps = asScalar(pp?.value);
    if (!pp || !pp.value || (ps && ps.value === null)) continue;
    const ok =
      ps &&
      ((typeof ps.value === 'number' && Number.isInteger(ps.value) && ps.value >= 0) ||
        (typeof ps.value === 'string' && (/^\s*\d+\s*$/.test(ps.value) || WHOLE_REF.test(ps.value))));
    if (!ok) {
      ctx.report({
        code: 'LM068',
        severity: 'warning',
        span: pp.value.span,
        message:
          `\`${pp.key.text}\` must be a whole number of seconds (0 = never publish, default 60) or a ` +
          `\`\${property}\`${ps ? `, not \`${ps.text}\`` : ''}.`,
      });
    }
  }
}

/** Splits `comp.metric` into spans of both parts. */
function splitDotted(
  ctx: LmRuleContext,
  s: YScalar,
): {
  head: string;
  headSpan: { start: number; end: number };
  member?: string;
  memberSpan?: { start: number; end: number };
} {
  const d = decodeScalar(ctx.doc.text, s);
  const dot = d.text.indexOf('.');
  const headEnd = dot < 0 ? d.text.length : dot;
  const out: ReturnType<typeof splitDotted> = {
    head: d.text.slice(0, headEnd),
    headSpan: sourceSpanOf(d, 0, headEnd, s.span.start),
  };
  if (dot >= 0) {
    out.member = d.text.slice(dot + 1);
    out.memberSpan = sourceSpanOf(d, dot + 1, d.text.length, s.span.end);
  }
  return out;
}

function checkPolicy(ctx: LmRuleContext, pp: YPair): void {
  const isResource = ctx.doc.kind === 'resource';
  const body = asMap(pp.value);
  if (!body) return;
  const name = pp.key.text;
  const want = isResource ? 'policy::heal' : 'policy::scale';
  const t = asScalar(get(body, 'type'));
  if (!t || t.value === null) {
    ctx.report({
      code: 'LM069',
      severity: 'error',
      span: pp.key.span,
      message:
        `Policy \`${name}\` has no \`type\`: ${isResource ? 'resources' : 'assemblies'} define \`type: ` + `${want}\`.`,
    });
  } else if (t.text.trim() !== want) {
    const other = isResource ? 'policy::scale' : 'policy::heal';
    ctx.report({
      code: 'LM069',
      severity: 'error',
      span: t.span,
      message:
        t.text.trim() === other
          ? `\`${other}\` policies belong in ` +
            `${
              isResource
                ? 'assemblies (they scale a clustered ' + 'component)'
                : 'resources (they heal the resource on an integrity failure)'
            }; ${isResource ? 'a resource' : 'an assembly'} defines \`${want}\`.`
          : `Policy type \`${t.text}\` is not known: ${isResource ? 'a resource' : 'an assembly'} defines \`${want}\`.`,
      ...replaceWith(t.text.trim().toLowerCase() === want ? want : undefined),
    });
  }

  // metric
  const mpair = getPair(body, 'metric');
  const m = asScalar(mpair?.value);
  if (!m || m.value === null || typeof m.value !== 'string') {
    ctx.report({
      code: 'LM069',
      severity: 'error',
      span: (mpair ?? pp).key.span,
      message:
        `Policy \`${name}\` needs a \`metric\`: ` +
        `${
          isResource
            ? 'an integrity metric of this ' + 'resource'
            : '`<component>.<metric>` or a metric promoted under `metrics`'
        }.`,
    });
  } else if (!WHOLE_REF.test(m.value)) {
    const metrics = ctx.summary.metrics;
    if (isResource) {
      const mname = m.text.trim();
      const decl = metrics.find((x) => x.name === mname);
      if (!decl) {
        const sugg = didYouMean(
          mname,
          metrics.map((x) => x.name),
        );
        ctx.report({
          code: 'LM069',
          severity: 'error',
          span: m.span,
          message:
            `\`${mname}\` is not a metric of this ` +
            `resource.${
              sugg
                ? ` Did you mean ` + `\`${sugg}\`?`
                : metrics.length
                  ? ` Its metrics: ${metrics.map((x) => x.name).join(', ')}.`
                  : ' Declare it under `metrics`.'
            }`,
          ...replaceWith(sugg),
        });
      } else if (decl.type === 'metric::load') {
        ctx.report({
          code: 'LM069',
          severity: 'warning',
          span: m.span,
          message:
            `\`${mname}\` is a load metric; heal policies react to an integrity metric ` +
            `(\`metric::integrity\`, OK/BROKEN).`,
        });
      }
    } else {
      const sp = splitDotted(ctx, m);
      if (sp.member === undefined) {
        if (!metrics.some((x) => x.name === sp.head)) {
          const cands = [...metrics.map((x) => x.name)];
          const sugg = didYouMean(sp.head, cands);
          ctx.report({
            code: 'LM069',
            severity: 'error',
            span: m.span,
            message:
              `\`${sp.head}\` is not a metric promoted by this assembly; write \`<component>.<metric>\` or ` +
              `promote it under \`metrics\`.${sugg ? ` Did you mean \`${sugg}\`?` : ''}`,
            ...replaceWith(sugg),
          });
        }
      } else {
        const comps = ctx.summary.components;
        if (!comps.some((c) => c.name === sp.head)) {
          const sugg = didYouMean(
            sp.head,
            comps.map((c) => c.name),
          );
          ctx.report({
            code: 'LM069',
            severity: 'error',
            span: sp.headSpan,
            message: `\`${sp.head}\` is not a component of this assembly.${sugg ? ` Did you mean \`${sugg}\`?` : ''}`,
            ...replaceWith(sugg),
          });
        } else {
          const target = componentTarget(ctx.feature, ctx.summary, sp.head);
          const d = target?.descriptor;
          // `comp.` is still being typed: no finding until the metric has a name.
          if (d && sp.member.trim() !== '' && !d.summary.metrics.some((x) => x.name === sp.member)) {
            const names = d.summary.metrics.map((x) => x.name);
            const sugg = didYouMean(sp.member, names);
            const descName = ctx.feature.index.effectiveName(d.path) ?? d.path;
            ctx.report({
              code: 'LM069',
              severity: 'warning',
              span: sp.memberSpan ?? m.span,
              message:
                `\`${sp.member}\` is not a metric of ` +
                `\`${descName}\`.${
                  sugg
                    ? ` Did you mean ` + `\`${sugg}\`?`
                    : names.length
                      ? ` Its metrics: ${names.join(', ')}.`
                      : ' It declares no metrics.'
                }`,
              ...replaceWith(sugg),
            });
          }
        }
      }
    }
  }

  // target (scale policies)
  if (isResource) return;
  const tpair = getPair(body, 'target');
  const ts = asScalar(tpair?.value);
  if (!ts || ts.value === null) {
    ctx.report({
      code: 'LM069',
      severity: 'error',
      span: (tpair ?? pp).key.span,
      message: `Scale policy \`${name}\` needs a \`target\`: the clustered component to scale.`,
    });
    return;
  }
  const tn = ts.text.trim();
  const comp = ctx.summary.components.find((c) => c.name === tn && c.section === 'composition');
  if (!comp) {
    const isRef = ctx.summary.components.some((c) => c.name === tn);
    const sugg = isRef
      ? undefined
      : didYouMean(
          tn,
          ctx.summary.components.filter((c) => c.section === 'composition').map((c) => c.name),
        );
    ctx.report({
      code: 'LM069',
      severity: 'error',
      span: ts.span,
      message: isRef
        ? `\`${tn}\` is a reference; LM cannot scale instances it does not manage. Target a clustered component of ` +
          `the composition.`
        : `\`${tn}\` is not a component of this composition.${sugg ? ` Did you mean \`${sugg}\`?` : ''}`,
      ...replaceWith(sugg),
    });
    return;
  }
  if (!comp.cluster) {
    ctx.report({
      code: 'LM069',
      severity: 'warning',
      span: ts.span,
      message:
        `\`${tn}\` has no \`cluster\`, so there is nothing to scale: add \`cluster: {minimum-nodes, ` +
        `maximum-nodes, …}\` to the component.`,
    });
  }
}

export const metricsPoliciesRule: LmRule = {
  codes: ['LM068', 'LM069'],
  kinds: ['assembly', 'resource'],
  crossFile: true,
  check(ctx) {
    checkMetrics(ctx);
    for (const pp of asMap(get(asMap(ctx.doc.root), 'policies'))?.pairs ?? []) checkPolicy(ctx, pp);
  },
};
