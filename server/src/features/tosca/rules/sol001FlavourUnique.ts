/**
 * Deployment flavours unique within a VNFD (TOSCA350, warning): the flavour files a top-level VNFD
 * imports (each substitutes the same VNF node type) name different `flavour_id`s. ETSI GS NFV-SOL 001
 * identifies a flavour by its flavour_id within the VNFD; Tacker keys the flavours of a package by it, so
 * of two files with the same id one is silently lost (it onboards the package: a warning, not an error).
 * The other files are read from their summaries (the index's), never built into models.
 */
import type { ToscaSummary } from '../../../model/tosca/summary.js';
import type { Span } from '../../../syntax/positions.js';
import { basename } from '../../../util/path.js';
import { sol001Cite } from './sol001Cite.js';
import type { ToscaRule } from './context.js';
import { sol001NodeTypesKnown } from './sol001Gate.js';

const VNF = 'tosca.nodes.nfv.VNF';
/** Importers looked at (a top-level VNFD imports its flavours directly). */
const MAX_IMPORTERS = 8;

/** The literal flavour_id a flavour file names: the mapping's, else a node template's; with its span. */
function flavourIdOf(s: ToscaSummary, text: string | undefined): { id: string; span: Span } | undefined {
  const mapped = s.topology?.substitution?.properties.find((p) => p.name === 'flavour_id');
  if (mapped && !mapped.list && mapped.target.length === 1)
    return { id: mapped.target[0]!.name, span: mapped.target[0]!.span };
  if (text === undefined) return undefined;
  for (const n of s.topology?.nodeTemplates ?? []) {
    const p = n.properties.find((x) => x.name === 'flavour_id');
    if (!p || p.func || !p.valueSpan) continue;
    const id = text
      .slice(p.valueSpan.start, p.valueSpan.end)
      .replace(/^(['"])(.*)\1$/, '$2')
      .trim();
    if (id) return { id, span: p.valueSpan };
  }
  return undefined;
}

export const sol001FlavourUniqueRule: ToscaRule = {
  codes: ['TOSCA350'],
  crossFile: true,
  when: sol001NodeTypesKnown,
  check(ctx) {
    const own = ctx.model.summary;
    const mappedName = own.topology?.substitution?.nodeType?.name;
    const mapped = ctx.model.types.resolve(mappedName, 'node');
    if (!mappedName || !mapped || !ctx.model.types.isA(mapped, VNF)) return;
    const mine = flavourIdOf(own, ctx.doc.text);
    if (!mine) return;
    const tosca = ctx.feature.index.tosca;
    const path = ctx.doc.path;
    const seen = new Set<string>([path]);
    for (const importer of tosca.importersOf(path).slice(0, MAX_IMPORTERS)) {
      for (const edge of tosca.importsOf(importer)) {
        if (seen.has(edge.path)) continue;
        seen.add(edge.path);
        const other = tosca.summaryOf(edge.path);
        if (other?.topology?.substitution?.nodeType?.name !== mappedName) continue;
        const theirs = flavourIdOf(other, ctx.feature.linesOf(edge.path)?.text);
        if (theirs?.id !== mine.id) continue;
        ctx.report({
          code: 'TOSCA350',
          severity: 'warning',
          span: mine.span,
          message:
            `Flavour \`${mine.id}\` is also described by \`${basename(edge.path)}\`, another flavour file of the ` +
            `VNFD \`${basename(importer)}\`: a deployment flavour's flavour_id is unique within its VNFD ` +
            `(` +
            `${sol001Cite(ctx, VNF)}); Tacker keeps only one of them. Give each flavour file its own flavour_id.`,
        });
        return;
      }
    }
  },
};
