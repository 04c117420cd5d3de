/**
 * The TOSCA model of a document, with imported files read through the workspace index (summaries
 * of indexed TOSCA files) or, for files the index does not hold (outside the roots, or not
 * classified as TOSCA), through `linesOf` (open buffers, then disk). Never fetches remote URLs.
 *
 * `toscaModelOf` memoises per document and re-validates the memo cheaply: a model is reused only
 * while every file it loaded still yields the same summary object.
 */
import * as path from 'node:path';
import type { DocumentModel } from '../../model/document.js';
import { buildToscaModel, type ToscaModel } from '../../model/tosca/model.js';
import type { LoadedToscaFile, ToscaFileSource } from '../../model/tosca/imports.js';
import { findCsar } from '../../model/tosca/csar.js';
import { isToscaSummary, summariseTosca, type ToscaSummary } from '../../model/tosca/summary.js';
import { parseYaml } from '../../syntax/parse.js';
import type { FeatureContext } from '../types.js';

/** Summaries of files read on demand (not indexed as TOSCA), by path; reused while the text is unchanged. */
const onDemand = new Map<string, { text: string; file: LoadedToscaFile }>();
const MAX_ON_DEMAND = 500;

function summariseText(p: string, text: string): LoadedToscaFile {
  const cached = onDemand.get(p);
  if (cached && cached.text === text) return cached.file;
  let summary: ToscaSummary;
  try {
    summary = summariseTosca(parseYaml(text).root);
  } catch {
    summary = summariseTosca(null);
  }
  const file: LoadedToscaFile = { path: p, summary };
  if (!summary.version) file.notTosca = true;
  if (onDemand.size >= MAX_ON_DEMAND) onDemand.clear();
  onDemand.set(p, { text, file });
  return file;
}

/** A `ToscaFileSource` over the feature context (index first, then buffers and disk). */
export function fileSourceOf(ctx: FeatureContext): ToscaFileSource & { readText(p: string): string | undefined } {
  const doc = ctx.doc;
  const readText = (p: string): string | undefined => {
    if (!ctx.fileExists(p)) return undefined;
    try {
      return ctx.linesOf(p)?.text;
    } catch {
      return undefined;
    }
  };
  const csarRoots = new Map<string, string | undefined>();
  return {
    readText,
    load(p) {
      if (p === doc.path) return { path: p, summary: doc.summary as ToscaSummary };
      const e = ctx.index.get(p);
      if (e && e.kind === 'tosca' && isToscaSummary(e.summary)) return { path: e.path, summary: e.summary };
      if (/\/$/.test(p)) return undefined;
      const text = readText(p);
      if (text === undefined) return undefined;
      return summariseText(p, text);
    },
    byNamespace(ns) {
      const out: string[] = [];
      for (const e of ctx.index.allEntries()) {
        if (e.kind === 'tosca' && isToscaSummary(e.summary) && e.summary.namespace?.name === ns) out.push(e.path);
      }
      // Several files of a profile may declare the namespace: prefer the CSAR entry / profile file.
      return out.sort((a, b) => rankProfile(a) - rankProfile(b) || a.localeCompare(b));
    },
    importersOf(p) {
      const base = path.posix.basename(p);
      const out: string[] = [];
      for (const e of ctx.index.allEntries()) {
        if (e.kind !== 'tosca' || e.path === p || !isToscaSummary(e.summary)) continue;
        for (const imp of e.summary.imports) {
          const f = imp.file?.name.trim();
          if (!f || imp.repository || path.posix.basename(f) !== base) continue;
          const dir = path.posix.dirname(e.path);
          if (path.posix.resolve(dir, f) === p || p.endsWith('/' + f.replace(/^\.\//, ''))) {
            out.push(e.path);
            break;
          }
        }
      }
      return out.sort();
    },
    csarRootOf(p) {
      const dir = path.posix.dirname(p);
      if (!csarRoots.has(dir)) csarRoots.set(dir, findCsar(p, readText)?.root);
      return csarRoots.get(dir);
    },
  };
}

function rankProfile(p: string): number {
  const base = path.posix.basename(p);
  return /^(profile|main|index)\.ya?ml$/.test(base) ? 0 : 1;
}

interface Memo {
  model: ToscaModel;
  /** Summary object of every loaded file at build time (undefined: the import was missing). */
  loaded: Map<string, ToscaSummary | undefined>;
}

const memo = new WeakMap<DocumentModel, Memo>();

/** The TOSCA model of the context's document (which must be of kind `tosca`). */
export function toscaModelOf(ctx: FeatureContext): ToscaModel {
  const doc = ctx.doc;
  const source = fileSourceOf(ctx);
  const m = memo.get(doc);
  if (m && [...m.loaded].every(([p, s]) => source.load(p)?.summary === s)) return m.model;
  const summary = isToscaSummary(doc.summary) ? doc.summary : summariseTosca(doc.root);
  const model = buildToscaModel(doc.path, summary, source, { readText: source.readText });
  const loaded = new Map<string, ToscaSummary | undefined>();
  for (const f of [...model.closure.files, ...model.contextFiles]) loaded.set(f.path, f.summary);
  for (const r of model.closure.imports) if (r.status.kind === 'missing') loaded.set(r.status.path, undefined);
  memo.set(doc, { model, loaded });
  return model;
}
