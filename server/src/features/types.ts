/**
 * LSP-shaped results, declared here so features stay free of vscode-languageserver. The shapes are
 * structurally identical to the protocol's, so the lsp/ layer passes them through unchanged.
 */
import type { Range } from '../syntax/positions.js';
import type { DocumentModel } from '../model/document.js';
import type { LineIndex } from '../syntax/positions.js';
import type { WorkspaceIndex } from '../index/workspace.js';
import type { DiagnosticData } from './shared/fixData.js';

export type { Range, Position } from '../syntax/positions.js';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export const SEVERITY_NUMBER: Record<Severity, 1 | 2 | 3 | 4> = { error: 1, warning: 2, information: 3, hint: 4 };

export interface Diagnostic {
  range: Range;
  severity: Severity;
  code: string;
  message: string;
  source: 'lm-descriptors';
  /** The quick-fix payload and other facts tools may read (see shared/fixData.ts). */
  data?: DiagnosticData;
}

/** LSP CompletionItemKind numbers we use. */
export const CompletionKind = {
  Text: 1,
  Method: 2,
  Field: 5,
  Variable: 6,
  Class: 7,
  Interface: 8,
  Module: 9,
  Property: 10,
  Unit: 11,
  Value: 12,
  Enum: 13,
  Keyword: 14,
  Snippet: 15,
  File: 17,
  Reference: 18,
  EnumMember: 20,
  Constant: 21,
  Event: 23,
  Operator: 24,
  TypeParameter: 25,
} as const;

export interface TextEdit {
  range: Range;
  newText: string;
  /**
   * The same insertion as a snippet (tab stops where the user must type), for clients that accept
   * snippet edits in code actions (LSP 3.18 `SnippetTextEdit`); others get `newText`.
   */
  snippet?: string;
}

export interface CompletionItem {
  label: string;
  kind: number;
  detail?: string;
  documentation?: { kind: 'markdown'; value: string };
  sortText?: string;
  filterText?: string;
  textEdit?: TextEdit;
  insertText?: string;
  /** 2 = snippet */
  insertTextFormat?: 1 | 2;
  /**
   * 1 = as is: the text already carries the indentation of every line (multi-line snippets), so the
   * client must not indent it again.
   */
  insertTextMode?: 1 | 2;
  commitCharacters?: string[];
  /**
   * The inserted text ends where a value with its own completion list goes (`type: `): clients that
   * can re-open completion by a command get it on the item (see lsp/server.ts).
   */
  retrigger?: true;
}

export interface Hover {
  contents: { kind: 'markdown'; value: string };
  range?: Range;
}

export interface Location {
  /** File system path (or document key) of the target. */
  path: string;
  range: Range;
}

export interface LocationLink {
  originSelectionRange?: Range;
  targetPath: string;
  targetRange: Range;
  targetSelectionRange: Range;
}

/** One place a symbol is used or declared. */
export interface Reference {
  path: string;
  range: Range;
  /** True for the declaration itself (included only when asked for). */
  declaration: boolean;
  /** True where the symbol is written (a declaration, a mapping into a property), for highlights. */
  write?: boolean;
  /**
   * What kind of use this is, for code lens titles: `template` (a TOSCA template of the type),
   * `subtype` (a type derived from it); other uses leave it unset.
   */
  role?: 'template' | 'subtype';
}

/** Edits per file (index key / path). */
export interface WorkspaceEdit {
  changes: Record<string, TextEdit[]>;
}

/** Where a rename can happen and the current name, or why it cannot. */
export type RenamePlace = { range: Range; placeholder: string } | { error: string };

export type RenameResult = { edit: WorkspaceEdit } | { error: string };

/** LSP SymbolKind numbers we use. */
export const SymbolKind = {
  File: 1,
  Module: 2,
  Namespace: 3,
  Package: 4,
  Class: 5,
  Method: 6,
  Property: 7,
  Field: 8,
  Interface: 11,
  Function: 12,
  Variable: 13,
  Constant: 14,
  Object: 19,
  Key: 20,
  EnumMember: 22,
  Struct: 23,
  Event: 24,
  Operator: 25,
  TypeParameter: 26,
} as const;

export interface DocumentSymbol {
  name: string;
  detail?: string;
  kind: number;
  range: Range;
  selectionRange: Range;
  children?: DocumentSymbol[];
}

/**
 * A symbol of the workspace, from the index (no file is read to list it). `span` is in the file's
 * offsets; the LSP layer resolves it to a range only for the symbols a user picks.
 */
export interface WorkspaceSymbol {
  name: string;
  kind: number;
  containerName?: string;
  path: string;
  span: { start: number; end: number };
}

export interface DocumentLink {
  range: Range;
  /** File system path (or document key) of the target. */
  targetPath: string;
  /** Where in the target, when known. */
  targetRange?: Range;
  tooltip?: string;
}

/**
 * A code lens: where, and the symbol whose references it counts and opens (at `at`). Its title is
 * computed when the editor shows it (resolve), from those references: `references` -> "3
 * references", `usedBy` -> "used by 2 assemblies" (distinct files), `typeUsage` -> "4 templates ·
 * 1 subtype" (by reference role). Plan lenses read the document's build plan instead: `planStep`
 * -> "build step 2 of 7" on the template or component whose key starts at `at`, `showPlan` ->
 * "Show deployment plan" on the topology or composition (both open the plan view).
 */
export interface CodeLens {
  range: Range;
  at: number;
  format: ReferenceLensFormat | PlanLensFormat;
}

export type ReferenceLensFormat = 'references' | 'usedBy' | 'typeUsage';
export type PlanLensFormat = 'planStep' | 'showPlan';

export interface FoldingRange {
  startLine: number;
  endLine: number;
  kind?: 'comment' | 'region';
}

export interface SelectionRange {
  range: Range;
  parent?: SelectionRange;
}

/**
 * Semantic token types and modifiers the server reports, in legend order (append only: clients
 * decode tokens by index into the legend). What each pack maps to them: lm/semanticTokens.ts and
 * tosca/semanticTokens.ts.
 */
export const SEMANTIC_TOKEN_TYPES = [
  'variable',
  'property',
  'function',
  'type',
  'keyword',
  'parameter',
  'namespace',
  'number',
] as const;
export const SEMANTIC_TOKEN_MODIFIERS = ['declaration', 'defaultLibrary', 'readonly'] as const;

export interface SemanticToken {
  /** Offset span in the document (single line). */
  start: number;
  end: number;
  type: (typeof SEMANTIC_TOKEN_TYPES)[number];
  modifiers?: (typeof SEMANTIC_TOKEN_MODIFIERS)[number][];
}

/** What workspace-wide features need: the index and a way to read other files. */
export interface WorkspaceContext {
  index: WorkspaceIndex;
  /** Line index of a file (open or on disk), for ranges in cross-file results. */
  linesOf(path: string): LineIndex | undefined;
  /**
   * The analysed model of another file: the open document's, else the file on disk (within the
   * size cap, read with the outline scanner first); undefined when unreadable. Cached per stat.
   */
  modelOf(path: string): DocumentModel | undefined;
  /** True when a file or folder exists (for rules about the package layout). */
  fileExists(path: string): boolean;
}

/** Everything a feature needs besides the position. */
export interface FeatureContext extends WorkspaceContext {
  doc: DocumentModel;
}
