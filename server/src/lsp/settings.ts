/**
 * Settings of the server, read from `workspace/configuration` (section `lmDescriptors`) or from
 * `initializationOptions.settings` for clients without configuration support. The README's
 * settings table mirrors `contributes.configuration` in package.json.
 */
import type { Severity } from '../features/types.js';

export interface Settings {
  diagnostics: { severity: Record<string, Severity | 'off'>; debounceMs: number };
  maxFileSizeMB: number;
  exclude: string[];
  tosca: { genericTypeNotation: boolean };
}

export const DEFAULT_SETTINGS: Settings = {
  diagnostics: { severity: {}, debounceMs: 150 },
  maxFileSizeMB: 4,
  exclude: ['node_modules', '.git', '_lmctl'],
  tosca: { genericTypeNotation: false },
};

const LEVELS = ['error', 'warning', 'information', 'hint', 'off'];

/** Merges whatever the client sent over the defaults, ignoring malformed values. */
export function readSettings(raw: unknown): Settings {
  const s: Settings = structuredClone(DEFAULT_SETTINGS);
  if (!raw || typeof raw !== 'object') return s;
  const r = raw as Record<string, unknown>;
  const diag = r['diagnostics'];
  if (diag && typeof diag === 'object') {
    const sev = (diag as Record<string, unknown>)['severity'];
    if (sev && typeof sev === 'object') {
      for (const [k, v] of Object.entries(sev))
        if (typeof v === 'string' && LEVELS.includes(v)) s.diagnostics.severity[k] = v as Severity | 'off';
    }
    const d = (diag as Record<string, unknown>)['debounceMs'];
    if (typeof d === 'number' && d >= 0 && d <= 5000) s.diagnostics.debounceMs = d;
  }
  if (typeof r['maxFileSizeMB'] === 'number' && r['maxFileSizeMB'] > 0) s.maxFileSizeMB = r['maxFileSizeMB'];
  if (Array.isArray(r['exclude'])) s.exclude = r['exclude'].filter((x): x is string => typeof x === 'string');
  const tosca = r['tosca'];
  if (
    tosca &&
    typeof tosca === 'object' &&
    typeof (tosca as Record<string, unknown>)['genericTypeNotation'] === 'boolean'
  ) {
    s.tosca.genericTypeNotation = (tosca as Record<string, boolean>)['genericTypeNotation']!;
  }
  return s;
}
