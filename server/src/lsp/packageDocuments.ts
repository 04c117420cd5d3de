/**
 * `TOSCA-Metadata/TOSCA.meta` and manifest (`.mf`) documents: the package checks of the document,
 * completion, hover, links to the files and the quick fixes, answered here instead of by the YAML
 * features (these files are `Key: value` text, not YAML). Hashes come from the host's
 * PackageService: cached, or computed in the background while the finding waits.
 */
import type {
  CodeAction,
  CompletionItem,
  Diagnostic as LspDiagnostic,
  DocumentLink,
  Hover,
} from 'vscode-languageserver';
import {
  packageCompletion,
  packageDocKind,
  packageFixes,
  packageHover,
  packageLinks,
} from '../features/tosca/package/editor.js';
import type { Diagnostic } from '../features/types.js';
import type { PackageService } from '../host/packageService.js';
import { keyOfUri, uriOfKey } from './convert.js';
import { toLspDiagnostic } from './diagnostics.js';
import type { OpenDocuments } from './documents.js';

interface Pos {
  line: number;
  character: number;
}

export class PackageDocuments {
  private readonly packages: PackageService | undefined;

  constructor(
    private readonly docs: OpenDocuments,
    /** Check these open documents again (a hash they wait for is ready). */
    private readonly recheck: (uris: string[]) => void,
    /** The host's package checks (absent on a host without a disk: then no document is a package document). */
    service: ((ready: (root: string) => void) => PackageService) | undefined,
  ) {
    this.packages = service?.(() => this.recheck(this.docs.allUris().filter((u) => this.isPackage(u))));
  }

  /** The host's package service, when the host has one (the workspace pass reads package findings from it). */
  get hostService(): PackageService | undefined {
    return this.packages;
  }

  private get service(): PackageService {
    if (!this.packages) throw new Error('no package service on this host');
    return this.packages;
  }

  /** A package document of the file system (untitled ones have no package around them). */
  isPackage(uri: string): boolean {
    return !!this.packages && uri.startsWith('file:') && packageDocKind(keyOfUri(uri)) !== undefined;
  }

  private textOf(uri: string): string | undefined {
    return this.docs.documents.get(uri)?.getText();
  }

  private findings(uri: string): Diagnostic[] {
    const text = this.textOf(uri);
    return text === undefined ? [] : this.service.diagnostics(keyOfUri(uri), text);
  }

  diagnostics(uri: string): LspDiagnostic[] {
    return this.findings(uri).map(toLspDiagnostic);
  }

  completion(uri: string, pos: Pos): CompletionItem[] {
    const path = keyOfUri(uri);
    const kind = packageDocKind(path);
    const text = this.textOf(uri);
    const root = this.service.rootOf(path);
    if (!kind || text === undefined) return [];
    return packageCompletion(kind, text, pos, root ? this.service.files(root) : []) as CompletionItem[];
  }

  hover(uri: string, pos: Pos): Hover | null {
    const text = this.textOf(uri);
    return (text !== undefined && packageHover(text, pos)) || null;
  }

  links(uri: string): (DocumentLink & { target: string })[] {
    const path = keyOfUri(uri);
    const text = this.textOf(uri);
    const root = this.service.rootOf(path);
    if (text === undefined || !root) return [];
    const files = new Set(this.service.files(root));
    return packageLinks(text, root, (rel) => files.has(rel)).map((l) => ({
      range: l.range,
      target: uriOfKey(l.targetPath),
    }));
  }

  codeActions(uri: string, range: { start: Pos; end: Pos }): CodeAction[] {
    const path = keyOfUri(uri);
    const text = this.textOf(uri);
    const root = this.service.rootOf(path);
    if (text === undefined || !root) return [];
    const all = this.findings(uri);
    const touches = (d: Diagnostic) => d.range.start.line <= range.end.line && d.range.end.line >= range.start.line;
    const here = all.filter(touches);
    // "Add the missing files" takes every unlisted file of the document, wherever the cursor is on them.
    const wanted = here.some((d) => d.code === 'TOSCA316')
      ? [...here, ...all.filter((d) => d.code === 'TOSCA316')]
      : here;
    return packageFixes(text, [...new Set(wanted)], (rel) => this.service.sha256(`${root}/${rel}`)).map((f) => ({
      title: f.title,
      kind: 'quickfix',
      diagnostics: f.diagnostics.map(toLspDiagnostic),
      ...(f.isPreferred ? { isPreferred: true } : {}),
      edit: { changes: { [uri]: f.edits } },
    }));
  }
}
