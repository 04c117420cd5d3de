/**
 * A language pack: everything one file family (LM descriptors, TOSCA) contributes, behind one
 * interface. The dispatchers in `features/*.ts` pick the pack by file kind (`packs.ts`) and call
 * it; they know nothing else about either language. Adding an editor feature means one member
 * here, one file in each pack and one dispatcher line.
 */
import type { FileKind } from '../../model/kinds.js';
import type { CompletionItem, FeatureContext, Hover, LocationLink } from '../types.js';
import type { DiagnosticOptions } from './diagnostics.js';
import type { FixTable } from './fix.js';
import type { Finding } from './rule.js';

export interface LanguagePack {
  readonly id: 'lm' | 'tosca';
  /** The file kinds this pack serves. */
  readonly kinds: readonly FileKind[];
  complete(ctx: FeatureContext, offset: number): CompletionItem[];
  hover(ctx: FeatureContext, offset: number): Hover | undefined;
  definition(ctx: FeatureContext, offset: number): LocationLink[];
  /**
   * The steps that run the pack's rules over the document, reporting each finding: iterate to
   * completion (the CLI), or step by step with pauses between (the server).
   */
  diagnose(ctx: FeatureContext, report: (f: Finding) => void, opts: DiagnosticOptions): Iterable<void>;
  /** The quick fixes, by the kind of payload findings carry. */
  readonly fixes: FixTable;
}
