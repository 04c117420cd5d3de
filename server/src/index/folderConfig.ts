/**
 * The per-folder settings file, `.lm-descriptors.json`, that a team commits once so the editor and
 * the checker read a repository alike: the nearest one at or above a file's folder applies.
 *
 *   { "tosca": { "dialect": "unfurl" } }
 *
 * JSON (not YAML) so that the file is never taken for a descriptor or TOSCA file.
 */
import { isDialectName, type DialectName } from '../model/tosca/dialects.js';
import type { FileSystem } from './fileSystem.js';

export const FOLDER_CONFIG_FILE = '.lm-descriptors.json';

export interface FolderConfig {
  /** The file it was read from. */
  path: string;
  toscaDialect?: DialectName;
}

/** Config files are small; anything bigger is not one. */
const MAX_CONFIG_BYTES = 64 * 1024;
/** Folders walked upwards at most. */
const MAX_LEVELS = 40;

export class FolderConfigs {
  /** Nearest config per folder (null: none), valid while `generation` is unchanged. */
  private cache = new Map<string, FolderConfig | null>();
  private generation = -1;

  constructor(private readonly fs: FileSystem) {}

  /** The config that applies to files of folder `dir`, read again whenever `generation` changes. */
  of(dir: string, generation: number): FolderConfig | undefined {
    if (generation !== this.generation) {
      this.cache = new Map();
      this.generation = generation;
    }
    const seen: string[] = [];
    let d = dir;
    let found: FolderConfig | null | undefined;
    for (let i = 0; i < MAX_LEVELS; i++) {
      found = this.cache.get(d);
      if (found !== undefined) break;
      seen.push(d);
      found = this.read(`${d === '/' ? '' : d}/${FOLDER_CONFIG_FILE}`);
      if (found) break;
      const up = d.lastIndexOf('/');
      if (up < 0 || d === '/' || /^[A-Za-z]:$/.test(d)) {
        found = null;
        break;
      }
      d = up === 0 ? '/' : d.slice(0, up);
    }
    for (const s of seen) this.cache.set(s, found ?? null);
    return found ?? undefined;
  }

  forget(): void {
    this.cache = new Map();
  }

  private read(path: string): FolderConfig | null {
    const text = this.fs.readTextSync(path, MAX_CONFIG_BYTES);
    if (text === undefined) return null;
    const out: FolderConfig = { path };
    try {
      const v = JSON.parse(text) as unknown;
      const tosca = isRecord(v) ? v['tosca'] : undefined;
      const dialect = isRecord(tosca) ? tosca['dialect'] : undefined;
      if (isDialectName(dialect)) out.toscaDialect = dialect;
    } catch {
      // A broken config file applies nothing; it still stops the walk (it is the nearest one).
    }
    return out;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
