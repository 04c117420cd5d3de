/**
 * A language pack: everything one file family (LM descriptors, TOSCA) contributes, behind one
 * interface. The dispatchers in `features/*.ts` pick the pack by file kind (`packs.ts`) and call
 * it; they know nothing else about either language. Adding an editor feature means one member
 * here, one file in each pack and one dispatcher line.
 */
import type { FileKind } from '../../model/kinds.js';
import type { WorkspaceIndex } from '../../index/workspace.js';
import type { PlanKind, PlanResult } from '../../protocol.js';
import type {
  CodeLens,
  CompletionItem,
  DocumentLink,
  DocumentSymbol,
  FeatureContext,
  Hover,
  LocationLink,
  Range,
  Reference,
  ReferenceLensFormat,
  RenamePlace,
  RenameResult,
  SemanticToken,
  WorkspaceContext,
  WorkspaceSymbol,
} from '../types.js';
import type { DiagnosticOptions } from './diagnostics.js';
import type { CodeAction, FixTable } from './fix.js';
import type { Finding } from './rule.js';

/** What plan is wanted: build, termination, or a scale-out of one node (template or component). */
export interface PlanRequest {
  kind: PlanKind;
  node?: string;
}

/** A workspace file that changed (edited, created, deleted), as the workspace diagnostics see it. */
export interface EditedFile {
  readonly path: string;
  /** Its kind now, or when it was last checked; undefined when never known. */
  readonly kind: FileKind | undefined;
  /** The descriptor name it had when last checked: a rename changes who depends on it. */
  readonly previousName: string | undefined;
  /** Files entered or left the index with this change (imports may now resolve differently). */
  readonly fileSetChanged: boolean;
  readonly index: WorkspaceIndex;
  /** `partsOf` the file when it was last checked: an edit may have taken some of them out. */
  readonly previousParts?: readonly string[];
}

export interface LanguagePack {
  readonly id: 'lm' | 'tosca';
  /** The file kinds this pack serves. */
  readonly kinds: readonly FileKind[];
  /** The code of the pack's YAML syntax problems (and of files it could not read or check at all). */
  readonly syntaxCode: string;
  /** The code of a rule that threw: an internal error of the checker, reported where it happened. */
  readonly internalErrorCode: string;
  /**
   * The other workspace files whose diagnostics an edit of `edit.path` may change, as far as this
   * pack's rules look across files. Asked of every pack for every change, whatever its kind.
   */
  affectedBy(edit: EditedFile): Iterable<string>;
  /**
   * Files whose findings depend on this file beyond what the index's reverse edges tell (a Cloudify blueprint's
   * merged files): kept with the file's last check, and given back to `affectedBy` as `previousParts`.
   */
  partsOf?(path: string, index: WorkspaceIndex): readonly string[] | undefined;
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
  /** Code actions that fix no diagnostic (rewrites such as a version migration) for a range. */
  refactors?(ctx: FeatureContext, range: Range): CodeAction[];
  /**
   * Every use of the symbol at the offset, across the workspace (and its declaration when
   * `includeDeclaration`); empty when the offset is on nothing with references.
   */
  references(ctx: FeatureContext, offset: number, includeDeclaration: boolean): Reference[];
  /** Whether the symbol at the offset can be renamed: its range and name, or why not. Undefined: nothing there. */
  prepareRename(ctx: FeatureContext, offset: number): RenamePlace | undefined;
  /** The edits that rename the symbol at the offset everywhere, or why they cannot be made. */
  rename(ctx: FeatureContext, offset: number, newName: string): RenameResult;
  /** The outline of the document. */
  symbols(ctx: FeatureContext): DocumentSymbol[];
  /** The pack's symbols of the whole workspace (descriptors, components, types, templates), from the index. */
  workspaceSymbols(ws: WorkspaceContext): WorkspaceSymbol[];
  /** Links from the document to other files (descriptors, imports, artifacts). */
  links(ctx: FeatureContext): DocumentLink[];
  /** Code lenses ("used by N assemblies", "N references"...). */
  lenses(ctx: FeatureContext): CodeLens[];
  /** What a lens counts once the editor shows it: the references of the symbol the lens stands for. */
  lensReferences(ctx: FeatureContext, at: number, format: ReferenceLensFormat): Reference[];
  /** Semantic tokens (references, function names...) so any editor can highlight them. */
  semanticTokens(ctx: FeatureContext): SemanticToken[];
  /**
   * The deployment plan of the document (a TOSCA topology template, an LM assembly), with the
   * document's path in its `uri` fields; a `problem` instead when there is none. Never throws on
   * broken input.
   */
  plan(ctx: FeatureContext, request: PlanRequest): PlanResult;
}
