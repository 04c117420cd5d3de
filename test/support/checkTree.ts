/** Runs the diagnostics of every descriptor and lmproject file under a folder, in-process. */
import { readFileSync } from 'node:fs';
import { Session } from '../../server/src/host/session.js';
import { isDescriptorKind } from '../../server/src/model/kinds.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import type { Diagnostic } from '../../server/src/features/types.js';

export interface FileResult {
  path: string;
  diagnostics: Diagnostic[];
}

export async function checkTree(root: string): Promise<FileResult[]> {
  const session = new Session();
  session.index.addRoot(root);
  await session.index.build();
  const out: FileResult[] = [];
  for (const e of [...session.index.allEntries()].sort((a, b) => a.path.localeCompare(b.path))) {
    if (!isDescriptorKind(e.kind) && e.kind !== 'lmproject') continue;
    const doc = session.openDocument(e.path, readFileSync(e.path, 'utf8'), 0);
    out.push({ path: e.path, diagnostics: computeDiagnostics(session.context(doc)) });
  }
  return out;
}
