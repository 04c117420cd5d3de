/**
 * `tosca_definitions_version` values: which ones exist, which catalog they select, and what we
 * check for each.
 *
 * Peers disagree on the accepted set (see docs/tosca-diagnostic-codes.md, TOSCA002): we accept the
 * union of the Simple Profile aliases 1.0–1.3, the namespace-URL form the 1.0 spec and the OASIS
 * assertions use, the NFV/MEC profile names of tosca-parser and Puccini, and `tosca_2_0` (TOSCA
 * Version 2.0, its own grammar: grammars.ts and v2/).
 */
import type { ToscaVersion } from './catalog/index.js';

export type ToscaDialect = 'simple' | 'nfv' | 'mec' | 'tosca2' | 'cloudify';

export interface VersionInfo {
  /** The value as written. */
  text: string;
  dialect: ToscaDialect;
  /** The normative catalog the file implicitly imports; undefined for TOSCA 2.0. */
  catalog?: ToscaVersion;
  /** Human label, e.g. "TOSCA Simple Profile 1.3". */
  label: string;
  /** True when we run the engine's checks (every TOSCA version we know; not Cloudify's DSL). */
  fullChecks: boolean;
  /** The orchestrator whose own version name this is (its dialect applies to the file). */
  orchestrator?: 'unfurl' | 'onap' | 'alien4cloud';
}

/** Alien4Cloud's DSL versions its parser still reads (`ToscaParser`; 1.1.0 and the wd03 draft are gone). */
const ALIEN_DSL_VERSIONS: readonly string[] = ['1_2_0', '1_3_0', '1_4_0', '2_0_0', '3_0_0'].map(
  (v) => `alien_dsl_${v}`,
);

/**
 * Version names of orchestrators' dialects: Unfurl's parser reads `tosca_simple_unfurl_1_0_0` as the Simple Profile
 * 1.3 with its extensions; the ONAP policy framework writes `tosca_simple_yaml_1_1_0` for 1.1.
 */
const ORCHESTRATOR_VERSIONS: Record<
  string,
  { catalog: ToscaVersion; orchestrator: 'unfurl' | 'onap' | 'alien4cloud'; label: string }
> = {
  tosca_simple_unfurl_1_0_0: {
    catalog: 'tosca_simple_yaml_1_3',
    orchestrator: 'unfurl',
    label: "Unfurl's TOSCA (Simple Profile 1.3 with Unfurl's extensions)",
  },
  tosca_simple_yaml_1_1_0: {
    catalog: 'tosca_simple_yaml_1_1',
    orchestrator: 'onap',
    label: "TOSCA Simple Profile 1.1 (the ONAP policy framework's spelling)",
  },
  ...alienVersions(),
};

/**
 * Alien4Cloud's DSL versions, those its parser still reads (`ToscaParser`): 1.2.0 to 1.4.0 are the Simple Profile 1.0
 * with Alien4Cloud's extensions, 2.0.0 and 3.0.0 add ideas of 1.1 and later (workflows, policies, metadata on
 * templates). Checked with the 1.2 grammar, the nearest that has all of those, and Alien4Cloud's own normative
 * types (the dialect's library, model/tosca/dialects.ts) over the catalog's.
 */
function alienVersions(): Record<string, { catalog: ToscaVersion; orchestrator: 'alien4cloud'; label: string }> {
  const out: Record<string, { catalog: ToscaVersion; orchestrator: 'alien4cloud'; label: string }> = {};
  for (const v of ALIEN_DSL_VERSIONS)
    out[v] = {
      catalog: 'tosca_simple_yaml_1_2',
      orchestrator: 'alien4cloud',
      label:
        `Alien4Cloud's DSL ${v.slice('alien_dsl_'.length).replaceAll('_', '.')} (TOSCA Simple Profile 1.0 with ` +
        "Alien4Cloud's extensions)",
    };
  return out;
}

/** True for a file in Alien4Cloud's DSL, by its version as written. */
export function isAlienDsl(version: string | undefined): boolean {
  return version !== undefined && ALIEN_DSL_VERSIONS.includes(version.trim());
}

