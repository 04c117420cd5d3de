/** Rename: where a rename can happen, and the edits across the workspace. */
import type { FeatureContext, RenamePlace, RenameResult } from '../types.js';

export function prepareRename(_ctx: FeatureContext, _offset: number): RenamePlace | undefined {
  return undefined; // TODO(issue 10)
}

export function rename(_ctx: FeatureContext, _offset: number, _newName: string): RenameResult {
  return { error: 'not implemented' }; // TODO(issue 10)
}
