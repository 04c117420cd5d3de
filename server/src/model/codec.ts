/**
 * A compact JSON form for the summaries the index keeps and persists (see model/summaryCodec.ts).
 *
 * The plain JSON of a summary writes every key of every object and every span as
 * `{"start":…,"end":…}`: 18.8 MB for the 4.2 MB of YAML of a 2,000-file TOSCA workspace, and
 * `JSON.stringify` of it was a fifth of a cold index. Here an object is a JSON array of its fields in
 * the order its schema lists them: a span is two numbers in place, an absent optional field, an
 * empty list and a `false` flag are `0`, and the `0`s that end an array are not written. Decoding
 * checks every field's type as it goes (this form is also the shape check of a stored summary) and
 * builds the objects with their keys in schema order.
 *
 * Fields and what they read back as (a missing slot at the end reads as `0`):
 *   str / num / raw   a string / a number / any JSON value (required)
 *   str?              a string, or 0 when absent
 *   raw?              `[value]`, or 0 when absent (the value may itself be 0 or null)
 *   bool / bool?      1 true, 0 false / 0 absent, 1 true, 2 false
 *   span / span?      two numbers in place / `[start, end]`, or 0 when absent
 *   obj / obj?        the object's array / the same, or 0 when absent
 *   list / list?      the items' arrays, 0 when empty / 0 when absent, else the list (possibly `[]`)
 */
import type { Span } from '../syntax/positions.js';

/** What a field holds; one switch reads them all (one function for V8 to optimise, not one per field). */
const enum K {
  Str,
  OptStr,
  Num,
  Raw,
  OptRaw,
  Bool,
  OptBool,
  Span,
  OptSpan,
  Obj,
  OptObj,
  List,
  OptList,
}

/** One field of a schema: its kind and, for objects and lists, the codec of what it holds. */
export interface Field {
  readonly kind: K;
  readonly codec?: ObjectCodec;
}

/** Thrown by `ObjectCodec` when a value or slot does not fit its field. */
export class CodecMismatch extends Error {}

const fail = (what: string): never => {
  throw new CodecMismatch(what);
};

export const str: Field = { kind: K.Str };
export const optStr: Field = { kind: K.OptStr };
export const num: Field = { kind: K.Num };
/** Any JSON value, as `JSON.stringify` writes it (a required field: never undefined). */
export const raw: Field = { kind: K.Raw };
export const optRaw: Field = { kind: K.OptRaw };
export const bool: Field = { kind: K.Bool };
export const optBool: Field = { kind: K.OptBool };
export const span: Field = { kind: K.Span };
export const optSpan: Field = { kind: K.OptSpan };

/** A nested object (required, or 0 when absent). */
export const obj = (codec: ObjectCodec, optional = false): Field => ({ kind: optional ? K.OptObj : K.Obj, codec });

/** A list of objects: a required list is 0 when empty, an optional one 0 when absent. */
export const list = (codec: ObjectCodec, optional = false): Field => ({ kind: optional ? K.OptList : K.List, codec });

/** The fields of an object type, every key of `T` listed (the compiler holds a schema to its interface). */
export type Schema<T> = { readonly [K in keyof Required<T>]: Field };

const isSpan = (v: unknown): v is Span =>
  typeof v === 'object' && v !== null && typeof (v as Span).start === 'number' && typeof (v as Span).end === 'number';

const spanOf = (start: unknown, end: unknown): Span =>
  typeof start === 'number' && typeof end === 'number' ? { start, end } : fail('span');

/** An object of a schema: how its array is written and read. */
export class ObjectCodec {
  private keys: string[] = [];
  private fields: Field[] = [];

  constructor(schema?: Readonly<Record<string, Field>>) {
    if (schema) this.define(schema);
  }

  /** Sets the schema after construction, for a type that holds itself (a schema's `entry_schema`). */
  define(schema: Readonly<Record<string, Field>>): this {
    this.keys = Object.keys(schema);
    this.fields = this.keys.map((k) => schema[k]!);
    return this;
  }

  /** The object's compact text; throws `CodecMismatch` when a value does not fit its field. */
  encode(o: unknown): string {
    return JSON.stringify(this.toArray(o));
  }

