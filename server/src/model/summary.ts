/**
 * The summary of any file the index holds, whatever its language: the union of the per-language
 * summaries and the one dispatcher that builds them. Neither language's model imports the other;
 * both are joined here.
 */
import type { FileKind } from './kinds.js';
import {
  summariseDescriptor,
  summariseLmProject,
  type DescriptorSummary,
  type LmProjectSummary,
} from './lm/summary.js';
import { summariseBehaviour, type BehaviourSummary } from './lm/behaviour.js';
import { summariseTosca, type SummaryParts, type ToscaSummary } from './tosca/summary.js';
import type { YNode } from '../syntax/tree.js';

/** Files that are neither LM descriptors nor TOSCA: indexed by kind only. */
export interface OtherSummary {
  kind: 'other';
}

export type FileSummary = DescriptorSummary | LmProjectSummary | BehaviourSummary | ToscaSummary | OtherSummary;

/**
 * The summary of a parsed file of kind `kind`. Never throws on malformed content. `parts`: what a version before made
 * of the same tree pairs, taken over where the language's summary can (TOSCA's, `SummaryParts`).
 */
export function summarise(kind: FileKind, root: YNode | null, parts?: SummaryParts): FileSummary {
  switch (kind) {
    case 'assembly':
    case 'resource':
    case 'assembly-template':
    case 'type':
      return summariseDescriptor(kind, root);
    case 'lmproject':
      return summariseLmProject(root);
    case 'behaviour':
      return summariseBehaviour(root);
    case 'tosca':
      return summariseTosca(root, parts);
    default:
      return { kind: 'other' };
  }
}
