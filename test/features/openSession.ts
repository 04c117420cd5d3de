/** A session over an in-memory workspace holding one file, and an open model's diagnostics as comparable lines. */
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';

export async function sessionWith(file: string): Promise<Session> {
  const s = new Session(new MemoryFileSystem({ [file]: '' }));
  s.index.addRoot('/ws');
  await s.index.build();
  return s;
}

/** Code, range and message of every diagnostic of `model`, in order. */
export const shown = (s: Session, model: ReturnType<Session['openDocument']>): string[] =>
  computeDiagnostics(s.context(model)).map((d) => `${d.code} ${JSON.stringify(d.range)} ${d.message}`);
