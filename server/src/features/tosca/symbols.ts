/** The document outline and the workspace symbols of this pack. */
import type { DocumentSymbol, FeatureContext, WorkspaceContext, WorkspaceSymbol } from '../types.js';

export function symbols(_ctx: FeatureContext): DocumentSymbol[] {
  return []; // TODO(issue 10)
}

export function workspaceSymbols(_ws: WorkspaceContext): WorkspaceSymbol[] {
  return []; // TODO(issue 10)
}
