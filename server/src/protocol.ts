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
} as const;
