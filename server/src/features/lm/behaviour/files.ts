/**
 * lmctl behaviour files as the other LM features see them: the descriptor a configuration names,
 * the configurations of a project, and the places behaviour files use a descriptor or one of its
 * properties (for references and rename). Behaviour files are few and small: they are read whole.
 */
import type { DocumentModel } from '../../../model/document.js';
import type { BehaviourSummary } from '../../../model/lm/behaviour.js';
import type { Span } from '../../../syntax/positions.js';
import type { TypeResolution } from '../../../index/workspace.js';
import type { FeatureContext } from '../../types.js';

export interface BehaviourFile {
  model: DocumentModel;
  summary: BehaviourSummary;
}

/** The behaviour summary of a model, or undefined for other files. */
export function behaviourSummary(model: DocumentModel | undefined): BehaviourSummary | undefined {
  return model?.summary.kind === 'behaviour' ? model.summary : undefined;
}

/** The behaviour file at `p`, read (the document itself when it is the one asked for). */
export function openBehaviour(ctx: FeatureContext, p: string): BehaviourFile | undefined {
  const model = p === ctx.doc.path ? ctx.doc : ctx.modelOf(p);
  const summary = behaviourSummary(model);
  return model && summary ? { model, summary } : undefined;
}

/** What a configuration's `descriptorName` designates (a literal name or an `$lmctl:/` path). */
export function configurationDescriptor(
  ctx: FeatureContext,
  p: string,
  s: BehaviourSummary,
): TypeResolution | undefined {
  return s.descriptorName ? ctx.index.resolveType(s.descriptorName.text, p) : undefined;
}

/** The (sub)project folder whose `Behaviour/` holds the file. */
export function behaviourProject(p: string): string | undefined {
  return /^(.*)\/Behaviour\/[^/]+\/[^/]+$/.exec(p)?.[1];
}

/**
 * The behaviour files of the same (sub)project as `p` (lmctl pushes them into one behaviour project,
 * where configurations and scenarios are known by name), `p` itself included, by path.
 */
export function projectBehaviour(ctx: FeatureContext, p: string): BehaviourFile[] {
  const dir = behaviourProject(p);
  if (dir === undefined) return [];
  const out: BehaviourFile[] = [];
  for (const e of ctx.index.allEntries()) {
    if (e.kind !== 'behaviour' || behaviourProject(e.path) !== dir) continue;
    const f = openBehaviour(ctx, e.path);
    if (f) out.push(f);
  }
  if (ctx.doc.kind === 'behaviour' && behaviourProject(ctx.doc.path) === dir && !out.some((f) => f.model === ctx.doc))
    out.push({ model: ctx.doc, summary: ctx.doc.summary as BehaviourSummary });
  return out.sort((a, b) => (a.model.path < b.model.path ? -1 : 1));
}

/** The configurations of the project of `p` named `name` (with `name` undefined: all of them). */
export function configurationsNamed(ctx: FeatureContext, p: string, name?: string): BehaviourFile[] {
  return projectBehaviour(ctx, p).filter(
    (f) => f.summary.role === 'configuration' && f.summary.name && (name === undefined || f.summary.name.text === name),
  );
}

/** The `descriptorName` of a behaviour file as a type use (its trimmed text and span), if the text confirms it. */
export function behaviourTypeUses(text: string, s: BehaviourSummary): { type: string; span: Span }[] | undefined {
  const dn = s.descriptorName;
  if (!dn) return [];
  const type = dn.text.trim();
  const i = text.slice(dn.span.start, dn.span.end).indexOf(type);
  if (i < 0 || !type) return undefined;
  return [{ type, span: { start: dn.span.start + i, end: dn.span.start + i + type.length } }];
}

/**
 * The `properties` keys named `name` in the behaviour files configuring the descriptor in `file`;
 * `add` gets each file's model and the key's span.
 */
export function behaviourPropertyUses(
  ctx: FeatureContext,
  file: string,
  name: string,
  add: (model: DocumentModel, span: Span) => void,
): void {
  for (const p of ctx.index.dependentsOf(file).sort()) {
    if (ctx.index.get(p)?.kind !== 'behaviour') continue;
    const f = openBehaviour(ctx, p);
    if (!f || !configurationDescriptor(ctx, p, f.summary)?.targets.some((t) => t.path === file)) continue;
    for (const k of f.summary.properties) if (k.text === name) add(f.model, k.span);
  }
}
