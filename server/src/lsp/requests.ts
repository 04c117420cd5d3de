/**
 * Guards for request parameters: a client's mistake (a request before `initialize`, a missing
 * `textDocument`, a null or malformed position) is answered with the protocol's error code and a
 * message saying what is wrong, never with an internal error, and never logged as a server fault.
 */
import { ErrorCodes, ResponseError } from 'vscode-languageserver';

export interface TextDocumentParams {
  textDocument: { uri: string };
}

export interface PositionParams extends TextDocumentParams {
  position: { line: number; character: number };
}

export interface RangeParams extends TextDocumentParams {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function invalid(message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, message);
}

export function isPosition(v: unknown): v is { line: number; character: number } {
  return (
    isObject(v) &&
    Number.isInteger(v['line']) &&
    Number.isInteger(v['character']) &&
    (v['line'] as number) >= 0 &&
    (v['character'] as number) >= 0
  );
}

/** Throws the protocol's ServerNotInitialized error unless `initialize` has been answered. */
export function requireInitialized(initialized: boolean): void {
  if (!initialized) {
    throw new ResponseError(ErrorCodes.ServerNotInitialized, 'The server is not initialized: send `initialize` first.');
  }
}

function hasTextDocument(v: unknown): v is TextDocumentParams {
  return isObject(v) && isObject(v['textDocument']) && typeof v['textDocument']['uri'] === 'string';
}

function hasPosition(v: unknown): v is PositionParams {
  return isObject(v) && hasTextDocument(v) && isPosition(v['position']);
}

function hasRange(v: unknown): v is RangeParams {
  if (!isObject(v) || !hasTextDocument(v)) return false;
  const range = v['range'];
  return isObject(range) && isPosition(range['start']) && isPosition(range['end']);
}

export function textDocumentParams(params: unknown): TextDocumentParams {
  if (!hasTextDocument(params)) throw invalid('The request needs `textDocument.uri` (a string).');
  return params;
}

export function positionParams(params: unknown): PositionParams {
  if (!hasPosition(params)) {
    textDocumentParams(params);
    throw invalid('The request needs `position` with whole, non-negative `line` and `character`.');
  }
  return params;
}

export function rangeParams(params: unknown): RangeParams {
  if (!hasRange(params)) {
    textDocumentParams(params);
    throw invalid('The request needs `range` with a `start` and an `end` position.');
  }
  return params;
}
