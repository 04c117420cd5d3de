/**
 * TOSCA primitive and special types (spec §3.2/§3.3): which names exist, how values are parsed,
 * compared and validated against the constraint operators (§3.5.2).
 *
 * Everything here works on plain values (see values.ts) so it serves summaries of imported files
 * and the open document alike.
 */
import type { PlainValue } from './values.js';

export type PrimitiveName =
  | 'string'
  | 'integer'
  | 'float'
  | 'boolean'
  | 'null'
  | 'timestamp'
  | 'version'
  | 'range'
  | 'list'
  | 'map'
  | 'scalar-unit.size'
  | 'scalar-unit.time'
  | 'scalar-unit.frequency'
  | 'scalar-unit.bitrate'
  | 'any';

/** Primitive type names with their accepted aliases (`tosca:string`, YAML tags). */
const PRIMITIVE_ALIASES: Readonly<Record<string, PrimitiveName>> = {
  string: 'string',
  integer: 'integer',
  float: 'float',
  boolean: 'boolean',
  null: 'null',
  timestamp: 'timestamp',
  version: 'version',
  range: 'range',
  list: 'list',
  map: 'map',
  'scalar-unit.size': 'scalar-unit.size',
  'scalar-unit.time': 'scalar-unit.time',
  'scalar-unit.frequency': 'scalar-unit.frequency',
  'scalar-unit.bitrate': 'scalar-unit.bitrate',
  'tag:yaml.org,2002:str': 'string',
  'tag:yaml.org,2002:int': 'integer',
  'tag:yaml.org,2002:float': 'float',
  'tag:yaml.org,2002:bool': 'boolean',
  'tag:yaml.org,2002:null': 'null',
  'tag:yaml.org,2002:timestamp': 'timestamp',
  'tosca.datatypes.version': 'version',
  'tosca.datatypes.range': 'range',
  'tosca.datatypes.list': 'list',
  'tosca.datatypes.map': 'map',
  'tosca.datatypes.scalar-unit.size': 'scalar-unit.size',
  'tosca.datatypes.scalar-unit.time': 'scalar-unit.time',
  'tosca.datatypes.scalar-unit.frequency': 'scalar-unit.frequency',
  'tosca.datatypes.scalar-unit.bitrate': 'scalar-unit.bitrate',
};

/** Every primitive type name as users write it (for completion). */
export const PRIMITIVE_TYPE_NAMES: readonly string[] = [
  'string',
  'integer',
  'float',
  'boolean',
  'timestamp',
  'version',
  'range',
  'list',
  'map',
  'scalar-unit.size',
  'scalar-unit.time',
  'scalar-unit.frequency',
  'scalar-unit.bitrate',
  'null',
];

/** The primitive a type name denotes (`tosca:` prefix accepted), or undefined. */
export function primitiveOf(name: string): PrimitiveName | undefined {
  const n = name.startsWith('tosca:') ? name.slice(6) : name;
  return PRIMITIVE_ALIASES[n];
}

/** Primitive types introduced after 1.0 (bitrate came with 1.3). */
export function primitiveSince(p: PrimitiveName): '1_0' | '1_3' {
  return p === 'scalar-unit.bitrate' ? '1_3' : '1_0';
}

// ---- scalar units --------------------------------------------------------

/**
 * Units per scalar-unit type with their factor to the base unit. Matching is case-insensitive except where the spec
 * relies on case (bitrate bits vs bytes).
 */
export const SCALAR_UNITS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'scalar-unit.size': {
    B: 1,
    kB: 1e3,
    KiB: 1024,
    MB: 1e6,
    MiB: 1048576,
    GB: 1e9,
    GiB: 1073741824,
    TB: 1e12,
    TiB: 1099511627776,
  },
  'scalar-unit.time': { d: 86400, h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6, ns: 1e-9 },
  'scalar-unit.frequency': { Hz: 1, kHz: 1e3, MHz: 1e6, GHz: 1e9 },
  'scalar-unit.bitrate': {
    bps: 1,
    Kbps: 1e3,
    Kibps: 1024,
    Mbps: 1e6,
    Mibps: 1048576,
    Gbps: 1e9,
    Gibps: 1073741824,
    Tbps: 1e12,
    Tibps: 1099511627776,
    Bps: 8,
    KBps: 8e3,
    KiBps: 8192,
    MBps: 8e6,
    MiBps: 8388608,
    GBps: 8e9,
    GiBps: 8589934592,
    TBps: 8e12,
    TiBps: 8796093022208,
  },
};

export interface ScalarUnitValue {
  number: number;
  unit: string;
  /** Value in the base unit (bytes, seconds, Hz, bits per second). */
  normalised: number;
}

