/**
 * The web client's answers to the server's three file requests (README "The web build"), with
 * `vscode.workspace.fs`: whatever scheme the workspace uses. A missing or unreadable file is `null`.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  FS_READ_DIRECTORY_REQUEST,
  FS_READ_FILE_REQUEST,
  FS_STAT_REQUEST,
  type FsDirectoryResult,
  type FsReadFileResult,
  type FsStatResult,
} from '../../server/src/protocol.js';

const uriOf = (params: unknown): vscode.Uri | undefined => {
  const uri = typeof params === 'object' && params !== null ? (params as { uri?: unknown }).uri : undefined;
  if (typeof uri !== 'string') return undefined;
  try {
    return vscode.Uri.parse(uri, true);
  } catch {
    return undefined;
  }
};

export function registerFileRequests(client: BaseLanguageClient): void {
  const decoder = new TextDecoder();
  client.onRequest(FS_STAT_REQUEST, async (params: unknown): Promise<FsStatResult> => {
    const uri = uriOf(params);
    if (!uri) return null;
    try {
      const s = await vscode.workspace.fs.stat(uri);
      return { type: s.type, size: s.size, mtime: s.mtime };
    } catch {
      return null;
    }
  });
  client.onRequest(FS_READ_DIRECTORY_REQUEST, async (params: unknown): Promise<FsDirectoryResult> => {
    const uri = uriOf(params);
    if (!uri) return null;
    try {
      return (await vscode.workspace.fs.readDirectory(uri)).map(([name, type]) => [name, type]);
    } catch {
      return null;
    }
  });
  client.onRequest(FS_READ_FILE_REQUEST, async (params: unknown): Promise<FsReadFileResult> => {
    const uri = uriOf(params);
    if (!uri) return null;
    try {
      return { text: decoder.decode(await vscode.workspace.fs.readFile(uri)) };
    } catch {
      return null;
    }
  });
}
