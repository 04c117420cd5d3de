/**
 * The status bar item's text and tooltip for a status notification. Kept apart from the extension
 * (no `vscode` import) so it can be tested without an editor.
 */
import type { StatusParams } from '../../server/src/protocol.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function statusView(s: StatusParams): { text: string; tooltip: string } {
  if (s.state === 'indexing') {
    return {
      text: `$(sync~spin) LM: indexing ${s.done}/${s.total}`,
      tooltip: 'LM Descriptors & TOSCA: indexing the workspace',
    };
  }
  // A TOSCA-only workspace shows its TOSCA count alone rather than "0 descriptors".
  const parts = [
    ...(s.descriptors > 0 || s.toscaFiles === 0 ? [plural(s.descriptors, 'descriptor', 'descriptors')] : []),
    ...(s.toscaFiles > 0 ? [`${s.toscaFiles} TOSCA`] : []),
  ];
  return {
    text: `$(check) LM: ${parts.join(' · ')}`,
    tooltip:
      `LM Descriptors & TOSCA: indexed ${plural(s.descriptors, 'LM descriptor', 'LM descriptors')} ` +
      `(assemblies, resources, templates, types) and ${plural(s.toscaFiles, 'TOSCA file', 'TOSCA files')} ` +
      `among the workspace's ${plural(s.total, 'YAML file', 'YAML files')}. Click to show the output.`,
  };
}
