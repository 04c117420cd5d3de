/** Runs the diagnostics of every descriptor and lmproject file under a folder, in-process. */
import { readFileSync } from 'node:fs';
import { Session } from '../../server/src/host/session.js';
import { isDescriptorKind } from '../../server/src/model/kinds.js';
import { computeDiagnostics, type DiagnosticOptions } from '../../server/src/features/diagnostics.js';
import type { Diagnostic } from '../../server/src/features/types.js';

export interface FileResult {
  path: string;
  diagnostics: Diagnostic[];
}

export interface CheckTreeOptions extends DiagnosticOptions {
  /** Drops diagnostics the tree cannot be judged on (e.g. presence of files a corpus did not copy). */
  drop?: (d: Diagnostic) => boolean;
}

export async function checkTree(root: string, opts: CheckTreeOptions = {}): Promise<FileResult[]> {
  const { drop, ...diagnosticOptions } = opts;
  const session = new Session();
  session.index.addRoot(root);
  await session.index.build();
  const out: FileResult[] = [];
  for (const e of [...session.index.allEntries()].sort((a, b) => a.path.localeCompare(b.path))) {
    if (!isDescriptorKind(e.kind) && e.kind !== 'lmproject') continue;
    const doc = session.openDocument(e.path, readFileSync(e.path, 'utf8'), 0);
    const diagnostics = computeDiagnostics(session.context(doc), diagnosticOptions);
    out.push({ path: e.path, diagnostics: drop ? diagnostics.filter((d) => !drop(d)) : diagnostics });
  }
  return out;
}
