/**
 * What a new name must look like, per kind of symbol, with the reason when it cannot be used:
 * - properties, components, operations, capabilities, requirements, metrics: what a `${a.b}`
 *   reference or an `a.b` item can name (letters, digits, `_`, `-`; no dot, no whitespace; LM020),
 *   and a plain YAML key that stays a string;
 * - descriptors: `<type>::<name>::<version>` with the naming rules of LM001-LM004 (names.ts).
 */
import { nameProblem, VERSION_RE } from './rules/names.js';

/** Names `${...}` gives a meaning of its own: a property or component with one of them would be shadowed. */
const RESERVED = ['instance', 'source', 'target', 'item'];

const YAML_NON_STRING =
  /^(?:[-+]?\d+(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+|true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;

export function symbolNameProblem(name: string, what: string, reserved: boolean): string | undefined {
  if (name.length === 0) return `The new ${what} name is empty.`;
  if (/\s/.test(name)) return `\`${name}\` contains whitespace: a ${what} name cannot.`;
  if (name.includes('.'))
    return (
      `\`${name}\` contains a dot: the dot separates a component from its member in \`\${a.b}\` and \`a.b\`, so ` +
      `a ${what} name cannot hold one.`
    );
  const bad = name.replace(/[A-Za-z0-9_-]/g, '');
  if (bad)
    return (
      `\`${bad[0]}\` cannot appear in a ${what} name: use letters, digits, \`_\` and \`-\` (what a \`\${…}\` ` +
      `reference can name).`
    );
  if (name.startsWith('-')) return `A ${what} name cannot start with \`-\` (YAML would read a list item).`;
  if (YAML_NON_STRING.test(name)) return `YAML reads \`${name}\` as a number, boolean or null, not as a name.`;
  if (reserved && RESERVED.includes(name))
    return `\`${name}\` has a meaning of its own in \`\${${name}…}\` references: choose another ${what} name.`;
  return undefined;
}

/**
 * Problems of a new descriptor name for a descriptor of kind `kind`; `parts` when it is usable.
 * The type part cannot change: it follows the file (LM004) and, in lmctl projects, the project type.
 */
export function descriptorNameProblem(
  newName: string,
  kind: string,
): { error: string } | { parts: [string, string, string] } {
  const parts = newName.split('::');
  if (parts.length !== 3)
    return { error: `A descriptor name is \`<type>::<name>::<version>\`, e.g. \`${kind}::my-name::1.0\`.` };
  const [type, name, version] = parts as [string, string, string];
  if (type !== kind)
    return {
      error:
        `This is ${kind === 'assembly' ? 'an' : 'a'} ${kind} descriptor, so its name must start with ` +
        `\`${kind}::\`, not \`${type}::\`.`,
    };
  const np = nameProblem(name);
  if (np) return { error: `Invalid descriptor name \`${name}\`: ${np}.` };
  if (!VERSION_RE.test(version))
    return { error: `Invalid version \`${version}\`: use numbers separated by single dots, e.g. \`1.0\`.` };
  return { parts: [type, name, version] };
}
