/**
 * Rewrites a TOSCA Simple Profile 1.0–1.3 file as TOSCA 2.0 with minimal text edits (comments and
 * layout kept): the version, `topology_template` → `service_template`, functions in `$` form with
 * TOSCA paths, constraints as validation clauses, `occurrences` → `count_range`, renamed keynames,
 * normative type names as the TOSCA 2.0 simple profile's, imported under the namespace `tosca`.
 * What has no mechanical equivalent gets a `# TODO(migrate): …` line at the place.
 *
 * Pure: text (and an optional member lookup from the type model) in, edits and TODOs out.
 */
import { parseYaml } from '../../../syntax/parse.js';
import { asMap, asScalar, asSeq, getPair, type YMap, type YNode, type YPair } from '../../../syntax/tree.js';
import { INTERFACE_KEYNAMES } from '../../../model/tosca/summary.js';
import { applyEdits, EditSet, todosOf, type MigrationTodo, type OffsetEdit } from './edits.js';
import { callName, migrateCall, type FunctionScope, type MemberKind } from './functions.js';
import { columnOf, contentEnd, lineStartOf, nestPairs, removePairLines } from './layout.js';
import {
  isNormativeName,
  PROFILE_NAMESPACE,
  profileName,
  ROOTS_WITHOUT_PROFILE_TYPE,
  SIMPLE_PROFILE,
} from './names.js';
import { localMembers } from './members.js';
import { rfc3339 } from './timestamps.js';
import { migrateConstraints, migrateNodeFilter } from './validation.js';

export type { MemberKind } from './functions.js';
export type { MigrationTodo, OffsetEdit } from './edits.js';

/** The 1.x default of a requirement definition's `occurrences`, written out as 2.0 `count_range`. */
const ONE_TO_ONE = '[1, 1]';
export const TARGET_VERSION = 'tosca_2_0';

const SOURCE_VERSIONS: Record<string, string> = {
  tosca_simple_yaml_1_0: '1.0',
  tosca_simple_yaml_1_1: '1.1',
  tosca_simple_yaml_1_2: '1.2',
  tosca_simple_yaml_1_3: '1.3',
  'http://docs.oasis-open.org/tosca/ns/simple/yaml/1.0': '1.0',
  'http://docs.oasis-open.org/tosca/ns/simple/yaml/1.1': '1.1',
  'http://docs.oasis-open.org/tosca/ns/simple/yaml/1.2': '1.2',
  'http://docs.oasis-open.org/tosca/ns/simple/yaml/1.3': '1.3',
};

export interface MigrateOptions {
  /** What a name is on a node type the file does not declare itself (from the type model). */
  member?(type: string, name: string): MemberKind | undefined;
}

export type MigrationResult =
  { ok: true; from: string; text: string; edits: OffsetEdit[]; todos: MigrationTodo[] } | { ok: false; reason: string };

/** The 1.x version the file declares (`1.3`), or undefined when it is not a TOSCA Simple Profile 1.x file. */
export function simpleProfileVersion(root: YNode | null): string | undefined {
  const v = asScalar(getPair(asMap(root), 'tosca_definitions_version')?.value);
  return v ? SOURCE_VERSIONS[v.text] : undefined;
}

/** Type keynames whose value (or list items) name types. */
const TYPE_KEYS: ReadonlySet<string> = new Set([
  'type',
  'derived_from',
  'node',
  'capability',
  'relationship',
  'valid_source_types',
  'valid_target_types',
  'valid_relationship_types',
  'entry_schema',
  'key_schema',
  'targets',
  'members',
  'node_type',
]);

/** Keys under which no type name, function or keyname is rewritten: free text. */
const TEXT_KEYS: ReadonlySet<string> = new Set(['description', 'metadata']);

class Migration {
  readonly edits: EditSet;
  private readonly templates = new Map<string, string>();
  private readonly members: ReturnType<typeof localMembers>;
  private profileNeeded = false;

  constructor(
    readonly text: string,
    readonly root: YMap,
    private readonly opts: MigrateOptions,
  ) {
    this.edits = new EditSet(text);
    this.members = localMembers(root);
    const topo = asMap(getPair(root, 'topology_template')?.value);
    for (const p of asMap(getPair(topo, 'node_templates')?.value)?.pairs ?? []) {
      const t = asScalar(getPair(asMap(p.value), 'type')?.value);
      if (t) this.templates.set(p.key.text, t.text);
    }
  }

