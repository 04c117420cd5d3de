/**
 * Markdown for TOSCA hovers (and completion documentation): types with their derived_from chain,
 * members and spec section; properties, capabilities, requirements, interfaces; templates, inputs.
 */
import { DIALECT_LABELS, isDialectLibraryPath } from '../../model/tosca/dialects.js';
import { specSection } from '../../model/tosca/catalog/index.js';
import type { ToscaModel } from '../../model/tosca/model.js';
import type { TGroup, TNodeTemplate, TPolicy, TPropertyDef, TRelationshipTemplate } from '../../model/tosca/summary.js';
import {
  kindLabel,
  type CapInfo,
  type IfaceInfo,
  type PropInfo,
  type ReqInfo,
  type ToscaType,
} from '../../model/tosca/typeTable.js';
import type { PlainValue } from '../../model/tosca/values.js';
import { relativePath } from '../shared/locations.js';

const MAX_ROWS = 30;

function cell(s: string | undefined): string {
  if (!s) return '';
  const one = s.replace(/\s+/g, ' ').trim();
  return (one.length > 120 ? one.slice(0, 119) + '…' : one).replace(/\|/g, '\\|');
}

export function plain(v: PlainValue | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

function code(s: string): string {
  return '`' + s.replace(/`/g, "'") + '`';
}

/** Where a type comes from: the spec section for normative types, the file for workspace types. */
export function typeOrigin(model: ToscaModel, t: ToscaType): string {
  if (t.normative) {
    const v = model.types.catalogVersion;
    const where = `${v ? `TOSCA Simple Profile ` + `${v.slice(-3).replace('_', '.')} ` : ''}§${specSection(
      t.normative,
      v,
    )}`;
    // Non-normative: known from the spec, but a processor need not support it (tosca-parser knows the Docker
    // types, ARIA all of them; Puccini and xOpera need an imported definition).
    if (t.normative.nonNormative) return `non-normative, ${where}; not built into every processor: import a definition`;
    return `normative, ${where}`;
  }
  if (t.path === model.path) return 'declared in this file';
  if (isDialectLibraryPath(t.path))
    return `built into ${DIALECT_LABELS[model.dialect]} (the \`${model.dialect}\` dialect)`;
  return `declared in ${code(t.path ? relativePath(model.path, t.path) : '?')}${
    t.prefix ? ` (imported with prefix ` + `${code(t.prefix)})` : ''
  }${t.viaImporter ? ', visible through a file that imports this one' : ''}`;
}

function shortName(t: ToscaType): string {
  return t.name;
}

/** Table of effective properties (or attributes), inherited ones included. */
function propTable(title: string, props: ReadonlyMap<string, PropInfo>, t: ToscaType): string | undefined {
  if (!props.size) return undefined;
  const rows = [`| ${title} | Type | Required | Default | Description |`, '|---|---|---|---|---|'];
  let n = 0;
  for (const p of props.values()) {
    if (n++ >= MAX_ROWS) {
      rows.push(`| … ${props.size - MAX_ROWS} more | | | | |`);
      break;
    }
    const type = p.type ? code(p.type + (p.entrySchema?.type ? ` of ${p.entrySchema.type}` : '')) : '';
    const inherited = p.owner !== t ? ` _(${shortName(p.owner)})_` : '';
    const def = p.hasValue ? `= ${code(plain(p.value))}` : p.hasDefault ? code(plain(p.default)) : '';
    rows.push(
      `| ${code(p.name)}${inherited} | ${type} | ${title === 'Attribute' ? '' : p.required ? 'yes' : 'no'} | ` +
        `${cell(def)} | ${cell(p.description)} |`,
    );
  }
  return rows.join('\n');
}

function occ(o: { min: number; max: number | 'UNBOUNDED' } | undefined): string {
  return o ? ` [${o.min}, ${o.max}]` : '';
}

export function capLine(c: CapInfo): string {
  return `${code(c.name)}: ${c.type ? code(c.type) : '?'}${occ(c.occurrences)}${
    c.validSourceTypes?.length ? ` — ` + `sources: ${c.validSourceTypes.map(code).join(', ')}` : ''
  }`;
}

export function reqLine(r: ReqInfo): string {
  const parts = [
    r.capability ? `capability ${code(r.capability)}` : undefined,
    r.node ? `node ${code(r.node)}` : undefined,
    r.relationship ? `relationship ${code(r.relationship)}` : undefined,
  ].filter(Boolean);
  return `${code(r.name)}: ${parts.join(', ') || '?'}${occ(r.occurrences)}`;
}

/** Hover text of a type: kind, origin, chain, description, members. */
export function typeMarkdown(model: ToscaModel, t: ToscaType): string {
  const types = model.types;
  const out: string[] = [];
  out.push(`**${t.name}** — ${kindLabel(t.kind)} (${typeOrigin(model, t)})`);
  const n = t.normative;
  if (n) {
    const aliases = [n.shorthand, n.prefixed !== n.name ? n.prefixed : undefined].filter((x): x is string => !!x);
    if (aliases.length) out.push(`Also written as ${aliases.map(code).join(', ')}`);
  }
  const chain = types.ancestors(t);
  if (t.derivedFrom) {
    const names = [t, ...chain].map((x) => code(x.name));
    const last = chain.length ? chain[chain.length - 1]! : t;
    if (last.derivedFrom && !types.parent(last) && last.derivedFrom !== 'tosca.entity.Root')
      names.push(`${code(last.derivedFrom)}${t.kind === 'data' ? '' : ' (unknown)'}`);
    out.push(`derived_from: ${names.join(' → ')}`);
  }
  if (t.description) out.push(t.description);
  const props = propTable('Property', types.properties(t), t);
  if (props) out.push(props);
  const attrs = propTable('Attribute', types.attributes(t), t);
  if (attrs) out.push(attrs);
  if (t.kind === 'node' || t.kind === 'group') {
    const caps = [...types.capabilities(t).values()];
    if (caps.length) out.push(`Capabilities:\n${caps.map((c) => `- ${capLine(c)}`).join('\n')}`);
    const reqs = [...types.requirements(t).values()];
    if (reqs.length) out.push(`Requirements:\n${reqs.map((r) => `- ${reqLine(r)}`).join('\n')}`);
  }
  const ifaces = [...types.interfaces(t).values()];
  if (ifaces.length)
    out.push(`Interfaces: ${ifaces.map((i) => `${code(i.name)}${i.type ? ` (${code(i.type)})` : ''}`).join(', ')}`);
  if (t.kind === 'interface') {
    const ops = [...types.operations(t)];
    if (ops.length) out.push(`Operations: ${ops.map(code).join(', ')}`);
  }
  if (t.kind === 'relationship') {
    const vt = types.validTargetTypes(t);
    if (vt?.length) out.push(`Valid target types: ${vt.map(code).join(', ')}`);
  }
  if (t.body.validSourceTypes?.length) out.push(`Valid source types: ${t.body.validSourceTypes.map(code).join(', ')}`);
  if (t.body.members?.length) out.push(`Members: ${t.body.members.map(code).join(', ')}`);
  if (t.body.targets?.length) out.push(`Targets: ${t.body.targets.map(code).join(', ')}`);
  if (t.kind === 'data') {
    const info = types.dataType(t.name);
    const facts: string[] = [];
    if (info?.primitive) facts.push(`values are ${code(info.primitive)}s`);
    if (info?.constraints.length)
      facts.push(`constraints: ${info.constraints.map((c) => code(`${c.op}: ${plain(c.value)}`)).join(', ')}`);
    if (facts.length) out.push(facts.join(' · '));
  }
  for (const note of n?.notes ?? []) out.push(`_Note: ${note}_`);
  return out.join('\n\n');
}

/** Hover text of a property (or attribute) definition as it applies to `on`. */
export function propMarkdown(model: ToscaModel, p: PropInfo, attribute: boolean, on: ToscaType, via?: string): string {
  const out: string[] = [];
  const what = attribute ? 'attribute' : 'property';
  out.push(
    `**${p.name}** — ${what} of ` +
      `${via ? `capability ${code(via)} (${code(on.name)})` : code(on.name)}${
        p.owner !== on ? `, defined by ` + `${code(p.owner.name)}` : ''
      }`,
  );
  const facts: string[] = [];
  if (p.type) facts.push(`type ${code(p.type)}${p.entrySchema?.type ? ` of ${code(p.entrySchema.type)}` : ''}`);
  if (!attribute) facts.push(p.required ? 'required' : 'optional');
  if (p.hasValue) facts.push(`fixed value ${code(plain(p.value))}`);
  else if (p.hasDefault) facts.push(`default ${code(plain(p.default))}`);
  if (p.status) facts.push(p.status);
  if (facts.length) out.push(facts.join(' · '));
  if (p.constraints.length)
    out.push(`Constraints: ${p.constraints.map((c) => code(`${c.op}: ${plain(c.value)}`)).join(', ')}`);
  if (p.description) out.push(p.description);
  return out.join('\n\n');
}

export function capMarkdown(c: CapInfo, on: ToscaType): string {
  return [
    `**${c.name}** — capability of ${code(on.name)}${c.owner !== on ? `, defined by ${code(c.owner.name)}` : ''}`,
    capLine(c),
    ...(c.description ? [c.description] : []),
  ].join('\n\n');
}

export function reqMarkdown(r: ReqInfo, on: ToscaType): string {
  return [
    `**${r.name}** — requirement of ${code(on.name)}${r.owner !== on ? `, defined by ${code(r.owner.name)}` : ''}`,
    reqLine(r),
    ...(r.description ? [r.description] : []),
  ].join('\n\n');
}

export function ifaceMarkdown(model: ToscaModel, i: IfaceInfo, on: ToscaType, ops: Iterable<string>): string {
  const list = [...ops];
  return [
    `**${i.name}** — interface of ${code(on.name)}${i.type ? ` (type ${code(i.type)})` : ''}`,
    ...(list.length ? [`Operations: ${list.map(code).join(', ')}`] : []),
  ].join('\n\n');
}

export function operationMarkdown(name: string, iface: ToscaType | undefined, description: string | undefined): string {
  return [
    `**${name}** — operation${iface ? ` of interface type ${code(iface.name)}` : ''}`,
    ...(description ? [description] : []),
  ].join('\n\n');
}

export function inputMarkdown(i: TPropertyDef): string {
  const facts: string[] = [];
  if (i.type) facts.push(`type ${code(i.type.name)}`);
  facts.push(i.required === false ? 'optional' : 'required');
  if (i.hasDefault) facts.push(`default ${code(plain(i.default))}`);
  return [
    `**${i.name}** — input of this topology template`,
    facts.join(' · '),
    ...(i.description ? [i.description] : []),
  ].join('\n\n');
}

type AnyTemplate = TNodeTemplate | TRelationshipTemplate | TGroup | TPolicy;

export function templateMarkdown(
  model: ToscaModel,
  t: AnyTemplate,
  kind: 'node' | 'relationship' | 'group' | 'policy',
): string {
  const label = { node: 'node template', relationship: 'relationship template', group: 'group', policy: 'policy' }[
    kind
  ];
  const type = model.types.resolve(t.type?.name, kind);
  const out = [`**${t.name}** — ${label}${t.type ? ` of type ${code(t.type.name)}` : ''}`];
  if (t.description) out.push(t.description);
  if (type) {
    if (type.description) out.push(`_${type.name}_: ${type.description}`);
    if (kind === 'node') {
      const caps = [...model.types.capabilities(type).keys()];
      if (caps.length) out.push(`Capabilities: ${caps.map(code).join(', ')}`);
    }
  }
  return out.join('\n\n');
}
