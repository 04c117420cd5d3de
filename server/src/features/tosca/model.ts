/** The TOSCA model of the current document, from the index that owns and caches it (index/toscaModels.ts). */
import type { ToscaModel } from '../../model/tosca/model.js';
import type { FeatureContext } from '../types.js';

export function toscaModelOf(ctx: FeatureContext): ToscaModel {
  return ctx.index.tosca.modelOf(ctx.doc);
}