  run(): void {
    for (const p of this.root.pairs) {
      const key = p.key.text;
      if (key === 'tosca_definitions_version' && p.value) {
        this.edits.replace(p.value.span.start, p.value.span.end, TARGET_VERSION);
      } else if (key === 'topology_template') {
        this.edits.replace(p.key.span.start, p.key.span.end, 'service_template');
        this.visit(p.value, ['service_template'], {});
      } else if (key === 'imports') this.imports(p);
      else if (key === 'namespace')
        this.remove(p, 'TOSCA 2.0 files have no namespace of their own (importers choose one)');
      else if (TEXT_KEYS.has(key)) continue;
      else this.visit(p.value, [key], {});
    }
    if (this.profileNeeded) this.addProfileImport();
  }

  private todo(at: number, message: string): void {
    this.edits.todo(at, message);
  }

  private scope(path: readonly (string | number)[], inherited: Partial<FunctionScope>): FunctionScope {
    let s = inherited;
    if (path.length === 2 && path[0] === 'node_types') s = { selfType: String(path[1]) };
    else if (path.length === 2 && path[0] === 'relationship_types') s = { selfIsRelationship: true };
    else if (path.length === 3 && path[0] === 'service_template' && path[1] === 'node_templates')
      s = { selfType: this.templates.get(String(path[2])) };
    else if (path.length === 3 && path[0] === 'service_template' && path[1] === 'relationship_templates')
      s = { selfIsRelationship: true };
    return {
      ...s,
      templateType: (n) => this.templates.get(n),
      member: (t, n) => this.members.member(t, n) ?? this.opts.member?.(t, n),
    };
  }

  private visit(n: YNode | null, path: (string | number)[], inherited: Partial<FunctionScope>): void {
    if (!n || path.length > 60) return;
    const scope = this.scope(path, inherited);
    if (n.kind === 'seq') {
      n.items.forEach((it, i) => this.visit(it, [...path, i], scope));
      return;
    }
    if (
      n.kind === 'scalar' &&
      typeof n.value === 'string' &&
      (path[0] === 'service_template' || path.includes('default'))
    ) {
      const ts = rfc3339(n.text);
      const quote = n.style === 'single' ? "'" : n.style === 'double' ? '"' : '';
      if (ts && n.style !== 'literal' && n.style !== 'folded')
        this.edits.replace(n.span.start, n.span.end, quote + ts + quote);
    }
    if (n.kind !== 'map') return;
    if (callName(n)) {
      for (const m of migrateCall(this.edits, n, scope)) this.todo(n.pairs[0]!.key.span.start, m);
    }
    for (const p of n.pairs) {
      const key = p.key.text;
      const here = [...path, key];
      if (TEXT_KEYS.has(key)) continue;
      if (TYPE_KEYS.has(key)) this.typeNames(p, path);
      if (this.keyname(p, path)) continue;
      this.visit(p.value, here, scope);
    }
  }

