/**
 * One type table per TOSCA document: the normative catalog of its version, the types of every
 * imported file (transitively, with namespace prefixes) and its own types, with name resolution
 * (full names, shorthands, `tosca:` names, `prefix:name`) and `derived_from` chains with inherited
 * and refined members.
 *
 * Normative and file types get one uniform shape (`ToscaType` with a `TypeBody`), so the rules and
 * the hover/completion features never care where a type came from; `source`/`decl`/`path` tell
 * them when they do (e.g. to jump to a definition).
 */
import {
  derivedShortName,
  normativeTypesFor,
  nonNormativeTypesFor,
  type Constraint,
  type NormativeType,
  type PropertyDef,
  type AttributeDef,
  type ToscaVersion,
  type TypeKind,
} from './catalog/index.js';
import { primitiveOf, type PrimitiveName } from './primitives.js';
import type {
  TCapabilityDef,
  TConstraint,
  TInterfaceDef,
  TPropertyDef,
  TRequirementDef,
  TSchema,
  TTypeDecl,
  ToscaSummary,
} from './summary.js';
import type { PlainValue } from './values.js';
import type { Span } from '../../syntax/positions.js';

export interface ConstraintInfo {
  op: string;
  value: PlainValue;
  /** Where the clause is written, when it comes from a file. */
  span?: Span;
  path?: string;
}

export interface SchemaInfo {
  type?: string;
  constraints: ConstraintInfo[];
  entrySchema?: SchemaInfo;
  keySchema?: SchemaInfo;
}

export interface PropInfo {
  name: string;
  /** Type name as written (resolve with `table.dataType`). */
  type?: string;
  required: boolean;
  hasDefault: boolean;
  default?: PlainValue;
  /** A fixed (final) value from a refinement's `value` keyname. */
  hasValue: boolean;
  value?: PlainValue;
  constraints: ConstraintInfo[];
  entrySchema?: SchemaInfo;
  keySchema?: SchemaInfo;
  description?: string;
  status?: string;
  /** The type that declares it last (the refining type for refinements). */
  owner: ToscaType;
  /** The definition in a file, when there is one. */
  decl?: TPropertyDef;
}

export interface CapInfo {
  name: string;
  type?: string;
  description?: string;
  validSourceTypes?: string[];
  occurrences?: { min: number; max: number | 'UNBOUNDED' };
  /** Property refinements written in the capability definition. */
  properties: TPropertyDef[];
  attributes: TPropertyDef[];
  owner: ToscaType;
  decl?: TCapabilityDef;
}

export interface ReqInfo {
  name: string;
  capability?: string;
  node?: string;
  relationship?: string;
  occurrences?: { min: number; max: number | 'UNBOUNDED' };
  description?: string;
  owner: ToscaType;
  decl?: TRequirementDef;
}

export interface IfaceInfo {
  name: string;
  type?: string;
  /** Operations the type's interface definition itself names. */
  operations: string[];
  notifications: string[];
  owner: ToscaType;
  decl?: TInterfaceDef;
}

export interface ArtifactInfo {
  name: string;
  type?: string;
  owner: ToscaType;
}

/** The members a type declares itself (not inherited). */
export interface TypeBody {
  properties: Omit<PropInfo, 'owner'>[];
  attributes: Omit<PropInfo, 'owner'>[];
  capabilities: Omit<CapInfo, 'owner'>[];
  requirements: Omit<ReqInfo, 'owner'>[];
  interfaces: Omit<IfaceInfo, 'owner'>[];
  artifacts: Omit<ArtifactInfo, 'owner'>[];
  operations: string[];
  notifications: string[];
  validTargetTypes?: string[];
  validSourceTypes?: string[];
  members?: string[];
  targets?: string[];
  constraints: ConstraintInfo[];
  entrySchema?: SchemaInfo;
  keySchema?: SchemaInfo;
}

export interface ToscaType {
  kind: TypeKind;
  /** Full name as declared. */
  name: string;
  /** `catalog` = implicit normative type; `file` = declared in a TOSCA file (this one or an import). */
  source: 'catalog' | 'file';
  normative?: NormativeType;
  decl?: TTypeDecl;
  /** File declaring it (source `file`). */
  path?: string;
  /** Namespace prefix it was imported under, if any. */
  prefix?: string;
  /** Visible only through a file that imports the document (library fragments rely on their importer). */
  viaImporter?: boolean;
  /** Parent as written. */
  derivedFrom?: string;
  description?: string;
  body: TypeBody;
}

