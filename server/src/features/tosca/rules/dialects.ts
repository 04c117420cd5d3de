/**
 * What an orchestrator dialect does not support or reads differently, where the file is written in
 * that dialect (the setting, the folder config file or the file itself says so):
 *
 * - TOSCA107 (CloudShell, warning): a `tags` entry of a property that is none of CloudShell's
 *   attribute rules (Developer Guide, "Modeling Shells with TOSCA"): CloudShell ignores it.
 * - TOSCA108 (CloudShell, information): the standard a shell imports
 *   (`cloudshell_networking_standard_5_0_4.yaml`) is not in the repository: shellfoundry adds it
 *   when it packs the shell, so its types are not checked here (in place of TOSCA020).
 * - TOSCA109 (Unfurl, warning): `get_artifact` with a location or remove argument, which Unfurl's
 *   "Expression Functions" say it does not support.
 *
 * What the dialects add is accepted by the other rules (features/tosca/dialects.ts).
 */
import { CLOUDSHELL_IMPORT } from '../../../model/tosca/dialects.js';
import { TYPE_SECTIONS } from '../../../model/tosca/summary.js';
import { asScalar, asSeq, deref, entries, type YNode } from '../../../syntax/tree.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { CLOUDSHELL_TAGS, DIALECT_DOCS } from '../dialects.js';
import { simpleProfileOnly, type ToscaRule, type ToscaRuleContext } from './context.js';

export const dialectsRule: ToscaRule = {
  codes: ['TOSCA107', 'TOSCA108', 'TOSCA109'],
  when: (ctx) => simpleProfileOnly(ctx) && (ctx.options.dialect === 'cloudshell' || ctx.options.dialect === 'unfurl'),
  crossFile: true,
  check(ctx) {
    if (ctx.options.dialect === 'cloudshell') {
      for (const p of ctx.root?.pairs ?? []) if (TYPE_SECTIONS[p.key.text]) tags(ctx, p.value, 0);
      standards(ctx);
    } else unfurlFunctions(ctx, ctx.root, 0);
  },
};

/** Property definitions with `tags`, anywhere in the type sections (node types, their capabilities). */
function tags(ctx: ToscaRuleContext, n: YNode | null, depth: number): void {
  if (depth > 12) return;
  for (const p of entries(n)) {
    if (p.key.text === 'tags') {
      for (const it of asSeq(p.value)?.items ?? []) {
        const s = asScalar(it);
        if (!s || CLOUDSHELL_TAGS.includes(String(s.value))) continue;
        const hint = didYouMean(String(s.value), CLOUDSHELL_TAGS);
        ctx.report({
          code: 'TOSCA107',
          severity: 'warning',
          span: s.span,
          message:
            `\`${s.text}\` is not one of CloudShell's attribute rules${suggestion(hint)}; ` +
            `CloudShell knows ${CLOUDSHELL_TAGS.join(', ')} (${DIALECT_DOCS.cloudshell}).`,
        });
      }
      continue;
    }
    if (deref(p.value)?.kind === 'map') tags(ctx, p.value, depth + 1);
  }
}

function standards(ctx: ToscaRuleContext): void {
  for (const r of ctx.model.closure.rootImports) {
    if (r.status.kind !== 'missing' || !CLOUDSHELL_IMPORT.test(r.imp.file?.name ?? '')) continue;
    ctx.report({
      code: 'TOSCA108',
      severity: 'information',
      span: r.imp.file?.span ?? r.imp.span,
      message:
        `\`${r.imp.file?.name ?? ''}\` is a CloudShell standard, which shellfoundry adds when it packs the shell; ` +
        `types from it are not checked here beyond the standard types this checker knows (${DIALECT_DOCS.cloudshell}).`,
    });
  }
}

function unfurlFunctions(ctx: ToscaRuleContext, n: YNode | null, depth: number): void {
  const v = deref(n);
  if (!v || depth > 60) return;
  if (v.kind === 'seq') for (const it of v.items) unfurlFunctions(ctx, it, depth + 1);
  if (v.kind !== 'map') return;
  for (const p of v.pairs) {
    const args = asSeq(p.value);
    if (p.key.text === 'get_artifact' && v.pairs.length === 1 && args && args.items.length > 2)
      ctx.report({
        code: 'TOSCA109',
        severity: 'warning',
        span: args.items[2]!.span,
        message:
          "Unfurl does not support `get_artifact`'s location and remove arguments; it returns the artifact's own " +
          `location (${DIALECT_DOCS.unfurl}).`,
      });
    unfurlFunctions(ctx, p.value, depth + 1);
  }
}
