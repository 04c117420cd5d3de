/**
 * TOSCA216: directive values TOSCA Version 2.0 does not define. A node template's `directives`
 * (§7.2, §7.2.1) are `create`, `select` and `substitute`; those of requirement and capability
 * assignments (§8.5, §8.3) are `internal` and `external`.
 *
 * A warning, not an error: the standard calls directives processing instructions for tooling and
 * orchestrators, and orchestrators read their own (Unfurl's `default`, `dependent`, `discover`,
 * `check`, `protected`, `virtual`). A value close to a standard one is most likely a misspelling
 * and gets a "did you mean" with its quick fix; 1.3's `selectable` / `substitutable` are named as
 * the older spellings (the migration rewrites them too). Values that are not plain strings are the
 * keyname grammar's concern (TOSCA2xx shape checks), not repeated here.
 */
import { asMap, asScalar, asSeq, entries, getPair, type YNode } from '../../../syntax/tree.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import { isTosca2, type ToscaRule, type ToscaRuleContext } from './context.js';

const NODE = ['create', 'select', 'substitute'] as const;
const ASSIGNMENT = ['internal', 'external'] as const;
/** Simple Profile 1.3 names of the same directives (§3.8.3 of 1.3; renamed in 2.0). */
const RENAMED: Readonly<Record<string, string>> = { selectable: 'select', substitutable: 'substitute' };

function checkList(
  ctx: ToscaRuleContext,
  value: YNode | null | undefined,
  valid: readonly string[],
  where: string,
  section: string,
): void {
  for (const item of asSeq(value)?.items ?? []) {
    const s = asScalar(item);
    if (!s || typeof s.value !== 'string' || valid.includes(s.value)) continue;
    const renamed = valid === NODE ? RENAMED[s.value] : undefined;
    const close = renamed ?? didYouMean(s.value, valid);
    const list = valid.map((v) => `\`${v}\``).join(', ');
    ctx.report({
      code: 'TOSCA216',
      severity: 'warning',
      span: s.span,
      message: renamed
        ? `\`${s.value}\` is the TOSCA 1.3 name of this directive; TOSCA Version 2.0 §${section} calls it ` +
          `\`${renamed}\`.`
        : `\`${s.value}\` is not a directive of ${where} in TOSCA Version 2.0 §${section} (${list})` +
          (close
            ? `; did you mean \`${close}\`?`
            : '. An orchestrator may define its own; otherwise use one of these.'),
      ...replaceWith(close),
    });
  }
}

export const tosca2DirectivesRule: ToscaRule = {
  codes: ['TOSCA216'],
  when: isTosca2,
  check(ctx) {
    const st = asMap(getPair(ctx.root, 'service_template')?.value);
    for (const tpl of entries(getPair(st, 'node_templates')?.value)) {
      const m = asMap(tpl.value);
      if (!m) continue;
      checkList(ctx, getPair(m, 'directives')?.value, NODE, 'a node template', '7.2.1');
      // Requirement assignments are a list of single-key maps; capability assignments a map.
      for (const r of asSeq(getPair(m, 'requirements')?.value)?.items ?? [])
        for (const e of entries(r))
          checkList(ctx, getPair(asMap(e.value), 'directives')?.value, ASSIGNMENT, 'a requirement', '8.5');
      for (const c of entries(getPair(m, 'capabilities')?.value))
        checkList(ctx, getPair(asMap(c.value), 'directives')?.value, ASSIGNMENT, 'a capability', '8.3');
    }
  },
};
