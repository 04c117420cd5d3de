/**
 * What an edit of a workspace file changes for LM files: the assemblies that reference a
 * descriptor (under its old and its new name), every file of a project whose lmproject file
 * changed, and the descriptor of the lmctl package a script or other file belongs to (LM103-LM105).
 */
import { isDescriptorKind, kindFromPath } from '../../model/kinds.js';
import type { WorkspaceIndex } from '../../index/workspace.js';
import type { EditedFile } from '../shared/pack.js';

/** Where an lmctl package keeps its descriptor, relative to the package folder. */
const PACKAGE_DESCRIPTORS = ['Definitions/lm/resource.yaml', 'Definitions/lm/resource.yml', 'Descriptor/assembly.yml'];
/** How many folders up from a file its package folder may be. */
const PACKAGE_DEPTH = 5;

export function* affectedBy(edit: EditedFile): Iterable<string> {
  const { path: p, kind, index } = edit;
  if (kind && isDescriptorKind(kind)) {
    const names = new Set([edit.previousName, index.effectiveName(p)]);
    for (const n of names) if (n) yield* index.dependentsOfName(n);
  }
  if (kind === 'lmproject' || kindFromPath(p) === 'lmproject') yield* filesUnder(index, p.slice(0, p.lastIndexOf('/')));
  if (!kind || kind === 'other') yield* packageDescriptorsOf(index, p);
}

function* filesUnder(index: WorkspaceIndex, dir: string): Iterable<string> {
  for (const e of index.allEntries()) if (e.path.startsWith(dir + '/')) yield e.path;
}

function* packageDescriptorsOf(index: WorkspaceIndex, p: string): Iterable<string> {
  let dir = p.slice(0, p.lastIndexOf('/'));
  for (let i = 0; i < PACKAGE_DEPTH && dir.length > 1; i++) {
    for (const d of PACKAGE_DESCRIPTORS) if (index.get(`${dir}/${d}`)) yield `${dir}/${d}`;
    dir = dir.slice(0, dir.lastIndexOf('/'));
  }
}
