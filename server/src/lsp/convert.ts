/** URI <-> index key conversion. Positions are converted by syntax/positions.ts (LineIndex). */
import { URI } from 'vscode-uri';
import { normalise } from '../index/workspace.js';
import type { UriPaths } from '../host/serverHost.js';

// The host's mapping of other schemes (the browser host's), installed once by startServer: one
// server per process (or worker), so process-wide state.
let uriPaths: UriPaths | undefined;

/** Installs the host's URI mapping (undefined: `file:` URIs by path, every other URI as it is). */
export function useUriPaths(paths: UriPaths | undefined): void {
  uriPaths = paths;
}

/** Index key for a document URI: the file system path for `file:` URIs, the URI otherwise. */
export function keyOfUri(uri: string): string {
  if (uriPaths) {
    const p = uriPaths.pathOf(uri);
    return p === undefined ? uri : normalise(p);
  }
  try {
    const u = URI.parse(uri);
    if (u.scheme === 'file') return normalise(u.fsPath);
  } catch {
    // Fall through: use the URI itself.
  }
  return uri;
}

/**
 * `file:` URIs of paths, kept: a reference search across a large workspace or a workspace symbol
 * query returns hundreds or thousands of locations, and encoding each path again cost more than
 * the search (2,000 paths: 3-8 ms). A pure function of the path, so a bounded map, emptied when full.
 */
const fileUris = new Map<string, string>();
const MAX_FILE_URIS = 20_000;
/** An absolute POSIX path of unreserved URI characters (RFC 3986) and slashes, not starting with two slashes. */
const PLAIN_POSIX_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/]*$/;

export function uriOfKey(key: string): string {
  const mapped = uriPaths?.uriOf(key);
  if (mapped !== undefined) return mapped;
  if (/^[a-z][a-z0-9+.-]*:/i.test(key) && !/^[a-z]:[\\/]/i.test(key)) return key;
  let uri = fileUris.get(key);
  if (uri === undefined) {
    if (fileUris.size >= MAX_FILE_URIS) fileUris.clear();
    // A POSIX path of characters no URI encodes is its own URI path: the workspace pass's first reports (12,006
    // paths on the bench) spent 52 ms in vscode-uri's encoding.
    uri = PLAIN_POSIX_PATH.test(key) ? 'file://' + key : URI.file(key).toString();
    fileUris.set(key, uri);
  }
  return uri;
}
