/**
 * The full parser's verdict on a text the outline scanner read, in small steps. The check that completes an open
 * document's syntax check (model/document.ts `verifySyntax`) ran in one piece: about 20 ms for a 2,000-line assembly
 * with the parser compiled, 80-100 ms for the first one of a session, and a document opened meanwhile waited for all
 * of it. Driven step by step (host/analysisSession.ts `verifyOpenInSlices`), the next message is handled between.
 *
 * The steps answer one question: would `parseYaml` report nothing but control characters? They read the text as
 * `parseDocument` does (the same lexer, parser and composer, fed one lexeme at a time) and answer yes only when every
 * composed part has no error and no warning, there is one document at most, and no alias (aliases are measured on our
 * own tree, `capAliases`). Anything else answers no and the caller runs the full parse, which says exactly what it
 * found: a no is never a finding, only a reason to look in full.
 *
 * The composer builds a document from its syntax tree in one call (20-40 ms for the big assembly when cold), so the
 * tree is composed in parts (`parts`): a block collection's items in groups of about PART_CHARS, and an item larger
 * than that with a block collection as value composed with an empty collection of the same kind in its place, its
 * value's items composed as parts of their own. That is sound for the question asked because the composer checks a
 * block collection item by item against the collection's own indentation, and what it checks across items does not
 * apply here: duplicate keys (not checked: `uniqueKeys` is off for every read), aliases (none), a comment-only item
 * followed by more items (such a collection is not split) and tags (a value with a tag is not split off).
 */
import type { CST } from 'yaml';
import { excessiveNesting } from './limits.js';
import { READ_OPTIONS } from './recover.js';
import { yamlLibrary } from './yamlLibrary.js';

/** Lexemes read between two steps: about 0.1-0.3 ms of work with the parser compiled. */
const LEXEMES_PER_STEP = 64;
/** Source characters composed in one part, about as long as a step's lexemes. */
const PART_CHARS = 4096;

/** '*': the first character of an alias lexeme (a plain scalar cannot start with it). */
const STAR = 42;

type Collection = CST.BlockMap | CST.BlockSequence;
type Item = Collection['items'][number];
interface Verdicts {
  errors: readonly unknown[];
  warnings: readonly unknown[];
}

/**
 * Yields between steps; returns true when the full parse of `text` would find no problem other than control
 * characters, false when it may (see the module comment). Never throws: a parser fault answers false.
 */
export function* cleanParseSteps(text: string): Generator<void, boolean, void> {
  try {
    return yield* steps(text);
  } catch {
    return false;
  }
}

function* steps(text: string): Generator<void, boolean, void> {
  // As parseYaml reads it: a lone CR is a line break (same length).
  if (text.indexOf('\r') >= 0) text = text.replace(/\r(?!\n)/g, '\n');
  if (excessiveNesting(text)) return false;
  const { Composer, Lexer, Parser } = yamlLibrary();
  const parser = new Parser();
  const tokens: CST.Token[] = [];
  let n = 0;
  for (const lexeme of new Lexer().lex(text)) {
    if (lexeme.charCodeAt(0) === STAR) return false;
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (++n === LEXEMES_PER_STEP) {
      n = 0;
      yield;
    }
  }
  for (const token of parser.end()) tokens.push(token);
  // A second document is an error of parseDocument's own.
  if (tokens.filter((t) => t.type === 'document').length > 1) return false;
  const clean = (doc: Verdicts) => doc.errors.length === 0 && doc.warnings.length === 0;
  // The stream as parseDocument composes it, the document's first part in the document's place; its other parts are
  // composed after it, each as a document of its own.
  let later: CST.Document[] = [];
  const composer = new Composer(READ_OPTIONS);
  for (let token of tokens) {
    if (token.type === 'document') [token, ...later] = splitDocument(token, text.length);
    for (const doc of composer.next(token)) if (!clean(doc)) return false;
  }
  for (const doc of composer.end(true, text.length)) if (!clean(doc)) return false;
  for (const part of later) {
    yield;
    const own = new Composer(READ_OPTIONS);
    for (const doc of own.next(part)) if (!clean(doc)) return false;
    for (const doc of own.end(true, text.length)) if (!clean(doc)) return false;
  }
  return true;
}

/**
 * The parts `doc` is composed in (see the module comment): the first is `doc` with its value's first group of items,
 * the others documents of their own. `end`: where the document ends in the text. Exported for the tests.
 */
export function splitDocument(doc: CST.Document, end: number): CST.Document[] {
  const value = doc.value;
  if (!value || !isBlock(value) || hasTag(doc.start)) return [doc];
  const later: CST.Document[] = [];
  const [first, ...rest] = parts(value, end, later);
  return [{ ...doc, value: first ?? value }, ...rest.map(asDocument), ...later];
}

/**
 * `coll` in groups of items of about PART_CHARS each (one group when it cannot be split), an item larger than that
 * with a block collection as value carrying an empty collection in its place, that value's own groups pushed to
 * `later`. `end` is where `coll` ends in the text (its last item's end).
 */
function parts(coll: Collection, end: number, later: CST.Document[]): Collection[] {
  const items = coll.items;
  // The composer reports a comment-only item followed by other items (its "map comment with trailing content").
  for (let i = 0; i < items.length - 1; i++) if (!items[i]!.key && !items[i]!.sep && !items[i]!.value) return [coll];
  const groups: Item[][] = [];
  let group: Item[] = [];
  let size = 0;
  for (let i = 0; i < items.length; i++) {
    let item = items[i]!;
    const from = startOf(item, coll.offset);
    const to = i + 1 < items.length ? startOf(items[i + 1]!, from) : end;
    const value = item.value;
    if (
      to - from > PART_CHARS &&
      value &&
      isBlock(value) &&
      !hasTag(coll.type === 'block-map' ? item.sep : item.start)
    ) {
      for (const p of parts(value, to, later)) later.push(asDocument(p));
      item = { ...item, value: { type: value.type, offset: value.offset, indent: value.indent, items: [] } } as Item;
    }
    const own = item === items[i] ? to - from : 0;
    if (group.length && size + own > PART_CHARS) {
      groups.push(group);
      group = [];
      size = 0;
    }
    group.push(item);
    size += own;
  }
  if (group.length) groups.push(group);
  return groups.map((g) => ({ ...coll, items: g }) as Collection);
}

function asDocument(value: Collection): CST.Document {
  return { type: 'document', offset: value.offset, start: [], value };
}

function isBlock(token: CST.Token): token is Collection {
  return token.type === 'block-map' || token.type === 'block-seq';
}

function hasTag(tokens: readonly CST.SourceToken[] | undefined): boolean {
  return !!tokens?.some((t) => t.type === 'tag');
}

/** Where an item begins in the text: its first token. */
function startOf(item: Item, fallback: number): number {
  return item.start[0]?.offset ?? item.key?.offset ?? item.sep?.[0]?.offset ?? item.value?.offset ?? fallback;
}