  /** The object's compact array, which `JSON.stringify` writes. */
  toArray(o: unknown): unknown[] {
    if (typeof o !== 'object' || o === null || Array.isArray(o)) return fail('object');
    const rec = o as Record<string, unknown>;
    const out: unknown[] = [];
    const { keys, fields } = this;
    for (let i = 0; i < keys.length; i++) {
      const v = rec[keys[i]!];
      const f = fields[i]!;
      switch (f.kind) {
        case K.Str:
          out.push(typeof v === 'string' ? v : fail('string'));
          break;
        case K.OptStr:
          out.push(v === undefined ? 0 : typeof v === 'string' ? v : fail('string'));
          break;
        case K.Num:
          out.push(typeof v === 'number' ? v : fail('number'));
          break;
        case K.Raw:
          out.push(v === undefined ? fail('value') : v);
          break;
        case K.OptRaw:
          out.push(v === undefined ? 0 : [v]);
          break;
        case K.Bool:
          out.push(v === true ? 1 : v === false ? 0 : fail('boolean'));
          break;
        case K.OptBool:
          out.push(v === undefined ? 0 : v === true ? 1 : v === false ? 2 : fail('boolean'));
          break;
        case K.Span:
          if (!isSpan(v)) return fail('span');
          out.push(v.start, v.end);
          break;
        case K.OptSpan:
          out.push(v === undefined ? 0 : isSpan(v) ? [v.start, v.end] : fail('span'));
          break;
        case K.Obj:
        case K.OptObj:
          out.push(v === undefined && f.kind === K.OptObj ? 0 : f.codec!.toArray(v));
          break;
        default:
          out.push(listArray(f, v));
      }
    }
    // Zeros that end the array are not written: a missing slot reads as 0.
    let n = out.length;
    while (n > 0 && out[n - 1] === 0) n--;
    if (n < out.length) out.length = n;
    return out;
  }

  /** The object an array of this codec's form stands for; throws `CodecMismatch` when a slot does not fit. */
  decode(a: unknown): Record<string, unknown> {
    if (!Array.isArray(a)) return fail('array');
    const o: Record<string, unknown> = {};
    const { keys, fields } = this;
    const n = a.length;
    let i = 0;
    for (let k = 0; k < keys.length; k++) {
      const f = fields[k]!;
      // Trailing zeros are not written: a missing slot is 0.
      const v: unknown = i < n ? a[i] : 0;
      i++;
      let out: unknown;
      switch (f.kind) {
        case K.Str:
          out = typeof v === 'string' ? v : fail('string');
          break;
        case K.OptStr:
          out = v === 0 ? undefined : typeof v === 'string' ? v : fail('string');
          break;
        case K.Num:
          out = typeof v === 'number' ? v : fail('number');
          break;
        case K.Raw:
          out = v;
          break;
        case K.OptRaw:
          out = v === 0 ? undefined : Array.isArray(v) && v.length === 1 ? (v[0] as unknown) : fail('value');
          break;
        case K.Bool:
          out = v === 1 ? true : v === 0 ? false : fail('boolean');
          break;
        case K.OptBool:
          out = v === 0 ? undefined : v === 1 ? true : v === 2 ? false : fail('boolean');
          break;
        case K.Span:
          out = spanOf(v, i < n ? a[i] : 0);
          i++;
          break;
        case K.OptSpan:
          out = v === 0 ? undefined : Array.isArray(v) && v.length === 2 ? spanOf(v[0], v[1]) : fail('span');
          break;
        case K.Obj:
          out = f.codec!.decode(v);
          break;
        case K.OptObj:
          out = v === 0 ? undefined : f.codec!.decode(v);
          break;
        case K.List:
        case K.OptList:
          out = v === 0 ? (f.kind === K.List ? [] : undefined) : decodeList(f.codec!, v);
      }
      if (out !== undefined) o[keys[k]!] = out;
    }
    return n > i ? fail('extra slots') : o;
  }
}

function listArray(f: Field, v: unknown): unknown {
  const optional = f.kind === K.OptList;
  if (optional && v === undefined) return 0;
  if (!Array.isArray(v)) return fail('list');
  if (v.length === 0) return optional ? [] : 0;
  const items: unknown[] = [];
  for (let i = 0; i < v.length; i++) items.push(f.codec!.toArray(v[i]));
  return items;
}

function decodeList(c: ObjectCodec, v: unknown): unknown[] {
  if (!Array.isArray(v)) return fail('list');
  const out: unknown[] = [];
  for (let j = 0; j < v.length; j++) out.push(c.decode(v[j]));
  return out;
}