/** A file contributing types, with the namespace prefix it is visible under. */
export interface TypeSourceFile {
  path: string;
  summary: ToscaSummary;
  prefix?: string;
  /** Not imported by the document: visible because a file that imports the document sees it (see model.ts). */
  viaImporter?: boolean;
}

// ---- conversion ------------------------------------------------------------

function constraintsFromCatalog(cs: readonly Constraint[] | undefined): ConstraintInfo[] {
  if (!cs) return [];
  return cs.map((c) => {
    const op = Object.keys(c)[0]!;
    return { op, value: (c as Record<string, unknown>)[op] as PlainValue };
  });
}

function constraintsFromFile(cs: readonly TConstraint[], path: string): ConstraintInfo[] {
  return cs.map((c) => ({ op: c.op, value: c.value, span: c.span, path }));
}

function schemaFromFile(s: TSchema | undefined, path: string): SchemaInfo | undefined {
  if (!s) return undefined;
  const out: SchemaInfo = { constraints: constraintsFromFile(s.constraints, path) };
  if (s.type) out.type = s.type.name;
  const e = schemaFromFile(s.entrySchema, path);
  if (e) out.entrySchema = e;
  const k = schemaFromFile(s.keySchema, path);
  if (k) out.keySchema = k;
  return out;
}

function propFromCatalog(name: string, d: PropertyDef | AttributeDef, isAttribute: boolean): Omit<PropInfo, 'owner'> {
  const p: Omit<PropInfo, 'owner'> = {
    name,
    type: d.type,
    required: isAttribute ? false : (d as PropertyDef).required,
    hasDefault: d.default !== undefined,
    hasValue: false,
    constraints: isAttribute ? [] : constraintsFromCatalog((d as PropertyDef).constraints),
  };
  if (d.default !== undefined) p.default = d.default as PlainValue;
  if (d.entrySchema) p.entrySchema = { type: d.entrySchema, constraints: [] };
  if (d.description) p.description = d.description;
  if (d.status) p.status = d.status;
  return p;
}

/** A property definition from a file; `isAttribute` makes `required` default to false. */
export function propFromFile(d: TPropertyDef, path: string, isAttribute = false): Omit<PropInfo, 'owner'> {
  const p: Omit<PropInfo, 'owner'> = {
    name: d.name,
    required: d.required ?? !isAttribute,
    hasDefault: d.hasDefault,
    hasValue: d.hasValue,
    constraints: constraintsFromFile(d.constraints, path),
    decl: d,
  };
  if (d.type) p.type = d.type.name;
  if (d.hasDefault) p.default = d.default ?? null;
  if (d.hasValue) p.value = d.value ?? null;
  const e = schemaFromFile(d.entrySchema, path);
  if (e) p.entrySchema = e;
  const k = schemaFromFile(d.keySchema, path);
  if (k) p.keySchema = k;
  if (d.description !== undefined) p.description = d.description;
  if (d.status !== undefined) p.status = d.status;
  return p;
}

function bodyFromCatalog(t: NormativeType): TypeBody {
  const body: TypeBody = {
    properties: Object.entries(t.properties ?? {}).map(([n, d]) => propFromCatalog(n, d, false)),
    attributes: Object.entries(t.attributes ?? {}).map(([n, d]) => propFromCatalog(n, d, true)),
    capabilities: Object.entries(t.capabilities ?? {}).map(([n, c]) => {
      const out: Omit<CapInfo, 'owner'> = { name: n, type: c.type, properties: [], attributes: [] };
      if (c.description) out.description = c.description;
      if (c.validSourceTypes) out.validSourceTypes = [...c.validSourceTypes];
      if (c.occurrences) out.occurrences = { min: c.occurrences[0], max: c.occurrences[1] };
      return out;
    }),
    requirements: (t.requirements ?? []).map((r) => {
      const out: Omit<ReqInfo, 'owner'> = { name: r.name, capability: r.capability };
      if (r.node) out.node = r.node;
      if (r.relationship) out.relationship = r.relationship;
      if (r.occurrences) out.occurrences = { min: r.occurrences[0], max: r.occurrences[1] };
      if (r.description) out.description = r.description;
      return out;
    }),
    interfaces: Object.entries(t.interfaces ?? {}).map(([n, i]) => ({
      name: n,
      type: i.type,
      operations: [],
      notifications: [],
    })),
    artifacts: [],
    operations: Object.keys(t.operations ?? {}),
    notifications: [],
    constraints: constraintsFromCatalog(t.constraints),
  };
  if (t.validTargetTypes) body.validTargetTypes = [...t.validTargetTypes];
  if (t.validSourceTypes) body.validSourceTypes = [...t.validSourceTypes];
  if (t.members) body.members = [...t.members];
  if (t.targets) body.targets = [...t.targets];
  return body;
}

