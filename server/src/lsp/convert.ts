/** URI <-> index key conversion. Positions are converted by syntax/positions.ts (LineIndex). */
import { URI } from 'vscode-uri';
import { normalise } from '../index/workspace.js';

/** Index key for a document URI: the file system path for `file:` URIs, the URI otherwise. */
export function keyOfUri(uri: string): string {
  try {
    const u = URI.parse(uri);
    if (u.scheme === 'file') return normalise(u.fsPath);
  } catch {
    // Fall through: use the URI itself.
  }
  return uri;
}

export function uriOfKey(key: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(key) && !/^[a-z]:[\\/]/i.test(key)) return key;
  return URI.file(key).toString();
}
