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
  commitCharacters?: string[];
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

/** Everything a feature needs besides the position. */
export interface FeatureContext {
  doc: DocumentModel;
  index: WorkspaceIndex;
  /** Line index of another file (open or on disk), for ranges in cross-file results. */
  linesOf(path: string): LineIndex | undefined;
  /** True when a file or folder exists (for rules about the package layout). */
  fileExists(path: string): boolean;
}