/**
 * Bodies of declared types, by declaration: a summary's declarations never change, and every model
 * whose closure holds the file would build the same body again (a weak map: they go with the summary).
 */
const FILE_BODIES = new WeakMap<TTypeDecl, { path: string; body: TypeBody }>();

function bodyFromFile(d: TTypeDecl, path: string): TypeBody {
  const known = FILE_BODIES.get(d);
  if (known?.path === path) return known.body;
  const body = buildBodyFromFile(d, path);
  FILE_BODIES.set(d, { path, body });
  return body;
}

function buildBodyFromFile(d: TTypeDecl, path: string): TypeBody {
  const names = (rs: { name: string }[] | undefined) => (rs ? rs.map((r) => r.name) : undefined);
  const body: TypeBody = {
    properties: d.properties.map((p) => propFromFile(p, path)),
    attributes: d.attributes.map((p) => propFromFile(p, path, true)),
    capabilities: d.capabilities.map((c) => {
      const out: Omit<CapInfo, 'owner'> = { name: c.name, properties: c.properties, attributes: c.attributes, decl: c };
      if (c.type) out.type = c.type.name;
      if (c.description !== undefined) out.description = c.description;
      if (c.validSourceTypes) out.validSourceTypes = c.validSourceTypes.map((r) => r.name);
      if (c.occurrences) out.occurrences = { min: c.occurrences.min, max: c.occurrences.max };
      return out;
    }),
    requirements: d.requirements.map((r) => {
      const out: Omit<ReqInfo, 'owner'> = { name: r.name, decl: r };
      if (r.capability) out.capability = r.capability.name;
      if (r.node) out.node = r.node.name;
      if (r.relationship) out.relationship = r.relationship.name;
      if (r.occurrences) out.occurrences = { min: r.occurrences.min, max: r.occurrences.max };
      if (r.description !== undefined) out.description = r.description;
      return out;
    }),
    interfaces: d.interfaces.map((i) => {
      const out: Omit<IfaceInfo, 'owner'> = {
        name: i.name,
        operations: i.operations.map((o) => o.name),
        notifications: i.notifications.map((o) => o.name),
        decl: i,
      };
      if (i.type) out.type = i.type.name;
      return out;
    }),
    artifacts: d.artifacts.map((a) => (a.type ? { name: a.name, type: a.type.name } : { name: a.name })),
    operations: d.operations.map((o) => o.name),
    notifications: d.notifications.map((o) => o.name),
    constraints: constraintsFromFile(d.constraints, path),
  };
  const vt = names(d.validTargetTypes);
  if (vt) body.validTargetTypes = vt;
  const vs = names(d.validSourceTypes);
  if (vs) body.validSourceTypes = vs;
  const m = names(d.members);
  if (m) body.members = m;
  const tg = names(d.targets);
  if (tg) body.targets = tg;
  const e = schemaFromFile(d.entrySchema, path);
  if (e) body.entrySchema = e;
  const k = schemaFromFile(d.keySchema, path);
  if (k) body.keySchema = k;
  return body;
}

// ---- data types ------------------------------------------------------------

/** What a property/data type name resolves to, for value checking. */
export interface DataTypeInfo {
  /** The primitive at the root of the chain (`string` for json/xml, `integer` for PortDef, ...). */
  primitive?: PrimitiveName;
  /** The data type itself, when the name is not a primitive. */
  type?: ToscaType;
  /** Type-level constraints collected along the chain (nearest first). */
  constraints: ConstraintInfo[];
  entrySchema?: SchemaInfo;
  keySchema?: SchemaInfo;
  /** Generic notation (`map<string,boolean>`, Cloudsoft AMP's dialect) was used. */
  generic?: boolean;
}

const GENERIC = /^(list|map)\s*<\s*(.+)\s*>$/;

