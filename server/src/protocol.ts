/**
 * The names and shapes of everything the server and its clients agree on beyond the standard
 * protocol: custom requests, notifications, commands and the virtual document scheme. Both bundles
 * (the VS Code client and the server) import this module, so a name is written once. It imports
 * nothing, so any layer and the client may depend on it.
 */

/** Notification server -> client: indexing progress and what the index holds. */
export const STATUS_NOTIFICATION = 'lmDescriptors/status';

export interface StatusParams {
  state: 'indexing' | 'ready';
  done: number;
  total: number;
  /** LM descriptors (assembly, resource, assembly-template, type) in the index. */
  descriptors: number;
  /** TOSCA files (service templates and type files) in the index. */
  toscaFiles: number;
  /**
   * With `ready`: true when a warm start answers from its cache while every file is checked against
   * the disk in the background (a second `ready` with false follows); absent after other builds.
   */
  verifying?: boolean;
}

/**
 * Request client -> server: the text of a read-only `tosca-normative:` document (a normative TOSCA
 * type rendered as YAML; the target of go to definition on a normative type name).
 */
export const NORMATIVE_SOURCE_REQUEST = 'lmDescriptors/normativeTypeSource';

export interface NormativeSourceParams {
  uri: string;
}

/** Result of NORMATIVE_SOURCE_REQUEST: the YAML text, or null for a URI that names no normative type. */
export type NormativeSourceResult = string | null;

/**
 * Requests server -> client of the web build (README "The web build"): the browser host reads
 * workspace files only through these. `uri` is the editor's URI of the file or folder, whatever
 * its scheme; a missing or unreadable one is answered with `null`.
 */
export const FS_STAT_REQUEST = 'lmDescriptors/fs/stat';
export const FS_READ_DIRECTORY_REQUEST = 'lmDescriptors/fs/readDirectory';
export const FS_READ_FILE_REQUEST = 'lmDescriptors/fs/readFile';

export interface FsParams {
  uri: string;
}

/** `type`: 1 file, 2 directory (64 added for a symbolic link, as VS Code's FileType); mtime in ms. */
export type FsStatResult = { type: number; size: number; mtime: number } | null;
/** The names in a folder with their types (as FsStatResult's). */
export type FsDirectoryResult = [string, number][] | null;
/** The file's text (UTF-8 decoded). */
export type FsReadFileResult = { text: string } | null;

/** URI scheme of the read-only normative type documents. */
export const NORMATIVE_SCHEME = 'tosca-normative';

/** Commands the VS Code extension contributes (package.json `contributes.commands`). */
export const COMMANDS = {
  restartServer: 'lmDescriptors.restartServer',
  showOutput: 'lmDescriptors.showOutput',
  /**
   * The command of code lenses: arguments `[uri, position, locations]` in protocol shapes; the VS
   * Code client converts them and opens the references view (other editors may do the same).
   */
  showReferences: 'lmDescriptors.showReferences',
  /** Opens the deployment plan view beside the file: arguments `[uri?, kind?]` (default the active editor). */
  showPlan: 'lmDescriptors.showPlan',
} as const;

/**
 * Request client -> server (and the CLI's `plan --format json`): the deployment plan of a TOSCA
 * topology template or an LM assembly, as the OpenTOSCA plan builder derives it for TOSCA (one
 * activity per node and relationship template, ordered by relationship type) and from
 * relationships, mappings, references and upgrade dependencies for LM. Positions are 0-based.
 */
export const PLAN_REQUEST = 'lmDescriptors/plan';

export type PlanKind = 'build' | 'termination' | 'scaleOut';

export interface PlanParams {
  uri: string;
  /** Default `build`. */
  kind?: PlanKind;
  /** For `scaleOut`: the node template (or component) a new instance is wanted of. */
  node?: string;
}

export interface PlanRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** A node template, an LM component or reference. */
export interface PlanNode {
  id: string;
  label: string;
  /** The node type or the component's descriptor type, as written. */
  type?: string;
  /** `metadata` icon of the template or its type, when it has one (a path or URL as written). */
  icon?: string;
  /** `node` (TOSCA), `component` or `reference` (LM). */
  role: 'node' | 'component' | 'reference';
  /** Where the template is declared (its key), in `uri`. */
  uri: string;
  range: PlanRange;
}

/** What orders two nodes: a relationship (by kind), an output mapping, a reference, an upgrade dependency. */
export type PlanEdgeKind = 'hostedOn' | 'dependsOn' | 'connectsTo' | 'relationship' | 'mapping' | 'upgrade';

export interface PlanEdge {
  id: string;
  /** The source waits for (is built after) the target, except `connectsTo`: both ends come first. */
  source: string;
  target: string;
  kind: PlanEdgeKind;
  /** The relationship type or template, the mapped property, etc. */
  label: string;
  uri: string;
  range: PlanRange;
  /**
   * Which end waits for the other: `source` (the default reading above), `target` (an LM
   * relationship whose target waits for its source, the default `pre`/`post` modifiers), or
   * `neither` (both ends come first, then the edge's own step: ConnectsTo and other relationships
   * that do not order). Absent: as `kind` says.
   */
  waits?: 'source' | 'target' | 'neither';
}

/** One activity of the plan, in order. */
export interface PlanStep {
  /** 1-based position in the plan. */
  index: number;
  /** 1-based stage: steps of the same stage do not depend on each other and may run in parallel. */
  stage: number;
  /** The node or edge this step acts on. */
  subject: string;
  /** What is done: provision or terminate a node, create or remove a relationship, select an instance. */
  activity: 'provision' | 'terminate' | 'connect' | 'disconnect' | 'select';
  /**
   * The operations invoked, in order, e.g. `Standard.create` or `Configure.pre_configure_source` on a node.
   * `implemented`: the template or its type gives the operation an implementation (false: the
   * orchestrator has nothing to run for it; absent: not known, e.g. an LM type outside the workspace).
   */
  operations: { name: string; on: string; implemented?: boolean }[];
  label: string;
}

/** A loop that makes a plan impossible: the edges in order around the loop. */
export interface PlanCycle {
  edges: string[];
  message: string;
  /** The nodes around the loop in the order they wait for each other, the first repeated at the end. */
  nodes?: string[];
}

export interface PlanResult {
  language: 'tosca' | 'lm';
  kind: PlanKind;
  /** The topology's file name or the assembly's descriptor name. */
  title: string;
  uri: string;
  nodes: PlanNode[];
  edges: PlanEdge[];
  /** Empty when `cycles` is not. */
  steps: PlanStep[];
  cycles: PlanCycle[];
  /** For `scaleOut`: the nodes a new instance needs (the region) and the existing ones it connects to. */
  scaleOut?: { node: string; region: string[]; selected: string[] };
  /** Why there is no plan (no topology in the file, unknown scale-out node...). */
  problem?: string;
}
