/**
 * Typed per-file summaries of LM descriptors and lmproject files, with source spans.
 *
 * Summaries are plain JSON (no class instances, no tree nodes) so the index can persist them and
 * load them back on the next start without re-reading the files.
 */
import type { Span } from '../../syntax/positions.js';
import {
  asMap,
  asScalar,
  asSeq,
  deref,
  get,
  getPair,
  pairSpan,
  scalarText,
  type YMap,
  type YNode,
  type YPair,
} from '../../syntax/tree.js';

export interface Decl {
  name: string;
  /** Span of the key. */
  keySpan: Span;
  /** Span of the whole entry (key to end of value). */
  span: Span;
}

export interface PropertyDecl extends Decl {
  type?: string;
  description?: string;
  /** Display text of the default (scalars as written, collections as compact YAML-ish text). */
  default?: string;
  value?: string;
  valueSpan?: Span;
  required?: boolean;
  readOnly?: boolean;
}

export interface ComponentDecl extends Decl {
  section: 'composition' | 'references';
  type?: string;
  typeSpan?: Span;
  properties: PropertyDecl[];
  cluster: boolean;
  items?: string;
}

export interface TypedDecl extends Decl {
  type?: string;
}

export interface OperationDecl extends Decl {
  description?: string;
  /** Assemblies publish operations with `source-operation: <component>.<op>`. */
  sourceOperation?: string;
  properties: PropertyDecl[];
}

export interface DescriptorSummary {
  kind: 'assembly' | 'resource' | 'assembly-template' | 'type';
  /** The `name:` written in the file, if any. */
  explicitName?: { text: string; span: Span };
  description?: string;
  properties: PropertyDecl[];
  privateProperties: PropertyDecl[];
  components: ComponentDecl[];
  relationships: Decl[];
  operations: OperationDecl[];
  capabilities: TypedDecl[];
  requirements: TypedDecl[];
  metrics: TypedDecl[];
  policies: TypedDecl[];
  dataTypes: TypedDecl[];
  transitions: Decl[];
}

export interface SubprojectDecl extends Decl {
  type?: string;
  resourceManager?: string;
  directory: string;
  contains: SubprojectDecl[];
  /** A schema 1.0 `vnfcs.definitions` entry, which lmctl rewrites into this `contains` entry. */
  fromVnfcs?: true;
}

export interface LmProjectSummary {
  kind: 'lmproject';
  schema?: string;
  name?: string;
  nameSpan?: Span;
  version?: string;
  type?: string;
  resourceManager?: string;
  contains: SubprojectDecl[];
}

function decl(p: YPair): Decl {
  return { name: p.key.text, keySpan: p.key.span, span: pairSpan(p) };
}

/** Short display text of a value: scalars as written, collections in compact flow form. */
export function displayValue(n: YNode | null, budget = 80): string | undefined {
  const v = deref(n);
  if (!v) return undefined;
  if (v.kind === 'scalar') return v.value === null ? 'null' : v.text;
  const parts: string[] = [];
  let len = 0;
  if (v.kind === 'seq') {
    for (const it of v.items) {
      const t = displayValue(it, 30) ?? '';
      parts.push(t);
      len += t.length + 2;
      if (len > budget) {
        parts.push('…');
        break;
      }
    }
    return `[${parts.join(', ')}]`;
  }
  if (v.kind === 'map') {
    for (const p of v.pairs) {
      const t = `${p.key.text}: ${displayValue(p.value, 30) ?? ''}`;
      parts.push(t);
      len += t.length + 2;
      if (len > budget) {
        parts.push('…');
        break;
      }
    }
    return `{${parts.join(', ')}}`;
  }
  return undefined;
}

// The declarations below are read by module functions over loops, not by closures made per call: every file of a
// cold build is summarised (and the tsx-run bench gives each closure it makes a name, a property definition).

export function propertyDecls(section: YNode | null): PropertyDecl[] {
  const m = asMap(section);
  if (!m) return [];
  const out: PropertyDecl[] = [];
  for (const p of m.pairs) out.push(propertyDeclOf(p));
  return out;
}

