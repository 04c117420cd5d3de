/**
 * Settings of the server, read from `workspace/configuration` (section `lmDescriptors`) or from
 * `initializationOptions.settings` for clients without configuration support. The README's
 * settings table mirrors `contributes.configuration` in package.json.
 */
import type { Severity } from '../features/types.js';
import { TOSCA_DIALECTS, type ToscaDialect } from '../features/shared/diagnostics.js';

export interface Settings {
  diagnostics: { severity: Record<string, Severity | 'off'>; debounceMs: number; scope: 'workspace' | 'openFiles' };
  maxFileSizeMB: number;
  analysisBudgetMs: number;
  exclude: string[];
  /** `dialect: amp` implies `genericTypeNotation` (the older switch, kept working). */
  /**
   * `importMap`: import URL prefix → local folder (relative to the workspace root, or absolute), so imports by URL
   * resolve to workspace files (never fetched).
   */
  tosca: { dialect: ToscaDialect; genericTypeNotation: boolean; importMap?: Record<string, string> };
}

export const DEFAULT_SETTINGS: Settings = {
  diagnostics: { severity: {}, debounceMs: 150, scope: 'workspace' },
  maxFileSizeMB: 4,
  analysisBudgetMs: 2000,
  exclude: ['node_modules', '.git', '_lmctl'],
  tosca: { dialect: 'standard', genericTypeNotation: false },
};

const LEVELS = ['error', 'warning', 'information', 'hint', 'off'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Merges whatever the client sent over the defaults, ignoring malformed values. */
export function readSettings(raw: unknown): Settings {
  // Plain JSON data: a JSON copy (structuredClone is not in every worker this runs in).
  const s = JSON.parse(JSON.stringify(DEFAULT_SETTINGS)) as Settings;
  if (!isObject(raw)) return s;
  const diag = raw['diagnostics'];
  if (isObject(diag)) {
    const sev = diag['severity'];
    if (isObject(sev)) {
      for (const [k, v] of Object.entries(sev)) {
        if (typeof v === 'string' && LEVELS.includes(v)) s.diagnostics.severity[k] = v as Severity | 'off';
      }
    }
    const d = diag['debounceMs'];
    if (typeof d === 'number' && d >= 0 && d <= 5000) s.diagnostics.debounceMs = d;
    const scope = diag['scope'];
    if (scope === 'workspace' || scope === 'openFiles') s.diagnostics.scope = scope;
  }
  const max = raw['maxFileSizeMB'];
  if (typeof max === 'number' && max > 0 && max <= 1024) s.maxFileSizeMB = max;
  const budget = raw['analysisBudgetMs'];
  if (typeof budget === 'number' && budget >= 100 && budget <= 600_000) s.analysisBudgetMs = budget;
  const exclude = raw['exclude'];
  if (Array.isArray(exclude)) s.exclude = exclude.filter((x): x is string => typeof x === 'string');
  const tosca = raw['tosca'];
  if (isObject(tosca) && typeof tosca['genericTypeNotation'] === 'boolean') {
    s.tosca.genericTypeNotation = tosca['genericTypeNotation'];
  }
  if (isObject(tosca) && TOSCA_DIALECTS.includes(tosca['dialect'] as ToscaDialect)) {
    s.tosca.dialect = tosca['dialect'] as ToscaDialect;
  }
  const importMap = isObject(tosca) ? tosca['importMap'] : undefined;
  if (isObject(importMap)) {
    for (const [prefix, folder] of Object.entries(importMap))
      if (prefix && typeof folder === 'string' && folder.trim()) (s.tosca.importMap ??= {})[prefix] = folder.trim();
  }
  return s;
}

/** The import map setting as the index takes it. */
export function importMapEntries(s: Settings): { prefix: string; folder: string }[] {
  return Object.entries(s.tosca.importMap ?? {}).map(([prefix, folder]) => ({ prefix, folder }));
}
