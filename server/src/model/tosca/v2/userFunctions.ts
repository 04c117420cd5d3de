/**
 * Function definitions of TOSCA Version 2.0 (`functions:`, §10.4): read from a file into its
 * summary (so that an importer sees them without the imported file's tree), and the functions a
 * document can call: its own (top level and `service_template`), then those of every file of its
 * import closure under that file's namespace (`$ns:name`, nested as `$a:b:name`, §6.8.4). The
 * rules check calls against these signatures; hover and completion show them.
 */
import { asMap, asScalar, asSeq, entries, getIn, type YNode } from '../../../syntax/tree.js';
import type { Span } from '../../../syntax/positions.js';
import type { ToscaModel } from '../model.js';

/** One signature: how many arguments and of which declared type (`integer`, `{ type: integer }`). */
export interface TFunctionSignature {
  required: number;
  optional: number;
  variadic: boolean;
  /** Argument types (required, then optional) as written; undefined when not a type name. */
  types: (string | undefined)[];
  /** The declared result type, when it names one. */
  result?: string;
}

/** A function definition as written in one file. */
export interface TFunctionDecl {
  name: string;
  keySpan: Span;
  description?: string;
  signatures: TFunctionSignature[];
  /** Declared in `service_template` (seen by this file only, never by importers). */
  serviceTemplate?: boolean;
}

function typeName(n: YNode | null | undefined): string | undefined {
  const t = asScalar(n)?.value ?? asScalar(getIn(n ?? null, 'type'))?.value;
  return typeof t === 'string' ? t : undefined;
}

function signatureOf(n: YNode): TFunctionSignature | undefined {
  const m = asMap(n);
  if (!m) return undefined;
  const args = asSeq(getIn(m, 'arguments'))?.items ?? [];
  const optional = asSeq(getIn(m, 'optional_arguments'))?.items ?? [];
  const sig: TFunctionSignature = {
    required: args.length,
    optional: optional.length,
    variadic: asScalar(getIn(m, 'variadic'))?.value === true,
    types: [...args, ...optional].map(typeName),
  };
  const result = typeName(getIn(m, 'result'));
  if (result) sig.result = result;
  return sig;
}

/** The function definitions of a file's tree: top level, then `service_template` (never throws). */
export function functionDeclsOf(root: YNode | null): TFunctionDecl[] {
  // Every TOSCA file of a cold build comes here, almost all without functions: no lists built for the two sections.
  const out: TFunctionDecl[] = [];
  addFunctionDecls(out, getIn(root, 'functions'), false);
  addFunctionDecls(out, getIn(root, 'service_template', 'functions'), true);
  return out;
}

function addFunctionDecls(out: TFunctionDecl[], section: YNode | null, inService: boolean): void {
  for (const p of entries(asMap(section))) {
    if (p.key.text.trim() === '') continue;
    const d: TFunctionDecl = { name: p.key.text, keySpan: p.key.span, signatures: [] };
    const description = asScalar(getIn(p.value, 'description'))?.value;
    if (typeof description === 'string') d.description = description;
    for (const s of asSeq(getIn(p.value, 'signatures'))?.items ?? []) {
      const sig = signatureOf(s);
      if (sig) d.signatures.push(sig);
    }
    if (inService) d.serviceTemplate = true;
    out.push(d);
  }
}

/** A function a document can call, by the name it calls it (`name`, or `ns:name` for an import's). */
export interface VisibleFunction {
  /** The name in calls, namespace included, without the `$`. */
  name: string;
  /** The file that declares it, and the declaration's key there. */
  path: string;
  keySpan: Span;
  description?: string;
  signatures: TFunctionSignature[];
  /** Declared in the document itself (not imported). */
  local: boolean;
}

/**
 * The functions a document's calls can name: its own, then those of its import closure (the one
 * closure of model.ts, namespaces included) in closure order; the first declaration of a name wins,
 * and a service template's refinements add their signatures to the definition they refine.
 */
export function visibleFunctions(model: ToscaModel): Map<string, VisibleFunction> {
  const out = new Map<string, VisibleFunction>();
  model.closure.files.forEach((f, i) => {
    const local = i === 0;
    for (const d of f.summary.functions ?? []) {
      if (!local && d.serviceTemplate) continue;
      const name = f.prefix ? `${f.prefix}:${d.name}` : d.name;
      const prev = out.get(name);
      if (prev) {
        if (prev.path === f.path && local) prev.signatures.push(...d.signatures);
        continue;
      }
      const v: VisibleFunction = { name, path: f.path, keySpan: d.keySpan, signatures: [...d.signatures], local };
      if (d.description !== undefined) v.description = d.description;
      out.set(name, v);
    }
  });
  return out;
}

/** A signature as one line: `[ integer, string? ... ] -> integer`. */
export function signatureText(s: TFunctionSignature): string {
  const args = s.types.map((t, i) => `${t ?? 'any'}${i >= s.required ? '?' : ''}`);
  if (s.variadic && args.length) args[args.length - 1] += ' ...';
  if (s.variadic && !args.length) args.push('any ...');
  return `[ ${args.join(', ')} ]${s.result ? ` → ${s.result}` : ''}`;
}

/** The completion snippet after `$` for a function: its first signature's required arguments as placeholders. */
export function functionSnippet(f: Pick<VisibleFunction, 'name' | 'signatures'>): string {
  const s = f.signatures[0];
  const n = s ? s.required + (s.required === 0 && (s.optional > 0 || s.variadic) ? 1 : 0) : 1;
  if (n === 0) return `${f.name}: [ ]`;
  const names = Array.from({ length: n }, (_, i) => {
    const t = s?.types[i];
    return `\${${i + 1}${t && /^[\w.:-]+$/.test(t) ? `:${t}` : ''}}`;
  });
  return `${f.name}: [ ${names.join(', ')} ]`;
}
