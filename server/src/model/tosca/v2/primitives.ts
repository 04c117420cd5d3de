/**
 * TOSCA Version 2.0 built-in types (§9.1) and the values a 2.0 processor accepts for them. 2.0 reads
 * YAML 1.2 and converts nothing (§9.1.1): a string must be a YAML string, a boolean only the plain
 * words `true` / `false`, bytes a Base64 string, nil only null, a timestamp an RFC 3339 string, a
 * version a string of the form `major.minor[.fix[.qualifier[-build]]]`.
 *
 * Pure functions over YAML nodes: the scalar's style matters (a quoted `"true"` is no boolean).
 */
import { deref, type YNode, type YScalar } from '../../../syntax/tree.js';

export type V2Builtin =
  'string' | 'integer' | 'float' | 'boolean' | 'bytes' | 'nil' | 'timestamp' | 'scalar' | 'version' | 'list' | 'map';

/** The built-in types of §9.1: primitive, special and collection types. */
export const V2_BUILTINS: readonly V2Builtin[] = [
  'string',
  'integer',
  'float',
  'boolean',
  'bytes',
  'nil',
  'timestamp',
  'scalar',
  'version',
  'list',
  'map',
];

const BUILTINS: ReadonlySet<string> = new Set(V2_BUILTINS);

/** The built-in type a name denotes in a 2.0 file, or undefined. */
export function v2BuiltinOf(name: string | undefined): V2Builtin | undefined {
  return name !== undefined && BUILTINS.has(name) ? (name as V2Builtin) : undefined;
}

/** A problem with a value, `severity` warning where a major processor accepts it anyway. */
export interface ValueProblem {
  message: string;
  /** The section of TOSCA Version 2.0 that says so. */
  section: string;
  severity?: 'warning';
}

/** Short description of what a node is, for messages. */
export function describeNode(n: YNode): string {
  if (n.kind === 'map') return 'a map';
  if (n.kind === 'seq') return 'a list';
  if (n.kind === 'alias') return 'an alias';
  const s: YScalar = n;
  if (s.value === null) return 'null';
  if (typeof s.value === 'number') return `the number \`${s.text}\``;
  if (typeof s.value === 'boolean') return `the boolean \`${s.text}\``;
  const t = s.text.length > 40 ? s.text.slice(0, 39) + '…' : s.text;
  return s.style === 'plain' ? `\`${t}\`` : `the string "${t}"`;
}

