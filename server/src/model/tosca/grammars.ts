/**
 * A TOSCA version as one object: which keynames it has, its intrinsic functions, the normative
 * catalog it implicitly imports, and whether the Simple Profile rules apply to it. Completion,
 * hover and the rules ask `grammarOf(model.version)` instead of slicing version names; the next
 * version is one more object in `GRAMMARS`.
 *
 * The accepted spellings of `tosca_definitions_version` and the profiles built on a version (NFV,
 * MEC) stay in versions.ts; each maps to one grammar here.
 */
import type { ToscaVersion } from './catalog/index.js';
import { GRAMMAR, type ConstructSpec } from './grammar.js';
import { FUNCTION_NAMES } from './summary.js';
import { isV2BuiltinType, v2Constructs } from './v2/index.js';
import { CLOUDIFY_CONSTRUCTS } from './cloudify/keynames.js';
import type { VersionInfo } from './versions.js';

/** The versions, as the grammar's `since` / `until` marks write them. */
export type GrammarId = '1_0' | '1_1' | '1_2' | '1_3' | '2_0';

export interface ToscaGrammar {
  id: GrammarId;
  /** `cloudify` for Cloudify's blueprint DSL, which only its own keyname table and rules check. */
  family: 'tosca' | 'cloudify';
  /** As people write it: `1.3`. */
  name: string;
  /**
   * The Simple Profile minor version whose rules the version follows where it has no rule of its own
   * (TOSCA 2.0: 3, the version it grew from).
   */
  minor: number;
  /** The keyname table (constructs and their keynames) files of this version are read with. */
  constructs: Readonly<Record<string, ConstructSpec>>;
  /** The document section files of this version keep their templates in (`topology_template`, `service_template`). */
  topologyKey: 'topology_template' | 'service_template';
  /** True for a type name the version knows without any import or catalog (TOSCA 2.0's built-in types). */
  builtinType(name: string): boolean;
  /** Where the version's rules are written, for messages: `TOSCA Version 2.0`. */
  citation: string;
  /** The normative types it implicitly imports; none for TOSCA 2.0 (profiles are imported). */
  catalog?: ToscaVersion;
  /** Intrinsic function names it recognises as calls. */
  functions: ReadonlySet<string>;
  /** True when the engine's rules apply (every version; kept for dialects that may be syntax-only). */
  fullChecks: boolean;
  /** True when a keyname (constraint operator...) marked `since` / `until` a version exists in this one. */
  has(mark: { since?: GrammarId; until?: GrammarId }): boolean;
}

const ORDER: readonly GrammarId[] = ['1_0', '1_1', '1_2', '1_3', '2_0'];

/** True when the version at position `at` of ORDER lies within the mark's range. */
function within(at: number, mark: { since?: GrammarId; until?: GrammarId }): boolean {
  return (!mark.since || at >= ORDER.indexOf(mark.since)) && (!mark.until || at <= ORDER.indexOf(mark.until));
}

function simpleProfile(minor: 0 | 1 | 2 | 3): ToscaGrammar {
  const id = ORDER[minor]!;
  return {
    id,
    name: `1.${minor}`,
    minor,
    family: 'tosca',
    catalog: `tosca_simple_yaml_${id}` as ToscaVersion,
    functions: FUNCTION_NAMES,
    fullChecks: true,
    constructs: GRAMMAR,
    topologyKey: 'topology_template',
    builtinType: () => false,
    citation: `TOSCA Simple Profile in YAML 1.${minor}`,
    has: (mark) => within(minor, mark),
  };
}

const V1_3 = simpleProfile(3);

/** TOSCA Version 2.0: its data lives in v2/. */
const V2_0: ToscaGrammar = {
  id: '2_0',
  name: '2.0',
  minor: 3,
  family: 'tosca',
  // 2.0 calls are `$name` keys (v2/index.ts `v2FunctionName`), not a fixed set of names.
  functions: new Set(),
  fullChecks: true,
  get constructs() {
    return v2Constructs();
  },
  topologyKey: 'service_template',
  builtinType: isV2BuiltinType,
  citation: 'TOSCA Version 2.0',
  has: (mark) => within(4, mark),
};

/**
 * Cloudify's blueprint DSL: not TOSCA, so none of the TOSCA rules run (`fullChecks` false), only the keynames rule
 * with Cloudify's own table and the Cloudify rules (features/tosca/rules/cloudify*.ts).
 */
const CLOUDIFY: ToscaGrammar = {
  ...simpleProfile(3),
  family: 'cloudify',
  catalog: undefined,
  constructs: CLOUDIFY_CONSTRUCTS,
  fullChecks: false,
  citation: "Cloudify's Blueprint DSL",
};

/** Every version, oldest first: the one registration list. */
export const GRAMMARS: readonly ToscaGrammar[] = [simpleProfile(0), simpleProfile(1), simpleProfile(2), V1_3, V2_0];

/** The grammar of a `since` / `until` mark. */
export function grammarById(id: GrammarId): ToscaGrammar {
  return GRAMMARS.find((g) => g.id === id) ?? V1_3;
}

/**
 * The grammar a document is read in: its version's; NFV and MEC profiles build on Simple Profile
 * 1.0; Simple Profile 1.3 when the version is unknown (as the catalog choice does).
 */
export function grammarOf(version: VersionInfo | undefined): ToscaGrammar {
  if (!version) return V1_3;
  if (version.dialect === 'tosca2') return V2_0;
  if (version.dialect === 'cloudify') return CLOUDIFY;
  if (version.dialect === 'nfv' || version.dialect === 'mec') return GRAMMARS[0]!;
  return GRAMMARS.find((g) => g.catalog === version.catalog) ?? V1_3;
}