  /** Keyname rewrites; true when the pair's value is taken care of (not to be walked further). */
  private keyname(p: YPair, path: readonly (string | number)[]): boolean {
    const key = p.key.text;
    const inTemplates = path.includes('node_templates') || path.includes('relationship_templates');
    const inTypes = typeof path[0] === 'string' && path[0].endsWith('_types');
    const at = p.key.span.start;
    if (key === 'constraints' && asSeq(p.value) && !this.inValue(path)) {
      const why = migrateConstraints(this.edits, p);
      if (why) this.todo(at, why);
      return true;
    }
    if (key === 'node_filter' && p.value) {
      const inRequirement = path.includes('requirements');
      const inTemplate = path.length === 3 && path[1] === 'node_templates';
      const why =
        inRequirement || inTemplate
          ? migrateNodeFilter(this.edits, p, this.members.capabilityNames, inRequirement ? 'SELF, TARGET' : 'SELF')
          : 'write it as a 2.0 condition clause (TOSCA Version 2.0 §8.8)';
      if (why) this.todo(at, `node filter: ${why}`);
      else if (inTemplate && !this.selects(path)) {
        this.todo(
          at,
          '1.x reads a node template node_filter with the `selectable` directive only: add `directives: [ select ]`',
        );
      }
      return true;
    }
    if (this.requirementDefinition(p, path)) return true;
    if (path.length === 2 && path[0] === 'service_template' && path[1] === 'substitution_mappings') {
      if (key === 'properties' || key === 'attributes') this.mappings(p);
    }
    if (this.interfaceOperations(p, path)) return false;
    if (key === 'directives' && path.length === 3 && path[1] === 'node_templates') {
      // 1.3 wrote `selectable` and `substitutable`; 2.0 names the directives `select` and `substitute` (§7.2).
      for (const d of asSeq(p.value)?.items ?? []) {
        const s = asScalar(d);
        const to = s?.text === 'selectable' ? 'select' : s?.text === 'substitutable' ? 'substitute' : undefined;
        if (s && to) this.edits.replace(s.span.start, s.span.end, to);
      }
    } else if (key === 'valid_source_types' && inTypes) {
      this.edits.replace(p.key.span.start, p.key.span.end, 'valid_source_node_types');
    } else if (key === 'occurrences') {
      if (inTypes && path.includes('requirements')) this.edits.replace(at, p.key.span.end, 'count_range');
      else if (inTypes && path.includes('capabilities')) {
        if (removePairLines(this.edits, at, contentEnd(p.value ?? p.key)))
          this.todo(at, 'removed `occurrences` of a capability definition: TOSCA 2.0 has no such keyname');
        else this.todo(at, '`occurrences` of a capability definition: TOSCA 2.0 has no such keyname');
      } else if (inTemplates && path.includes('requirements'))
        this.todo(at, '`occurrences` in a requirement assignment: use `count` (TOSCA Version 2.0 §8.7.4)');
    } else if (key === 'implementation' && this.inInterfaceTypeOperation(path)) {
      // 1.x inherits an interface type's implementation; TOSCA Version 2.0 §11.2 allows one only where a node or
      // relationship type or template refines the operation. Which of them should carry it is a design choice.
      this.remove(
        p,
        'TOSCA 2.0 allows an operation `implementation` only in a refinement (TOSCA Version 2.0 §11.2): add it to ' +
          'the node or relationship types that use this interface type',
      );
    } else if ((key === 'timeout' || key === 'operation_host') && path[path.length - 1] === 'implementation') {
      this.remove(p, 'TOSCA 2.0 operation implementations have only `primary` and `dependencies`');
    } else if (key === 'credential' && path.length === 2 && path[0] === 'repositories') {
      this.remove(p, 'TOSCA 2.0 repositories have no credentials; configure them in the processor');
    } else if (key === 'deploy_path' && path[path.length - 2] === 'artifacts') {
      this.remove(p, 'TOSCA 2.0 artifact definitions have no `deploy_path`');
    } else if (key === 'status' && this.isDefinition(path)) {
      this.remove(p, 'TOSCA 2.0 property and attribute definitions have no `status`');
    } else if (key === 'valid_target_types' && path[0] === 'relationship_types') {
      // 1.x lists capability types there (TOSCA Simple Profile 1.3 §3.7.8), 2.0 calls them valid_capability_types.
      this.edits.replace(at, p.key.span.end, 'valid_capability_types');
    } else if (key === 'type' && this.isDefinition(path)) {
      this.removedTypes(p, path);
    } else if (key === 'triggers' && path[0] === 'policy_types') {
      this.todo(at, 'policy triggers: 2.0 triggers have `event`, `condition` and `action` (TOSCA Version 2.0 §16.5)');
    } else if (key === 'workflows' && path[0] === 'service_template' && path.length === 1) {
      this.todo(at, 'imperative workflows: check preconditions and step filters, now condition clauses (§13.2)');
    }
    return false;
  }

  /** True at an operation (or notification) of an interface type: 1.3 under `operations:`, 1.0–1.2 directly. */
  private inInterfaceTypeOperation(path: readonly (string | number)[]): boolean {
    if (path[0] !== 'interface_types') return false;
    if (path.length === 4) return path[2] === 'operations' || path[2] === 'notifications';
    return (
      path.length === 3 &&
      typeof path[2] === 'string' &&
      !['inputs', 'operations', 'notifications', 'metadata'].includes(path[2])
    );
  }