/** Parses `<number> <unit>`; returns a string describing the problem when it is malformed. */
export function parseScalarUnit(type: string, v: PlainValue): ScalarUnitValue | string {
  const units = SCALAR_UNITS[type];
  if (!units) return `unknown scalar-unit type ${type}`;
  if (typeof v === 'number') return `a ${type} value needs a unit, e.g. \`${v} ${exampleUnit(type)}\``;
  if (typeof v !== 'string') return `a ${type} value is a number followed by a unit, e.g. \`1 ${exampleUnit(type)}\``;
  const m = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*([A-Za-z]+)\s*$/.exec(v);
  if (!m) return `\`${v}\` is not a ${type} value (a number followed by a unit, e.g. \`1 ${exampleUnit(type)}\`)`;
  const n = Number(m[1]);
  const unitText = m[2]!;
  let unit = units[unitText] !== undefined ? unitText : undefined;
  if (unit === undefined && type !== 'scalar-unit.bitrate')
    unit = Object.keys(units).find((u) => u.toLowerCase() === unitText.toLowerCase());
  if (unit === undefined) return `unknown unit \`${unitText}\` for ${type} (use ${Object.keys(units).join(', ')})`;
  if (n < 0) return `a ${type} value cannot be negative`;
  return { number: n, unit, normalised: n * units[unit]! };
}

function exampleUnit(type: string): string {
  return type === 'scalar-unit.size'
    ? 'GB'
    : type === 'scalar-unit.time'
      ? 's'
      : type === 'scalar-unit.frequency'
        ? 'GHz'
        : 'Mbps';
}

// ---- versions ------------------------------------------------------------

export interface VersionValue {
  parts: number[];
  qualifier?: string;
  build?: number;
}

/**
 * `major.minor[.fix[.qualifier[-build]]]` (§3.2.2), where a lone major is accepted as tosca-parser
 * does. Returns a problem string when malformed.
 */
export function parseVersion(v: PlainValue): VersionValue | string {
  const text = typeof v === 'number' ? String(v) : v;
  if (typeof text !== 'string') return 'a version is a string such as `1.0` or `2.1.3.beta-2`';
  const m = /^(\d+)(?:\.(\d+)(?:\.(\d+)(?:\.([A-Za-z0-9_]+)(?:-(\d+))?)?)?)?$/.exec(text.trim());
  if (!m)
    return (
      `\`${text}\` is not a TOSCA version (\`major.minor[.fix[.qualifier[-build]]]\`, e.g. \`1.0\` or ` +
      `\`2.1.3.beta-2\`)`
    );
  const parts = [m[1], m[2], m[3]].filter((x): x is string => x !== undefined).map(Number);
  const out: VersionValue = { parts };
  if (m[4] !== undefined) {
    if (parts.every((p) => p === 0))
      return `\`${text}\`: a version of all zeros means "no version" and cannot carry a qualifier`;
    out.qualifier = m[4];
  }
  if (m[5] !== undefined) out.build = Number(m[5]);
  return out;
}

export function compareVersions(a: VersionValue, b: VersionValue): number {
  for (let i = 0; i < 3; i++) {
    const d = (a.parts[i] ?? 0) - (b.parts[i] ?? 0);
    if (d) return d;
  }
  const qa = a.qualifier ?? '';
  const qb = b.qualifier ?? '';
  if (qa !== qb) return qa < qb ? -1 : 1;
  return (a.build ?? 0) - (b.build ?? 0);
}

// ---- timestamps, ranges, scalars ----------------------------------------

const TIMESTAMP =
  /^\d{4}-\d{1,2}-\d{1,2}(?:(?:[Tt]|[ \t]+)\d{1,2}:\d{2}:\d{2}(?:\.\d*)?(?:[ \t]*(?:Z|[+-]\d{1,2}(?::\d{2})?))?)?$/;

export function isTimestamp(v: PlainValue): boolean {
  return typeof v === 'string' && TIMESTAMP.test(v.trim());
}

export interface RangeValue {
  min: number;
  max: number;
}

/** `[min, max]` of integers, max may be `UNBOUNDED`. */
export function parseRange(v: PlainValue): RangeValue | string {
  if (!Array.isArray(v) || v.length !== 2)
    return 'a range is a list of two integers, `[min, max]` (max may be `UNBOUNDED`)';
  const [a, b] = v;
  if (typeof a !== 'number' || !Number.isInteger(a)) return `range lower bound ${String(a)} is not an integer`;
  const max = b === 'UNBOUNDED' ? Infinity : b;
  if (typeof max !== 'number' || (max !== Infinity && !Number.isInteger(max)))
    return `range upper bound ${String(b)} is not an integer or UNBOUNDED`;
  if (a > max) return `range lower bound ${a} is greater than its upper bound ${String(b)}`;
  return { min: a, max };
}

/** True for YAML 1.1 boolean spellings PyYAML-based tools read as booleans. */
export function isYaml11Bool(text: string): boolean {
  return /^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/.test(text);
}

// ---- comparison and constraints -----------------------------------------

/**
 * A value in comparable form for a type: numbers (scalar units normalised), versions as
 * VersionValue, strings as is. Undefined when the value does not parse.
 */
export type Comparable =
  { kind: 'number'; n: number } | { kind: 'version'; v: VersionValue } | { kind: 'string'; s: string };