function propertyDeclOf(p: YPair): PropertyDecl {
  const d: PropertyDecl = decl(p);
  const body = asMap(p.value);
  if (!body) return d;
  // One walk over the body's keys instead of a lookup per key (the cold index summarises every
  // property of every descriptor); the last of duplicated keys wins, as `get` reads them.
  let typePair: YPair | undefined;
  let descriptionPair: YPair | undefined;
  let defPair: YPair | undefined;
  let valPair: YPair | undefined;
  let reqPair: YPair | undefined;
  let roPair: YPair | undefined;
  for (const q of body.pairs) {
    switch (q.key.text) {
      case 'type':
        typePair = q;
        break;
      case 'description':
        descriptionPair = q;
        break;
      case 'default':
        defPair = q;
        break;
      case 'value':
        valPair = q;
        break;
      case 'required':
        reqPair = q;
        break;
      case 'read-only':
        roPair = q;
        break;
    }
  }
  // Fields set in this order whatever the keys' order: the summary's JSON stays the same.
  const type = scalarText(typePair?.value);
  if (type !== undefined) d.type = type;
  const description = scalarText(descriptionPair?.value);
  if (description !== undefined) d.description = description;
  if (defPair) d.default = displayValue(defPair.value) ?? 'null';
  if (valPair) {
    const vs = asScalar(valPair.value);
    d.value = displayValue(valPair.value) ?? '';
    if (vs) d.valueSpan = vs.span;
  }
  const req = asScalar(reqPair?.value);
  if (req && typeof req.value === 'boolean') d.required = req.value;
  const ro = asScalar(roPair?.value);
  if (ro && typeof ro.value === 'boolean') d.readOnly = ro.value;
  return d;
}

function typedDecls(section: YNode | null, typeKey = 'type'): TypedDecl[] {
  const m = asMap(section);
  if (!m) return [];
  const out: TypedDecl[] = [];
  for (const p of m.pairs) {
    const d: TypedDecl = decl(p);
    const t = scalarText(get(asMap(p.value), typeKey));
    if (t !== undefined) d.type = t;
    out.push(d);
  }
  return out;
}

function componentDecls(section: YNode | null, kind: 'composition' | 'references'): ComponentDecl[] {
  const m = asMap(section);
  if (!m) return [];
  const out: ComponentDecl[] = [];
  for (const p of m.pairs) out.push(componentDeclOf(p, kind));
  return out;
}

function componentDeclOf(p: YPair, kind: 'composition' | 'references'): ComponentDecl {
  const body = asMap(p.value);
  const typeNode = asScalar(get(body, 'type'));
  const c: ComponentDecl = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    section: kind,
    properties: propertyDecls(get(body, 'properties')),
    cluster: !!getPair(body, 'cluster'),
  };
  if (typeNode && typeNode.value !== null) {
    c.type = typeNode.text;
    c.typeSpan = typeNode.span;
  }
  const items = scalarText(get(body, 'items'));
  if (items !== undefined) c.items = items;
  return c;
}

function operationDecls(section: YNode | null): OperationDecl[] {
  const m = asMap(section);
  if (!m) return [];
  const out: OperationDecl[] = [];
  for (const p of m.pairs) out.push(operationDeclOf(p));
  return out;
}

function operationDeclOf(p: YPair): OperationDecl {
  const body = asMap(p.value);
  const o: OperationDecl = {
    name: p.key.text,
    keySpan: p.key.span,
    span: pairSpan(p),
    properties: propertyDecls(get(body, 'properties')),
  };
  const d = scalarText(get(body, 'description'));
  if (d !== undefined) o.description = d;
  const so = scalarText(get(body, 'source-operation'));
  if (so !== undefined) o.sourceOperation = so;
  return o;
}

function mapDecls(section: YNode | null): Decl[] {
  const m = asMap(section);
  if (!m) return [];
  return m.pairs.map(decl);
}

