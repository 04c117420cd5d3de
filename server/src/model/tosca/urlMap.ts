/**
 * Imports by URL mapped to local files (never fetched): an import map (URL prefix → folder, from the
 * `lmDescriptors.tosca.importMap` setting or `--import-map`) and, by default, the raw-file URLs of the
 * repository a file is checked out from (its git remotes) mapped to the checkout. Pure functions: the
 * callers read `.git/config` through their file system and hand the text in.
 */
import * as path from '../../util/path.js';

/** One mapping: URLs starting with `prefix` are files under `folder` (an absolute path). */
export interface ImportMapEntry {
  prefix: string;
  folder: string;
}

/** A git remote of a checkout: the host and the repository path on it (`owner/repo`, GitLab groups too). */
export interface GitRemote {
  host: string;
  repo: string;
}

/** Where a URL may be on disk (in order of preference), and which mapping said so. */
export interface UrlMapping {
  paths: string[];
  /** `importMap`: the setting or the command-line option; `repository`: the checkout's own remote. */
  by: 'importMap' | 'repository';
  /** The URL prefix (import map) or the remote's repository URL that matched. */
  prefix: string;
}

/** The part of a URL after `prefix` as a relative path, or undefined when it would leave the folder. */
function restOf(url: string, prefix: string): string | undefined {
  let rest = url.slice(prefix.length).replace(/[?#].*$/, '');
  try {
    rest = decodeURIComponent(rest);
  } catch {
    // Keep the text as written.
  }
  rest = rest.replace(/^\/+/, '');
  if (!rest || rest.split('/').includes('..')) return undefined;
  return rest;
}

/** The longest prefix of `entries` that `url` starts with, mapped to its folder. */
export function mapByImportMap(url: string, entries: readonly ImportMapEntry[]): UrlMapping | undefined {
  let best: ImportMapEntry[] = [];
  for (const e of entries) {
    if (!e.prefix || !url.startsWith(e.prefix)) continue;
    if (!best.length || e.prefix.length > best[0]!.prefix.length) best = [e];
    else if (e.prefix.length === best[0]!.prefix.length) best.push(e);
  }
  if (!best.length) return undefined;
  const rest = restOf(url, best[0]!.prefix);
  if (rest === undefined) return undefined;
  return { paths: best.map((e) => path.resolve(e.folder, rest)), by: 'importMap', prefix: best[0]!.prefix };
}

/**
 * The host and repository path of a git remote URL: `git@github.com:owner/repo.git`,
 * `ssh://git@github.com/owner/repo.git`, `https://github.com/owner/repo(.git)`; undefined for local paths.
 */
export function parseRemoteUrl(url: string): GitRemote | undefined {
  const u = url.trim();
  let m = /^(?:[a-z][a-z0-9+.-]*:\/\/)(?:[^@/]+@)?([^/:]+)(?::\d+)?\/(.+)$/i.exec(u);
  if (!m) m = /^(?:[^@/]+@)?([^/:]+):(?!\/)(.+)$/.exec(u);
  if (!m || /^file$/i.test(m[1]!)) return undefined;
  const repo = m[2]!.replace(/\/+$/, '').replace(/\.git$/i, '');
  if (!repo.includes('/')) return undefined;
  return { host: m[1]!.toLowerCase(), repo };
}

/** The `url` values of every `[remote "…"]` section of a git config file. */
export function remotesOfGitConfig(text: string): GitRemote[] {
  const out: GitRemote[] = [];
  let inRemote = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inRemote = /^\[\s*remote\s+"[^"]*"\s*\]/i.test(line);
      continue;
    }
    if (!inRemote) continue;
    const m = /^url\s*=\s*(.*)$/i.exec(line);
    if (!m) continue;
    const r = parseRemoteUrl(m[1]!.replace(/^"(.*)"$/, '$1'));
    if (r && !out.some((o) => o.host === r.host && o.repo === r.repo)) out.push(r);
  }
  return out;
}

/**
 * The `gitdir:` a `.git` file points to (worktrees and submodules), resolved against the folder
 * holding that file.
 */
export function gitdirOfFile(text: string, folder: string): string | undefined {
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(text);
  return m ? path.resolve(folder, m[1]!) : undefined;
}

/**
 * Where a raw-file URL of one of `remotes` is in the checkout at `root`: GitHub's
 * `raw.githubusercontent.com/<repo>/<ref>/…` and `github.com/<repo>/raw|blob/<ref>/…`, GitLab's
 * `<host>/<repo>/-/raw|blob/<ref>/…`, for any ref (`main`, `refs/heads/main`, a tag, a commit).
 * A short ref may hold slashes (`feature/x`), so every split is a candidate, the shortest ref first.
 */
export function mapByRepository(url: string, remotes: readonly GitRemote[], root: string): UrlMapping | undefined {
  const m = /^https?:\/\/([^/]+)\/(.*)$/i.exec(url.replace(/[?#].*$/, ''));
  if (!m) return undefined;
  const host = m[1]!.toLowerCase();
  const rest = m[2]!;
  for (const r of remotes) {
    const repo = r.repo.toLowerCase();
    let afterRepo: string | undefined;
    if (host === 'raw.githubusercontent.com' && r.host === 'github.com') {
      if (rest.toLowerCase().startsWith(repo + '/')) afterRepo = rest.slice(repo.length + 1);
    } else if (host === r.host && rest.toLowerCase().startsWith(repo + '/')) {
      const tail = rest.slice(repo.length + 1);
      const kind = /^(?:-\/)?(?:raw|blob)\//.exec(tail);
      if (kind) afterRepo = tail.slice(kind[0].length);
    }
    if (afterRepo === undefined) continue;
    const paths = candidatesAfterRef(afterRepo, root);
    if (paths.length) return { paths, by: 'repository', prefix: `https://${r.host}/${r.repo}` };
  }
  return undefined;
}

/** `<ref>/<path>`: the path for each way of splitting off the ref (`refs/heads/<branch>` is one ref). */
function candidatesAfterRef(afterRepo: string, root: string): string[] {
  const parts = afterRepo.split('/');
  if (parts.includes('..')) return [];
  const first = /^refs\/(?:heads|tags|remotes)\//.test(afterRepo) ? 3 : 1;
  const out: string[] = [];
  for (let i = first; i < parts.length && out.length < 4; i++) {
    const rest = restOf(parts.slice(i).join('/'), '');
    if (rest !== undefined) out.push(path.resolve(root, rest));
  }
  return out;
}
