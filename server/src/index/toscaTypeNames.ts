/**
 * Type name resolution for one file from summaries alone: what a written type name denotes in a
 * file, by the rules of the file's type table (`TypeTable`: file types in closure order, first
 * declaration wins, `prefix:Name` / `prefix.Name` for files imported with a namespace prefix, the
 * `short_name` alias; then the normative catalog of the file's version). Cross-file references use
 * it instead of building a type table for every file that mentions a name.
 */
import {
  findNormativeType,
  type NormativeType,
  type ToscaVersion,
  type TypeKind,
} from '../model/tosca/catalog/index.js';
import type { TTypeDecl } from '../model/tosca/summary.js';
import { declNames, isEntityRoot, type ToscaType } from '../model/tosca/typeTable.js';
import type { VisibleFile } from './toscaVisibility.js';

/** Identity of a file type across documents (each document has its own type table). */
export function fileTypeKey(kind: string, path: string, name: string): string {
  return `type:${kind}:${path}#${name}`;
}

export function normativeTypeKey(kind: string, name: string): string {
  return `type:${kind}:@${name}`;
}

export function typeKey(t: ToscaType): string {
  return t.normative ? normativeTypeKey(t.kind, t.normative.name) : fileTypeKey(t.kind, t.path ?? '', t.name);
}

export interface ResolvedType {
  key: string;
  kind: TypeKind;
  /** A file type: its declaration and file. */
  decl?: TTypeDecl;
  path?: string;
  normative?: NormativeType;
}

/** Type names of some files, in resolution order: the first declaration of a name wins. */
export class NameTable {
  static readonly EMPTY = new NameTable([]);
  private readonly names = new Map<TypeKind, Map<string, ResolvedType>>();

  constructor(files: readonly VisibleFile[]) {
    for (const f of files) {
      for (const d of f.summary.types) {
        const r: ResolvedType = { key: fileTypeKey(d.kind, f.path, d.name), kind: d.kind, decl: d, path: f.path };
        // The names a type table gives the declaration (typeTable.ts), so both resolve alike.
        for (const n of declNames(d, f.prefix)) this.add(r, n.name);
      }
    }
  }

  private add(r: ResolvedType, name: string): void {
    let m = this.names.get(r.kind);
    if (!m) this.names.set(r.kind, (m = new Map()));
    // A later declaration of a name is a duplicate (the rules report it); the first one is the type.
    if (!m.has(name)) m.set(name, r);
  }

  get(kind: TypeKind, name: string): ResolvedType | undefined {
    return this.names.get(kind)?.get(name);
  }
}

/** Catalog lookups by version, kind and name: the same few names recur in every file. */
export type CatalogCache = Map<string, NormativeType | null>;

/** What type names denote in one file: its own types, then the files it sees, then the catalog. */
export class FileTypeNames {
  constructor(
    private readonly catalog: ToscaVersion | undefined,
    private readonly own: NameTable,
    private readonly seen: NameTable,
    private readonly catalogCache: CatalogCache = new Map(),
  ) {}

  private normative(name: string, kind: TypeKind): NormativeType | undefined {
    if (!this.catalog) return undefined;
    const k = `${this.catalog}\u0000${kind}\u0000${name}`;
    let hit = this.catalogCache.get(k);
    if (hit === undefined) this.catalogCache.set(k, (hit = findNormativeType(name, this.catalog, kind) ?? null));
    return hit ?? undefined;
  }

  /** What `name` denotes as a type of one of `kinds` (tried in order), or undefined. */
  resolve(name: string | undefined, kinds: readonly TypeKind[]): ResolvedType | undefined {
    if (name === undefined) return undefined;
    const n = name.trim();
    for (const k of kinds) {
      const f = this.own.get(k, n) ?? this.seen.get(k, n);
      if (f) return f;
      const c = this.normative(n, k);
      if (c) return { key: normativeTypeKey(k, c.name), kind: k, normative: c };
    }
    return undefined;
  }

  private parent(t: ResolvedType): ResolvedType | undefined {
    const written = t.decl ? t.decl.derivedFrom?.name : t.normative?.derivedFrom;
    if (!written || isEntityRoot(written)) return undefined;
    const p = this.resolve(written, [t.kind]);
    return p && p.key !== t.key ? p : undefined;
  }

  /** `t` and its ancestors, nearest first (cycle-safe). */
  chain(t: ResolvedType): ResolvedType[] {
    const out = [t];
    const seen = new Set([t.key]);
    for (let p = this.parent(t); p && !seen.has(p.key); p = this.parent(p)) {
      out.push(p);
      seen.add(p.key);
    }
    return out;
  }

  /** True when `t` is the type with identity `key` or derives from it. */
  isA(t: ResolvedType, key: string): boolean {
    return this.chain(t).some((x) => x.key === key);
  }

  /** Capability names of a node type, inherited ones included. */
  capabilityNames(t: ResolvedType): Set<string> {
    const out = new Set<string>();
    for (const x of this.chain(t)) {
      for (const c of x.decl?.capabilities ?? []) out.add(c.name);
      for (const c of Object.keys(x.normative?.capabilities ?? {})) out.add(c);
    }
    return out;
  }
}