/** YAML 1.2 core schema integers (decimal, `0o` octal, `0x` hexadecimal), as 2.0 writes them (§9.1.1.2). */
const INT_TEXT = /^[-+]?(?:[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;

/** True when the scalar is a YAML integer (not a float such as `1.0`). */
export function isYamlInteger(s: YScalar): boolean {
  return typeof s.value === 'number' && s.style === 'plain' && INT_TEXT.test(s.text.trim());
}

/** The number a YAML 1.2 number literal denotes (hex, octal, scientific, `.inf`, `.nan`), or undefined. */
export function parseYamlNumber(text: string): { value: number; integer: boolean } | undefined {
  const t = text.trim();
  if (INT_TEXT.test(t)) {
    const neg = t.startsWith('-');
    const body = t.replace(/^[-+]/, '');
    const v = body.startsWith('0o')
      ? parseInt(body.slice(2), 8)
      : body.startsWith('0x')
        ? parseInt(body.slice(2), 16)
        : Number(body);
    return { value: neg ? -v : v, integer: true };
  }
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(t))
    return { value: Number(t), integer: false };
  if (/^[-+]?\.(?:inf|Inf|INF)$/.test(t)) return { value: t.startsWith('-') ? -Infinity : Infinity, integer: false };
  if (/^\.(?:nan|NaN|NAN)$/.test(t)) return { value: NaN, integer: false };
  return undefined;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** True for a Base64 text (RFC 2045 §6.8: line breaks and spaces between groups are ignored). */
export function isBase64(text: string): boolean {
  return BASE64.test(text.replace(/[\s]+/g, ''));
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function dateProblem(y: number, mo: number, d: number): string | undefined {
  if (mo < 1 || mo > 12) return `month ${mo} does not exist`;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const max = mo === 2 && !leap ? 28 : DAYS[mo - 1]!;
  if (d < 1 || d > max) return `day ${d} does not exist in month ${mo} of ${y}`;
  return undefined;
}

/**
 * Why `text` is not an RFC 3339 timestamp (a full date, or a date and time with `T` and an offset),
 * or undefined when it is one.
 */
export function timestampProblem(text: string): string | undefined {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (date) return dateProblem(+date[1]!, +date[2]!, +date[3]!);
  const m = /^(\d{4})-(\d{2})-(\d{2})([Tt ])(\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})?$/.exec(text);
  if (!m)
    return 'an RFC 3339 timestamp is a date (`2024-01-31`) or a date and time with an offset (`2024-01-31T12:00:00Z`)';
  if (m[4] === ' ') return 'RFC 3339 separates the date and the time with `T`, not a space';
  if (!m[9]) return 'an RFC 3339 date and time needs an offset (`Z` or `+01:00`)';
  const bad = dateProblem(+m[1]!, +m[2]!, +m[3]!);
  if (bad) return bad;
  if (+m[5]! > 23 || +m[6]! > 59 || +m[7]! > 60) return `the time ${m[5]}:${m[6]}:${m[7]} does not exist`;
  if (m[9].length > 1 && (+m[9].slice(1, 3) > 23 || +m[9].slice(4) > 59)) return `the offset ${m[9]} does not exist`;
  return undefined;
}

/** The parts of a 2.0 version (§9.1.2.3), compared as the standard says. */
export interface V2Version {
  parts: [number, number, number];
  qualifier?: string;
  build?: number;
}

const VERSION = /^(\d+)\.(\d+)(?:\.(\d+)(?:\.([A-Za-z0-9_]+)(?:-(\d+))?)?)?$/;
/** Semantic-version style (`1.2.3-beta4`) that Puccini accepts although the 2.0 grammar writes `1.2.3.beta-4`. */
const SEMVER_LIKE = /^\d+\.\d+\.\d+[-+][0-9A-Za-z.+-]+$/;

export function parseV2Version(text: string): V2Version | undefined {
  const m = VERSION.exec(text);
  if (!m) return undefined;
  const v: V2Version = { parts: [+m[1]!, +m[2]!, m[3] === undefined ? 0 : +m[3]] };
  if (m[4] !== undefined) v.qualifier = m[4];
  if (m[5] !== undefined) v.build = +m[5];
  return v;
}

/**
 * Order of two versions, undefined when the standard leaves it open (same numbers, different
 * qualifiers: "different branches").
 */
export function compareV2Versions(a: V2Version, b: V2Version): number | undefined {
  for (let i = 0; i < 3; i++) if (a.parts[i] !== b.parts[i]) return a.parts[i]! - b.parts[i]!;
  if (a.qualifier === undefined || b.qualifier === undefined) {
    if (a.qualifier === b.qualifier) return 0;
    return a.qualifier === undefined ? 1 : -1; // a qualifier marks a pre-release: older
  }
  if (a.qualifier !== b.qualifier) return undefined;
  return (a.build ?? 0) - (b.build ?? 0);
}

const S = {
  string: '§9.1.1.1',
  integer: '§9.1.1.2',
  float: '§9.1.1.3',
  boolean: '§9.1.1.4',
  bytes: '§9.1.1.5',
  nil: '§9.1.1.6',
  timestamp: '§9.1.2.1',
  scalar: '§9.1.2.2',
  version: '§9.1.2.3',
  list: '§9.1.3.1',
  map: '§9.1.3.2',
} as const;

export function builtinSection(b: V2Builtin): string {
  return S[b];
}

/**
 * What is wrong with `node` as a value of the built-in type `b`, or undefined when it fits. Function
 * calls are the caller's business (they are not values yet). `rawBefore` is the source text just
 * before the value, to see a YAML tag such as `!!binary` the tree does not keep.
 */
export function v2ValueProblem(b: V2Builtin, node: YNode, rawBefore = ''): ValueProblem | undefined {
  const v = deref(node);
  if (!v) return undefined;
  const s = v.kind === 'scalar' ? v : null;
  const section = S[b];
  const fail = (message: string, severity?: 'warning'): ValueProblem =>
    severity ? { message, section, severity } : { message, section };
  switch (b) {
    case 'string':
      if (s && s.value === null) return fail('a string cannot be null (write "" for an empty string)');
      if (!s || typeof s.value !== 'string')
        return fail(`expects a string, got ${describeNode(v)}${s ? ' (quote it: TOSCA converts nothing)' : ''}`);
      return undefined;
    case 'integer':
      if (s && isYamlInteger(s)) return undefined;
      return fail(`expects an integer, got ${describeNode(v)}`);
    case 'float':
      // §9.1.1.3: an integer where a float is expected is the one conversion 2.0 makes.
      if (s && typeof s.value === 'number' && s.style === 'plain') return undefined;
      if (s && s.style === 'plain' && /^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$/.test(s.text.trim()))
        return undefined;
      return fail(`expects a float, got ${describeNode(v)}`);
    case 'boolean':
      if (s && s.style === 'plain' && (s.text === 'true' || s.text === 'false')) return undefined;
      if (s && typeof s.value === 'boolean')
        return fail(`expects \`true\` or \`false\` in lower case, got \`${s.text}\``);
      return fail(`expects \`true\` or \`false\`, got ${describeNode(v)}`);
    case 'bytes':
      if (/!!binary\s*$/.test(rawBefore))
        return fail('the YAML `!!binary` type is not accepted: write a Base64 string');
      if (s && s.value === null) return fail('bytes cannot be null (write "" for no bytes)');
      if (!s || typeof s.value !== 'string') return fail(`expects a Base64 string, got ${describeNode(v)}`);
      if (!isBase64(s.value)) return fail(`${describeNode(v)} is not Base64 (RFC 2045 §6.8)`);
      return undefined;
    case 'nil':
      if (s && s.value === null) return undefined;
      return fail(`the nil type has only the value \`null\`, got ${describeNode(v)}`);
    case 'timestamp': {
      if (/!!timestamp\s*$/.test(rawBefore))
        return fail('the YAML `!!timestamp` type is not accepted: quote the value');
      if (!s || typeof s.value !== 'string')
        return fail(`expects an RFC 3339 timestamp string, got ${describeNode(v)}`);
      const p = timestampProblem(s.value.trim());
      return p ? fail(`${describeNode(v)} is not a timestamp: ${p}`) : undefined;
    }
    case 'version': {
      if (s && typeof s.value === 'number')
        return fail(`the version \`${s.text}\` is read as a number by YAML: quote it ("${s.text}")`);
      if (!s || typeof s.value !== 'string') return fail(`expects a version string, got ${describeNode(v)}`);
      const t = s.value.trim();
      if (parseV2Version(t)) return undefined;
      const form = '`major.minor[.fix[.qualifier[-build]]]`, e.g. "2.0" or "1.0.0.alpha-10"';
      if (SEMVER_LIKE.test(t))
        return fail(`\`${t}\` is not a TOSCA version (${form}); Puccini accepts this form, others may not`, 'warning');
      return fail(`\`${t}\` is not a TOSCA version (${form})`);
    }
    case 'list':
      return v.kind === 'seq' ? undefined : fail(`expects a list, got ${describeNode(v)}`);
    case 'map':
      return v.kind === 'map' ? undefined : fail(`expects a map, got ${describeNode(v)}`);
    case 'scalar':
      return undefined; // a concrete scalar type's values are checked against its units (scalar.ts)
  }
}
