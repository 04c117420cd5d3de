/**
 * What the index's header keeps of a TOSCA file (`toscaSymbols` and `importFactsOf` of its summary), read straight
 * from the file's tree. A cold build needs nothing else of a TOSCA file it holds as its text, and every file of a
 * 2,000-file workspace comes here in a fresh process: building the summary's headline objects first, then the
 * header from them, cost about a quarter of such a build's CPU (V8 optimised that generic walk, with the
 * summary's readers inlined, once per process). This walk reads the same keys by the same rules and builds
 * only the header's own arrays and objects; `test/index/headlines.test.ts` holds it to the summary's header.
 */
import {
  asMap,
  asScalar,
  asSeq,
  deref,
  entries,
  getPair,
  type YMap,
  type YNode,
  type YPair,
} from '../../syntax/tree.js';
import type { IndexSymbol, IndexSymbolTag } from '../indexSymbols.js';
import type { ImportFact, ToscaImportFacts } from './importFacts.js';
import { LONG_IMPORT_KEYS, TYPE_SECTIONS } from './summary.js';
import { alienArchiveName } from './alienArchive.js';
import { isAlienDsl } from './versions.js';

/** The header's symbols and import facts of the file whose tree is `root` (the summary's, key order included). */
export function toscaTreeFacts(root: YNode | null): { symbols: IndexSymbol[]; tosca: ToscaImportFacts } {
  const symbols: IndexSymbol[] = [];
  const imports: ImportFact[] = [];
  const m = asMap(root);
  if (!m) return { symbols, tosca: { imports, repositories: [], stub: true } };
  // As `summariseTosca` reads the top level: a later duplicate replaces a version, repositories, topology and
  // service template, a later namespace or profile replaces only when it has a value, and imports and type
  // sections add up.
  let version: string | undefined;
  let namespace: string | undefined;
  let profile: string | undefined;
  let repositories: YPair[] = [];
  let topology: YPair | undefined;
  let service: YPair | undefined;
  let named: Set<string> | undefined;
  for (const p of m.pairs) {
    const k = p.key.text;
    switch (k) {
      case 'tosca_definitions_version':
        version = refName(p.value) ?? '';
        break;
      case 'namespace':
        namespace = refName(p.value) ?? namespace;
        break;
      case 'profile':
        profile = refName(p.value) ?? profile;
        break;
      case 'repositories':
        repositories = entries(p.value);
        break;
      case 'imports': {
        const seq = asSeq(p.value);
        if (seq)
          for (const item of seq.items) {
            const f = importFact(item);
            if (!f) continue;
            imports.push(f);
            if (f.repository !== undefined) (named ??= new Set()).add(f.repository);
          }
        break;
      }
      case 'topology_template':
        topology = p;
        break;
      case 'service_template':
        service = p;
        break;
      default: {
        const kind = TYPE_SECTIONS[k];
        if (kind) {
          const tag = `type:${kind}` as IndexSymbolTag;
          for (const q of entries(p.value)) symbols.push([q.key.text, tag, q.key.span.start, q.key.span.end]);
        }
      }
    }
  }
  const types = symbols.length;
  if (!topology && service && version?.trim() === 'tosca_2_0') topology = service;
  if (topology) {
    const t = asMap(topology.value);
    addTemplates(symbols, 'template:node', t, 'node_templates');
    addTemplates(symbols, 'template:relationship', t, 'relationship_templates');
    addTemplates(symbols, 'template:group', t, 'groups');
    addTemplates(symbols, 'template:policy', t, 'policies');
  }
  if (profile === undefined && isAlienDsl(version)) profile = alienArchiveName(m)?.name;
  const stub = !types && !imports.length && !topology && !declaresFunctions(m);
  const tosca: ToscaImportFacts = { imports, repositories: [], stub };
  if (version !== undefined) tosca.version = version;
  if (namespace !== undefined) tosca.namespace = namespace;
  if (profile !== undefined) tosca.profile = profile;
  if (named)
    for (const r of repositories) {
      const name = r.key.text;
      if (!named.has(name)) continue;
      const v = deref(r.value);
      const url = v?.kind === 'scalar' ? refName(v) : refName(getPair(asMap(v), 'url')?.value);
      tosca.repositories.push(url !== undefined ? { name, url } : { name });
    }
  return { symbols, tosca };
}

/** `ref(n)?.name` of the summary: a scalar's text, unless its value is null. */
function refName(n: YNode | null | undefined): string | undefined {
  const s = asScalar(n);
  return !s || s.value === null ? undefined : s.text;
}

function addTemplates(out: IndexSymbol[], tag: IndexSymbolTag, topology: YMap | null, key: string): void {
  for (const q of entries(getPair(topology, key)?.value)) out.push([q.key.text, tag, q.key.span.start, q.key.span.end]);
}

/** The facts of one `imports` entry, as `importFactsOf` reads the summary's `importOf`; undefined where it has none. */
function importFact(item: YNode): ImportFact | undefined {
  const v = deref(item);
  if (!v) return undefined;
  if (v.kind === 'scalar') {
    const file = refName(v);
    return file === undefined ? undefined : { file };
  }
  const m = asMap(v);
  if (!m || m.pairs.length === 0) return undefined;
  let long = false;
  for (let i = 0; i < m.pairs.length && !long; i++) long = LONG_IMPORT_KEYS.has(m.pairs[i]!.key.text);
  let body: YMap | null = m;
  if (!long && m.pairs.length === 1) {
    // 1.0: `- import_name: file` or `- import_name: {file: ...}`.
    const inner = deref(m.pairs[0]!.value);
    if (inner?.kind === 'scalar') {
      const file = refName(inner);
      return file === undefined ? {} : { file };
    }
    body = asMap(inner);
  }
  const f: ImportFact = {};
  if (!body) return f;
  const file = refName(getPair(body, 'file')?.value) ?? refName(getPair(body, 'url')?.value);
  const repository = refName(getPair(body, 'repository')?.value);
  const prefix = refName(getPair(body, 'namespace_prefix')?.value) ?? refName(getPair(body, 'namespace')?.value);
  const profile = refName(getPair(body, 'profile')?.value);
  // In `importFactsOf`'s order.
  if (file !== undefined) f.file = file;
  if (profile !== undefined) f.profile = profile;
  if (repository !== undefined) f.repository = repository;
  if (prefix !== undefined) f.prefix = prefix;
  return f;
}

/** Whether `functionDeclsOf` finds a declaration: a named entry of `functions`, at the top or in the service. */
function declaresFunctions(m: YMap): boolean {
  if (namesAny(deref(getPair(m, 'functions')?.value ?? null))) return true;
  const service = asMap(getPair(m, 'service_template')?.value);
  return !!service && namesAny(deref(getPair(service, 'functions')?.value ?? null));
}

function namesAny(section: YNode | null): boolean {
  const m = asMap(section);
  if (m) for (const p of m.pairs) if (p.key.text.trim() !== '') return true;
  return false;
}
