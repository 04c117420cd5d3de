/**
 * What may be renamed in a TOSCA document, and to what: refusals for names fixed by the
 * specification or the grammar (normative types and their members, functions, entity keywords,
 * keynames), and the checks a new name must pass (a single YAML plain scalar; type names dotted;
 * no namespace prefix; no clash with an existing name).
 */
import {
  CATALOG_VERSIONS,
  findNormativeTypes,
  NORMATIVE_TYPES,
  specSection,
  type NormativeType,
  type ToscaVersion,
} from '../../model/tosca/catalog/index.js';
import { GRAMMAR } from '../../model/tosca/grammar.js';
import type { ToscaModel } from '../../model/tosca/model.js';
import { PRIMITIVE_TYPE_NAMES } from '../../model/tosca/primitives.js';
import { kindLabel, type ToscaType } from '../../model/tosca/typeTable.js';
import { FUNCTION_DOCS } from './docs.js';
import type { ToscaSymbol } from './occurrences.js';
import type { ToscaTarget } from './targets.js';

/** "TOSCA Simple Profile in YAML 1.3": the document a section number belongs to. */
export function specLabel(v: ToscaVersion | undefined): string {
  return `TOSCA Simple Profile in YAML ${(v ?? 'tosca_simple_yaml_1_3').slice(-3).replace('_', '.')}`;
}

const ONLY = 'Only types, templates, inputs, properties and attributes can be renamed.';

const MEMBERS: Readonly<Record<string, string>> = {
  capability: 'capabilities',
  requirement: 'requirements',
  interface: 'interfaces',
  operation: 'operations',
  artifact: 'artifacts',
};

/** Why the thing under the cursor (no renameable symbol there) cannot be renamed. */
export function targetRefusal(model: ToscaModel, t: ToscaTarget): string | undefined {
  const spec = specLabel(model.types.catalogVersion);
  switch (t.kind) {
    case 'function': {
      const d = FUNCTION_DOCS[t.name];
      return `\`${t.name}\` is a TOSCA intrinsic function${d ? ` (${spec} §${d.section})` : ''}: its name is fixed.`;
    }
    case 'keyword':
      return `\`${t.name}\` is a reserved entity keyword of TOSCA functions (${spec} §4.1): its name is fixed.`;
    case 'keyname':
      return (
        `\`${t.key}\` is a keyname of the TOSCA grammar (in a ${GRAMMAR[t.construct]?.label ?? t.construct}): ` +
        'its name is fixed.'
      );
    case 'constraint':
      return `\`${t.op}\` is a constraint operator of the TOSCA grammar: its name is fixed.`;
    case 'primitive':
      return `\`${t.name}\` is a built-in TOSCA type: its name is fixed.`;
    case 'version':
      return `\`${t.text}\` is a TOSCA version identifier: it cannot be renamed.`;
    case 'import':
      return 'This is an import: rename the file itself, then the path here.';
    case 'capability':
    case 'requirement':
    case 'interface':
    case 'operation':
    case 'artifact':
      return `Renaming ${MEMBERS[t.kind]} is not supported. ${ONLY}`;
    default:
      return undefined;
  }
}

function normativeRefusal(model: ToscaModel, n: NormativeType | undefined, what: string): string {
  const v = model.types.catalogVersion;
  const section = n ? ` §${specSection(n, v)}` : '';
  return `${what} is defined by the ${specLabel(v)}${section}: its name is fixed by the specification.`;
}

/**
 * The normative type a type stands for: a catalog type, or a file type declaring a normative name
 * (profile files that write the specification's types out, which other files then use by name).
 */
function normativeOf(t: ToscaType): NormativeType | undefined {
  return t.normative ?? NORMATIVE_TYPES.find((n) => n.kind === t.kind && n.name === t.name);
}

/** Why a symbol found under the cursor cannot be renamed, if it cannot. */
export function symbolRefusal(model: ToscaModel, sym: ToscaSymbol, written: string): string | undefined {
  if (sym.kind === 'type') {
    const t = sym.type;
    const n = normativeOf(t);
    if (n)
      return (
        `${normativeRefusal(model, n, `\`${t.name}\` (${kindLabel(t.kind)})`)} ` +
        'Derive a type from it to use another name.'
      );
    const name = written.trim();
    if (name !== t.name && !name.endsWith(`:${t.name}`) && !name.endsWith(`.${t.name}`))
      return `\`${name}\` is the \`short_name\` of \`${t.name}\`: rename the type where its full name is written.`;
  }
  if (sym.kind === 'property') {
    const what = `${sym.attribute ? 'Attribute' : 'Property'} \`${sym.name}\``;
    const n = normativeOf(sym.root);
    if (n) return normativeRefusal(model, n, `${what} of the normative type \`${sym.root.name}\``);
    if (sym.root.kind === 'data')
      return (
        `${what} belongs to data type \`${sym.root.name}\`: values written for the type keep their field ` +
        `names, so renaming it is not supported.`
      );
  }
  if (sym.kind === 'input') {
    const sub = model.summary.topology?.substitution;
    const nt = sub && !sub.properties.length ? model.types.resolve(sub.nodeType?.name, 'node') : undefined;
    if (nt && model.types.properties(nt).has(sym.name))
      return (
        `Input \`${sym.name}\` receives property \`${sym.name}\` of the substituted node type \`${nt.name}\` by ` +
        `name (\`substitution_mappings\` has no \`properties\`): renaming it would break that mapping.`
      );
  }
  return undefined;
}