  /**
   * A 1.x requirement definition in short form (`- name: CapabilityType`) or without `relationship`:
   * TOSCA 2.0 requires both `capability` and `relationship` (TOSCA Version 2.0 §8.5); DependsOn,
   * the most general relationship, is written where 1.x left it open.
   */
  private requirementDefinition(p: YPair, path: readonly (string | number)[]): boolean {
    if (path.length !== 4 || path[0] !== 'node_types' || path[2] !== 'requirements' || !p.value) return false;
    const relationship = `${PROFILE_NAMESPACE}:${profileName('tosca.relationships.DependsOn')!}`;
    const why = `1.x left the relationship open; TOSCA 2.0 requires one: \`${relationship}\` assumed`;
    // 1.x requirements default to `occurrences: [1, 1]` (a template must fill them); a 2.0 requirement
    // without `count_range` is [0, UNBOUNDED] (TOSCA Version 2.0 §8.4): the 1.x default is written out.
    const count = `count_range: ${ONE_TO_ONE}`;
    const short = asScalar(p.value);
    if (short) {
      const mapped = isNormativeName(short.text) ? profileName(short.text) : undefined;
      const capability = mapped ? `${PROFILE_NAMESPACE}:${mapped}` : this.text.slice(short.span.start, short.span.end);
      this.edits.replace(
        short.span.start,
        short.span.end,
        `{ capability: ${capability}, relationship: ${relationship}, ${count} }`,
      );
      this.profileNeeded = true;
      this.todo(p.key.span.start, why);
      return true;
    }
    const m = asMap(p.value);
    if (!m || !m.pairs.length) return false;
    const added: string[] = [];
    if (!getPair(m, 'relationship')) {
      this.profileNeeded = true;
      this.todo(p.key.span.start, why);
      added.push(`relationship: ${relationship}`);
    }
    if (!getPair(m, 'occurrences') && !getPair(m, 'count_range')) added.push(count);
    if (!added.length) return false;
    const last = m.pairs[m.pairs.length - 1]!;
    if (m.flow) this.edits.insert(this.text.lastIndexOf('}', m.span.end), `, ${added.join(', ')} `);
    else {
      let eol = this.text.indexOf('\n', last.value ? contentEnd(last.value) : last.key.span.end);
      if (eol < 0) eol = this.text.length;
      const pad = ' '.repeat(columnOf(this.text, m.pairs[0]!.key.span.start));
      this.edits.insert(eol, added.map((a) => `\n${pad}${a}`).join(''));
    }
    return false;
  }

  /** 1.0–1.2 operations written directly under an interface (definition, assignment or type) → `operations:`. */
  private interfaceOperations(p: YPair, path: readonly (string | number)[]): boolean {
    const m = asMap(p.value);
    if (!m) return false;
    const isInterface = path[path.length - 1] === 'interfaces' || (path.length === 1 && path[0] === 'interface_types');
    if (!isInterface || !m.pairs.some((q) => !INTERFACE_KEYNAMES.has(q.key.text))) return false;
    if (!nestPairs(this.edits, m, INTERFACE_KEYNAMES, 'operations'))
      this.todo(p.key.span.start, '1.x operations directly under the interface: move them under `operations:`');
    return true;
  }

  /**
   * Substitution property and attribute mappings: 1.x `prop: [ input ]` is 2.0 `prop: input` (TOSCA Version
   * 2.0 §15.2); the 1.x `[ node_template, name ]` form maps to a template, where 2.0 maps to an input or output.
   */
  private mappings(p: YPair): void {
    const section = p.key.text;
    for (const q of asMap(p.value)?.pairs ?? []) {
      const seq = asSeq(q.value);
      if (!seq) continue;
      const only = seq.items.length === 1 ? asScalar(seq.items[0]) : null;
      if (only) this.edits.replace(seq.span.start, contentEnd(seq), this.text.slice(only.span.start, only.span.end));
      else {
        const what =
          section === 'properties'
            ? 'a property mapped to a node template: 2.0 maps it to an input'
            : 'an attribute mapped to a node template: 2.0 maps it to an output';
        this.todo(q.key.span.start, what);
      }
    }
  }

