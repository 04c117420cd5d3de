/**
 * TOSCA105: orchestrator idioms outside the Simple Profile grammar that major orchestrators deploy,
 * so they are never errors; each finding says who reads the construct and what the grammar wants.
 *
 * - An operation written as an empty list (`instantiate_start: []`): ETSI NFV SOL001 VNFDs declare
 *   the operations of their `Vnflcm` interface this way; Tacker deploys them and tosca-parser reads
 *   them as operations without an implementation. A hint.
 * - An artifact `file` given by a function (`file: { get_input: docker_image }`): INDIGO's
 *   orchestrator (Alien4Cloud / IM based) evaluates it; the grammar wants a path or URL, and
 *   processors that do not evaluate functions there cannot fetch the artifact. A hint.
 * - Vendor keynames (grammar.ts VENDOR_KEYS): Apache ARIA TOSCA's `_extensions` (and any
 *   `_`-prefixed key), tosca-parser's `action` / `reservation` in Tacker's policy types. Their
 *   processors read them, every other one rejects an unknown keyname: a warning.
 */
import { constructAt, GRAMMAR, isVendorKeyName, vendorKey } from '../../../model/tosca/grammar.js';
import { functionNameOf } from '../../../model/tosca/summary.js';
import { deref, type YNode, type YPair } from '../../../syntax/tree.js';
import { simpleProfileOnly, type ToscaRule, type ToscaRuleContext } from './context.js';
import { entryFindings, regionKey } from '../../shared/regions.js';
import { TOPOLOGY_REGIONS } from '../topologyRegions.js';

/** TOSCA105 kept per region (a section's entry); exported for the test that checks they are kept. */
export const IDIOM_FINDINGS = regionKey('tosca.idioms');

export const idiomsRule: ToscaRule = {
  codes: ['TOSCA105'],
  when: simpleProfileOnly,
  check(ctx) {
    visit(ctx, ctx.root, [], 0);
  },
};

/** Walks the tree; `path` is the key path of `n`, extended and restored in place (no copies per key). */
function visit(ctx: ToscaRuleContext, n: YNode | null, path: (string | number)[], depth: number): void {
  const v = deref(n);
  if (!v || depth > 40) return;
  if (v.kind === 'seq') {
    // A loop, not `forEach`: a closure per list is most of what this walk allocated on a keystroke.
    const items = v.items;
    for (let i = 0; i < items.length; i++) {
      path.push(i);
      visit(ctx, items[i]!, path, depth + 1);
      path.pop();
    }
    return;
  }
  if (v.kind !== 'map') return;
  const pairs = v.pairs;
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i]!;
    // A section's entry (a type, a node template: regions down to depth 2) reports what follows from its text and
    // its path, which its section and key fix: kept while its text is the same (features/shared/regions.ts).
    if (depth <= 2)
      entryFindings(
        ctx.doc,
        IDIOM_FINDINGS,
        p,
        '',
        ctx.report,
        (report) => visitPair(report === ctx.report ? ctx : { ...ctx, report }, p, path, depth),
        TOPOLOGY_REGIONS,
      );
    else visitPair(ctx, p, path, depth);
  }
}

function visitPair(ctx: ToscaRuleContext, p: YPair, path: (string | number)[], depth: number): void {
  const key = p.key.text;
  const value = deref(p.value);
  if (isVendorKeyName(key)) {
    const construct = constructAt(path);
    const spec = construct ? GRAMMAR[construct] : undefined;
    const vk = construct && spec && !spec.open && !spec.keys[key] ? vendorKey(construct, key) : undefined;
    if (vk) {
      ctx.report({
        code: 'TOSCA105',
        severity: 'warning',
        span: p.key.span,
        message:
          `\`${key}\` is a vendor extension, not a keyname of the TOSCA grammar: ${vk.readBy} read it; other ` +
          'processors (Puccini, xOpera...) reject unknown keynames.',
      });
      // Whatever is inside is the vendor's business.
      return;
    }
  }
  if (value?.kind === 'seq' && value.items.length === 0 && constructAt([...path, key]) === 'operation_definition') {
    ctx.report({
      code: 'TOSCA105',
      severity: 'hint',
      span: p.key.span,
      message:
        `\`${key}: []\` declares the operation without an implementation: the ETSI NFV SOL001 idiom, which ` +
        'Tacker deploys and tosca-parser reads. The Simple Profile writes an operation definition ' +
        `(\`${key}: {}\`) or leaves the operation out.`,
    });
    return;
  }
  if (key === 'file' && constructAt(path) === 'artifact_definition') {
    const fn = functionNameOf(value);
    if (fn) {
      ctx.report({
        code: 'TOSCA105',
        severity: 'hint',
        span: p.key.span,
        message:
          `The artifact's \`file\` comes from \`${fn}\`: orchestrators that evaluate functions there (INDIGO's, ` +
          'based on Alien4Cloud and the Infrastructure Manager) deploy it, but the Simple Profile grammar wants a ' +
          'path or URL, and processors that do not evaluate it cannot fetch the artifact.',
      });
    }
    return;
  }
  if (value?.kind !== 'map' && value?.kind !== 'seq') return;
  path.push(key);
  visit(ctx, value, path, depth + 1);
  path.pop();
}
