/**
 * The git checkout a file belongs to and the remotes of its repository, read from `.git/config`
 * through the index's FileSystem (so tests hand in a workspace in memory), for mapping the
 * repository's own raw-file URLs to the checkout (model/tosca/urlMap.ts). `.git` may be a file
 * (`gitdir: …`, worktrees and submodules); a worktree's config is in the common folder its
 * `commondir` names. Looked up once per folder; the config is read again only when its stat changes.
 */
import * as path from '../util/path.js';
import { gitdirOfFile, remotesOfGitConfig, type GitRemote } from '../model/tosca/urlMap.js';
import type { FileSystem } from './fileSystem.js';

/** Folders remembered (each folder walked up from once). */
const MAX_FOLDERS = 2000;
/** Config files larger than this are not read (a config is a few hundred bytes). */
const MAX_CONFIG_BYTES = 256 * 1024;

export interface Checkout {
  /** The folder holding `.git`. */
  root: string;
  remotes: GitRemote[];
}

export class Checkouts {
  /** Folder → the checkout root and the config file of its repository, null when none. */
  private readonly folders = new Map<string, { root: string; config: string } | null>();
  private readonly configs = new Map<string, { stat: string; remotes: GitRemote[] }>();

  constructor(private readonly fs: FileSystem) {}

  /** The checkout holding `file`, with its remotes; undefined outside a git checkout or without remotes. */
  of(file: string): Checkout | undefined {
    const found = this.find(path.dirname(file));
    if (!found) return undefined;
    const remotes = this.remotesOf(found.config);
    return remotes.length ? { root: found.root, remotes } : undefined;
  }

  clear(): void {
    this.folders.clear();
    this.configs.clear();
  }

  private find(start: string): { root: string; config: string } | null {
    const walked: string[] = [];
    let found: { root: string; config: string } | null;
    for (let dir = start; ; dir = path.dirname(dir)) {
      const known = this.folders.get(dir);
      if (known !== undefined) {
        found = known;
        break;
      }
      walked.push(dir);
      found = this.gitAt(dir);
      if (found) break;
      if (path.dirname(dir) === dir) break;
    }
    if (this.folders.size + walked.length > MAX_FOLDERS) this.folders.clear();
    for (const d of walked) this.folders.set(d, found);
    return found;
  }

  /** The config file of the repository whose checkout root is `dir`, when `dir` holds `.git`. */
  private gitAt(dir: string): { root: string; config: string } | null {
    const dotGit = path.join(dir, '.git');
    const st = this.fs.statSync(dotGit);
    if (st?.isFile) {
      const text = this.fs.readTextSync(dotGit, MAX_CONFIG_BYTES);
      const gitdir = text === undefined ? undefined : gitdirOfFile(text, dir);
      if (!gitdir) return null;
      const common = this.fs.readTextSync(path.join(gitdir, 'commondir'), MAX_CONFIG_BYTES)?.trim();
      return { root: dir, config: path.join(common ? path.resolve(gitdir, common) : gitdir, 'config') };
    }
    return this.fs.existsSync(dotGit) ? { root: dir, config: path.join(dotGit, 'config') } : null;
  }

  private remotesOf(config: string): GitRemote[] {
    const st = this.fs.statSync(config);
    if (!st?.isFile) return [];
    const stat = `${st.mtimeMs}:${st.size}`;
    const known = this.configs.get(config);
    if (known?.stat === stat) return known.remotes;
    const text = this.fs.readTextSync(config, MAX_CONFIG_BYTES);
    const remotes = text === undefined ? [] : remotesOfGitConfig(text);
    this.configs.set(config, { stat, remotes });
    return remotes;
  }
}
