/**
 * Rename: where a rename can happen, and the edits across the workspace. Properties, components,
 * operations, capabilities, requirements and metrics are renamed at every occurrence references
 * find (occurrences.ts); descriptors and lmctl projects in renameDescriptor.ts. A new name is
 * checked against the naming rules and against names already in use, so the rename never makes
 * `check` report something it did not report before; otherwise it is refused with the reason.
 */
import * as path from '../../util/path.js';
import { topLevelProperties } from '../../model/lm/summary.js';
import { SPECIAL_PROPERTIES } from '../../model/lm/vocabulary.js';
import { asMap, get, getPair } from '../../syntax/tree.js';
import type { FeatureContext, RenamePlace, RenameResult } from '../types.js';
import { brentPackageDir, effectiveDrivers, firstExisting, projectRm } from './drivers.js';
import { EditSet } from './editSet.js';
import { dependents, occurrencesOf, openDescriptor, workspacePath, type Opened } from './occurrences.js';
import { descriptorRefusal, renameDescriptor } from './renameDescriptor.js';
import { projectRefusal, renameProject } from './renameProject.js';
import { symbolNameProblem } from './renameNames.js';
import { symbolAt, type LmSymbol } from './symbol.js';

export function prepareRename(ctx: FeatureContext, offset: number): RenamePlace | undefined {
  const at = symbolAt(ctx, offset);
  if (!at) return inComment(ctx, offset) ? { error: 'There is nothing to rename inside a comment.' } : undefined;
  const refused = refusal(ctx, at.symbol);
  if (refused) return { error: refused };
  const placeholder = at.symbol.kind === 'descriptor' ? at.symbol.name : ctx.doc.text.slice(at.span.start, at.span.end);
  return { range: ctx.doc.lines.rangeOf(at.span), placeholder };
}

export function rename(ctx: FeatureContext, offset: number, newName: string): RenameResult {
  // Uses in files not indexed yet would be missed, and a partial rename breaks the workspace.
  if (ctx.index.state === 'building')
    return { error: 'The workspace is still being indexed: try the rename again in a moment.' };
  const at = symbolAt(ctx, offset);
  if (!at)
    return {
      error: inComment(ctx, offset) ? 'There is nothing to rename inside a comment.' : 'Nothing to rename here.',
    };
  const s = at.symbol;
  const refused = refusal(ctx, s);
  if (refused) return { error: refused };
  switch (s.kind) {
    case 'descriptor':
      return renameDescriptor(ctx, s, newName.trim());
    case 'project':
      return renameProject(ctx, s, newName.trim());
    case 'property':
    case 'component':
    case 'member':
      return renameSymbol(ctx, s, newName.trim());
    default:
      return { error: 'Nothing to rename here.' };
  }
}

function refusal(ctx: FeatureContext, s: LmSymbol): string | undefined {
  switch (s.kind) {
    case 'fixed':
      return s.why;
    case 'mapping':
      return s.reason;
    case 'descriptor':
      return descriptorRefusal(ctx, s);
    case 'project':
      return projectRefusal(ctx, s);
    case 'property':
      return (SPECIAL_PROPERTIES as readonly string[]).includes(s.name)
        ? `\`${s.name}\` is a property LM itself passes to every component (placement and resource manager): it ` +
            'must keep its name.'
        : undefined;
    default:
      return undefined;
  }
}

/** True when the offset is in a `#` comment (never inside a scalar: symbolAt found none there). */
function inComment(ctx: FeatureContext, offset: number): boolean {
  const lines = ctx.doc.lines;
  const line = lines.positionAt(offset).line;
  const before = ctx.doc.text.slice(lines.lineStarts[line], offset);
  return /(^|\s)#/.test(before);
}

type Renamable = Extract<LmSymbol, { kind: 'property' | 'component' | 'member' }>;

const WHAT: Record<string, string> = { property: 'property', component: 'component' };

