/**
 * Renaming a descriptor: its `name:` and every component or reference `type:` that names it.
 *
 * Names lmctl derives from lmproject.yml (no `name:` in the file, or one equal to the derived name)
 * are renamed where they come from, so `check` stays as clean as it was:
 * - the (sub)project's `name` in lmproject.yml is edited; a subproject without `directory:` gets
 *   `directory: <old name>` so lmctl keeps finding its folder (`directory` defaults to the name);
 * - every descriptor whose derived name contains that name changes with it (a root project renames
 *   all of its subprojects' descriptors, a subproject its nested ones), with their explicit names
 *   and literal `type:` uses; `$lmctl:/contains:/<old>:/…` paths through a renamed subproject are
 *   rewritten, `$lmctl:/descriptor_name` (the root) needs nothing;
 * - what lmctl cannot express is refused with the exact change to make instead: a subproject's
 *   descriptor must keep the `-<parent>` suffix and the root's version; the type part follows the
 *   project type; an Ansible RM (sub)project's descriptor file is named after it (LM107), and a
 *   rename cannot move files.
 * A descriptor named explicitly (no project, or a name lmctl does not derive) is renamed in place.
 * `$lmctl:/` paths in Behaviour JSON files and version ranges (`^1.0`) in `references` types are not
 * indexed and not updated.
 */
import * as path from '../../util/path.js';
import type { ProjectContext } from '../../index/projects.js';
import type { FeatureContext, RenameResult } from '../types.js';
import { eraOf } from './drivers.js';
import { EditSet } from './editSet.js';
import { modelFor, workspacePath } from './occurrences.js';
import { descriptorNameProblem } from './renameNames.js';
import { ansibleRefusal, renameProjectNode } from './renameProject.js';
import { editUses } from './renameUses.js';
import { nameSpan, type LmSymbol } from './symbol.js';

type DescriptorSymbol = Extract<LmSymbol, { kind: 'descriptor' }>;

/** Why the descriptor cannot be renamed at all, whatever the new name. */
export function descriptorRefusal(ctx: FeatureContext, s: DescriptorSymbol): string | undefined {
  if (s.problem) return s.problem;
  if (!s.files.length)
    return (
      `\`${s.name}\` is not in this workspace (it may be in the orchestrator's catalog): only descriptors of the ` +
      'workspace can be renamed.'
    );
  if (s.files.length > 1)
    return (
      `${s.files.length} descriptors are named \`${s.name}\` ` +
      `(${s.files.map((f) => workspacePath(ctx, f)).join(', ')}): rename one of them on its \`name\` line first.`
    );
  const pc = derivedContext(ctx, s.files[0]!, s.name);
  return pc ? ansibleRefusal(pc.chain, pc.root) : undefined;
}

/**
 * An Ansible RM descriptor outside an lmctl project that manages its name is filed under its name:
 * `descriptor/<name>.yml` (LM107). Renaming the name part would need the file renamed too.
 */
function ansibleFileName(ctx: FeatureContext, file: string, oldName: string, newName: string): string | undefined {
  const m = /\/descriptor\/([^/]+)\.ya?ml$/.exec(file);
  const pc = ctx.index.projectContext(file);
  if (!m || (pc && eraOf(pc.resourceManager) !== 'ansible')) return undefined;
  const [, oldPart] = oldName.split('::');
  const [, newPart] = newName.split('::');
  if (oldPart !== m[1] || newPart === oldPart) return undefined;
  return (
    `The Ansible RM expects the name part to equal the file name (\`descriptor/${m[1]}.yml\`), and a rename ` +
    `cannot move files: rename the file to \`${newPart}.yml\` and the \`name\` together by hand.`
  );
}

/** The project context of a descriptor whose name lmctl derives (`name` absent or equal), else undefined. */
function derivedContext(ctx: FeatureContext, file: string, name: string): ProjectContext | undefined {
  const pc = ctx.index.projectContext(file);
  return pc?.derivedName === name ? pc : undefined;
}

export function renameDescriptor(ctx: FeatureContext, s: DescriptorSymbol, newName: string): RenameResult {
  const file = s.files[0]!;
  const model = modelFor(ctx, file);
  if (!model) return { error: `Cannot read ${workspacePath(ctx, file)}.` };
  const oldParts = s.name.split('::');
  const v = descriptorNameProblem(newName, oldParts.length === 3 ? oldParts[0]! : model.kind);
  if ('error' in v) return v;
  if (newName === s.name) return { edit: { changes: {} } };
  const pc = derivedContext(ctx, file, s.name);
  if (!pc) return renameExplicit(ctx, s.name, newName, file);
  const [, name, version] = v.parts;
  const last = pc.chain[pc.chain.length - 1];
  if (last && version !== pc.version)
    return {
      error:
        `lmctl gives every descriptor of the project the root project's version (\`version: '${pc.version}'\` in ` +
        `${path.posix.basename(pc.projectFile)}): rename the root project's descriptor to change it, and keep ` +
        `\`${pc.version}\` here.`,
    };
  let nodeName = name;
  if (last) {
    const suffix = `-${pc.derivedNamePart!.slice(last.name.length + 1)}`;
    if (!name.endsWith(suffix) || name.length === suffix.length)
      return {
        error:
          `lmctl names the descriptor of subproject \`${last.name}\` \`<subproject>${suffix}\` (from ` +
          `${path.posix.basename(pc.projectFile)}): the new name must end with \`${suffix}\`, and the part before it ` +
          'becomes the subproject name.',
      };
    nodeName = name.slice(0, name.length - suffix.length);
  }
  return renameProjectNode(ctx, pc.projectFile, pc.chain, nodeName, version !== pc.version ? version : undefined);
}

/** A descriptor named in its file: its `name:` and the literal types naming it. */
function renameExplicit(ctx: FeatureContext, oldName: string, newName: string, file: string): RenameResult {
  const fileNamed = ansibleFileName(ctx, file, oldName, newName);
  if (fileNamed) return { error: fileNamed };
  const taken = ctx.index.lookup(newName)[0];
  if (taken) return { error: `\`${newName}\` is already the name of ${workspacePath(ctx, taken.path)}.` };
  const edits = new EditSet();
  const m = modelFor(ctx, file)!;
  const explicit = 'components' in m.summary ? m.summary.explicitName : undefined;
  if (explicit) edits.add(file, m.lines, nameSpan(m.text, explicit.span, explicit.text.trim()), newName);
  const failed = editUses(ctx, [{ old: oldName, neu: newName }], edits, undefined);
  return failed ? { error: failed } : { edit: edits.toWorkspaceEdit() };
}
