/**
 * A workspace made by the bench's generator (bench/generate.ts), small, as a record of path -> text under `root`: for
 * the tests that hold the workspace pass to what it must give, in memory.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_PARAMS, generateWorkspace } from '../../bench/generate.js';

export function generatedFiles(
  root: string,
  opts: { assemblies: number; seed: number; bigLines: number },
): Record<string, string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-generated-'));
  try {
    generateWorkspace(dir, { ...DEFAULT_PARAMS, ...opts });
    const out: Record<string, string> = {};
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = path.join(d, name);
        if (statSync(p).isDirectory()) walk(p);
        else out[root + p.slice(dir.length).split(path.sep).join('/')] = readFileSync(p, 'utf8');
      }
    };
    walk(dir);
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
