/**
 * Index paths for the URIs of a browser editor (`vscode-vfs://github/owner/repo/…`, `memfs:/…`,
 * `file:///…`). The index, the TOSCA imports and the lmctl layout all do posix path arithmetic,
 * so every hierarchical URI becomes an absolute posix path whose first segment names the scheme
 * and the authority: `memfs:/ws/a.yaml` ↔ `/memfs:/ws/a.yaml`, `vscode-vfs://github/o/r/a.yaml` ↔
 * `/vscode-vfs:github/o/r/a.yaml`. `file:` URIs keep their plain path. Relative paths resolve
 * within one scheme and authority, as they do in the editor. URIs with a query or a fragment, and
 * non-hierarchical ones (`untitled:Untitled-1`), stay as they are.
 */
import { URI } from 'vscode-uri';
import type { UriPaths } from './serverHost.js';

/** `scheme:authority` as the first segment: a scheme has at least two characters (`c:` is a drive). */
const VIRTUAL_ROOT = /^\/([a-z][a-z0-9+.-]+):([^/]*)(\/.*)?$/i;

export const schemeUriPaths: UriPaths = {
  pathOf(uri) {
    let u: URI;
    try {
      u = URI.parse(uri);
    } catch {
      return undefined;
    }
    if (u.query || u.fragment || !u.path.startsWith('/')) return undefined;
    if (u.scheme === 'file') return u.authority ? undefined : trimSlash(u.path);
    return trimSlash(`/${u.scheme}:${u.authority}${u.path}`);
  },
  uriOf(path) {
    const m = VIRTUAL_ROOT.exec(path);
    if (!m) return undefined;
    return URI.from({ scheme: m[1]!, authority: m[2]!, path: m[3] ?? '/' }).toString();
  },
};

function trimSlash(p: string): string {
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}
