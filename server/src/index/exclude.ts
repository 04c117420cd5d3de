/**
 * The exclude list of the workspace walk (setting `lmDescriptors.exclude`), in the two forms users
 * write: a plain name (`node_modules`) excludes every folder or file of that name at any depth, as
 * the setting always did; a glob in the style of VS Code's `files.exclude` (`**\/node_modules`,
 * `build/**`, `**\/*.generated.yaml`, `{dist,out}`) is matched against the path relative to the
 * workspace root. An excluded folder is never entered, so nothing under it is listed or read.
 */

/** Characters that make an entry a glob rather than a plain name. */
const GLOB_CHARS = /[*?{}[\]/]/;

/** The most wildcards (`*`, `**`, `?`) a pattern may have (see globToRegExp). */
const MAX_WILDCARDS = 8;

/** A glob as a regular expression over root-relative posix paths (`**` spans folders, `*` does not). */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  let depth = 0;
  // Runs of three or more stars mean what `**` means.
  const g = glob
    .replace(/^\.\//, '')
    .replace(/\/+$/, '')
    .replace(/\*{3,}/g, '**');
  // Each wildcard becomes a backtracking group: a pattern with very many of them could take exponential
  // time on a path that nearly matches. Nobody writes such a pattern on purpose; it excludes nothing.
  if ((g.match(/\*+|\?/g)?.length ?? 0) > MAX_WILDCARDS) return /(?!)/;
  for (let i = 0; i < g.length; i++) {
    const c = g[i]!;
    if (c === '*' && g[i + 1] === '*') {
      const slashAfter = g[i + 2] === '/';
      const atStart = i === 0 || g[i - 1] === '/';
      if (atStart && slashAfter) {
        out += '(?:.*/)?';
        i += 2;
      } else if (atStart && i + 2 === g.length && i > 0) {
        // `dir/**`: everything below `dir` (the folder itself is matched through its contents).
        out = out.replace(/\/$/, '') + '(?:/.*)?';
        i += 1;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      out += '(?:';
      depth++;
    } else if (c === '}' && depth > 0) {
      out += ')';
      depth--;
    } else if (c === ',' && depth > 0) out += '|';
    else if (c === '[') {
      const end = g.indexOf(']', i + 1);
      if (end < 0) out += '\\[';
      else {
        const body = g
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = end;
      }
    } else out += c.replace(/[.+^$()|\\\]]/g, '\\$&');
  }
  out += ')'.repeat(depth);
  try {
    return new RegExp(`^${out}$`);
  } catch {
    // A pattern we cannot read excludes nothing (never a reason to stop indexing).
    return /(?!)/;
  }
}

export interface ExcludeMatcher {
  /** True when the walk must skip `relative` (a root-relative path: `a/b/c.yaml`). */
  (relative: string, name: string): boolean;
  /**
   * False when the list has plain names only (the default): the answer then never depends on `relative`, and the
   * workspace walk need not build that path for each of the thousands of entries it lists.
   */
  readonly readsPath: boolean;
}

/** The matcher of an exclude list (plain names and globs mixed). */
export function excludeMatcher(patterns: readonly string[]): ExcludeMatcher {
  const names = new Set<string>();
  const globs: RegExp[] = [];
  for (const p of patterns) {
    const t = p.trim();
    if (!t) continue;
    if (GLOB_CHARS.test(t)) globs.push(globToRegExp(t));
    else names.add(t);
  }
  const matches = globs.length
    ? (relative: string, name: string) => names.has(name) || globs.some((g) => g.test(relative))
    : (_relative: string, name: string) => names.has(name);
  return Object.assign(matches, { readsPath: globs.length > 0 });
}