/** Splits `map<string,boolean>` / `list<integer>` into container and entry (and key) types. */
export function parseGeneric(name: string): { container: 'list' | 'map'; key?: string; entry: string } | undefined {
  const m = GENERIC.exec(name.trim());
  if (!m) return undefined;
  const args: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of m[2]!) {
    if (ch === '<') depth++;
    if (ch === '>') depth--;
    if (ch === ',' && depth === 0) {
      args.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  args.push(cur.trim());
  if (m[1] === 'list' && args.length === 1) return { container: 'list', entry: args[0]! };
  if (m[1] === 'map' && args.length === 2) return { container: 'map', key: args[0]!, entry: args[1]! };
  if (m[1] === 'map' && args.length === 1) return { container: 'map', entry: args[0]! };
  return undefined;
}

// ---- the table ---------------------------------------------------------------

const KIND_LABEL: Record<TypeKind, string> = {
  data: 'data type',
  artifact: 'artifact type',
  capability: 'capability type',
  requirement: 'requirement type',
  relationship: 'relationship type',
  interface: 'interface type',
  node: 'node type',
  group: 'group type',
  policy: 'policy type',
};

/** TOSCA 2.0 built-in types that have no 1.x primitive (a data type derives from them). */
const V2_ONLY_BUILTINS: ReadonlySet<string> = new Set(['scalar', 'bytes', 'nil']);

/**
 * Names of an imported type under a namespace prefix: `prefix:Name` (the spec's form, Puccini) and
 * `prefix.Name` (tosca-parser's), for the full name and the `short_name` alias.
 */
function prefixedNames(prefix: string, d: TTypeDecl): string[] {
  const out = [`${prefix}:${d.name}`, `${prefix}.${d.name}`];
  if (d.shortName) out.push(`${prefix}:${d.shortName}`, `${prefix}.${d.shortName}`);
  return out;
}

/**
 * Every name a declared type is visible under, in the order they are registered: the prefixed
 * names (imported with a namespace prefix), the full name, then the `short_name` alias, which
 * never displaces a full name (`weak`). The type table and the index's name tables both use it.
 */
export function declNames(d: TTypeDecl, prefix?: string): { name: string; weak: boolean }[] {
  const out = prefix ? prefixedNames(prefix, d).map((name) => ({ name, weak: false })) : [];
  out.push({ name: d.name, weak: false });
  if (d.shortName) out.push({ name: d.shortName, weak: true });
  return out;
}

export function kindLabel(k: TypeKind): string {
  return KIND_LABEL[k];
}

/** Adds `t` under `name` to a kind -> name -> candidates table (see TypeTable for the order). */
function addName(names: Map<TypeKind, Map<string, ToscaType[]>>, t: ToscaType, name: string, weak = false): void {
  let m = names.get(t.kind);
  if (!m) names.set(t.kind, (m = new Map()));
  const list = m.get(name);
  if (!list) m.set(name, [t]);
  else if (!list.includes(t)) {
    // Short names never displace a full name; file types come before catalog types.
    const firstCatalog = list.findIndex((x) => x.source === 'catalog');
    if (weak || firstCatalog < 0) list.push(t);
    else list.splice(firstCatalog, 0, t);
  }
}

/** The normative types of one catalog version and their names: the same for every document of that version. */
interface CatalogLayer {
  readonly types: readonly ToscaType[];
  readonly names: ReadonlyMap<TypeKind, ReadonlyMap<string, readonly ToscaType[]>>;
  /** Merged members of the catalog types whose chain holds catalog types only (see `TypeTable.membersOf`). */
  readonly members: Map<ToscaType, Members>;
}

/**
 * The merged members of one type, each made on first use. Read-only: a catalog type's are shared by every table of
 * its version (`membersOf`), so no caller may change them.
 */
interface Members {
  props?: ReadonlyMap<string, PropInfo>;
  attrs?: ReadonlyMap<string, PropInfo>;
  caps?: ReadonlyMap<string, CapInfo>;
  reqs?: ReadonlyMap<string, ReqInfo>;
  ifaces?: ReadonlyMap<string, IfaceInfo>;
  artifacts?: ReadonlyMap<string, ArtifactInfo>;
}

/**
 * Built on first use and shared by every type table of the version (it never changes): building
 * it for each document cost the checker more than checking small files.
 */
const CATALOG_LAYERS = new Map<ToscaVersion, CatalogLayer>();

function catalogLayer(version: ToscaVersion): CatalogLayer {
  let layer = CATALOG_LAYERS.get(version);
  if (layer) return layer;
  const types: ToscaType[] = [];
  const names = new Map<TypeKind, Map<string, ToscaType[]>>();
  // The spec's non-normative types come after the normative ones: known, never preferred.
  for (const n of [...normativeTypesFor(version), ...nonNormativeTypesFor(version)]) {
    const t: ToscaType = {
      kind: n.kind,
      name: n.name,
      source: 'catalog',
      normative: n,
      description: n.description,
      body: bodyFromCatalog(n),
    };
    if (n.derivedFrom) t.derivedFrom = n.derivedFrom;
    types.push(t);
    addName(names, t, n.name);
    addName(names, t, n.prefixed, true);
    if (n.shorthand) {
      addName(names, t, n.shorthand, true);
      addName(names, t, `tosca:${n.shorthand}`, true);
    }
    for (const a of n.altNames ?? []) {
      addName(names, t, a, true);
      addName(names, t, `tosca:${a}`, true);
    }
    const d = derivedShortName(n.name);
    if (d) {
      addName(names, t, d, true);
      addName(names, t, `tosca:${d}`, true);
    }
  }
  layer = { types, names, members: new Map() };
  CATALOG_LAYERS.set(version, layer);
  return layer;
}

const NO_CATALOG: CatalogLayer = { types: [], names: new Map(), members: new Map() };

export class TypeTable {
  /**
   * kind -> lookup name -> candidates of the files' types; the catalog's come after them (its
   * layer): a name resolves to a file type first, and full names before short names.
   */
  private readonly names = new Map<TypeKind, Map<string, ToscaType[]>>();
  private readonly fileTypes: ToscaType[] = [];
  private readonly catalog: CatalogLayer;
  private readonly ancestorsCache = new Map<ToscaType, ToscaType[]>();
  private readonly chainCache = new Map<ToscaType, readonly ToscaType[]>();
  /** Merged members by type: rules ask for the same types' members over and over. */
  private readonly members = new Map<ToscaType, Members>();
  /** `dataType` by name (generic forms allowed): value checks ask it once per value, of a handful of types. */
  private readonly dataTypeCache = new Map<string, DataTypeInfo | undefined>();

  constructor(
    readonly catalogVersion: ToscaVersion | undefined,
    files: readonly TypeSourceFile[],
  ) {
    const byDecl = new Map<TTypeDecl, ToscaType>();
    for (let i = 0; i < files.length; i++) {
      const f = files[i]!;
      const decls = f.summary.types;
      for (let j = 0; j < decls.length; j++) {
        const d = decls[j]!;
        const known = byDecl.get(d);
        if (known) {
          // The same file imported again under another prefix: only the new prefixed names.
          if (f.prefix) for (const n of prefixedNames(f.prefix, d)) this.add(known, n);
          continue;
        }
        const t: ToscaType = {
          kind: d.kind,
          name: d.name,
          source: 'file',
          decl: d,
          path: f.path,
          body: bodyFromFile(d, f.path),
        };
        byDecl.set(d, t);
        if (f.prefix) t.prefix = f.prefix;
        if (f.viaImporter) t.viaImporter = true;
        if (d.derivedFrom) t.derivedFrom = d.derivedFrom.name;
        if (d.description !== undefined) t.description = d.description;
        this.fileTypes.push(t);
        for (const n of declNames(d, f.prefix)) this.add(t, n.name, n.weak);
      }
    }
    this.catalog = catalogVersion ? catalogLayer(catalogVersion) : NO_CATALOG;
  }

  private add(t: ToscaType, name: string, weak = false): void {
    addName(this.names, t, name, weak);
  }

  /** The types the files declare (no catalog type). */
  fileTypesOnly(): readonly ToscaType[] {
    return this.fileTypes;
  }

  /** Every type, file types first. */
  types(kind?: TypeKind): ToscaType[] {
    const all = [...this.fileTypes, ...this.catalog.types];
    return kind ? all.filter((t) => t.kind === kind) : all;
  }

  /** The type `name` denotes among types of `kind`. */
  resolve(name: string | undefined, kind: TypeKind): ToscaType | undefined {
    if (name === undefined) return undefined;
    const n = name.trim();
    return this.names.get(kind)?.get(n)?.[0] ?? this.catalog.names.get(kind)?.get(n)?.[0];
  }

  /** Every candidate of `name` in `kind` (more than one means a duplicate definition). */
  candidates(name: string, kind: TypeKind): readonly ToscaType[] {
    const own = this.names.get(kind)?.get(name) ?? [];
    const cat = this.catalog.names.get(kind)?.get(name) ?? [];
    return own.length && cat.length ? [...own, ...cat] : own.length ? own : cat;
  }

  /** Types of any kind `name` denotes (to explain "wrong kind" mistakes). */
  resolveAnyKind(name: string): ToscaType[] {
    const out: ToscaType[] = [];
    const n = name.trim();
    for (const kind of new Set([...this.names.keys(), ...this.catalog.names.keys()])) {
      const hit = this.resolve(n, kind);
      if (hit) out.push(hit);
    }
    return out;
  }

  /** Every name a type of `kind` can be referred to by (for completion and did-you-mean). */
  namesOf(kind: TypeKind): string[] {
    const own = this.names.get(kind);
    const out = [...(own?.keys() ?? [])];
    for (const n of this.catalog.names.get(kind)?.keys() ?? []) if (!own?.has(n)) out.push(n);
    return out;
  }

  parent(t: ToscaType): ToscaType | undefined {
    if (!t.derivedFrom || isEntityRoot(t.derivedFrom)) return undefined;
    const p = this.resolve(t.derivedFrom, t.kind);
    return p === t ? undefined : p;
  }

  /** Ancestors nearest first, cycle-safe (a cycle stops the walk). */
  ancestors(t: ToscaType): ToscaType[] {
    let out = this.ancestorsCache.get(t);
    if (out) return out;
    out = [];
    const seen = new Set<ToscaType>([t]);
    let p = this.parent(t);
    while (p && !seen.has(p)) {
      out.push(p);
      seen.add(p);
      p = this.parent(p);
    }
    this.ancestorsCache.set(t, out);
    return out;
  }

  /** True when the `derived_from` chain of `t` comes back to `t`. */
  inCycle(t: ToscaType): boolean {
    const seen = new Set<ToscaType>();
    let p = this.parent(t);
    while (p && !seen.has(p)) {
      if (p === t) return true;
      seen.add(p);
      p = this.parent(p);
    }
    return false;
  }

  /** True when `t` is `base` or derives from it. */
  isA(t: ToscaType, base: ToscaType | string | undefined): boolean {
    if (!base) return false;
    const b = typeof base === 'string' ? this.resolve(base, t.kind) : base;
    if (!b) return false;
    if (t === b || t.name === b.name) return true;
    return this.ancestors(t).some((a) => a === b || a.name === b.name);
  }

  /** Root-first chain: the ancestors reversed, then the type itself. */
  chain(t: ToscaType): readonly ToscaType[] {
    let out = this.chainCache.get(t);
    if (!out) {
      out = [...this.ancestors(t)].reverse().concat(t);
      this.chainCache.set(t, out);
    }
    return out;
  }

  /**
   * Where the merged members of `t` are kept. A catalog type whose chain holds catalog types only has the same
   * members in every table of its version: its parents resolved to the catalog's own candidates (a file type of
   * one of those names would have come first), and the merge reads nothing but the chain's bodies and the version.
   * The catalog layer keeps those for every document of the version (37 type tables in a check of xOpera's files
   * merged the same normative types 37 times); every other type's, this table.
   */
  private membersOf(t: ToscaType): Members {
    let m = this.members.get(t);
    if (m) return m;
    if (t.source === 'catalog' && this.chain(t).every((x) => x.source === 'catalog')) {
      m = this.catalog.members.get(t);
      if (!m) this.catalog.members.set(t, (m = {}));
    } else m = {};
    this.members.set(t, m);
    return m;
  }

  /**
   * Effective properties: inherited, with refinements merged (the refinement rules Cloudsoft AMP's "TOSCA: Additional
   * Topics" spells out).
   */
  properties(t: ToscaType): ReadonlyMap<string, PropInfo> {
    const m = this.membersOf(t);
    return (m.props ??= this.mergeProps(t, (x) => x.body.properties));
  }

  attributes(t: ToscaType): ReadonlyMap<string, PropInfo> {
    const m = this.membersOf(t);
    return (m.attrs ??= this.mergeProps(t, (x) => x.body.attributes));
  }

  /**
   * TOSCA 1.3 made a redefinition in a derived type a refinement whose constraints add to the
   * inherited ones (§3.6.10); before it, the derived type's definition replaced the parent's, as
   * tosca-parser reads it, so a child may redefine its parent's `valid_values`. Unknown and missing
   * versions are read as 1.3, the catalog they get.
   */
  private get accumulatesConstraints(): boolean {
    return !this.catalogVersion || !/_1_[012]$/.test(this.catalogVersion);
  }

  // Indexed loops here and in the member tables below: the checker runs in V8's interpreter and baseline code,
  // where each step of a `for...of` allocates an iterator result.
  private mergeProps(t: ToscaType, pick: (x: ToscaType) => Omit<PropInfo, 'owner'>[]): Map<string, PropInfo> {
    const out = new Map<string, PropInfo>();
    const chain = this.chain(t);
    for (let i = 0; i < chain.length; i++) {
      const x = chain[i]!;
      const own = pick(x);
      for (let j = 0; j < own.length; j++) {
        const p = own[j]!;
        const prev = out.get(p.name);
        out.set(p.name, prev ? refine(prev, p, x, this.accumulatesConstraints) : { ...p, owner: x });
      }
    }
    return out;
  }

  capabilities(t: ToscaType): ReadonlyMap<string, CapInfo> {
    const m = this.membersOf(t);
    if (m.caps) return m.caps;
    const out = new Map<string, CapInfo>();
    const chain = this.chain(t);
    for (let i = 0; i < chain.length; i++) {
      const x = chain[i]!;
      const own = x.body.capabilities;
      for (let j = 0; j < own.length; j++) {
        const c = own[j]!;
        const prev = out.get(c.name);
        const merged: CapInfo = { ...c, owner: x };
        if (prev) {
          if (!merged.type && prev.type) merged.type = prev.type;
          if (!merged.validSourceTypes && prev.validSourceTypes) merged.validSourceTypes = prev.validSourceTypes;
          if (!merged.occurrences && prev.occurrences) merged.occurrences = prev.occurrences;
          merged.properties = [...prev.properties, ...c.properties];
          merged.attributes = [...prev.attributes, ...c.attributes];
        }
        out.set(c.name, merged);
      }
    }
    m.caps = out;
    return out;
  }

  /** Requirement definitions by name; a redefinition in a derived type replaces the inherited one. */
  requirements(t: ToscaType): ReadonlyMap<string, ReqInfo> {
    const m = this.membersOf(t);
    if (m.reqs) return m.reqs;
    const out = new Map<string, ReqInfo>();
    const chain = this.chain(t);
    for (let i = 0; i < chain.length; i++) {
      const x = chain[i]!;
      const own = x.body.requirements;
      for (let j = 0; j < own.length; j++) {
        const r = own[j]!;
        const prev = out.get(r.name);
        const merged: ReqInfo = { ...r, owner: x };
        if (prev) {
          if (!merged.capability && prev.capability) merged.capability = prev.capability;
          if (!merged.node && prev.node) merged.node = prev.node;
          if (!merged.relationship && prev.relationship) merged.relationship = prev.relationship;
          if (!merged.occurrences && prev.occurrences) merged.occurrences = prev.occurrences;
        }
        out.set(r.name, merged);
      }
    }
    m.reqs = out;
    return out;
  }

  interfaces(t: ToscaType): ReadonlyMap<string, IfaceInfo> {
    const m = this.membersOf(t);
    if (m.ifaces) return m.ifaces;
    const out = new Map<string, IfaceInfo>();
    const chain = this.chain(t);
    for (let k = 0; k < chain.length; k++) {
      const x = chain[k]!;
      const own = x.body.interfaces;
      for (let j = 0; j < own.length; j++) {
        const i = own[j]!;
        const prev = out.get(i.name);
        const merged: IfaceInfo = { ...i, owner: x };
        if (prev) {
          if (!merged.type && prev.type) merged.type = prev.type;
          merged.operations = [...new Set([...prev.operations, ...i.operations])];
          merged.notifications = [...new Set([...prev.notifications, ...i.notifications])];
        }
        out.set(i.name, merged);
      }
    }
    m.ifaces = out;
    return out;
  }

  artifacts(t: ToscaType): ReadonlyMap<string, ArtifactInfo> {
    const m = this.membersOf(t);
    if (m.artifacts) return m.artifacts;
    const out = new Map<string, ArtifactInfo>();
    for (const x of this.chain(t)) for (const a of x.body.artifacts) out.set(a.name, { ...a, owner: x });
    return (m.artifacts = out);
  }

  /** Operations (and notifications) of an interface type, inherited ones included. */
  operations(t: ToscaType): Set<string> {
    const out = new Set<string>();
    for (const x of this.chain(t)) {
      for (const o of x.body.operations) out.add(o);
      for (const o of x.body.notifications) out.add(o);
    }
    return out;
  }

  /** Valid target capability types of a relationship type (nearest declaration wins). */
  validTargetTypes(t: ToscaType): string[] | undefined {
    for (const x of [t, ...this.ancestors(t)]) if (x.body.validTargetTypes) return x.body.validTargetTypes;
    return undefined;
  }

  /**
   * Resolves a property/data type name for value checking: a primitive, a data type (with its
   * primitive root when it derives from one), or a generic `list<...>`/`map<...>`.
   */
  dataType(name: string | undefined, allowGeneric = true): DataTypeInfo | undefined {
    if (name === undefined) return undefined;
    if (!allowGeneric) return this.buildDataType(name, false);
    if (this.dataTypeCache.has(name)) return this.dataTypeCache.get(name);
    const out = this.buildDataType(name, true);
    this.dataTypeCache.set(name, out);
    return out;
  }

  private buildDataType(name: string, allowGeneric: boolean): DataTypeInfo | undefined {
    const prim = primitiveOf(name);
    if (prim) return { primitive: prim, constraints: [] };
    const t = this.resolve(name, 'data');
    if (t) {
      const constraints: ConstraintInfo[] = [];
      let entrySchema: SchemaInfo | undefined;
      let keySchema: SchemaInfo | undefined;
      let primitive: PrimitiveName | undefined;
      const seen = new Set<ToscaType>();
      let cur: ToscaType | undefined = t;
      while (cur && !seen.has(cur)) {
        seen.add(cur);
        constraints.push(...cur.body.constraints);
        entrySchema ??= cur.body.entrySchema;
        keySchema ??= cur.body.keySchema;
        if (cur.derivedFrom) {
          // TOSCA 2.0's `scalar`, `bytes`, `nil` (§9.1): their values are the 2.0 value checks' business, not a
          // mapping of fields.
          const p = V2_ONLY_BUILTINS.has(cur.derivedFrom) ? 'any' : primitiveOf(cur.derivedFrom);
          if (p) {
            primitive = p;
            break;
          }
        }
        cur = this.parent(cur);
      }
      const out: DataTypeInfo = { type: t, constraints };
      if (primitive) out.primitive = primitive;
      if (entrySchema) out.entrySchema = entrySchema;
      if (keySchema) out.keySchema = keySchema;
      return out;
    }
    if (allowGeneric) {
      const g = parseGeneric(name);
      if (g) {
        const out: DataTypeInfo = {
          primitive: g.container,
          constraints: [],
          generic: true,
          entrySchema: { type: g.entry, constraints: [] },
        };
        if (g.key) out.keySchema = { type: g.key, constraints: [] };
        return out;
      }
    }
    return undefined;
  }
}

/**
 * `tosca.entity.Root`: the spec text (1.2 csd01, and the profiles copied from it, e.g. xOpera's
 * stdlib) derives the root types from it without defining it. We read it as "no parent".
 */
export function isEntityRoot(name: string): boolean {
  return name.trim() === 'tosca.entity.Root';
}

/**
 * Merges a refinement `p` (declared by `owner`) over the inherited definition `prev`: the type,
 * `required`, default, value and description are overridden when given; constraints accumulate
 * (1.3), or the redefinition's own replace them (1.0–1.2).
 */
function refine(prev: PropInfo, p: Omit<PropInfo, 'owner'>, owner: ToscaType, accumulate: boolean): PropInfo {
  const constraints = accumulate ? [...prev.constraints, ...p.constraints] : p.constraints;
  const out: PropInfo = { ...prev, owner, constraints };
  if (p.type) out.type = p.type;
  if (p.decl?.required !== undefined || !p.decl) out.required = p.required;
  if (p.hasDefault) {
    out.hasDefault = true;
    out.default = p.default ?? null;
  }
  if (p.hasValue) {
    out.hasValue = true;
    out.value = p.value ?? null;
  }
  if (p.entrySchema) out.entrySchema = p.entrySchema;
  if (p.keySchema) out.keySchema = p.keySchema;
  if (p.description !== undefined) out.description = p.description;
  if (p.status !== undefined) out.status = p.status;
  if (p.decl) out.decl = p.decl;
  return out;
}