const RESERVED_YAML = /^(true|false|yes|no|on|off|y|n|null)$/i;
const KEYWORDS: ReadonlySet<string> = new Set(['SELF', 'SOURCE', 'TARGET', 'HOST']);
const SPECIAL = /[:#,[\]{}&*!|>'"%@`?\\]/;
const TYPE_NAME = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;

/** What is wrong with `name` as the new name of `sym`, if anything. */
export function nameProblem(sym: ToscaSymbol, name: string): string | undefined {
  const shown = `\`${name}\``;
  if (!name) return 'The new name is empty.';
  if (/\s/.test(name)) return `${shown} contains whitespace: a TOSCA name is a single YAML plain scalar.`;
  if (sym.kind === 'type' && name.includes(':'))
    return (
      `${shown} contains \`:\`, which separates a namespace prefix from a type name (\`prefix:Type\`). ` +
      'Prefixes come from the imports (`namespace_prefix` in 1.x, `namespace` in 2.0): give the name without one.'
    );
  const special = SPECIAL.exec(name);
  if (special)
    return (
      `${shown} contains \`${special[0]}\`, which YAML or TOSCA reads specially: ` +
      'use letters, digits, `_`, `-` and `.`.'
    );
  if (RESERVED_YAML.test(name)) return `${shown} reads as a boolean or null in YAML, not as a name.`;
  if (!/^[A-Za-z_]/.test(name)) return `${shown} must start with a letter or \`_\`.`;
  if (sym.kind === 'type') {
    if (!TYPE_NAME.test(name))
      return (
        `${shown} is not a type name: dotted parts of letters, digits, \`_\` and \`-\` ` +
        '(e.g. `com.example.nodes.App`).'
      );
    if ((PRIMITIVE_TYPE_NAMES as readonly string[]).includes(name)) return `${shown} is a built-in TOSCA type.`;
    return undefined;
  }
  if (!NAME.test(name)) return `${shown} is not a TOSCA name: letters, digits, \`_\`, \`-\`, and \`.\` between parts.`;
  if (sym.kind === 'template' && KEYWORDS.has(name))
    return `${shown} is a reserved entity keyword of TOSCA functions (§4.1): functions could not name this template.`;
  return undefined;
}

/** Why `name` would clash with a name that already exists, if it would. */
export function clash(model: ToscaModel, sym: ToscaSymbol, name: string): string | undefined {
  const shown = `\`${name}\``;
  switch (sym.kind) {
    case 'type': {
      const kind = sym.type.kind;
      for (const v of CATALOG_VERSIONS) {
        const n = findNormativeTypes(name, v, kind)[0];
        if (n) return `${shown} already names the normative ${kindLabel(kind)} \`${n.name}\`.`;
      }
      const other = model.types.candidates(name, kind).find((t) => t !== sym.type);
      return other ? `A ${kindLabel(kind)} named ${shown} already exists (\`${other.name}\`).` : undefined;
    }
    case 'template': {
      const k = sym.templateKind;
      const taken =
        k === 'relationship'
          ? model.relationshipTemplates.has(name)
          : k === 'policy'
            ? model.policies.has(name)
            : model.nodeTemplates.has(name) || model.groups.has(name);
      const what =
        k === 'relationship' ? 'relationship template' : k === 'policy' ? 'policy' : 'node template or group';
      return taken ? `This topology already has a ${what} named ${shown}.` : undefined;
    }
    case 'input':
      return model.inputs.has(name) ? `This topology already has an input named ${shown}.` : undefined;
    case 'property': {
      const types = model.types;
      for (const t of types.types(sym.root.kind)) {
        if (!types.isA(t, sym.root)) continue;
        if (!sym.attribute && types.properties(t).has(name))
          return `Type \`${t.name}\` already has a property named ${shown}.`;
        // `get_attribute` reads attributes before properties, so a property cannot take an attribute's name either.
        if (types.attributes(t).has(name)) return `Type \`${t.name}\` already has an attribute named ${shown}.`;
      }
      return undefined;
    }
  }
}