export function comparableOf(base: PrimitiveName | undefined, v: PlainValue): Comparable | undefined {
  if (base && base.startsWith('scalar-unit.')) {
    const s = parseScalarUnit(base, v);
    return typeof s === 'string' ? undefined : { kind: 'number', n: s.normalised };
  }
  if (base === 'version') {
    const p = parseVersion(v);
    return typeof p === 'string' ? undefined : { kind: 'version', v: p };
  }
  if (base === 'timestamp' && typeof v === 'string') {
    const t = Date.parse(
      v
        .trim()
        .replace(/[ \t]+/, 'T')
        .replace(/[ \t]+/g, ''),
    );
    return Number.isNaN(t) ? { kind: 'string', s: v } : { kind: 'number', n: t };
  }
  if (typeof v === 'number') return { kind: 'number', n: v };
  if (typeof v === 'string') return { kind: 'string', s: v };
  return undefined;
}

export function compare(a: Comparable, b: Comparable): number | undefined {
  if (a.kind === 'number' && b.kind === 'number') return a.n - b.n;
  if (a.kind === 'version' && b.kind === 'version') return compareVersions(a.v, b.v);
  if (a.kind === 'string' && b.kind === 'string') return a.s < b.s ? -1 : a.s > b.s ? 1 : 0;
  return undefined;
}

export const CONSTRAINT_OPERATORS: readonly string[] = [
  'equal',
  'greater_than',
  'greater_or_equal',
  'less_than',
  'less_or_equal',
  'in_range',
  'valid_values',
  'length',
  'min_length',
  'max_length',
  'pattern',
  'schema',
];

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function lengthOf(v: PlainValue): number | undefined {
  if (typeof v === 'string') return [...v].length;
  if (Array.isArray(v)) return v.length;
  if (v && typeof v === 'object') return Object.keys(v).length;
  return undefined;
}

/**
 * Checks a value against one constraint clause. Returns a message when violated, `undefined` when
 * satisfied or not decidable (e.g. the operand itself is malformed: TOSCA052 reports that).
 */
export function checkConstraint(
  op: string,
  operand: PlainValue,
  value: PlainValue,
  base: PrimitiveName | undefined,
): string | undefined {
  const show = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));
  const cmp = (bound: PlainValue): number | undefined => {
    const a = comparableOf(base, value);
    const b = comparableOf(base, bound);
    return a && b ? compare(a, b) : undefined;
  };
  switch (op) {
    case 'equal': {
      if (deepEqual(operand, value)) return undefined;
      const c = cmp(operand);
      return c === 0 ? undefined : `must equal ${show(operand)}`;
    }
    case 'greater_than': {
      const c = cmp(operand);
      return c !== undefined && !(c > 0) ? `must be greater than ${show(operand)}` : undefined;
    }
    case 'greater_or_equal': {
      const c = cmp(operand);
      return c !== undefined && !(c >= 0) ? `must be greater than or equal to ${show(operand)}` : undefined;
    }
    case 'less_than': {
      const c = cmp(operand);
      return c !== undefined && !(c < 0) ? `must be less than ${show(operand)}` : undefined;
    }
    case 'less_or_equal': {
      const c = cmp(operand);
      return c !== undefined && !(c <= 0) ? `must be less than or equal to ${show(operand)}` : undefined;
    }
    case 'in_range': {
      if (!Array.isArray(operand) || operand.length !== 2) return undefined;
      const lo = cmp(operand[0]!);
      const hi = operand[1] === 'UNBOUNDED' ? -1 : cmp(operand[1]!);
      if (lo === undefined || hi === undefined) return undefined;
      return lo >= 0 && hi <= 0 ? undefined : `must be in the range [${show(operand[0])}, ${show(operand[1])}]`;
    }
    case 'valid_values': {
      if (!Array.isArray(operand)) return undefined;
      if (operand.some((o) => deepEqual(o, value) || cmp(o) === 0)) return undefined;
      return `must be one of ${operand.map(show).join(', ')}`;
    }
    case 'length':
    case 'min_length':
    case 'max_length': {
      if (typeof operand !== 'number') return undefined;
      const len = lengthOf(value);
      if (len === undefined) return undefined;
      if (op === 'length' && len !== operand) return `must have a length of exactly ${operand} (has ${len})`;
      if (op === 'min_length' && len < operand) return `must have a length of at least ${operand} (has ${len})`;
      if (op === 'max_length' && len > operand) return `must have a length of at most ${operand} (has ${len})`;
      return undefined;
    }
    case 'pattern': {
      if (typeof operand !== 'string' || typeof value !== 'string') return undefined;
      const re = compilePattern(operand);
      if (!re) return undefined;
      return re.test(value) ? undefined : `must match the pattern \`${operand}\``;
    }
    default:
      return undefined;
  }
}

const patternCache = new Map<string, RegExp | null>();

/** The spec's patterns are full matches (§3.5.2: "the value must match the regular expression"). */
export function compilePattern(p: string): RegExp | null {
  let re = patternCache.get(p);
  if (re === undefined) {
    try {
      re = new RegExp(`^(?:${p})$`, 'u');
    } catch {
      try {
        re = new RegExp(`^(?:${p})$`);
      } catch {
        re = null;
      }
    }
    if (patternCache.size > 500) patternCache.clear();
    patternCache.set(p, re);
  }
  return re;
}
