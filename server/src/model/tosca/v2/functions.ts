/**
 * The built-in functions of TOSCA Version 2.0 (§10.2) as data: name, section, grammar, how many
 * arguments and of which kind. The rule checks calls against it; completion offers its snippets;
 * hover shows its grammar and our one-line summary. Signatures follow the standard's text.
 *
 * Also the function-call syntax of §10.1: what a `$` key or string means (a call, an escape with
 * `$$`, a suffixed key such as `$keygen$1`).
 */

/** What an argument may be, as far as a literal written in the file shows it. */
export type ArgKind =
  | 'any'
  | 'boolean'
  | 'string'
  | 'integer'
  /** integer, float or a scalar (`256 MB`). */
  | 'numeric'
  /** integer, float, string, timestamp, version or scalar: anything but a boolean, list or map. */
  | 'comparable'
  | 'list'
  | 'map'
  | 'string-or-list'
  | 'list-or-map'
  | 'string-list-or-map'
  /** One step of a TOSCA path (§10.3) or the member name that follows it. */
  | 'path';

/** What a call returns, when the function says so. */
export type ResultKind = 'boolean' | 'string' | 'integer' | 'float' | 'list' | 'any';

export interface BuiltinFunction {
  /** Without the `$`. */
  name: string;
  /** TOSCA Version 2.0 section. */
  section: string;
  /** The grammar, as the standard writes it. */
  grammar: string;
  /** What it does, in one sentence of our own. */
  summary: string;
  /** Fewest and most arguments (`Infinity` for variadic functions). */
  min: number;
  max: number;
  /** Kinds of the arguments by position; the last one repeats for variadic functions. */
  args: readonly ArgKind[];
  result: ResultKind;
  /** May be written as a bare string (`$value`, `$node_index`). */
  bare?: boolean;
  /** Argument forms other than a list: `$get_input: name`. */
  scalarArg?: boolean;
  /** Functions whose arguments start with a TOSCA path (§10.3). */
  path?: boolean;
  /** The completion snippet after the `$` (LSP snippet syntax). */
  snippet: string;
}

function fn(
  name: string,
  section: string,
  grammar: string,
  summary: string,
  arity: [number, number],
  args: readonly ArgKind[],
  result: ResultKind,
  extra: Partial<BuiltinFunction> = {},
): BuiltinFunction {
  const [min, max] = arity;
  const snippet =
    extra.snippet ??
    (max === 0
      ? name
      : `${name}: [ ${Array.from({ length: Math.max(min, 1) }, (_, i) => `\${${i + 1}}`).join(', ')} ]`);
  return { name, section, grammar, summary, min, max, args, result, ...extra, snippet };
}

const ANY = Infinity;
const cmp = (name: string, n: string, what: string): BuiltinFunction =>
  fn(
    name,
    `10.2.2.2.${n}`,
    `$${name}: [ <comparable_arg1>, <comparable_arg2> ]`,
    `True when the first argument is ${what} the second; both of the same comparable type (integer, float, ` +
      `string, timestamp, version or a scalar).`,
    [2, 2],
    ['comparable', 'comparable'],
    'boolean',
  );

