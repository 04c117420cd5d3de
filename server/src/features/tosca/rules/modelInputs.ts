/**
 * What every TOSCA finding kept per region reads of the model besides the region's own text (issue 21: rules declare
 * what they read), as one string: the type table, whether the imports were all read, the version, grammar and
 * options. A rule adds what else it reads (templates.ts: the topology's names) and keeps a region's findings while the
 * string is the same (features/shared/regions.ts `regionFindings`).
 */
import { memoKey, revalidated } from '../../../model/document.js';
import type { TypeTable } from '../../../model/tosca/typeTable.js';
import type { ToscaRuleContext } from './context.js';

/**
 * The type table a model reads, numbered per document: the same number while a keystroke takes the table over
 * (`relinkToscaModel` keeps it when the file's own types are unchanged, spans included), a new one whenever the model
 * has another. Asked on every check (`revalidated`): a version is checked again with the same text after a file it
 * imports changed, and a number kept once per version stayed that of its first check, so the per-entry findings of
 * the old types were taken over.
 */
const TYPE_TABLE_EPOCH = memoKey<{ types: TypeTable; epoch: number }>('tosca.typeTableEpoch');

export function modelInputs(ctx: ToscaRuleContext): string {
  const model = ctx.model;
  const epoch = revalidated(
    ctx.doc,
    TYPE_TABLE_EPOCH,
    (own) => own.types === model.types,
    (replaced) => ({ types: model.types, epoch: (replaced?.epoch ?? 0) + 1 }),
  ).epoch;
  return [
    String(epoch),
    String(model.closure.incomplete),
    JSON.stringify([model.version, ctx.grammar.id, ctx.minor, ctx.simpleProfile, ctx.options]),
  ].join('\u0000');
}