  /** Whether the node template at `path` has the 1.x `selectable` (or 2.0 `select`) directive. */
  private selects(path: readonly (string | number)[]): boolean {
    const t = asMap(getPair(asMap(getPair(this.root, 'topology_template')?.value), 'node_templates')?.value);
    const d = asSeq(getPair(asMap(getPair(t, String(path[2]))?.value), 'directives')?.value);
    return !!d?.items.some((x) => ['selectable', 'select'].includes(asScalar(x)?.text ?? ''));
  }

  /** A property, attribute or parameter definition (of a type, or the service template's inputs and outputs). */
  private isDefinition(path: readonly (string | number)[]): boolean {
    const section = path[path.length - 2];
    if (path[0] === 'service_template') return path.length === 3 && (section === 'inputs' || section === 'outputs');
    return (
      typeof path[0] === 'string' &&
      path[0].endsWith('_types') &&
      (section === 'properties' || section === 'attributes' || section === 'inputs' || section === 'outputs')
    );
  }

  /** 1.x types TOSCA 2.0 dropped: `range` (a list of two integers now) and Puccini's `null` (2.0 `nil`). */
  private removedTypes(p: YPair, path: readonly (string | number)[]): void {
    const s = asScalar(p.value);
    if (!s || !path.length) return;
    if (s.text === 'null' && s.style !== 'plain') this.edits.replace(s.span.start, s.span.end, 'nil');
    if (s.text !== 'range') return;
    const pad = ' '.repeat(columnOf(this.text, p.key.span.start));
    this.edits.replace(s.span.start, s.span.end, 'list');
    const start = lineStartOf(this.text, p.key.span.start);
    if (this.text.slice(start, p.key.span.start).trim() === '') {
      let eol = this.text.indexOf('\n', s.span.end);
      if (eol < 0) eol = this.text.length;
      this.edits.insert(eol, `\n${pad}entry_schema: integer`);
    }
    this.todo(p.key.span.start, 'TOSCA 2.0 has no `range` type: now a list of integers (`UNBOUNDED` is not one)');
  }

  /** Removes a pair TOSCA 2.0 has no keyname for, leaving a TODO that quotes it (or only the TODO). */
  private remove(p: YPair, why: string): void {
    const end = p.value ? contentEnd(p.value) : p.key.span.end;
    const was = this.text.slice(p.key.span.start, end).split('\n')[0]!.trim();
    if (removePairLines(this.edits, p.key.span.start, end)) this.todo(p.key.span.start, `removed \`${was}\`: ${why}`);
    else this.todo(p.key.span.start, `\`${p.key.text}\`: ${why}; remove it`);
  }

  /** Below a property or input value: data, not definitions. */
  private inValue(path: readonly (string | number)[]): boolean {
    for (let i = 0; i < path.length - 1; i++) {
      const k = path[i];
      if ((k === 'node_templates' || k === 'relationship_templates' || k === 'groups' || k === 'policies') && i < 2)
        return path.includes('properties') || path.includes('attributes');
    }
    return false;
  }

  /** Normative type names in a type keyname's value, as the profile's names with the namespace. */
  private typeNames(p: YPair, path: readonly (string | number)[]): void {
    const values: YNode[] = [];
    const v = p.value;
    if (asScalar(v)) values.push(v!);
    else if (asSeq(v)) values.push(...asSeq(v)!.items.filter((x) => asScalar(x)));
    else if (asMap(v) && (p.key.text === 'entry_schema' || p.key.text === 'key_schema')) return; // walked below
    for (const n of values) {
      const s = asScalar(n)!;
      if (typeof s.value !== 'string' || !isNormativeName(s.text)) continue;
      const mapped = profileName(s.text);
      if (mapped) {
        const name = `${PROFILE_NAMESPACE}:${mapped}`;
        // `tosca:PortInfo` is already the 2.0 name; it still needs the profile import.
        if (name !== s.text) this.edits.replace(s.span.start, s.span.end, name);
        this.profileNeeded = true;
      } else if (ROOTS_WITHOUT_PROFILE_TYPE.has(s.text) && p.key.text === 'derived_from') {
        if (!removePairLines(this.edits, p.key.span.start, contentEnd(s)))
          this.todo(p.key.span.start, `\`${s.text}\`: the simple profile has no root type of this kind; remove it`);
      } else if (/^tosca\.(capabilities\.Storage|artifacts\.template|\w+\.Root)$/.test(s.text)) {
        this.todo(p.key.span.start, `\`${s.text}\` has no type in the TOSCA 2.0 simple profile`);
      }
    }
    void path;
  }

