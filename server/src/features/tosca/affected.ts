/**
 * What an edit of a workspace file changes for TOSCA files: the files importing it, transitively
 * (through the index's reverse import edges, not a walk of the workspace). A file that appears or
 * disappears may make an import of any file resolve or fail, so then every TOSCA file is due; that
 * holds for a file of unknown kind too (it may be a TOSCA file some template imports).
 */
import type { EditedFile } from '../shared/pack.js';
import { isCloudifyDsl } from '../../model/tosca/versions.js';
import type { WorkspaceIndex } from '../../index/workspace.js';

/** The files a Cloudify blueprint imports (merged into it), or undefined for other files. */
export function cloudifyParts(p: string, index: WorkspaceIndex): string[] | undefined {
  if (!isCloudifyDsl(index.tosca.summaryOf(p)?.version?.text)) return undefined;
  const parts = index.tosca.importsOf(p).map((e) => e.path);
  return parts.length ? parts : undefined;
}

export function* affectedBy(edit: EditedFile): Iterable<string> {
  const { path: p, kind, index, fileSetChanged } = edit;
  if (kind !== 'tosca' && (kind || !fileSetChanged)) return;
  if (fileSetChanged) {
    for (const e of index.allEntries()) if (e.kind === 'tosca') yield e.path;
    return;
  }
  // A Cloudify blueprint's imported files use its node templates and inputs (rules/cloudifyRefs.ts): an import added
  // makes a file a part of the blueprint, one taken out makes it a blueprint of its own.
  if (kind === 'tosca') {
    yield* cloudifyParts(p, index) ?? [];
    yield* edit.previousParts ?? [];
  }
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
