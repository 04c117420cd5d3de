/**
 * Template icons for the plan view. A `metadata` icon is drawn only when it is an image file inside
 * a workspace folder (a path relative to the template's file or to the folder, or a file: URI) or a
 * small inline data: image. Remote URLs are never fetched: such nodes get the view's generic glyph,
 * so opening a plan never reaches the network and the content security policy can stay closed.
 */
import * as vscode from 'vscode';

import type { PlanResult } from '../../server/src/protocol.js';

const IMAGE = /\.(png|jpe?g|gif|svg|webp|ico|bmp)$/i;
const MAX_BYTES = 1024 * 1024;
const MAX_DATA_URI = 64 * 1024;

/** Node id -> webview URI, for the icons the webview may show. */
export async function resolveIcons(plan: PlanResult, webview: vscode.Webview): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const cache = new Map<string, Promise<string | undefined>>();
  await Promise.all(
    plan.nodes.map(async (n) => {
      if (!n.icon) return;
      const key = `${n.uri}\n${n.icon}`;
      let p = cache.get(key);
      if (!p) cache.set(key, (p = resolveIcon(n.icon, n.uri, webview)));
      const src = await p;
      if (src) out[n.id] = src;
    }),
  );
  return out;
}

async function resolveIcon(icon: string, base: string, webview: vscode.Webview): Promise<string | undefined> {
  const written = icon.trim();
  if (/^data:image\/(png|jpeg|gif|svg\+xml|webp);base64,[A-Za-z0-9+/=]+$/.test(written)) {
    return written.length <= MAX_DATA_URI ? written : undefined;
  }
  for (const uri of candidates(written, base)) {
    if (!IMAGE.test(uri.path) || !vscode.workspace.getWorkspaceFolder(uri)) continue;
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type & vscode.FileType.File && stat.size <= MAX_BYTES) return webview.asWebviewUri(uri).toString();
    } catch {
      // Not there: try the next place, else the generic glyph.
    }
  }
  return undefined;
}

/** Where a written icon may be: only local files. */
function candidates(icon: string, base: string): vscode.Uri[] {
  if (/^file:/i.test(icon)) return [vscode.Uri.parse(icon, true)];
  // Any other scheme (http, https, ftp…) is remote; a Windows drive letter is a path.
  if (/^[a-z][a-z0-9+.-]*:/i.test(icon) && !/^[a-z]:[\\/]/i.test(icon)) return [];
  if (icon.startsWith('/') || /^[a-z]:[\\/]/i.test(icon)) return [vscode.Uri.file(icon)];
  const rel = icon.replace(/\\/g, '/').replace(/^\.\//, '');
  let file: vscode.Uri;
  try {
    file = vscode.Uri.parse(base, true);
  } catch {
    return [];
  }
  const out = [vscode.Uri.joinPath(file, '..', rel)];
  const folder = vscode.workspace.getWorkspaceFolder(file);
  if (folder) out.push(vscode.Uri.joinPath(folder.uri, rel));
  return out;
}