  private imports(p: YPair): void {
    const seq = asSeq(p.value);
    if (!seq) return;
    for (const item of seq.items) {
      const m = asMap(item);
      if (!m) continue;
      const keynames = ['file', 'repository', 'namespace_prefix', 'namespace_uri'];
      if (m.pairs.length === 1 && !keynames.includes(m.pairs[0]!.key.text)) {
        // 1.0–1.2 named import `- name: file` / `- name: { file: … }`.
        const inner = m.pairs[0]!.value;
        if (asScalar(inner)) this.edits.replace(m.span.start, contentEnd(m), asScalar(inner)!.text);
        else if (asMap(inner)) this.importKeys(asMap(inner)!);
        if (!asScalar(inner)) this.todo(m.span.start, 'a named import (1.0–1.2): 2.0 imports have no names');
        continue;
      }
      this.importKeys(m);
    }
  }

  private importKeys(m: YMap): void {
    for (const q of m.pairs) {
      if (q.key.text === 'file') this.edits.replace(q.key.span.start, q.key.span.end, 'url');
      else if (q.key.text === 'namespace_prefix') this.edits.replace(q.key.span.start, q.key.span.end, 'namespace');
      else if (q.key.text === 'namespace_uri')
        this.todo(q.key.span.start, '`namespace_uri`: TOSCA 2.0 namespaces are names only (`namespace`); remove it');
    }
  }

  /** The simple profile import: appended to `imports:`, or a new `imports:` after the version line. */
  private addProfileImport(): void {
    const text = this.text;
    const item = `{ profile: ${SIMPLE_PROFILE}, namespace: ${PROFILE_NAMESPACE} }`;
    const imports = getPair(this.root, 'imports');
    const seq = asSeq(imports?.value);
    if (imports && seq && seq.flow) {
      const close = text.lastIndexOf(']', seq.span.end);
      this.edits.insert(close, `${seq.items.length ? ', ' : ''}${item} `);
      return;
    }
    if (imports && seq && seq.items.length) {
      const first = seq.items[0]!;
      const dash = text.lastIndexOf('-', first.span.start);
      const indent = text.slice(lineStartOf(text, dash), dash);
      const end = contentEnd(seq.items[seq.items.length - 1]!);
      let lineEnd = text.indexOf('\n', end);
      if (lineEnd < 0) lineEnd = text.length;
      this.edits.insert(lineEnd, `\n${indent}- ${item}`);
      return;
    }
    if (imports) {
      this.todo(imports.key.span.start, `import the TOSCA simple profile: ${item}`);
      return;
    }
    const version = getPair(this.root, 'tosca_definitions_version')!;
    let lineEnd = text.indexOf('\n', contentEnd(version.value ?? version.key));
    if (lineEnd < 0) lineEnd = text.length;
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const at = lineEnd > 0 && text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    this.edits.insert(
      at,
      `${eol}${eol}imports:${eol}  - profile: ${SIMPLE_PROFILE}${eol}    namespace: ${PROFILE_NAMESPACE}`,
    );
  }
}

/** Migrates one file's text; `ok: false` with the reason when it is not a 1.x file that parses. */
export function migrateToTosca20(text: string, opts: MigrateOptions = {}): MigrationResult {
  const parsed = parseYaml(text);
  if (parsed.documentCount > 1) return { ok: false, reason: 'more than one YAML document in the file' };
  // eemeli/yaml's "Map comment with trailing content" is a false alarm on flow-collection keys (see rules/syntax.ts).
  const errors = parsed.problems.filter(
    (p) => p.severity === 'error' && !(p.yamlCode === 'IMPOSSIBLE' && /^Map comment with trailing/.test(p.message)),
  );
  if (errors.length) return { ok: false, reason: `YAML errors (${errors[0]!.message}): fix them first` };
  const root = asMap(parsed.root);
  const from = simpleProfileVersion(root);
  if (!root || !from) return { ok: false, reason: 'not a TOSCA Simple Profile 1.0–1.3 file' };
  const m = new Migration(text, root, opts);
  m.run();
  const edits = m.edits.all();
  return { ok: true, from, text: applyEdits(text, edits), edits, todos: todosOf(text, edits) };
}