/** Summarises an assembly/resource/template/type descriptor from its tree. */
export function summariseDescriptor(kind: DescriptorSummary['kind'], root: YNode | null): DescriptorSummary {
  const m = asMap(root);
  // One walk over the top-level keys, not a lookup of each section (each a walk of them all); the last of
  // duplicated keys wins, as `get` reads them.
  const at = new SectionValues();
  if (m) for (const p of m.pairs) at.take(p);
  const s: DescriptorSummary = {
    kind,
    properties: propertyDecls(at.properties),
    privateProperties: propertyDecls(at.privateProperties),
    components: [...componentDecls(at.composition, 'composition'), ...componentDecls(at.references, 'references')],
    relationships: mapDecls(at.relationships),
    operations: operationDecls(at.operations),
    capabilities: typedDecls(at.capabilities),
    requirements: typedDecls(at.requirements),
    metrics: typedDecls(at.metrics),
    policies: typedDecls(at.policies),
    dataTypes: typedDecls(at.dataTypes, 'derived-from'),
    transitions: lifecycleDecls(at.lifecycle),
  };
  const name = asScalar(at.name);
  if (name && name.value !== null) s.explicitName = { text: name.text, span: name.span };
  const d = scalarText(at.description);
  if (d !== undefined) s.description = d;
  return s;
}

/** What the index's header of a descriptor reads of its summary (`descriptorSymbols`, its types). A summary is one. */
export interface DescriptorHeadline {
  explicitName?: { text: string; span: Span };
  components: { name: string; keySpan: Span; section: 'composition' | 'references'; type?: string }[];
}

/**
 * `summariseDescriptor`'s headline: its explicit name and its components' names and types, by the same code (what a
 * cold build needs before ready of a file whose summary it holds as the file's text).
 */
export function summariseDescriptorHeadline(root: YNode | null): DescriptorHeadline {
  const m = asMap(root);
  const at = new SectionValues();
  if (m) for (const p of m.pairs) at.take(p);
  const s: DescriptorHeadline = { components: [] };
  addComponentHeadlines(s.components, at.composition, 'composition');
  addComponentHeadlines(s.components, at.references, 'references');
  const name = asScalar(at.name);
  if (name && name.value !== null) s.explicitName = { text: name.text, span: name.span };
  return s;
}

/** `componentDecls`'s name, key and type of each component of a section. */
function addComponentHeadlines(
  out: DescriptorHeadline['components'],
  section: YNode | null,
  kind: 'composition' | 'references',
): void {
  const m = asMap(section);
  if (!m) return;
  for (const p of m.pairs) {
    const c: DescriptorHeadline['components'][number] = { name: p.key.text, keySpan: p.key.span, section: kind };
    const typeNode = asScalar(get(asMap(p.value), 'type'));
    if (typeNode && typeNode.value !== null) c.type = typeNode.text;
    out.push(c);
  }
}

/** The values of a descriptor's top-level sections, as `get` gives them (null when absent). */
class SectionValues {
  properties: YNode | null = null;
  privateProperties: YNode | null = null;
  composition: YNode | null = null;
  references: YNode | null = null;
  relationships: YNode | null = null;
  operations: YNode | null = null;
  capabilities: YNode | null = null;
  requirements: YNode | null = null;
  metrics: YNode | null = null;
  policies: YNode | null = null;
  dataTypes: YNode | null = null;
  lifecycle: YNode | null = null;
  name: YNode | null = null;
  description: YNode | null = null;

  take(p: YPair): void {
    switch (p.key.text) {
      case 'properties':
        this.properties = p.value;
        break;
      case 'private-properties':
        this.privateProperties = p.value;
        break;
      case 'composition':
        this.composition = p.value;
        break;
      case 'references':
        this.references = p.value;
        break;
      case 'relationships':
        this.relationships = p.value;
        break;
      case 'operations':
        this.operations = p.value;
        break;
      case 'capabilities':
        this.capabilities = p.value;
        break;
      case 'requirements':
        this.requirements = p.value;
        break;
      case 'metrics':
        this.metrics = p.value;
        break;
      case 'policies':
        this.policies = p.value;
        break;
      case 'data-types':
        this.dataTypes = p.value;
        break;
      case 'lifecycle':
        this.lifecycle = p.value;
        break;
      case 'name':
        this.name = p.value;
        break;
      case 'description':
        this.description = p.value;
    }
  }
}

