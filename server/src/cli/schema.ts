/**
 * JSON Schemas (draft-07, the draft every YAML and JSON editor supports) derived from the LM
 * grammar (model/lm/grammar.ts), so other YAML tooling offers the same keys, enum values and
 * descriptions as this server, and flags the same unknown keys.
 *
 * The translation follows what the grammar rule accepts (features/lm/rules/grammar.ts): an empty
 * value (`key:`) is accepted everywhere; enum values are offered, not enforced, because the rules
 * that own them accept more (a property `type` may name a `data-types` entry); `oneOf` becomes
 * `anyOf` because the grammar takes the first shape that fits.
 */
import {
  ASSEMBLY_GRAMMAR,
  ASSEMBLY_TEMPLATE_GRAMMAR,
  LMPROJECT_GRAMMAR,
  RESOURCE_GRAMMAR,
  type KeySpec,
  type ValueSpec,
} from '../model/lm/grammar.js';

export type JsonSchema = { [key: string]: unknown };

export const SCHEMA_KINDS = {
  assembly: {
    grammar: ASSEMBLY_GRAMMAR,
    title: 'LM assembly descriptor',
    files: ['Descriptor/assembly.yml', 'Descriptor/assembly.yaml'],
  },
  resource: {
    grammar: RESOURCE_GRAMMAR,
    title: 'LM resource descriptor',
    files: ['Definitions/lm/resource.yaml', 'Definitions/lm/resource.yml'],
  },
  'assembly-template': {
    grammar: ASSEMBLY_TEMPLATE_GRAMMAR,
    title: 'LM assembly template',
    files: ['Descriptor/assembly-template.yml', 'Descriptor/assembly-template.yaml'],
  },
  lmproject: {
    grammar: LMPROJECT_GRAMMAR,
    title: 'lmctl project file',
    files: ['lmproject.yml', 'lmproject.yaml'],
  },
} as const;

export type SchemaKind = keyof typeof SCHEMA_KINDS;

export function isSchemaKind(k: string): k is SchemaKind {
  return Object.hasOwn(SCHEMA_KINDS, k);
}

const SCALAR_TYPES = ['string', 'number', 'boolean', 'null'];

function describeKey(k: KeySpec): string {
  return `${k.doc}${k.legacy ? `\n\n_Legacy:_ ${k.legacy}` : ''}\n\n_Source: ${k.source}_`;
}

/**
 * The grammar reuses one spec object in many places (a property definition, a driver entry):
 * those become `definitions` referenced by `$ref`, named after where they first occur, so the
 * schema stays the size of the grammar instead of the size of its expansion.
 */
class Builder {
  private readonly uses = new Map<ValueSpec, number>();
  private readonly hints = new Map<ValueSpec, string>();
  private readonly names = new Map<ValueSpec, string>();
  readonly definitions: Record<string, JsonSchema> = {};

  constructor(root: ValueSpec) {
    this.count(root, 'root', 0);
  }

  private count(spec: ValueSpec, hint: string, depth: number): void {
    const n = (this.uses.get(spec) ?? 0) + 1;
    this.uses.set(spec, n);
    if (n > 1 || depth > 40) return;
    this.hints.set(spec, hint);
    switch (spec.type) {
      case 'map':
        for (const k of spec.keys) this.count(k.value, k.key, depth + 1);
        break;
      case 'dict':
        this.count(spec.entry, spec.entryLabel, depth + 1);
        break;
      case 'list':
        this.count(spec.item, `${hint} item`, depth + 1);
        break;
      case 'oneOf':
        spec.options.forEach((o, i) => this.count(o, `${hint} ${i + 1}`, depth + 1));
        break;
    }
  }

  schema(spec: ValueSpec, depth = 0): JsonSchema {
    const composite = spec.type === 'map' || spec.type === 'dict' || spec.type === 'list' || spec.type === 'oneOf';
    if (!composite || (this.uses.get(spec) ?? 0) < 2 || depth === 0) return this.inline(spec, depth);
    let name = this.names.get(spec);
    if (!name) {
      const base = (this.hints.get(spec) ?? 'part').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = '') =>
        c.toUpperCase(),
      );
      name = base;
      for (let i = 2; Object.hasOwn(this.definitions, name); i++) name = `${base}${i}`;
      this.names.set(spec, name);
      this.definitions[name] = {}; // reserved before recursing, so a cycle refers to it
      this.definitions[name] = this.inline(spec, depth);
    }
    return { $ref: `#/definitions/${name}` };
  }

  private inline(spec: ValueSpec, depth: number): JsonSchema {
    if (depth > 40) return {};
    switch (spec.type) {
      case 'map': {
        const properties: Record<string, JsonSchema> = {};
        for (const k of spec.keys) {
          properties[k.key] = { ...this.schema(k.value, depth + 1), description: describeKey(k) };
        }
        const required = spec.keys.filter((k) => k.required).map((k) => k.key);
        return {
          type: ['object', 'null'],
          properties,
          ...(required.length ? { required } : {}),
          additionalProperties: spec.open === true,
        };
      }
      case 'dict': {
        const entry = this.schema(spec.entry, depth + 1);
        const named: Record<string, JsonSchema> = {};
        for (const v of spec.keyEnum ?? []) named[v.value] = { ...entry, ...(v.doc ? { description: v.doc } : {}) };
        return {
          type: ['object', 'null'],
          ...(spec.keyEnum ? { properties: named } : {}),
          additionalProperties: entry,
        };
      }
      case 'list':
        return { type: ['array', 'null'], items: this.schema(spec.item, depth + 1) };
      case 'enum': {
        const values = spec.values.map((v) => v.value);
        const docs = spec.values.map((v) => v.doc);
        return {
          // Offered by completion (the enum branch), not enforced (the second branch).
          anyOf: [
            { enum: values, ...(docs.some(Boolean) ? { markdownEnumDescriptions: docs } : {}) },
            { type: SCALAR_TYPES },
          ],
        };
      }
      case 'string':
      case 'boolean':
      case 'integer':
      case 'number':
        return { type: [spec.type, 'null'] };
      case 'scalar':
        return { type: SCALAR_TYPES };
      case 'any':
        return {};
      case 'oneOf':
        return { anyOf: spec.options.map((o) => this.schema(o, depth + 1)) };
    }
  }
}

/** The JSON Schema of one LM file kind. */
export function jsonSchemaFor(kind: SchemaKind): JsonSchema {
  const k = SCHEMA_KINDS[kind];
  const b = new Builder(k.grammar);
  const body = b.schema(k.grammar);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: k.title,
    description:
      `${k.title} (${k.files.join(', ')} in an lmctl project), generated from the grammar of the ` +
      'lm-descriptors language server. Keys, enum values and descriptions match its completion and hover; ' +
      'cross-file checks need the server or `lm-descriptors check`.',
    ...body,
    // The file itself must be a mapping.
    type: 'object',
    ...(Object.keys(b.definitions).length ? { definitions: b.definitions } : {}),
  };
}

/** The schema as the committed file and `lm-descriptors schema` print it. */
export function schemaText(kind: SchemaKind): string {
  return JSON.stringify(jsonSchemaFor(kind), null, 2) + '\n';
}
