/**
 * Renaming an lmctl project or subproject (the `name` in lmproject.yml) and with it every descriptor
 * name lmctl derives from it; see renameDescriptor.ts for what is edited and what is refused.
 */
import * as path from '../../util/path.js';
import { isDescriptorKind } from '../../model/kinds.js';
import type { LmProjectSummary, SubprojectDecl } from '../../model/lm/summary.js';
import { isUnder } from '../../index/workspace.js';
import type { Span } from '../../syntax/positions.js';
import { asMap, asScalar, asSeq, get, getPair, type YMap, type YNode } from '../../syntax/tree.js';
import type { FeatureContext, RenameResult } from '../types.js';
import { eraOf } from './drivers.js';
import { EditSet } from './editSet.js';
import { modelFor, workspacePath } from './occurrences.js';
import { editUses } from './renameUses.js';
import { nameProblem } from './rules/names.js';
import { nameSpan, type LmSymbol } from './symbol.js';

type ProjectSymbol = Extract<LmSymbol, { kind: 'project' }>;

export function projectRefusal(ctx: FeatureContext, s: ProjectSymbol): string | undefined {
  const m = modelFor(ctx, s.file);
  return m?.summary.kind === 'lmproject' ? ansibleRefusal(s.chain, m.summary) : undefined;
}

/** An Ansible RM descriptor file is named after its (sub)project, and a rename cannot move files. */
export function ansibleRefusal(chain: readonly SubprojectDecl[], root: LmProjectSummary): string | undefined {
  const last = chain[chain.length - 1];
  if (eraOf(last ? last.resourceManager : root.resourceManager) !== 'ansible') return undefined;
  const name = last ? last.name : root.name;
  return (
    `lmctl reads an Ansible RM descriptor from \`descriptor/${name}.yml\`, named after the ` +
    `${last ? 'subproject' : 'project'}, and a rename cannot move files: rename the file and the ` +
    `${last ? 'subproject' : 'project'} \`name\` in lmproject.yml together by hand.`
  );
}

export function renameProject(ctx: FeatureContext, s: ProjectSymbol, newName: string): RenameResult {
  const np = nameProblem(newName);
  if (np) return { error: `Invalid ${s.chain.length ? 'subproject' : 'project'} name \`${newName}\`: ${np}.` };
  return renameProjectNode(ctx, s.file, s.chain, newName, undefined);
}

interface Renamed {
  path: string;
  old: string;
  neu: string;
}

/**
 * Renames the root project (`chain` empty) or the subproject at the end of `chain` to `nodeName`
 * (and, for the root, the version), with every descriptor name that changes as a consequence.
 */
export function renameProjectNode(
  ctx: FeatureContext,
  projectFile: string,
  chainIn: readonly SubprojectDecl[],
  nodeName: string,
  version: string | undefined,
): RenameResult {
  const pm = modelFor(ctx, projectFile);
  const root = pm?.summary.kind === 'lmproject' ? pm.summary : undefined;
  const chain = root ? findChain(root, chainIn) : undefined;
  if (!pm || !root || !chain) return { error: `Cannot read ${path.posix.basename(projectFile)}.` };
  const last = chain[chain.length - 1];
  const oldNode = last ? last.name : (root.name ?? '');
  if (oldNode === nodeName && version === undefined) return { edit: { changes: {} } };
  const refused = oldNode !== nodeName ? ansibleRefusal(chain, root) : undefined;
  if (refused) return { error: refused };
  const siblings = chain.length > 1 ? chain[chain.length - 2]!.contains : root.contains;
  if (last && siblings.some((x) => x !== last && x.name === nodeName))
    return { error: `There is already a subproject named \`${nodeName}\` next to \`${oldNode}\`.` };

  const invalid = chainNameProblem(root, chain, nodeName);
  if (invalid) return { error: invalid };
  const renamed = affectedDescriptors(ctx, projectFile, chain, root, nodeName, version);
  if ('error' in renamed) return renamed;
  const edits = new EditSet();
  const rootMap = asMap(pm.root);
  if (oldNode !== nodeName) {
    const span = last ? last.keySpan : root.nameSpan;
    if (!span) return { error: `${path.posix.basename(projectFile)} has no project \`name\` to rename.` };
    edits.add(projectFile, pm.lines, nameSpan(pm.text, span, oldNode), nodeName);
    if (last) {
      const map = subprojectMap(rootMap, chain);
      if (!map) return { error: `Cannot find subproject \`${oldNode}\` in ${path.posix.basename(projectFile)}.` };
      keepDirectory(pm.text, pm.lines, map, (sp, text) => edits.add(projectFile, pm.lines, sp, text));
    }
  }
  if (version !== undefined) {
    const vs = asScalar(get(rootMap, 'version'));
    if (!vs || root.version === undefined) return { error: `${path.posix.basename(projectFile)} has no \`version\`.` };
    edits.add(projectFile, pm.lines, nameSpan(pm.text, vs.span, root.version), version);
  }
  for (const r of renamed) {
    const m = modelFor(ctx, r.path);
    const explicit = m && 'components' in m.summary ? m.summary.explicitName : undefined;
    if (m && explicit && explicit.text.trim() === r.old)
      edits.add(r.path, m.lines, nameSpan(m.text, explicit.span, r.old), r.neu);
  }
  const step = last && oldNode !== nodeName ? { depth: chain.length - 1, old: oldNode, neu: nodeName } : undefined;
  const failed = editUses(ctx, renamed, edits, step);
  return failed ? { error: failed } : { edit: edits.toWorkspaceEdit() };
}

