/** LM040-LM043: component and reference types (literal names and `$lmctl:/` paths). */
import { asMap, get, getPair, type YPair } from '../../../syntax/tree.js';
import { memo, memoKey, type DocumentModel } from '../../../model/document.js';
import type { DescriptorSummary } from '../../../model/lm/summary.js';
import { entryFindings, regionKey } from '../../shared/regions.js';
import type { Finding } from '../../shared/rule.js';
import { nameProblem, VERSION_RE } from './names.js';
import type { LmRule, LmRuleContext } from './context.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';

/**
 * A workspace descriptor the type `[kind, name, version]` probably means: the same name in another
 * version; the subproject's name as lmctl chains it (`<sub>-<parent>`, what people who write the bare
 * subproject name mean); else the same kind and version with a name within the did-you-mean threshold
 * (name parts only, so `resource::lb::1.0` never suggests `resource::vs::1.0`).
 */
function nearDescriptor(names: readonly string[], [kind, name, version]: [string, string, string]): string | undefined {
  const same = names.map((n) => n.split('::')).filter((p) => p.length === 3 && p[0] === kind);
  const otherVersion = same.find((p) => p[1] === name);
  if (otherVersion) return otherVersion.join('::');
  const chained = same.find((p) => p[2] === version && p[1]!.startsWith(`${name}-`));
  if (chained) return chained.join('::');
  const close = didYouMean(
    name,
    same.filter((p) => p[2] === version).map((p) => p[1]!),
  );
  return close === undefined ? undefined : `${kind}::${close}::${version}`;
}

export const componentTypesRule: LmRule = {
  codes: ['LM040', 'LM041', 'LM042', 'LM043'],
  kinds: ['assembly'],
  crossFile: true,
  check(ctx) {
    const root = asMap(ctx.doc.root);
    // Unique names: each entry's component is its own, so its findings follow from its text and the resolution.
    const inputs = uniqueComponentNames(ctx.doc, ctx.summary) ? String(ctx.feature.index.resolutionGeneration) : '';
    for (const section of ['composition', 'references'] as const) {
      for (const p of asMap(get(root, section))?.pairs ?? []) {
        // '' when component names repeat: no inputs to keep the findings by.
        entryFindings(ctx.doc, REGION_FINDINGS, p, inputs || undefined, ctx.report, (r) =>
          checkEntry(ctx, section, p, r),
        );
      }
    }
  },
};

/** LM040-LM043 for one component or reference entry. */
function checkEntry(
  ctx: LmRuleContext,
  section: 'composition' | 'references',
  p: YPair,
  report: (f: Finding) => void,
): void {
  const body = asMap(p.value);
  const typePair = getPair(body, 'type');
  if (!typePair || !typePair.value) {
    report({
      code: 'LM040',
      severity: 'error',
      span: p.key.span,
      message:
        `${section === 'composition' ? 'Component' : 'Reference'} \`${p.key.text}\` has no \`type\`: ` +
        `add \`type: resource::<name>::<version>\` (or an assembly).`,
    });
    return;
  }
  const c = ctx.summary.components.find((x) => x.name === p.key.text && x.section === section);
  if (!c?.type || !c.typeSpan) return;
  const t = c.type.trim();
  const res = ctx.feature.index.resolveType(t, ctx.doc.path);
  if (res.isLmctl) {
    if (res.lmctlError) {
      report({
        code: 'LM042',
        severity: 'error',
        span: c.typeSpan,
        message:
          `\`${t}\` cannot be resolved: ${res.lmctlError}. lmctl only logs this and leaves the text ` +
          `in place, so deployment would fail.`,
      });
    } else if (res.targets.length === 0 && res.name) {
      report({
        code: 'LM043',
        severity: 'information',
        span: c.typeSpan,
        message:
          `\`${t}\` resolves to \`${res.name}\`, but that subproject has no descriptor file in the ` +
          `workspace; its properties and operations cannot be checked.`,
      });
    }
    return;
  }
  const parts = t.split('::');
  if (parts.length !== 3 || !['assembly', 'resource'].includes(parts[0]!)) {
    report({
      code: 'LM041',
      severity: 'error',
      span: c.typeSpan,
      message:
        `\`${t}\` is not a descriptor name: use \`resource::<name>::<version>\`, ` +
        `\`assembly::<name>::<version>\` or \`$lmctl:/contains:/<subproject>:/descriptor_name\`.`,
    });
    return;
  }
  const np = nameProblem(parts[1]!);
  if (np) {
    report({
      code: 'LM041',
      severity: 'error',
      span: c.typeSpan,
      message: `Invalid descriptor name in type \`${t}\`: ${np}.`,
    });
    return;
  }
  if (!VERSION_RE.test(parts[2]!) && section === 'composition') {
    report({
      code: 'LM041',
      severity: 'error',
      span: c.typeSpan,
      message:
        `Version \`${parts[2]}\` is not a plain version; ranges such as \`^1.0\` are only allowed ` +
        `under \`references\`.`,
    });
    return;
  }
  if (res.targets.length === 0) {
    // The catalog may hold the name, so never an error; a workspace descriptor within the did-you-mean
    // threshold makes a slip likely, hence a warning with the fix (see the severity policy).
    const sugg = VERSION_RE.test(parts[2]!)
      ? nearDescriptor(ctx.feature.index.descriptorNames(), parts as [string, string, string])
      : undefined;
    report({
      code: 'LM043',
      severity: sugg ? 'warning' : 'information',
      span: c.typeSpan,
      message: sugg
        ? `\`${t}\` is not in this workspace. Did you mean \`${sugg}\`? (A descriptor of that name may ` +
          `also be in the orchestrator's catalog.)`
        : `\`${t}\` is not in this workspace; it may already be in the orchestrator's catalog. ` +
          `Properties and operations of this component cannot be checked.`,
      ...replaceWith(sugg),
    });
  }
}

const REGION_FINDINGS = regionKey('lm.componentTypeFindings');
const UNIQUE = memoKey<boolean>('lm.uniqueComponentNames');

/** True when no two components of the same section share a name (per version). */
function uniqueComponentNames(doc: DocumentModel, summary: DescriptorSummary): boolean {
  return memo(doc, UNIQUE, () => {
    const seen = new Set<string>();
    for (const c of summary.components) {
      const k = `${c.section}\u0000${c.name}`;
      if (seen.has(k)) return false;
      seen.add(k);
    }
    return true;
  });
}
