/** Hover in TOSCA documents: types, templates, inputs, members, imports, functions, keywords, keynames. */
import { builtinSol001Version } from '../../model/tosca/sol001/builtin.js';
import { GRAMMAR } from '../../model/tosca/grammar.js';
import { primitiveOf } from '../../model/tosca/primitives.js';
import type { FeatureContext, Hover } from '../types.js';
import { relativePath } from '../shared/locations.js';
import { constraintMarkdown, functionMarkdown, keywordMarkdown, PRIMITIVE_DOCS, versionMarkdown } from './docs.js';
import {
  capMarkdown,
  ifaceMarkdown,
  inputMarkdown,
  operationMarkdown,
  propMarkdown,
  reqMarkdown,
  templateMarkdown,
  typeMarkdown,
} from './markdown.js';
import { toscaModelOf } from './model.js';
import { cloudifyHover, isCloudifyDocument } from './cloudifyNav.js';
import { grammarById, grammarOf } from '../../model/tosca/grammars.js';
import { tosca2Hover } from './functions2.js';
import { scalarHover } from './scalarUnits.js';
import { toscaTargetAt, type ToscaTarget } from './targets.js';

export function hover(ctx: FeatureContext, offset: number): Hover | undefined {
  if (isCloudifyDocument(ctx)) {
    const h = cloudifyHover(ctx, offset);
    if (h) return h;
  }
  if (grammarOf(toscaModelOf(ctx).version).id === '2_0') {
    const h = tosca2Hover(ctx, offset) ?? scalarHover(ctx, offset);
    if (h) return h;
  }
  const t = toscaTargetAt(ctx, offset);
  if (!t) return undefined;
  const md = markdownOf(ctx, t);
  return md ? { contents: { kind: 'markdown', value: md }, range: ctx.doc.lines.rangeOf(t.origin) } : undefined;
}

function markdownOf(ctx: FeatureContext, t: ToscaTarget): string | undefined {
  const model = toscaModelOf(ctx);
  switch (t.kind) {
    case 'type':
      return typeMarkdown(model, t.type);
    case 'primitive': {
      const p = primitiveOf(t.name) ?? t.name;
      return `**${t.name}** — primitive type\n\n${PRIMITIVE_DOCS[t.name] ?? PRIMITIVE_DOCS[p] ?? ''}`.trim();
    }
    case 'function':
      return functionMarkdown(t.name);
    case 'keyword': {
      const e = t.entity;
      let resolved: string | undefined;
      const open = e?.hostsOpen ? ['a host the orchestrator picks (a HostedOn requirement left to it)'] : [];
      if (e?.hosts && e.hosts.length + open.length)
        resolved = `Here: ${[...e.hosts.map((h) => `\`${h.node.name}\` (\`${h.type.name}\`)`), ...open].join(' → ')}`;
      else if (e?.node)
        resolved = `Here: node template \`${e.node.name}\`${e.type ? ` of type \`${e.type.name}\`` : ''}`;
      else if (e?.type) resolved = `Here: an instance of \`${e.type.name}\``;
      return keywordMarkdown(t.name, resolved);
    }
    case 'keyname': {
      const s = t.spec;
      const version = [
        s.since ? `since ${grammarById(s.since).name}` : '',
        s.until ? `up to ${grammarById(s.until).name}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return [
        `**${t.key}** — keyname of a ` +
          `${GRAMMAR[t.construct]?.label ?? t.construct.replace(/_/g, ' ')}${s.required ? ' (required)' : ''}${version ? ` (${version})` : ''}`,
        s.doc ?? '',
      ]
        .filter(Boolean)
        .join('\n\n');
    }
    case 'constraint':
      return constraintMarkdown(t.op);
    case 'version':
      return versionMarkdown(t.text) ?? `**${t.text}** — not a TOSCA version this server knows.`;
    case 'input':
      return inputMarkdown(t.input);
    case 'template':
      return templateMarkdown(model, t.template, t.templateKind);
    case 'property':
      return propMarkdown(model, t.prop, t.attribute, t.on, t.via);
    case 'capability':
      return capMarkdown(t.cap, t.on);
    case 'requirement':
      return reqMarkdown(t.req, t.on);
    case 'interface':
      return ifaceMarkdown(model, t.iface, t.on, t.ops);
    case 'operation':
      return operationMarkdown(t.name, t.ifaceType, t.description);
    case 'artifact':
      return `**${t.name}** — artifact${
        t.type ? ` of type ` + `\`${t.type}\`` : ''
      }${t.decl?.file ? `\n\nfile: \`${t.decl.file.name}\`` : ''}`;
    case 'import': {
      const s = t.status;
      const file = t.imp.file?.name ?? t.imp.profile?.name ?? '';
      if (!s) return `**import** \`${file}\``;
      switch (s.kind) {
        case 'ok': {
          const sol001 = builtinSol001Version(s.path);
          if (sol001)
            return (
              `**import** \`${file}\`\n\n→ the built-in type file of ETSI GS NFV-SOL 001 v${sol001} ` +
              `(never downloaded)${s.builtinFallback ? '; the package does not ship it' : ''}.`
            );
          const via = !s.mapped
            ? ''
            : s.mapped.by === 'repository'
              ? ` (this checkout of \`${s.mapped.prefix}\`; never downloaded)`
              : ` (the import map \`${s.mapped.prefix}\`; never downloaded)`;
          return `**import** \`${file}\`\n\n→ \`${relativePath(ctx.doc.path, s.path)}\`${via}`;
        }
        case 'missing':
          return (
            `**import** \`${file}\`\n\nNot found (tried ` +
            `${s.tried.map((x) => `\`${relativePath(ctx.doc.path, x)}\``).join(', ')}).`
          );
        case 'remote':
          return `**import** \`${file}\`\n\nA remote URL: never fetched, so its types are unknown here.`;
        case 'unknown-repository':
          return `**import** \`${file}\`\n\nRepository \`${s.repository}\` is not defined in \`repositories\`.`;
        case 'profile-unresolved':
          return `**import** \`${file}\`\n\nNo workspace file declares the namespace \`${s.name}\`.`;
        default:
          return `**import** \`${file}\``;
      }
    }
  }
}