const BUILTINS: readonly BuiltinFunction[] = [
  fn(
    'get_input',
    '10.2.1.1',
    '$get_input: <input_name>  or  $get_input: [ <input_name>, <nested_name_or_index>, ... ]',
    'The value of an input parameter of the service template, or of a nested field or entry of it.',
    [1, ANY],
    ['string', 'any'],
    'any',
    { scalarArg: true, snippet: 'get_input: ${1:input_name}' },
  ),
  fn(
    'get_property',
    '10.2.1.2',
    '$get_property: [ <tosca_path>, <property_name>, <nested_name_or_index>, ... ]',
    'The value of a property of the node, relationship or capability the TOSCA path leads to.',
    [2, ANY],
    ['path'],
    'any',
    { path: true, snippet: 'get_property: [ ${1:SELF}, ${2:property_name} ]' },
  ),
  fn(
    'get_attribute',
    '10.2.1.3',
    '$get_attribute: [ <tosca_path>, <attribute_name>, <nested_name_or_index>, ... ]',
    'The runtime value of an attribute of the node, relationship or capability the TOSCA path leads to.',
    [2, ANY],
    ['path'],
    'any',
    { path: true, snippet: 'get_attribute: [ ${1:SELF}, ${2:attribute_name} ]' },
  ),
  fn(
    'get_artifact',
    '10.2.1.4',
    '$get_artifact: [ <tosca_path>, <artifact_name> ]',
    'The location of an artifact of the node the TOSCA path leads to, as the orchestrator makes it available.',
    [2, ANY],
    ['path'],
    'string',
    { path: true, snippet: 'get_artifact: [ ${1:SELF}, ${2:artifact_name} ]' },
  ),
  fn(
    'value',
    '10.2.1.5',
    '$value  or  $value: [ <nested_name_or_index>, ... ]',
    'In a validation clause: the value being validated, or a nested field or entry of it.',
    [0, ANY],
    ['any'],
    'any',
    { bare: true, snippet: 'value' },
  ),
  fn(
    'node_index',
    '10.2.1.6',
    '$node_index',
    'The index (from 0) of the current node among the nodes created from the same node template.',
    [0, 0],
    [],
    'integer',
    { bare: true },
  ),
  fn(
    'relationship_index',
    '10.2.1.7',
    '$relationship_index',
    'The index (from 0) of the current relationship among the relationships created from the same requirement.',
    [0, 0],
    [],
    'integer',
    { bare: true },
  ),
  fn(
    'available_allocation',
    '10.2.1.8',
    '$available_allocation: [ <tosca_path>, <property_name> ]',
    'How much of an allocatable capability property is still free, typically in the node filter of a selected node.',
    [2, ANY],
    ['path'],
    'any',
    {
      path: true,
      snippet: 'available_allocation: [ ${1:SELF}, CAPABILITY, ${2:capability_name}, ${3:property_name} ]',
    },
  ),
  fn(
    'and',
    '10.2.2.1.1',
    '$and: [ <boolean_arg1>, <boolean_arg2>, ... ]',
    'True when every argument is true (evaluation may stop at the first false one).',
    [2, ANY],
    ['boolean'],
    'boolean',
    { snippet: 'and:\n  - ${1}\n  - ${2}' },
  ),
  fn(
    'or',
    '10.2.2.1.2',
    '$or: [ <boolean_arg1>, <boolean_arg2>, ... ]',
    'True when at least one argument is true (evaluation may stop at the first true one).',
    [2, ANY],
    ['boolean'],
    'boolean',
    { snippet: 'or:\n  - ${1}\n  - ${2}' },
  ),
  fn(
    'not',
    '10.2.2.1.3',
    '$not: [ <boolean_arg> ]',
    'The negation of its one argument.',
    [1, 1],
    ['boolean'],
    'boolean',
  ),
  fn(
    'xor',
    '10.2.2.1.4',
    '$xor: [ <boolean_arg1>, <boolean_arg2> ]',
    'True when exactly one of its two arguments is true.',
    [2, 2],
    ['boolean', 'boolean'],
    'boolean',
  ),
  fn(
    'equal',
    '10.2.2.2.1',
    '$equal: [ <any_type_arg1>, <any_type_arg2> ]',
    'True when its two arguments, of the same type, are equal.',
    [2, 2],
    ['any', 'any'],
    'boolean',
  ),
  cmp('greater_than', '2', 'greater than'),
  cmp('greater_or_equal', '3', 'greater than or equal to'),
  cmp('less_than', '4', 'less than'),
  cmp('less_or_equal', '5', 'less than or equal to'),
  fn(
    'valid_values',
    '10.2.2.2.6',
    '$valid_values: [ <any_type_arg1>, <any_type_list_arg2> ]',
    'True when the first argument equals one of the values of the list given second.',
    [2, 2],
    ['any', 'list'],
    'boolean',
    { snippet: 'valid_values: [ ${1:\\$value}, [ ${2} ] ]' },
  ),
  fn(
    'matches',
    '10.2.2.2.7',
    '$matches: [ <string_arg>, <regex_pattern> ]',
    'True when the string matches the regular expression (anchor it with ^ and $ to match the whole string).',
    [2, 2],
    ['string', 'string'],
    'boolean',
  ),
  fn(
    'has_suffix',
    '10.2.2.3.1',
    '$has_suffix: [ <string_or_list_arg1>, <string_or_list_arg2> ]',
    'True when the second string or list ends the first.',
    [2, 2],
    ['string-or-list', 'string-or-list'],
    'boolean',
  ),
  fn(
    'has_prefix',
    '10.2.2.3.2',
    '$has_prefix: [ <string_or_list_arg1>, <string_or_list_arg2> ]',
    'True when the second string or list starts the first.',
    [2, 2],
    ['string-or-list', 'string-or-list'],
    'boolean',
  ),
  fn(
    'contains',
    '10.2.2.3.3',
    '$contains: [ <string_or_list_arg1>, <string_or_list_arg2> ]',
    'True when the second string or list appears, uninterrupted and in order, in the first.',
    [2, 2],
    ['string-or-list', 'string-or-list'],
    'boolean',
  ),
  fn(
    'has_entry',
    '10.2.2.3.4',
    '$has_entry: [ <list_or_map_arg1>, <any_type_arg2> ]',
    'True when the second argument is an entry of the list (or a value of the map) given first.',
    [2, 2],
    ['list-or-map', 'any'],
    'boolean',
  ),
  fn(
    'has_key',
    '10.2.2.3.5',
    '$has_key: [ <map_arg1>, <any_type_arg2> ]',
    'True when the second argument is a key of the map given first.',
    [2, 2],
    ['map', 'any'],
    'boolean',
  ),
  fn(
    'has_all_entries',
    '10.2.2.3.6',
    '$has_all_entries: [ <list_or_map_arg1>, <list_arg2> ]',
    'True when every entry of the second list is an entry of the first list or map.',
    [2, 2],
    ['list-or-map', 'list'],
    'boolean',
  ),
  fn(
    'has_all_keys',
    '10.2.2.3.7',
    '$has_all_keys: [ <map_arg1>, <list_arg2> ]',
    'True when every entry of the list is a key of the map.',
    [2, 2],
    ['map', 'list'],
    'boolean',
  ),
  fn(
    'has_any_entry',
    '10.2.2.3.8',
    '$has_any_entry: [ <list_or_map_arg1>, <list_arg2> ]',
    'True when some entry of the second list is an entry of the first list or map.',
    [2, 2],
    ['list-or-map', 'list'],
    'boolean',
  ),
  fn(
    'has_any_key',
    '10.2.2.3.9',
    '$has_any_key: [ <map_arg1>, <list_arg2> ]',
    'True when some entry of the list is a key of the map.',
    [2, 2],
    ['map', 'list'],
    'boolean',
  ),
  fn(
    'length',
    '10.2.3.1',
    '$length: [ <string_list_or_map_arg> ]',
    'The number of characters of a string, of entries of a list, or of key-value pairs of a map.',
    [1, 1],
    ['string-list-or-map'],
    'integer',
  ),
  fn(
    'concat',
    '10.2.3.2',
    '$concat: [ <string_or_list_arg1>, ... ]',
    'The strings joined end to end, or the lists appended in order.',
    [1, ANY],
    ['any'],
    'any',
  ),
  fn(
    'join',
    '10.2.3.3',
    '$join: [ <list_of_strings> ]  or  $join: [ <list_of_strings>, <delimiter> ]',
    'The entries of a list of strings joined into one string, with the delimiter between them if one is given.',
    [1, 2],
    ['list', 'string'],
    'string',
    { snippet: 'join: [ [ ${1} ], ${2:","} ]' },
  ),
  fn(
    'token',
    '10.2.3.4',
    '$token: [ <string_with_tokens>, <string_of_token_chars>, <substring_index> ]',
    'The substring at the given index (from 0) after splitting the string at any of the token characters.',
    [3, 3],
    ['string', 'string', 'integer'],
    'string',
    { snippet: 'token: [ ${1}, ${2:":"}, ${3:0} ]' },
  ),
  fn(
    'union',
    '10.2.4.1',
    '$union: [ <list_arg1>, ... ]',
    'Every distinct entry of the argument lists (order not specified).',
    [1, ANY],
    ['list'],
    'list',
  ),
  fn(
    'intersection',
    '10.2.4.2',
    '$intersection: [ <list_arg1>, ... ]',
    'The distinct entries found in every argument list (order not specified).',
    [1, ANY],
    ['list'],
    'list',
  ),
  fn(
    'sum',
    '10.2.5.1',
    '$sum: [ <int_float_or_scalar_arg1>, <int_float_or_scalar_arg2>, ... ]',
    'The sum of its integer, float or scalar arguments, of their type.',
    [1, ANY],
    ['numeric'],
    'any',
  ),
  fn(
    'difference',
    '10.2.5.2',
    '$difference: [ <int_float_or_scalar_arg1>, <int_float_or_scalar_arg2> ]',
    'The first argument minus the second, of their type.',
    [2, 2],
    ['numeric', 'numeric'],
    'any',
  ),
  fn(
    'product',
    '10.2.5.3',
    '$product: [ <scalar_arg>, <int_or_float_arg> ]  or  $product: [ <int_or_float_arg1>, <int_or_float_arg2>, ... ]',
    'The product of its arguments: a scalar times a number, or any number of integers and floats.',
    [1, ANY],
    ['numeric'],
    'any',
  ),
  fn(
    'quotient',
    '10.2.5.4',
    '$quotient: [ <int_float_or_scalar_arg1>, <int_or_float_arg2> ]',
    'The first argument divided by the second: a scalar for a scalar, otherwise a float.',
    [2, 2],
    ['numeric', 'numeric'],
    'any',
  ),
  fn(
    'remainder',
    '10.2.5.5',
    '$remainder: [ <int_or_scalar_arg1>, <int_arg2> ]',
    'The remainder of dividing the first argument by the integer second argument.',
    [2, 2],
    ['numeric', 'integer'],
    'any',
  ),
  fn(
    'round',
    '10.2.5.6',
    '$round: [ <float_arg> ]',
    'The integer nearest to the float (a tie rounds down).',
    [1, 1],
    ['numeric'],
    'integer',
  ),
  fn(
    'floor',
    '10.2.5.7',
    '$floor: [ <float_arg> ]',
    'The greatest integer not above the float.',
    [1, 1],
    ['numeric'],
    'integer',
  ),
  fn(
    'ceil',
    '10.2.5.8',
    '$ceil: [ <float_arg> ]',
    'The least integer not below the float.',
    [1, 1],
    ['numeric'],
    'integer',
  ),
];

