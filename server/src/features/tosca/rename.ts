/**
 * Rename in TOSCA documents: types (across every file that can see them; `prefix:Name` uses keep
 * their prefix), templates, inputs, properties and attributes. The edits are exactly the
 * references (symbolRefs.ts), so rename and find references never disagree. Names fixed by the
 * specification or the grammar are refused with the reason (renameRules.ts).
 */
import { isCloudifyDocument } from './cloudifyNav.js';
import { cloudifyPrepareRename, cloudifyRename } from './cloudifySymbols.js';
import type { Span } from '../../syntax/positions.js';
import { relativePath } from '../shared/locations.js';
import type { FeatureContext, RenamePlace, RenameResult, TextEdit } from '../types.js';
import { toscaModelOf } from './model.js';
import { typeKey, type ToscaSymbol } from './occurrences.js';
import { clash, nameProblem, symbolRefusal, targetRefusal } from './renameRules.js';
import { occurrenceUnder, symbolRefsAt } from './symbolRefs.js';
import { toscaTargetAt } from './targets.js';
import { importGraphFor } from '../../index/toscaVisibility.js';

function symbolName(sym: ToscaSymbol): string {
  return sym.kind === 'type' ? sym.type.name : sym.name;
}

/**
 * The part of the scalar at `span` (written `written`) that holds `name`: the whole content, or
 * the name after a namespace prefix (`prefix:Name`, `prefix.Name`). Undefined when the name is not
 * written there as such (an alias, or a quoted scalar with escapes).
 */
function nameSpan(text: string, span: Span, written: string, name: string): Span | undefined {
  const raw = text.slice(span.start, span.end);
  let content: Span;
  if (raw === written) content = span;
  else if (
    raw.length >= 2 &&
    (raw[0] === '"' || raw[0] === "'") &&
    raw.endsWith(raw[0]) &&
    raw.slice(1, -1) === written
  )
    content = { start: span.start + 1, end: span.end - 1 };
  else return undefined;
  if (written === name) return content;
  if (written.endsWith(`:${name}`) || written.endsWith(`.${name}`))
    return { start: content.end - name.length, end: content.end };
  return undefined;
}

export function prepareRename(ctx: FeatureContext, offset: number): RenamePlace | undefined {
  // A Cloudify blueprint's names are used where TOSCA has none: its own walk (cloudifySymbols.ts).
  if (isCloudifyDocument(ctx)) return cloudifyPrepareRename(ctx, offset);
  const model = toscaModelOf(ctx);
  const at = occurrenceUnder(ctx, offset);
  if (!at) {
    const t = toscaTargetAt(ctx, offset);
    const why = t ? targetRefusal(model, t) : undefined;
    return why ? { error: why } : undefined;
  }
  const why = symbolRefusal(model, at.sym, at.written);
  if (why) return { error: why };
  const name = symbolName(at.sym);
  const span = nameSpan(ctx.doc.text, at.span, at.written, name);
  if (!span) return { error: `\`${at.written}\` is written with escapes here: rename it where it is written plainly.` };
  return { range: ctx.doc.lines.rangeOf(span), placeholder: name };
}

export function rename(ctx: FeatureContext, offset: number, newName: string): RenameResult {
  if (isCloudifyDocument(ctx)) return cloudifyRename(ctx, offset, newName);
  const place = prepareRename(ctx, offset);
  if (!place) return { error: 'Nothing to rename here.' };
  if ('error' in place) return place;
  const found = symbolRefsAt(ctx, offset);
  if (!found) return { error: 'Nothing to rename here.' };
  const sym = found.sym;
  const name = symbolName(sym);
  if (newName === name) return { edit: { changes: {} } };
  const model = toscaModelOf(ctx);
  const problem = nameProblem(sym, newName) ?? clash(model, sym, newName);
  if (problem) return { error: problem };
  const changes: Record<string, TextEdit[]> = {};
  for (const r of found.refs) {
    const lines = r.path === ctx.doc.path ? ctx.doc.lines : ctx.linesOf(r.path);
    // Half a rename is worse than none.
    if (!lines)
      return {
        error:
          `\`${relativePath(ctx.doc.path, r.path)}\` uses this name but could not be read, so nothing was ` +
          'renamed.',
      };
    const span = nameSpan(lines.text, r.span, r.written, name);
    let edit: TextEdit | undefined;
    if (span) edit = { range: lines.rangeOf(span), newText: newName };
    else if (r.written === name) edit = { range: lines.rangeOf(r.span), newText: newName };
    if (edit) (changes[r.path] ??= []).push(edit);
  }
  const shadow = templateShadow(ctx, sym, newName, Object.keys(changes)) ?? inputBinding(ctx, sym);
  if (shadow) return { error: shadow };
  for (const edits of Object.values(changes))
    edits.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return { edit: { changes } };
}

/**
 * A topology that substitutes a node type without `properties` mappings receives each property in
 * the input of the same name: renaming such a property would leave the input behind.
 */
function inputBinding(ctx: FeatureContext, sym: ToscaSymbol): string | undefined {
  if (sym.kind !== 'property' || sym.attribute || sym.root.kind !== 'node' || !sym.root.path) return undefined;
  const graph = importGraphFor(ctx, ctx.doc);
  const key = typeKey(sym.root);
  for (const p of graph.seeing(sym.root.path)) {
    const topo = graph.summaryOf(p)?.topology;
    const sub = topo?.substitution;
    if (!sub || sub.properties.length || !topo.inputs.some((i) => i.name === sym.name)) continue;
    const names = graph.typeNames(p);
    const nt = names.resolve(sub.nodeType?.name, ['node']);
    if (nt && names.isA(nt, key))
      return (
        `\`${relativePath(ctx.doc.path, p)}\` substitutes \`${sub.nodeType!.name}\` and receives property ` +
        `\`${sym.name}\` in its input of that name (no \`properties\` mappings): renaming the property would ` +
        'break that mapping.'
      );
  }
  return undefined;
}

/**
 * Requirement targets (`node:`, `relationship:`) name a template of the file before a type: a node
 * or relationship type renamed to the name of such a template would be read as the template.
 */
function templateShadow(ctx: FeatureContext, sym: ToscaSymbol, newName: string, paths: string[]): string | undefined {
  if (sym.kind !== 'type' || (sym.type.kind !== 'node' && sym.type.kind !== 'relationship')) return undefined;
  for (const p of paths) {
    const topo = ctx.index.tosca.summaryOf(p)?.topology;
    const templates = sym.type.kind === 'node' ? topo?.nodeTemplates : topo?.relationshipTemplates;
    if (templates?.some((t) => t.name === newName))
      return (
        `\`${relativePath(ctx.doc.path, p)}\` has a ${sym.type.kind} template named \`${newName}\`: ` +
        'requirement targets would name it instead of the type.'
      );
  }
  return undefined;
}
