/**
 * The workspace-root rule (workspaceRoot.ts) on the Node host, whose home folder is the user's.
 */
import * as os from 'node:os';
import type { FileSystem } from '../index/fileSystem.js';
import { findWorkspaceRoot as findRoot, type WorkspaceRoot } from './workspaceRoot.js';

export type { WorkspaceRoot } from './workspaceRoot.js';

/** The workspace root for `target` (an absolute path to a file or a folder). */
export function findWorkspaceRoot(
  fs: FileSystem,
  target: string,
  isFolder: boolean,
  home = os.homedir(),
): WorkspaceRoot {
  return findRoot(fs, target, isFolder, home);
}

/** The root path alone (see findWorkspaceRoot). */
export function workspaceRootOf(fs: FileSystem, target: string, isFolder: boolean, home = os.homedir()): string {
  return findRoot(fs, target, isFolder, home).root;
}