/** Lifecycle transitions in either the map form or the legacy list form. */
function lifecycleDecls(n: YNode | null): Decl[] {
  const m = asMap(n);
  if (m) return m.pairs.map(decl);
  const seq = asSeq(n);
  if (!seq) return [];
  const out: Decl[] = [];
  for (const it of seq.items) {
    const s = asScalar(it);
    if (s && s.value !== null) out.push({ name: s.text, keySpan: s.span, span: s.span });
  }
  return out;
}

function subprojects(n: YNode | null): SubprojectDecl[] {
  const seq = asSeq(n);
  if (!seq) return [];
  const out: SubprojectDecl[] = [];
  for (const it of seq.items) {
    const m = asMap(it);
    if (!m) continue;
    const nameNode = asScalar(get(m, 'name'));
    const name = nameNode && nameNode.value !== null ? nameNode.text : '';
    const first = m.pairs[0];
    const sp: SubprojectDecl = {
      name,
      keySpan: nameNode ? nameNode.span : first ? first.key.span : m.span,
      span: m.span,
      directory: scalarText(get(m, 'directory')) ?? name,
      contains: subprojects(get(m, 'contains')),
    };
    const t = scalarText(get(m, 'type'));
    if (t !== undefined) sp.type = t;
    const rm = scalarText(get(m, 'resource-manager'));
    if (rm !== undefined) sp.resourceManager = rm;
    out.push(sp);
  }
  return out;
}

/** True for a project file lmctl reads as schema 1.0 (no `schema`, or `1.0`) and rewrites before using it. */
export function isLegacyProjectSchema(schema: string | undefined): boolean {
  return schema === undefined || schema === '1.0' || schema === '1';
}

/**
 * What lmctl's schema 1.0 rewrite (`ProjectConfigRewriter`) makes of `vnfcs.definitions`: one Resource
 * subproject per definition, managed by the Ansible RM, in the definition's `directory` (default: its name).
 */
function vnfcSubprojects(m: YMap | null): SubprojectDecl[] {
  const out: SubprojectDecl[] = [];
  for (const d of asMap(get(asMap(get(m, 'vnfcs')), 'definitions'))?.pairs ?? []) {
    out.push({
      name: d.key.text,
      keySpan: d.key.span,
      span: pairSpan(d),
      directory: scalarText(get(asMap(d.value), 'directory')) ?? d.key.text,
      contains: [],
      type: 'Resource',
      resourceManager: 'ansible-rm',
      fromVnfcs: true,
    });
  }
  return out;
}

export function summariseLmProject(root: YNode | null): LmProjectSummary {
  const m: YMap | null = asMap(root);
  const s: LmProjectSummary = { kind: 'lmproject', contains: subprojects(get(m, 'contains')) };
  // lmctl reads a schema 1.0 file only after rewriting it, `vnfcs` turned into `contains` entries (appended).
  if (isLegacyProjectSchema(scalarText(get(m, 'schema')))) s.contains.push(...vnfcSubprojects(m));
  const nameNode = asScalar(get(m, 'name'));
  if (nameNode && nameNode.value !== null) {
    s.name = nameNode.text;
    s.nameSpan = nameNode.span;
  }
  const schema = scalarText(get(m, 'schema'));
  if (schema !== undefined) s.schema = schema;
  const version = scalarText(get(m, 'version'));
  if (version !== undefined) s.version = version;
  const type = scalarText(get(m, 'type'));
  if (type !== undefined) s.type = type;
  const rm = scalarText(get(m, 'resource-manager'));
  if (rm !== undefined) s.resourceManager = rm;
  return s;
}

/** Every property-like declaration a reference `${x}` can resolve to at the top level. */
export function topLevelProperties(s: DescriptorSummary): PropertyDecl[] {
  return s.privateProperties.length ? [...s.properties, ...s.privateProperties] : s.properties;
}