/**
 * lmctl chains subproject names (`<sub>-<parent>`): a name valid before the rename (for the renamed
 * node and every node under it) must stay valid (LM106). One that was already invalid stays so.
 */
function chainNameProblem(root: LmProjectSummary, chain: readonly SubprojectDecl[], nodeName: string) {
  let parent: string | undefined;
  for (const s of chain.slice(0, -1)) parent = `${s.name}-${parent ?? root.name}`;
  parent ??= chain.length ? root.name : undefined;
  const join = (name: string, p: string | undefined) => (p === undefined ? name : `${name}-${p}`);
  const last = chain[chain.length - 1];
  const check = (label: string, old: string, neu: string, below: readonly SubprojectDecl[]): string | undefined => {
    const problem = nameProblem(neu);
    if (problem && !nameProblem(old))
      return `lmctl would name the descriptor of ${label} \`${neu}\`, which LM rejects: ${problem}.`;
    for (const s of below) {
      const r = check(`subproject \`${s.name}\``, `${s.name}-${old}`, `${s.name}-${neu}`, s.contains);
      if (r) return r;
    }
    return undefined;
  };
  const label = last ? `subproject \`${last.name}\`` : 'the project';
  return check(
    label,
    join(last ? last.name : (root.name ?? ''), parent),
    join(nodeName, parent),
    last ? last.contains : root.contains,
  );
}

/** The chain again, in `root` (which may be a fresher read of the same file): matched by position. */
function findChain(root: LmProjectSummary, chain: readonly SubprojectDecl[]): SubprojectDecl[] | undefined {
  const out: SubprojectDecl[] = [];
  let level = root.contains;
  for (const step of chain) {
    const s = level.find((x) => x.span.start === step.span.start && x.name === step.name);
    if (!s) return undefined;
    out.push(s);
    level = s.contains;
  }
  return out;
}

function sameStart(a: readonly SubprojectDecl[], prefix: readonly SubprojectDecl[]): boolean {
  return a.length >= prefix.length && prefix.every((s, i) => a[i]!.span.start === s.span.start);
}

/** Every descriptor of the project whose derived name changes, with its old and new name. */
function affectedDescriptors(
  ctx: FeatureContext,
  projectFile: string,
  chain: readonly SubprojectDecl[],
  root: LmProjectSummary,
  nodeName: string,
  version: string | undefined,
): Renamed[] | { error: string } {
  const out: Renamed[] = [];
  const rootDir = path.posix.dirname(projectFile);
  const depth = chain.length;
  for (const e of ctx.index.allEntries()) {
    if (!isDescriptorKind(e.kind) || !isUnder(e.path, rootDir)) continue;
    const pc = ctx.index.projectContext(e.path);
    if (!pc?.derivedName || pc.projectFile !== projectFile || !sameStart(pc.chain, chain)) continue;
    // A descriptor named otherwise in its file keeps that name (LM005 reports the difference).
    if (ctx.index.effectiveName(e.path) !== pc.derivedName) continue;
    let part = depth === 0 ? nodeName : root.name!;
    pc.chain.forEach((s, i) => (part = `${i === depth - 1 ? nodeName : s.name}-${part}`));
    out.push({ path: e.path, old: pc.derivedName, neu: `${pc.expectedType}::${part}::${version ?? pc.version}` });
  }
  const moving = new Set(out.map((r) => r.path));
  for (const r of out) {
    const taken = ctx.index.lookup(r.neu).find((d) => !moving.has(d.path));
    if (taken) return { error: `\`${r.neu}\` is already the name of ${workspacePath(ctx, taken.path)}.` };
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** The YAML mapping of the subproject at the end of `chain`. */
function subprojectMap(rootMap: YMap | null, chain: readonly SubprojectDecl[]): YMap | undefined {
  let level: YNode | null = get(rootMap, 'contains');
  let map: YMap | undefined;
  for (const step of chain) {
    map = asSeq(level)
      ?.items.map((it) => asMap(it))
      .find((m): m is YMap => !!m && m.span.start === step.span.start);
    if (!map) return undefined;
    level = get(map, 'contains');
  }
  return map;
}

/** Adds `directory: <old name>` to a subproject entry that relies on the default (its name). */
function keepDirectory(
  text: string,
  lines: { positionAt(o: number): { line: number; character: number }; lineContentEnd(l: number): number },
  map: YMap,
  add: (span: Span, text: string) => void,
): void {
  const name = getPair(map, 'name');
  if (!name?.value || getPair(map, 'directory')) return;
  const raw = text.slice(name.value.span.start, name.value.span.end);
  if (map.flow) {
    add({ start: name.value.span.end, end: name.value.span.end }, `, directory: ${raw}`);
    return;
  }
  const at = lines.positionAt(name.value.span.end);
  const end = lines.lineContentEnd(at.line);
  const eol = text.startsWith('\r\n', end) ? '\r\n' : '\n';
  const indent = ' '.repeat(lines.positionAt(name.key.span.start).character);
  add({ start: end, end }, `${eol}${indent}directory: ${raw}`);
}
