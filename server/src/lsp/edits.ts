/**
 * Workspace edits of code actions in the protocol's shape. Edits that carry a snippet (the cursor
 * where the user must type) go out as LSP 3.18 snippet edits in `documentChanges` when the client
 * says it applies them (`workspace.workspaceEdit.snippetEditSupport`, VS Code through
 * vscode-languageclient 9+); every other client gets the plain `changes` text.
 */
import type { TextEdit } from '../features/types.js';

type LspEdit =
  | { range: TextEdit['range']; newText: string }
  | { range: TextEdit['range']; snippet: { kind: 'snippet'; value: string } };

export type LspWorkspaceEdit =
  | { changes: Record<string, { range: TextEdit['range']; newText: string }[]> }
  | { documentChanges: { textDocument: { uri: string; version: null }; edits: LspEdit[] }[] };

export function workspaceEdit(
  changes: Record<string, TextEdit[]>,
  uriOf: (key: string) => string,
  snippets: boolean,
): LspWorkspaceEdit {
  const entries = Object.entries(changes);
  if (snippets && entries.some(([, edits]) => edits.some((e) => e.snippet !== undefined))) {
    return {
      documentChanges: entries.map(([key, edits]) => ({
        textDocument: { uri: uriOf(key), version: null },
        edits: edits.map((e): LspEdit =>
          e.snippet !== undefined
            ? { range: e.range, snippet: { kind: 'snippet', value: e.snippet } }
            : { range: e.range, newText: e.newText },
        ),
      })),
    };
  }
  return {
    changes: Object.fromEntries(
      entries.map(([key, edits]) => [uriOf(key), edits.map((e) => ({ range: e.range, newText: e.newText }))]),
    ),
  };
}
