/**
 * The migration of an open document: the pure rewrite (migrate.ts) with the document's type model
 * answering what a name is on a node type declared in another file or in the 1.x normative catalog.
 */
import type { FeatureContext } from '../../types.js';
import { toscaModelOf } from '../model.js';
import type { MemberKind } from './functions.js';
import { migrateToTosca20, type MigrationResult } from './migrate.js';

export function memberLookup(ctx: FeatureContext): (type: string, name: string) => MemberKind | undefined {
  let model: ReturnType<typeof toscaModelOf> | undefined;
  return (type, name) => {
    model ??= toscaModelOf(ctx);
    const t = model.types.resolve(type, 'node');
    if (!t) return undefined;
    if (model.types.capabilities(t).has(name)) return 'capability';
    if (model.types.requirements(t).has(name)) return 'requirement';
    if (model.types.properties(t).has(name)) return 'property';
    if (model.types.attributes(t).has(name)) return 'attribute';
    return undefined;
  };
}

export function migrateDocument(ctx: FeatureContext): MigrationResult {
  return migrateToTosca20(ctx.doc.text, { member: memberLookup(ctx) });
}
