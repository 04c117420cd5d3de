/** TOSCA000: YAML syntax problems, the "too large" notice and aliases without an anchor. */
import type { YNode } from '../../../syntax/tree.js';

/** Offsets where a key written as a flow collection (`{...}:` / `[...]:`) starts. */
function complexKeyStarts(root: YNode | null): Set<number> {
  const out = new Set<number>();
  const visit = (n: YNode | null, depth: number) => {
    if (!n || depth > 100) return;
    if (n.kind === 'map') {
      for (const p of n.pairs) {
        if (p.key.style === 'plain' && /^[[{]/.test(p.key.text)) out.add(p.key.span.start);
        visit(p.value, depth + 1);
      }
    } else if (n.kind === 'seq') for (const it of n.items) visit(it, depth + 1);
  };
  visit(root, 0);
  return out;
}
import type { ToscaRule } from './context.js';
import { sizeNotice } from '../../shared/sizeNotice.js';
import { withFixes } from '../../shared/fixData.js';
import { syntaxFindings } from '../../shared/syntaxCap.js';

export const syntaxRule: ToscaRule = {
  codes: ['TOSCA000'],
  check(ctx) {
    // Walked for only when a problem asks (most files have none).
    let complexKeys: Set<number> | undefined;
    // eemeli/yaml flags a flow collection used as an implicit key after the first entry of a block
    // mapping ("Map comment with trailing content") although the YAML is valid and the tree it
    // builds is right (Puccini's examples use `{ concat: [...] }: value` keys). Not a problem.
    const problems = ctx.doc.problems.filter(
      (p) =>
        !(
          p.yamlCode === 'IMPOSSIBLE' &&
          /^Map comment with trailing content/.test(p.message) &&
          (complexKeys ??= complexKeyStarts(ctx.doc.root)).has(p.span.start)
        ),
    );
    const findings = syntaxFindings(problems, 'TOSCA000', (p) => {
      const fix = p.reindent && {
        fix: 'reindent' as const,
        lines: p.reindent.lineStarts.map((o) => ctx.doc.lines.positionAt(o).line),
        column: p.reindent.column,
      };
      return { code: 'TOSCA000', severity: p.severity, span: p.span, message: `YAML: ${p.message}`, ...withFixes(fix) };
    });
    for (const f of findings) ctx.report(f);
    const notice = sizeNotice(ctx.doc, 'TOSCA000');
    if (notice) ctx.report(notice);
    // An alias is written `*name`: a text without `*` has none, and the walk over its tree finds nothing.
    if (!ctx.doc.text.includes('*')) return;
    const visit = (n: YNode | null, depth: number) => {
      if (!n || depth > 100) return;
      if (n.kind === 'alias' && !n.target && !n.tooLarge) {
        ctx.report({
          code: 'TOSCA000',
          severity: 'error',
          span: n.span,
          message:
            `YAML: alias \`*${n.name.replace(/^\*/, '')}\` refers to an anchor that is not defined before ` +
            `it (anchors are declared with \`&name\`, e.g. under \`dsl_definitions\`).`,
        });
        return;
      }
      if (n.kind === 'map') for (let i = 0; i < n.pairs.length; i++) visit(n.pairs[i]!.value, depth + 1);
      else if (n.kind === 'seq') for (let i = 0; i < n.items.length; i++) visit(n.items[i]!, depth + 1);
    };
    visit(ctx.doc.root, 0);
  },
};