/** Built-in functions by name (without `$`). */
export const TOSCA2_FUNCTIONS: ReadonlyMap<string, BuiltinFunction> = new Map(BUILTINS.map((f) => [f.name, f]));

/** The TOSCA path keywords of §10.3. */
export const PATH_KEYWORDS = ['SELF', 'SOURCE', 'TARGET', 'RELATIONSHIP', 'CAPABILITY', 'ALL'] as const;

/** What each path keyword means, in our words (hover, completion). */
export const PATH_KEYWORD_DOCS: Readonly<Record<(typeof PATH_KEYWORDS)[number], string>> = {
  SELF: 'The node or relationship the definition belongs to (in a requirement: its relationship).',
  SOURCE: 'From a relationship: the node it starts from.',
  TARGET: 'From a relationship: the node it points to.',
  RELATIONSHIP:
    'From a node: a relationship of the named requirement (then an index); after `CAPABILITY name`: ' +
    'a relationship coming into that capability.',
  CAPABILITY: 'From a node: the named capability; from a relationship: the capability it targets.',
  ALL: 'As an index: every relationship or node representation, the results gathered into one list.',
};

/** How a YAML string or key starting with `$` reads (§10.1). */
export type DollarReading =
  /** Not a `$` string at all. */
  | { kind: 'plain' }
  /** `$$...`: the literal string with one `$` fewer. */
  | { kind: 'escape' }
  /** A call: `name` without `$` and without a `$suffix` (`$keygen$1` calls `keygen`). */
  | { kind: 'call'; name: string };

export function readDollar(text: string): DollarReading {
  if (!text.startsWith('$')) return { kind: 'plain' };
  if (text.startsWith('$$')) return { kind: 'escape' };
  const rest = text.slice(1);
  const cut = rest.indexOf('$');
  return { kind: 'call', name: cut < 0 ? rest : rest.slice(0, cut) };
}

/** A function name as people write them: letters, digits, `_`, `-`, `.`, with an optional `namespace:`. */
export function isFunctionName(name: string): boolean {
  return /^([A-Za-z_][\w.-]*:)*[A-Za-z_][\w.-]*$/.test(name);
}

/** Markdown for a built-in function (hover, completion documentation). */
export function tosca2FunctionMarkdown(f: BuiltinFunction): string {
  return [
    `**$${f.name}** — TOSCA 2.0 function`,
    '```yaml\n' + f.grammar + '\n```',
    f.summary,
    `TOSCA Version 2.0 §${f.section}`,
  ].join('\n\n');
}