const SIMPLE: Record<string, ToscaVersion> = {
  tosca_simple_yaml_1_0: 'tosca_simple_yaml_1_0',
  tosca_simple_yaml_1_1: 'tosca_simple_yaml_1_1',
  tosca_simple_yaml_1_2: 'tosca_simple_yaml_1_2',
  tosca_simple_yaml_1_3: 'tosca_simple_yaml_1_3',
  'http://docs.oasis-open.org/tosca/ns/simple/yaml/1.0': 'tosca_simple_yaml_1_0',
  'http://docs.oasis-open.org/tosca/ns/simple/yaml/1.1': 'tosca_simple_yaml_1_1',
  'http://docs.oasis-open.org/tosca/ns/simple/yaml/1.2': 'tosca_simple_yaml_1_2',
  'http://docs.oasis-open.org/tosca/ns/simple/yaml/1.3': 'tosca_simple_yaml_1_3',
};

/** Every accepted value, for completion and "did you mean". */
export const KNOWN_VERSIONS: readonly string[] = [
  'tosca_simple_yaml_1_3',
  'tosca_simple_yaml_1_2',
  'tosca_simple_yaml_1_1',
  'tosca_simple_yaml_1_0',
  'tosca_2_0',
  'tosca_simple_profile_for_nfv_1_0_0',
  'tosca_simple_profile_for_nfv_1_0',
  'tosca_simple_profile_for_mec_1_0_0',
  'http://docs.oasis-open.org/tosca/ns/simple/yaml/1.0',
];

/** Describes a version value, or undefined when it is not one we know. */
export function versionInfo(text: string): VersionInfo | undefined {
  const t = text.trim();
  const simple = SIMPLE[t];
  if (simple)
    return {
      text: t,
      dialect: 'simple',
      catalog: simple,
      label: `TOSCA Simple Profile ${simple.slice(-3).replace('_', '.')}`,
      fullChecks: true,
    };
  const o = ORCHESTRATOR_VERSIONS[t];
  if (o) return { text: t, dialect: 'simple', fullChecks: true, ...o };
  if (t === 'tosca_2_0') return { text: t, dialect: 'tosca2', label: 'TOSCA 2.0', fullChecks: true };
  // NFV 1.0 builds on Simple Profile 1.0 (tosca-parser spells it with a trailing `_0`, Puccini without).
  if (t === 'tosca_simple_profile_for_nfv_1_0_0' || t === 'tosca_simple_profile_for_nfv_1_0') {
    return {
      text: t,
      dialect: 'nfv',
      catalog: 'tosca_simple_yaml_1_0',
      label: 'TOSCA Simple Profile for NFV 1.0',
      fullChecks: true,
    };
  }
  const cfy = CLOUDIFY_DSL.exec(t);
  if (cfy)
    return {
      text: t,
      dialect: 'cloudify',
      label: `Cloudify DSL 1.${cfy[1]} (Cloudify's blueprint language, derived from TOSCA)`,
      fullChecks: false,
    };
  if (t === 'tosca_simple_profile_for_mec_1_0_0')
    return {
      text: t,
      dialect: 'mec',
      catalog: 'tosca_simple_yaml_1_0',
      label: 'TOSCA Simple Profile for MEC 1.0',
      fullChecks: true,
    };
  return undefined;
}

/**
 * Cloudify's blueprint DSL versions (`cloudify_dsl_1_0` and later). Cloudify writes them under
 * `tosca_definitions_version`, but the language is its own: node templates, inputs and outputs at the top,
 * relationships as a list in a template, plugins and workflows. Its files are therefore not checked with the TOSCA
 * rules, only with Cloudify's keyname table (cloudify/keynames.ts) and rules (features/tosca/rules/cloudifyRefs.ts);
 * Cloudify's documentation, "Blueprint DSL", is the reference.
 */
const CLOUDIFY_DSL = /^cloudify_dsl_1_(\d)$/;

/** True for a version of Cloudify's blueprint DSL, as written. */
export function isCloudifyDsl(version: string | undefined): boolean {
  return version !== undefined && CLOUDIFY_DSL.test(version.trim());
}

/** True for profile dialects whose own type definitions (tosca.*.nfv.*, tosca.*.mec.*) the catalog does not hold. */
export function hasUncataloguedProfileTypes(v: VersionInfo | undefined): boolean {
  return v?.dialect === 'nfv' || v?.dialect === 'mec';
}
