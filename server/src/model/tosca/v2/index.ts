/**
 * TOSCA Version 2.0 (OASIS Standard): the grammar's data, registered in ../grammars.ts. Its
 * keynames (keynames.ts), its built-in types, and how a function call is written. There is no
 * implicit normative catalog: types come from imported profiles (§6.7).
 */
export { v2Constructs } from './keynames.js';
import { V2_BUILTINS } from './primitives.js';

/**
 * The built-in types every 2.0 file knows without an import (§9.1): primitive (string, integer,
 * float, boolean, bytes, nil), special (timestamp, scalar, version) and collection (list, map).
 */
export const V2_BUILTIN_TYPES: readonly string[] = [
  ...V2_BUILTINS,
  // The committee draft of §9.1.2.2 still names the 1.x scalar-unit types, and the suite's valid files use them.
  'scalar-unit.size',
  'scalar-unit.time',
  'scalar-unit.frequency',
  'scalar-unit.bitrate',
];

const BUILTIN = new Set(V2_BUILTIN_TYPES);

/** True for a 2.0 built-in type name. */
export function isV2BuiltinType(name: string): boolean {
  return BUILTIN.has(name);
}

/**
 * The function a 2.0 call names (§10.1): a single-key map whose key starts with `$` (`$get_input`,
 * `$my_function`); a key starting with `$$` is an escaped literal `$`, not a call.
 */
export function v2FunctionName(key: string): string | undefined {
  return key.length > 1 && key.startsWith('$') && !key.startsWith('$$') ? key.slice(1) : undefined;
}

/** TOSCA 1.x keynames and what TOSCA 2.0 writes instead (for the TOSCA208 warning and its quick fix). */
export const V1_RENAMED: Readonly<Record<string, string>> = {
  constraints: 'validation',
  occurrences: 'count_range',
  valid_source_types: 'valid_source_node_types',
  valid_target_types: 'valid_capability_types',
  file: 'url',
  namespace_prefix: 'namespace',
};
