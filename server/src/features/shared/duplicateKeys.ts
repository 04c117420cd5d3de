/**
 * Duplicate keys in a mapping, for both packs (LM009, TOSCA005): most YAML loaders silently keep one
 * of the two values, so the other one is lost. The parser's own duplicate-key error is switched off
 * (syntax/parse.ts) because this rule says which line holds the first one.
 *
 * Judgement: two YAML 1.1 merge keys (`<<: *a` then `<<: *b`) in one mapping are a repeated key for YAML 1.2 and
 * strict loaders (ruamel.yaml, eemeli/yaml), but PyYAML and SnakeYAML merge every one of them, and Cloudify's
 * blueprints (PyYAML) use the form; it is a warning that gives the portable spelling, `<<: [*a, *b]`.
 */
import { isMergeKey, type YNode, type YPair } from '../../syntax/tree.js';
import type { Rule, RuleContextBase } from './rule.js';

const MAX_DEPTH = 100;
/** Mappings with at most this many entries look for an earlier equal key by comparing. */
const SMALL_MAP = 8;

/** Where the first entry before `i` with the same key starts, if any. */
function firstBefore(pairs: readonly YPair[], i: number): number | undefined {
  const key = pairs[i]!.key.text;
  for (let j = 0; j < i; j++) if (pairs[j]!.key.text === key) return pairs[j]!.key.span.start;
  return undefined;
}

/** The duplicate-key rule reporting `code`. */
export function duplicateKeysRule<Ctx extends RuleContextBase>(code: string): Rule<Ctx> {
  return {
    codes: [code],
    check(ctx) {
      const visit = (n: YNode | null, depth: number): void => {
        if (!n || depth > MAX_DEPTH) return;
        if (n.kind === 'map') {
          // Most mappings are small: their earlier keys are compared in place, without a Map per
          // mapping (this walk allocates for the whole tree on every keystroke).
          const seen = n.pairs.length > SMALL_MAP ? new Map<string, number>() : undefined;
          for (let i = 0; i < n.pairs.length; i++) {
            const p = n.pairs[i]!;
            const prev = seen ? seen.get(p.key.text) : firstBefore(n.pairs, i);
            if (prev !== undefined) {
              const line = ctx.doc.lines.positionAt(prev).line + 1;
              if (isMergeKey(p)) {
                ctx.report({
                  code,
                  severity: 'warning',
                  span: p.key.span,
                  message:
                    `A second merge key \`<<\` (first on line ${line}): PyYAML and SnakeYAML merge both, but YAML ` +
                    '1.2 and strict loaders (ruamel.yaml) reject a repeated key. Merge them in one: `<<: [*a, *b]`.',
                });
                visit(p.value, depth + 1);
                continue;
              }
              ctx.report({
                code,
                severity: 'error',
                span: p.key.span,
                message:
                  `Duplicate key \`${p.key.text}\` (first on line ${line}); YAML loaders keep only one of them. ` +
                  'Merge or remove one.',
              });
            } else seen?.set(p.key.text, p.key.span.start);
            visit(p.value, depth + 1);
          }
        } else if (n.kind === 'seq') for (const it of n.items) visit(it, depth + 1);
      };
      visit(ctx.doc.root, 0);
    },
  };
}
