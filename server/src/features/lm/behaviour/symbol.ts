/**
 * References and rename in behaviour files. A configuration's `descriptorName` and the keys of its
 * `properties` are uses of the descriptor and of its properties (the LM symbols of symbol.ts, so
 * renaming either from any side updates both); configuration names are the behaviour project's
 * own, linked here between the configuration and the scenarios naming it.
 */
import type { FeatureContext, Reference, RenamePlace, RenameResult } from '../../types.js';
import { EditSet } from '../editSet.js';
import type { LmSymbol, SymbolAt } from '../symbol.js';
import { projectFilesNaming } from './files.js';
import { behaviourTargetAt } from './target.js';

/** The LM symbol at the offset of a behaviour file (descriptor or property), undefined elsewhere. */
export function behaviourSymbolAt(ctx: FeatureContext, offset: number): SymbolAt | undefined {
  const t = behaviourTargetAt(ctx, offset);
  if (!t || t.kind === 'configuration') return undefined;
  if (t.kind === 'descriptor') {
    const r = t.resolution;
    const symbol: LmSymbol = { kind: 'descriptor', name: r.name ?? t.text.trim(), files: r.targets.map((d) => d.path) };
    if (r.lmctlError) symbol.problem = `\`${t.text.trim()}\` cannot be resolved: ${r.lmctlError}.`;
    return { symbol, span: t.span };
  }
  if (t.descriptor && t.decl)
    return { symbol: { kind: 'property', file: t.descriptor.path, name: t.name }, span: t.span };
  const why = t.descriptor
    ? `\`${t.name}\` is not a property of the configured descriptor: declare it there first.`
    : 'The configuration names no descriptor of the workspace, so its properties are not known here.';
  return { symbol: { kind: 'fixed', why }, span: t.span };
}

/** Every place of the project's behaviour files naming the configuration `name`. */
function configurationUses(ctx: FeatureContext, name: string): { path: string; ref: Reference; decl: boolean }[] {
  const out: { path: string; ref: Reference; decl: boolean }[] = [];
  for (const f of projectFilesNaming(ctx, ctx.doc.path, name)) {
    const s = f.summary;
    const lines = f.model.lines;
    const add = (span: { start: number; end: number }, declaration: boolean) =>
      out.push({
        path: f.model.path,
        decl: declaration,
        ref: { path: f.model.path, range: lines.rangeOf(span), declaration, ...(declaration ? { write: true } : {}) },
      });
    if (s.role === 'configuration' && s.name?.text === name) add(s.name.span, true);
    for (const r of s.configurationRefs) if (r.text === name) add(r.span, false);
  }
  return out;
}

/** References of a configuration name; undefined when the cursor is not on one. */
export function configurationReferences(
  ctx: FeatureContext,
  offset: number,
  includeDeclaration: boolean,
): Reference[] | undefined {
  const t = behaviourTargetAt(ctx, offset);
  if (t?.kind !== 'configuration') return undefined;
  return configurationUses(ctx, t.name)
    .filter((u) => includeDeclaration || !u.decl)
    .map((u) => u.ref);
}

export function prepareConfigurationRename(ctx: FeatureContext, offset: number): RenamePlace | undefined {
  const t = behaviourTargetAt(ctx, offset);
  if (t?.kind !== 'configuration') return undefined;
  if (!t.configurations.length) return { error: `No assembly configuration of this project is named \`${t.name}\`.` };
  return { range: ctx.doc.lines.rangeOf(t.span), placeholder: t.name };
}

export function renameConfiguration(ctx: FeatureContext, offset: number, newName: string): RenameResult | undefined {
  const place = prepareConfigurationRename(ctx, offset);
  if (!place) return undefined;
  if ('error' in place) return place;
  const old = place.placeholder;
  if (!newName || /["\\\n]/.test(newName))
    return { error: 'Write a configuration name without quotes or backslashes.' };
  if (newName === old) return { edit: { changes: {} } };
  if (configurationUses(ctx, newName).some((u) => u.decl))
    return { error: `This project already has an assembly configuration named \`${newName}\`.` };
  const edits = new EditSet();
  for (const f of projectFilesNaming(ctx, ctx.doc.path, old)) {
    const s = f.summary;
    const spans = [
      ...(s.role === 'configuration' && s.name?.text === old ? [s.name.span] : []),
      ...s.configurationRefs.filter((r) => r.text === old).map((r) => r.span),
    ];
    for (const span of spans) edits.add(f.model.path, f.model.lines, span, newName);
  }
  return { edit: edits.toWorkspaceEdit() };
}
