/**
 * LM024: `key:value` with no space after the colon (`value:'${x}'`). YAML reads the whole thing as
 * one string, so the key is silently lost; the CP4NA and Stratoss assembly descriptor pages warn about exactly this.
 * Detected on the raw lines, for keys the grammar knows, outside multi-line scalars.
 */
import { ASSEMBLY_GRAMMAR, RESOURCE_GRAMMAR, type ValueSpec } from '../../../model/lm/grammar.js';
import { walkScalars } from '../../../syntax/tree.js';
import type { LmRule } from './context.js';
import { replaceWith } from '../../shared/fixData.js';

function collectKeys(spec: ValueSpec, out: Set<string>, seen: Set<ValueSpec>): void {
  if (seen.has(spec)) return;
  seen.add(spec);
  switch (spec.type) {
    case 'map':
      for (const k of spec.keys) {
        out.add(k.key);
        for (const a of k.aliases ?? []) out.add(a);
        collectKeys(k.value, out, seen);
      }
      return;
    case 'dict':
      collectKeys(spec.entry, out, seen);
      return;
    case 'list':
      collectKeys(spec.item, out, seen);
      return;
    case 'oneOf':
      for (const o of spec.options) collectKeys(o, out, seen);
      return;
    default:
      return;
  }
}

/** Every key the assembly and resource grammars know (computed once, when the module loads). */
const KNOWN_KEYS: ReadonlySet<string> = (() => {
  const out = new Set<string>();
  const seen = new Set<ValueSpec>();
  collectKeys(ASSEMBLY_GRAMMAR, out, seen);
  collectKeys(RESOURCE_GRAMMAR, out, seen);
  return out;
})();

const FUSED = /^(\s*(?:-\s+)?)([A-Za-z][A-Za-z0-9_-]*):([^\s:#].*)$/;

export const fusedKeysRule: LmRule = {
  codes: ['LM024'],
  kinds: ['assembly', 'resource'],
  check(ctx) {
    const { text, lines } = ctx.doc;
    if (text.indexOf(':') < 0) return;
    // Multi-line scalars (block text, folded plain or quoted text): their lines are not keys.
    const multi: { start: number; end: number }[] = [];
    walkScalars(ctx.doc.root, (s) => {
      const nl = text.indexOf('\n', s.span.start);
      if ((nl >= 0 && nl < s.span.end) || s.style === 'literal' || s.style === 'folded') multi.push(s.span);
    });
    const known = KNOWN_KEYS;
    // Only lines with a colon followed by something other than a space, a colon or `#` can match
    // FUSED (its key's colon is one): found by scanning the colons, not matching every line.
    let last = -1;
    for (let at = text.indexOf(':'); at >= 0; at = text.indexOf(':', at + 1)) {
      const next = text.charCodeAt(at + 1);
      if (Number.isNaN(next) || next === 32 || next === 9 || next === 10 || next === 13 || next === 58 || next === 35)
        continue;
      const line = lines.positionAt(at).line;
      if (line === last) continue;
      last = line;
      const lt = lines.lineText(line);
      const m = FUSED.exec(lt);
      if (!m) continue;
      const key = m[2]!;
      if (!known.has(key)) continue;
      const start = lines.lineStarts[line]! + m[1]!.length;
      if (multi.some((sp) => sp.start < start && start < sp.end)) continue;
      const rest = m[3]!.replace(/\s+#.*$/, '').trimEnd();
      const fused = `${key}:${rest}`;
      ctx.report({
        code: 'LM024',
        severity: 'warning',
        span: { start, end: start + fused.length },
        message:
          `No space after \`${key}:\`, so YAML reads \`${fused}\` as one piece of text, not the key ` +
          `\`${key}\`. Write \`${key}: ${rest}\`.`,
        ...replaceWith(`${key}: ${rest}`),
      });
    }
  },
};
