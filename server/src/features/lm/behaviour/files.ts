/**
 * lmctl behaviour files as the other LM features see them: the descriptor a configuration names,
 * the configurations of a project, and the places behaviour files use a descriptor or one of its
 * properties (for references and rename). Behaviour files are few and small: they are read whole.
 */
import type { DocumentModel } from '../../../model/document.js';
import type { BehaviourSummary } from '../../../model/lm/behaviour.js';
import { behaviourProjectDir } from '../../../model/kinds.js';
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
  return behaviourProjectDir(p);
}

/** A behaviour file of the index: its path and summary (nothing read). */
export interface BehaviourEntry {
  path: string;
  summary: BehaviourSummary;
}

/**
 * The behaviour files of the same (sub)project as `p` (lmctl pushes them into one behaviour project,
 * where configurations and scenarios are known by name), `p` itself included, by path, from the
 * index: names and their spans are all the checks and completion need, so no file is read.
 */
export function projectEntries(ctx: FeatureContext, p: string): BehaviourEntry[] {
  const dir = behaviourProject(p);
  if (dir === undefined) return [];
  const out: BehaviourEntry[] = [];
  for (const e of ctx.index.allEntries()) {
    if (e.kind !== 'behaviour' || e.path === ctx.doc.path || behaviourProject(e.path) !== dir) continue;
    const summary = e.summary;
    if (summary.kind === 'behaviour') out.push({ path: e.path, summary });
  }
  const own = behaviourSummary(ctx.doc);
  if (own && behaviourProject(ctx.doc.path) === dir) out.push({ path: ctx.doc.path, summary: own });
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** The project's behaviour files that mention `name` (as their name or an actor's configuration), read. */
export function projectFilesNaming(ctx: FeatureContext, p: string, name: string): BehaviourFile[] {
  const out: BehaviourFile[] = [];
  for (const e of projectEntries(ctx, p)) {
    if (e.summary.name?.text !== name && !e.summary.configurationRefs.some((r) => r.text === name)) continue;
    const f = openBehaviour(ctx, e.path);
    if (f) out.push(f);
  }
  return out;
}

/** The configurations of the project of `p` named `name` (with `name` undefined: all of them). */
export function configurationsNamed(ctx: FeatureContext, p: string, name?: string): BehaviourEntry[] {
  return projectEntries(ctx, p).filter(
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
