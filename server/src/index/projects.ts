/**
 * lmctl project knowledge: which project a descriptor belongs to, the name lmctl derives for it,
 * and how `$lmctl:/contains:/<sub>:/descriptor_name` references resolve (lmctl "Projects" › naming, references).
 */
import * as path from '../util/path.js';
import { behaviourProjectDir, type FileKind } from '../model/kinds.js';
import type { LmProjectSummary, SubprojectDecl } from '../model/lm/summary.js';

export interface ProjectContext {
  /** Path of the root project's lmproject.yml. */
  projectFile: string;
  rootDir: string;
  root: LmProjectSummary;
  /** Subprojects from the root down to the one holding the descriptor (empty for the root). */
  chain: SubprojectDecl[];
  /** Directory of the (sub)project holding the descriptor. */
  projectDir: string;
  /** Descriptor type lmctl expects here (`assembly`, `resource`, `type`, `assembly-template`). */
  expectedType: string;
  /** The name lmctl would give the descriptor, when it can be derived. */
  derivedName?: string;
  /** Name part and version, for messages. */
  derivedNamePart?: string;
  version?: string;
  /** Resource manager of the (sub)project: brent / brent2.1 / ansible-rm ..., lower case. */
  resourceManager?: string;
}

/** Descriptor type prefix for an lmproject `type` value (case-insensitive; default Assembly). */
export function descriptorTypeFor(projectType: string | undefined): string {
  switch ((projectType ?? 'assembly').toLowerCase()) {
    case 'resource':
    case 'etsi_vnf':
      return 'resource';
    case 'type':
      return 'type';
    default:
      // Assembly, NS, VNF, ETSI_NS.
      return 'assembly';
  }
}

/** The (sub)project directory a descriptor path implies, or undefined when it is not in a project layout. */
export function projectDirOf(filePath: string, kind: FileKind): string | undefined {
  const p = filePath.includes('\\') ? filePath.replace(/\\/g, '/') : filePath;
  // Each pattern names a folder and serves some kinds: only those kinds, and paths with the folder, try it (every
  // descriptor of a build comes here).
  if ((kind === 'assembly' || kind === 'assembly-template' || kind === 'type') && p.includes('/Descriptor/')) {
    const m = /^(.*)\/Descriptor\/[^/]+$/.exec(p);
    if (m) return m[1];
  }
  if (kind === 'resource') {
    const m =
      (p.includes('/Definitions/lm/') ? /^(.*)\/Definitions\/lm\/[^/]+$/.exec(p) : null) ??
      (p.includes('/descriptor/') ? /^(.*)\/descriptor\/[^/]+$/.exec(p) : null);
    if (m) return m[1];
  }
  // Behaviour files belong to the (sub)project whose `Behaviour/` folder holds them.
  if (kind === 'behaviour') return behaviourProjectDir(p);
  return undefined;
}

/**
 * Finds the project context of a descriptor. `projectAt(dir)` returns the lmproject summary and its
 * file path when `dir` holds an lmproject.yml/yaml.
 */
export function projectContextOf(
  filePath: string,
  kind: FileKind,
  projectAt: (dir: string) => { file: string; summary: LmProjectSummary } | undefined,
): ProjectContext | undefined {
  const projectDir = projectDirOf(filePath, kind);
  if (projectDir === undefined) return undefined;
  // Climb out of Contains/<dir> (or legacy VNFCs/<dir>) until a directory with an lmproject file.
  const dirs: string[] = [];
  let dir = projectDir;
  for (let depth = 0; depth < 32; depth++) {
    const found = projectAt(dir);
    if (found) {
      const chain: SubprojectDecl[] = [];
      let level = found.summary.contains;
      for (const sub of dirs.reverse()) {
        const s = level.find((c) => c.directory === sub) ?? level.find((c) => c.name === sub);
        if (!s) return undefined;
        chain.push(s);
        level = s.contains;
      }
      return buildContext(found.file, dir, found.summary, chain, projectDir, kind);
    }
    const parent = path.posix.dirname(dir);
    const holder = path.posix.basename(parent);
    if (holder !== 'Contains' && holder !== 'VNFCs') return undefined;
    dirs.push(path.posix.basename(dir));
    dir = path.posix.dirname(parent);
  }
  return undefined;
}

function buildContext(
  projectFile: string,
  rootDir: string,
  root: LmProjectSummary,
  chain: SubprojectDecl[],
  projectDir: string,
  kind: FileKind,
): ProjectContext {
  const last = chain[chain.length - 1];
  const projectType = last ? last.type : root.type;
  const expectedType = kind === 'assembly-template' ? 'assembly-template' : descriptorTypeFor(projectType);
  const ctx: ProjectContext = { projectFile, rootDir, root, chain, projectDir, expectedType };
  const rm = last ? last.resourceManager : root.resourceManager;
  if (rm) ctx.resourceManager = rm.toLowerCase();
  if (root.name && root.version) {
    let namePart = root.name;
    for (const s of chain) namePart = `${s.name}-${namePart}`;
    ctx.derivedNamePart = namePart;
    ctx.version = root.version;
    ctx.derivedName = `${expectedType}::${namePart}::${root.version}`;
  }
  return ctx;
}

export interface LmctlPath {
  /** Subproject names along `contains:/` steps. */
  steps: string[];
  /** True when it ends with `descriptor_name` (the only property lmctl rewrites in descriptors). */
  descriptorName: boolean;
  error?: string;
}

/** Parses `$lmctl:/contains:/a:/contains:/b:/descriptor_name`. */
export function parseLmctlPath(ref: string): LmctlPath | undefined {
  if (!ref.startsWith('$lmctl:/')) return undefined;
  const parts = ref.slice('$lmctl:/'.length).split(':/');
  const steps: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p === 'contains') {
      const next = parts[i + 1];
      if (!next || next === 'descriptor_name')
        return { steps, descriptorName: false, error: '`contains:/` must be followed by a subproject name' };
      steps.push(next);
      i++;
      continue;
    }
    if (p === 'descriptor_name' && i === parts.length - 1) return { steps, descriptorName: true };
    return {
      steps,
      descriptorName: false,
      error: `unexpected \`${p}\`: lmctl paths are \`contains:/<name>\` steps ending in \`descriptor_name\``,
    };
  }
  return { steps, descriptorName: false, error: 'the path must end with `descriptor_name`' };
}

/** Resolves an lmctl path against the root project: the subproject chain it names, or undefined. */
export function resolveLmctlChain(root: LmProjectSummary, steps: string[]): SubprojectDecl[] | undefined {
  const chain: SubprojectDecl[] = [];
  let level = root.contains;
  for (const step of steps) {
    const s = level.find((c) => c.name === step);
    if (!s) return undefined;
    chain.push(s);
    level = s.contains;
  }
  return chain;
}

/** The descriptor name lmctl gives the project or subproject at the end of `chain`. */
export function derivedNameOf(root: LmProjectSummary, chain: SubprojectDecl[]): string | undefined {
  if (!root.name || !root.version) return undefined;
  let namePart = root.name;
  for (const s of chain) namePart = `${s.name}-${namePart}`;
  const last = chain[chain.length - 1];
  return `${descriptorTypeFor(last ? last.type : root.type)}::${namePart}::${root.version}`;
}
