/** Document links and code lenses: dispatched to the document's language pack. */
import { packFor } from './packs.js';
import { planLensTitle } from './plan.js';
import type { CodeLens, DocumentLink, FeatureContext, Reference, ReferenceLensFormat } from './types.js';

export function documentLinks(ctx: FeatureContext): DocumentLink[] {
  if (ctx.doc.binary) return [];
  return packFor(ctx.doc.kind)?.links(ctx) ?? [];
}

export function codeLenses(ctx: FeatureContext): CodeLens[] {
  if (ctx.doc.binary) return [];
  return packFor(ctx.doc.kind)?.lenses(ctx) ?? [];
}

/** The references a lens counts (see LanguagePack.lensReferences). */
export function lensReferences(ctx: FeatureContext, at: number, format: ReferenceLensFormat): Reference[] {
  if (ctx.doc.binary) return [];
  return packFor(ctx.doc.kind)?.lensReferences(ctx, at, format) ?? [];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The title of a lens once its references are known (see CodeLens). */
export function lensTitle(format: ReferenceLensFormat, refs: readonly Reference[]): string {
  switch (format) {
    case 'references':
      return plural(refs.length, 'reference', 'references');
    case 'usedBy':
      return `used by ${plural(new Set(refs.map((r) => r.path)).size, 'assembly', 'assemblies')}`;
    case 'typeUsage': {
      const templates = refs.filter((r) => r.role === 'template').length;
      const subtypes = refs.filter((r) => r.role === 'subtype').length;
      return `${plural(templates, 'template', 'templates')} · ${plural(subtypes, 'subtype', 'subtypes')}`;
    }
  }
}

/** The title a lens resolves to, whatever its format (reference counts or the plan). */
export function resolvedLensTitle(ctx: FeatureContext, lens: Pick<CodeLens, 'at' | 'format'>): string {
  if (lens.format === 'planStep' || lens.format === 'showPlan') return planLensTitle(ctx, lens.at, lens.format);
  return lensTitle(lens.format, lensReferences(ctx, lens.at, lens.format));
}