function renameSymbol(ctx: FeatureContext, s: Renamable, newName: string): RenameResult {
  const what = s.kind === 'member' ? s.role : WHAT[s.kind]!;
  const problem = symbolNameProblem(newName, what, s.kind !== 'member');
  if (problem) return { error: problem };
  if (newName === s.name) return { edit: { changes: {} } };
  if (s.kind === 'property' && (SPECIAL_PROPERTIES as readonly string[]).includes(newName))
    return { error: `\`${newName}\` has a meaning of its own for LM (placement and resource manager).` };
  const d = openDescriptor(ctx, s.file);
  if (!d) return { error: `Cannot read ${workspacePath(ctx, s.file)}.` };
  const conflict =
    s.kind === 'property'
      ? propertyConflict(ctx, d, newName)
      : s.kind === 'component'
        ? componentConflict(d, newName)
        : memberConflict(ctx, d, s, newName);
  if (conflict) return { error: conflict };
  const unreadable: string[] = [];
  const occs = occurrencesOf(ctx, s, unreadable);
  if (unreadable.length)
    return {
      error: `Cannot read ${unreadable.map((p) => workspacePath(ctx, p)).join(', ')}: the rename would be incomplete.`,
    };
  const edits = new EditSet();
  for (const o of occs) edits.add(o.path, o.lines, o.span, newName);
  return { edit: edits.toWorkspaceEdit() };
}

const where = (ctx: FeatureContext, p: string) => (p === ctx.doc.path ? 'this file' : workspacePath(ctx, p));

function propertyConflict(ctx: FeatureContext, d: Opened, newName: string): string | undefined {
  if (topLevelProperties(d.summary).some((p) => p.name === newName))
    return `${cap(where(ctx, d.model.path))} already declares a property \`${newName}\`.`;
  if (d.summary.components.some((c) => c.name === newName))
    return (
      `${cap(where(ctx, d.model.path))} has a component \`${newName}\`: \`\${${newName}.…}\` would name it, not ` +
      'the property.'
    );
  // A component already mapping the new name (LM050) would end up with the key twice.
  for (const { o, comps } of dependents(ctx, d.model.path, [], newName)) {
    const c = o.summary.components.find((x) => comps.has(x.name) && x.properties.some((q) => q.name === newName));
    if (c) return `Component \`${c.name}\` in ${where(ctx, o.model.path)} already maps a property \`${newName}\`.`;
  }
  return undefined;
}

function componentConflict(d: Opened, newName: string): string | undefined {
  if (d.summary.components.some((c) => c.name === newName))
    return `There is already a component or reference named \`${newName}\`.`;
  if (topLevelProperties(d.summary).some((p) => p.name === newName))
    return `There is a property \`${newName}\`: \`\${${newName}…}\` would become ambiguous.`;
  return undefined;
}

function memberConflict(
  ctx: FeatureContext,
  d: Opened,
  s: Extract<LmSymbol, { kind: 'member' }>,
  newName: string,
): string | undefined {
  const section = {
    operation: 'operations',
    capability: 'capabilities',
    requirement: 'requirements',
    metric: 'metrics',
  }[s.role] as 'operations';
  if (d.summary[section].some((x) => x.name === newName))
    return (
      `${cap(where(ctx, d.model.path))} already declares ${s.role === 'operation' ? 'an' : 'a'} ` +
      `${s.role} \`${newName}\`.`
    );
  return s.role === 'operation' ? scriptConflict(ctx, d, s.name, newName) : undefined;
}

/**
 * An operation the ansible driver runs has a script named after it (LM105), and a rename cannot
 * move files: the script must be renamed first (then its old name has no script and this passes).
 */
function scriptConflict(ctx: FeatureContext, d: Opened, op: string, newName: string): string | undefined {
  const pkg = brentPackageDir(d.model.path);
  if (pkg === undefined || projectRm(ctx, d.model.path).era === 'ansible') return undefined;
  const root = d.model.root;
  const body = getPair(asMap(get(asMap(root), 'operations')), op)?.value ?? null;
  if (!effectiveDrivers(body, root).types.includes('ansible')) return undefined;
  const dir = path.posix.join(pkg, 'Lifecycle', 'ansible', 'scripts');
  const names = (n: string) => [`${n}.yaml`, `${n}.yml`, `${n.toLowerCase()}.yaml`, `${n.toLowerCase()}.yml`];
  const script = firstExisting(ctx, dir, names(op));
  if (!script || firstExisting(ctx, dir, names(newName))) return undefined;
  return (
    `The ansible driver runs \`${op}\` from \`Lifecycle/ansible/scripts/${path.posix.basename(script)}\`, and a ` +
    `rename cannot move files: rename that script to \`${newName}.yaml\` first, then rename the operation.`
  );
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
