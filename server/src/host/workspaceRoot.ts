/**
 * The workspace root of a file or folder, when no editor says what the workspace is (the checker
 * given a file or a folder, the server given a lone file, the Neovim snippet): one rule everywhere,
 * so a nested lmctl project or a TOSCA file resolves references against its siblings.
 *
 * 1. The nearest ancestor that is a version-control root (it holds `.git`, `.hg` or `.svn`);
 * 2. else the top-most ancestor that holds an lmctl project (`lmproject.yml` / `.yaml`) or a CSAR
 *    (`TOSCA-Metadata/TOSCA.meta`);
 * 3. else the folder itself (for a file: its folder).
 *
 * The home folder and the file-system root are never a workspace root (a dot-files repository in
 * the home folder would otherwise make every run index the whole home folder); the walk stops
 * below them. The home folder comes from the host (`roots.ts` is the Node form, which knows it).
 */
import { posix } from '../util/path.js';
import type { FileSystem } from '../index/fileSystem.js';

const VCS = ['.git', '.hg', '.svn'];
const PROJECT = ['lmproject.yml', 'lmproject.yaml', 'TOSCA-Metadata/TOSCA.meta'];

export interface WorkspaceRoot {
  root: string;
  /** Which step of the rule chose it. */
  by: 'vcs' | 'project' | 'folder';
}

/** The workspace root for `target` (an absolute path to a file or a folder), by the rule above. */
export function findWorkspaceRoot(
  fs: FileSystem,
  target: string,
  isFolder: boolean,
  home: string | undefined,
): WorkspaceRoot {
  const start = isFolder ? target : posix.dirname(target);
  const stops = new Set(home === undefined ? ['/'] : ['/', posix.resolve(home)]);
  let topProject: string | undefined;
  for (let dir = start; !stops.has(dir); dir = posix.dirname(dir)) {
    if (VCS.some((v) => fs.existsSync(posix.join(dir, v)))) return { root: dir, by: 'vcs' };
    if (PROJECT.some((p) => fs.existsSync(posix.join(dir, p)))) topProject = dir;
    if (posix.dirname(dir) === dir) break;
  }
  return topProject ? { root: topProject, by: 'project' } : { root: start, by: 'folder' };
}
