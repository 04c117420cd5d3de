/** Rename: dispatched to the document's language pack. */
import { packFor } from './packs.js';
import type { FeatureContext, RenamePlace, RenameResult } from './types.js';

export function prepareRename(ctx: FeatureContext, offset: number): RenamePlace | undefined {
  if (ctx.doc.binary) return undefined;
  return packFor(ctx.doc.kind)?.prepareRename(ctx, offset);
}

export function rename(ctx: FeatureContext, offset: number, newName: string): RenameResult {
  const pack = packFor(ctx.doc.kind);
  if (!pack || ctx.doc.binary) return { error: 'Nothing to rename here.' };
  return pack.rename(ctx, offset, newName);
}
