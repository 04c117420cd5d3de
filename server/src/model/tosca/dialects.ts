/**
 * Orchestrator dialects of TOSCA 1.x (`lmDescriptors.tosca.dialect`, `--tosca-dialect`, the folder
 * config file): which one a file is written in, and the types each orchestrator has built in.
 *
 * A dialect never changes the Simple Profile catalog (nor the NFV / MEC profile machinery of
 * versions.ts): it adds the orchestrator's own type library, as a file every document of the
 * dialect sees after its imports, and lets the rules accept the orchestrator's documented keys.
 */
import { parseYaml } from '../../syntax/parse.js';
import { summariseTosca, type ToscaSummary } from './summary.js';
import type { TypeSourceFile } from './typeTable.js';
import type { ResolvedImport } from './imports.js';
import { versionInfo } from './versions.js';
import { CLOUDSHELL_TYPES } from './dialects/cloudshell-types.js';
import { ONAP_TYPES } from './dialects/onap-types.js';
import { UNFURL_TYPES } from './dialects/unfurl-types.js';
import { ALIEN4CLOUD_TYPES } from './dialects/alien4cloud-types.js';

export type DialectName = 'standard' | 'amp' | 'unfurl' | 'onap' | 'cloudshell' | 'alien4cloud';

export const DIALECT_NAMES: readonly DialectName[] = ['standard', 'amp', 'unfurl', 'onap', 'cloudshell', 'alien4cloud'];

/** Human names, for messages. */
export const DIALECT_LABELS: Readonly<Record<DialectName, string>> = {
  standard: 'standard TOSCA',
  amp: 'Cloudsoft AMP',
  unfurl: 'Unfurl',
  onap: 'the ONAP policy framework',
  cloudshell: 'Quali CloudShell',
  alien4cloud: 'Alien4Cloud',
};

export function isDialectName(s: unknown): s is DialectName {
  return typeof s === 'string' && (DIALECT_NAMES as readonly string[]).includes(s);
}

/** Where the built-in libraries live (a path no file has: go to definition shows the normative-style view). */
export const DIALECT_LIBRARY_ROOT = '/lm-descriptors-dialects';

const SOURCES: Partial<Record<DialectName, string>> = {
  unfurl: UNFURL_TYPES,
  onap: ONAP_TYPES,
  cloudshell: CLOUDSHELL_TYPES,
  alien4cloud: ALIEN4CLOUD_TYPES,
};

/** Parsed once per process: the libraries never change. */
const LIBRARIES = new Map<DialectName, TypeSourceFile | null>();

/** The built-in type library of a dialect, as a type file (viaImporter: visible, never a duplicate). */
export function dialectLibrary(name: DialectName): TypeSourceFile | undefined {
  let lib = LIBRARIES.get(name);
  if (lib === undefined) {
    const text = SOURCES[name];
    const path = `${DIALECT_LIBRARY_ROOT}/${name}.yaml`;
    lib = text ? { path, summary: summariseTosca(parseYaml(text).root), viaImporter: true } : null;
    LIBRARIES.set(name, lib);
  }
  return lib ?? undefined;
}

/** True for the path of a built-in dialect library. */
export function isDialectLibraryPath(p: string | undefined): boolean {
  return !!p && p.startsWith(`${DIALECT_LIBRARY_ROOT}/`);
}

/** Unfurl's types: its `unfurl` repository, its tosca_plugins / configurator templates. */
const UNFURL_IMPORT = /(^|\/)(tosca_plugins|configurators\/templates)\/|(^|\/)tosca-ext\.ya?ml$/;
/** CloudShell's standards, imported as `cloudshell_standard: cloudshell_<name>_standard_<version>.yaml`. */
export const CLOUDSHELL_IMPORT = /(^|\/)cloudshell_[a-z0-9_]*standard[a-z0-9_]*\.ya?ml$/i;

/**
 * Alien4Cloud's archives of its own types, imported by `<template_name>:<template_version>`: its normative types
 * (`tosca-normative-types:1.0.0-ALIEN20`) and `alien-base-types`, which the dialect's library holds.
 */
const ALIEN_LIBRARY_IMPORT = /^(tosca-normative-types|alien-base-types):\S+$/;

/**
 * True for an import the dialect's library stands for: Unfurl's `unfurl` repository, a CloudShell standard,
 * Alien4Cloud's normative and base types (when the workspace does not hold the archive).
 */
export function coveredByDialect(dialect: DialectName, r: ResolvedImport): boolean {
  const s = r.status;
  if (dialect === 'unfurl') return s.kind === 'unknown-repository' && s.repository === 'unfurl';
  if (dialect === 'cloudshell') return s.kind === 'missing' && CLOUDSHELL_IMPORT.test(r.imp.file?.name ?? '');
  if (dialect === 'alien4cloud') return s.kind === 'profile-unresolved' && ALIEN_LIBRARY_IMPORT.test(s.name);
  return false;
}

/**
 * The dialect a file says it is written in: its version name (Unfurl's, ONAP's), an import or
 * repository of the orchestrator's types, or ONAP's policy types; undefined when it says nothing.
 */
export function detectDialect(summary: ToscaSummary): DialectName | undefined {
  const v = summary.version ? versionInfo(summary.version.text) : undefined;
  if (v?.orchestrator) return v.orchestrator;
  for (const imp of summary.imports) {
    const file = imp.file?.name ?? '';
    if (imp.repository?.name === 'unfurl' || UNFURL_IMPORT.test(file)) return 'unfurl';
    if (CLOUDSHELL_IMPORT.test(file) || imp.name === 'cloudshell_standard') return 'cloudshell';
    if (/^tosca-normative-types:\S*ALIEN/.test(file)) return 'alien4cloud';
  }
  if (
    summary.repositories.some((r) => r.name === 'unfurl' || /github\.com\/onecommons\/unfurl/.test(r.url?.name ?? ''))
  )
    return 'unfurl';
  for (const t of summary.types) {
    if (/^unfurl\./.test(t.derivedFrom?.name ?? '')) return 'unfurl';
    if (/^cloudshell\./.test(t.derivedFrom?.name ?? '')) return 'cloudshell';
    if (t.kind === 'policy' && /(^| )onap\.policies\./.test(`${t.name} ${t.derivedFrom?.name ?? ''}`)) return 'onap';
  }
  for (const p of summary.topology?.policies ?? []) if (/^onap\.policies\./.test(p.type?.name ?? '')) return 'onap';
  for (const n of summary.topology?.nodeTemplates ?? []) if (/^unfurl\./.test(n.type?.name ?? '')) return 'unfurl';
  return undefined;
}
