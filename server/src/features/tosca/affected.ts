/**
 * What an edit of a workspace file changes for TOSCA files: the files importing it, transitively
 * (through the index's reverse import edges, not a walk of the workspace). A file that appears or
 * disappears may make an import of any file resolve or fail, so then every TOSCA file is due; that
 * holds for a file of unknown kind too (it may be a TOSCA file some template imports).
 */
import type { EditedFile } from '../shared/pack.js';
import { isCloudifyDsl } from '../../model/tosca/versions.js';

export function* affectedBy(edit: EditedFile): Iterable<string> {
  const { path: p, kind, index, fileSetChanged } = edit;
  if (kind !== 'tosca' && (kind || !fileSetChanged)) return;
  if (fileSetChanged) {
    for (const e of index.allEntries()) if (e.kind === 'tosca') yield e.path;
    return;
  }
  // A Cloudify blueprint's imported files use its node templates and inputs (rules/cloudifyRefs.ts): an import added
  // makes a file a part of the blueprint. (One removed is not seen here: the file's findings it now lacks come at its
  // next check.)
  if (kind === 'tosca' && isCloudifyDsl(index.tosca.summaryOf(p)?.version?.text))
    for (const e of index.tosca.importsOf(p)) yield e.path;
  const queue = [p];
  const seen = new Set(queue);
  for (let i = 0; i < queue.length; i++) {
    for (const q of index.tosca.importersOf(queue[i]!)) {
      if (seen.has(q)) continue;
      seen.add(q);
      queue.push(q);
      yield q;
    }
  }
}
