/**
 * Completion inside a quoted value whose closing quote is not typed yet (`value: '${` in an editor
 * that does not close quotes, or typing over a selection): YAML then reads the rest of the file
 * into that one string, and everything declared below the cursor is gone from the tree. Completion
 * works on a copy of the text with the quote closed at the end of the line, which leaves every
 * offset up to the cursor as it is.
 */
import { analyseDocument, type DocumentModel } from '../../model/document.js';
import type { FeatureContext } from '../types.js';

/** A value opening a quote on this line: `key: '`, `key: "`, `- '`, with what follows it up to the cursor. */
const OPENED = /^\s*(?:-\s+)?(?:[^'"#\s][^#]*?:\s+|-\s+)?(['"])(.*)$/;

function stillOpen(quote: string, rest: string): boolean {
  if (quote === "'") return !/'/.test(rest.replace(/''/g, ''));
  return !/(^|[^\\])(\\\\)*"/.test(rest);
}

/** The document with the quote opened before the cursor closed at the end of its line, when one is open. */
export function closeOpenQuote(doc: DocumentModel, offset: number): DocumentModel | undefined {
  if (!doc.problems.length) return undefined;
  const text = doc.text;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const nl = text.indexOf('\n', offset);
  const lineEnd = nl < 0 ? text.length : nl > 0 && text[nl - 1] === '\r' ? nl - 1 : nl;
  const m = OPENED.exec(text.slice(lineStart, offset));
  if (!m || !m[2]!.includes('${')) return undefined;
  const quote = m[1]!;
  if (!stillOpen(quote, m[2]!) || !stillOpen(quote, text.slice(offset, lineEnd))) return undefined;
  const patched = text.slice(0, lineEnd) + quote + text.slice(lineEnd);
  return analyseDocument(doc.path, patched, doc.version, { kind: doc.kind });
}

/** The feature context to complete in: on the closed copy when a quote is open at the cursor. */
export function completionContext(ctx: FeatureContext, offset: number): FeatureContext {
  const closed = closeOpenQuote(ctx.doc, offset);
  return closed ? { ...ctx, doc: closed } : ctx;
}
