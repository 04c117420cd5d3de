/**
 * The protocol edge. Every message from the client is checked against the shape its method needs
 * before any handler sees it: ours, and vscode-languageserver's own (text sync, workspace folders,
 * trace, progress), which would otherwise fail on a null or wrongly typed field with an internal
 * TypeError in the log. A malformed notification is dropped with one log line saying what is
 * wrong (the first few per method: a flood is not echoed line by line). A malformed request is
 * answered InvalidParams with what is wrong, never InternalError: a client's mistake is not a
 * fault of the server. The handlers keep their own checks (requests.ts) as a second line.
 */
import {
  ErrorCodes,
  Message,
  ResponseError,
  type Connection,
  type MessageStrategy,
  type RequestMessage,
} from 'vscode-languageserver';
import { isObject, isPosition } from './requests.js';

/** What is wrong with a message's params, or undefined when they have the shape its method needs. */
type Check = (params: unknown) => string | undefined;

const NEEDS_OBJECT = 'the params must be an object (by name)';

const field = (v: unknown, name: string): unknown => (isObject(v) ? v[name] : undefined);
const isUint = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const isRange = (v: unknown) => isObject(v) && isPosition(v['start']) && isPosition(v['end']);

/** Runs checks in order; the first problem wins. A non-object params is the first problem. */
const all =
  (...checks: Check[]): Check =>
  (p) => {
    if (!isObject(p) || Array.isArray(p)) return NEEDS_OBJECT;
    for (const c of checks) {
      const problem = c(p);
      if (problem) return problem;
    }
    return undefined;
  };

const docUri: Check = (p) =>
  typeof field(field(p, 'textDocument'), 'uri') === 'string' ? undefined : '`textDocument.uri` must be a string';
const position: Check = (p) =>
  isPosition(field(p, 'position'))
    ? undefined
    : '`position` must have whole, non-negative `line` and `character` numbers';
const range: Check = (p) =>
  isRange(field(p, 'range')) ? undefined : '`range` must have a `start` and an `end` position';
const optional =
  (name: string, ok: (v: unknown) => boolean, what: string): Check =>
  (p) =>
    field(p, name) === undefined || ok(field(p, name)) ? undefined : `\`${name}\` must be ${what}`;

const opened: Check = (p) => {
  const td = field(p, 'textDocument');
  if (typeof field(td, 'text') !== 'string') return '`textDocument.text` must be a string';
  if (typeof field(td, 'languageId') !== 'string') return '`textDocument.languageId` must be a string';
  return Number.isInteger(field(td, 'version')) ? undefined : '`textDocument.version` must be a whole number';
};

const changed: Check = (p) => {
  if (!Number.isInteger(field(field(p, 'textDocument'), 'version'))) {
    return '`textDocument.version` must be a whole number';
  }
  const changes = field(p, 'contentChanges');
  if (!Array.isArray(changes)) return '`contentChanges` must be an array';
  for (const [i, c] of changes.entries()) {
    if (typeof field(c, 'text') !== 'string') return `\`contentChanges[${i}].text\` must be a string`;
    const r = field(c, 'range');
    if (r !== undefined && !isRange(r)) return `\`contentChanges[${i}].range\` must have a \`start\` and an \`end\``;
  }
  return undefined;
};

const fileEvents: Check = (p) => {
  const changes = field(p, 'changes');
  if (!Array.isArray(changes)) return '`changes` must be an array';
  for (const [i, c] of changes.entries()) {
    if (typeof field(c, 'uri') !== 'string' || ![1, 2, 3].includes(field(c, 'type') as number)) {
      return `\`changes[${i}]\` must have a \`uri\` string and a \`type\` of 1, 2 or 3`;
    }
  }
  return undefined;
};

const folders: Check = (p) => {
  const event = field(p, 'event');
  for (const side of ['added', 'removed']) {
    const list = field(event, side);
    if (!Array.isArray(list) || !list.every((f) => typeof field(f, 'uri') === 'string')) {
      return `\`event.${side}\` must be an array of folders with a \`uri\` string`;
    }
  }
  return undefined;
};

const token: Check = (p) =>
  ['string', 'number'].includes(typeof field(p, 'token')) ? undefined : '`token` must be a string or a number';

/** Notifications: a malformed one is dropped before any handler runs. */
export const NOTIFICATION_CHECKS: Readonly<Record<string, Check>> = {
  'textDocument/didOpen': all(docUri, opened),
  'textDocument/didChange': all(docUri, changed),
  'textDocument/didClose': all(docUri),
  'textDocument/didSave': all(
    docUri,
    optional('text', (v) => typeof v === 'string', 'a string'),
  ),
  'textDocument/willSave': all(docUri, optional('reason', isUint, 'a number')),
  'workspace/didChangeWatchedFiles': all(fileEvents),
  'workspace/didChangeConfiguration': all(),
  'workspace/didChangeWorkspaceFolders': all(folders),
  '$/setTrace': all((p) =>
    ['off', 'messages', 'verbose'].includes(field(p, 'value') as string) ? undefined : '`value` must be a trace value',
  ),
  'window/workDoneProgress/cancel': all(token),
};

const positions: Check = (p) => {
  const list = field(p, 'positions');
  return Array.isArray(list) && list.every(isPosition) ? undefined : '`positions` must be an array of positions';
};
const at = all(docUri, position);
const inDoc = all(docUri);

/** Requests: a malformed one is answered InvalidParams before any handler runs. */
export const REQUEST_CHECKS: Readonly<Record<string, Check>> = {
  initialize: all(optional('capabilities', isObject, 'an object')),
  'textDocument/hover': at,
  'textDocument/completion': at,
  'textDocument/definition': at,
  'textDocument/documentHighlight': at,
  'textDocument/prepareRename': at,
  'textDocument/references': at,
  'textDocument/rename': all(docUri, position, (p) =>
    typeof field(p, 'newName') === 'string' ? undefined : '`newName` must be a string',
  ),
  'textDocument/codeAction': all(docUri, range),
  'textDocument/documentSymbol': inDoc,
  'textDocument/documentLink': inDoc,
  'textDocument/codeLens': inDoc,
  'textDocument/foldingRange': inDoc,
  'textDocument/semanticTokens/full': inDoc,
  'textDocument/diagnostic': inDoc,
  'textDocument/selectionRange': all(docUri, positions),
  'workspace/symbol': all((p) => (typeof field(p, 'query') === 'string' ? undefined : '`query` must be a string')),
  'workspace/diagnostic': all(optional('previousResultIds', Array.isArray, 'an array')),
  'codeLens/resolve': all(range),
  'workspaceSymbol/resolve': all(),
};

/** The method a malformed request is turned into: its handler answers InvalidParams. */
export const INVALID_PARAMS_METHOD = 'lmDescriptors/invalidParams';
/** Log lines per method about dropped notifications; later ones are counted, not logged. */
export const LOGGED_PER_METHOD = 5;

export interface ProtocolGuard {
  readonly strategy: MessageStrategy;
  /** Dropped notifications and rejected requests so far, by method. */
  readonly rejected: Map<string, number>;
  /** Registers the InvalidParams answer and the log of dropped notifications on the connection. */
  attach(connection: Connection): void;
}

export function protocolGuard(): ProtocolGuard {
  const rejected = new Map<string, number>();
  let log: (msg: string) => void = () => undefined;
  const strategy: MessageStrategy = {
    handleMessage(message, next) {
      const method = Message.isRequest(message) || Message.isNotification(message) ? message.method : undefined;
      const check =
        method === undefined
          ? undefined
          : Message.isRequest(message)
            ? REQUEST_CHECKS[method]
            : NOTIFICATION_CHECKS[method];
      const problem = check?.((message as { params?: unknown }).params);
      if (method === undefined || problem === undefined) return next(message);
      const n = (rejected.get(method) ?? 0) + 1;
      rejected.set(method, n);
      if (Message.isRequest(message)) {
        const rewritten: RequestMessage = { ...message, method: INVALID_PARAMS_METHOD, params: { method, problem } };
        return next(rewritten);
      }
      if (n <= LOGGED_PER_METHOD) {
        const more = n === LOGGED_PER_METHOD ? ' (further malformed ones are dropped without a log line)' : '';
        log(`[lm-descriptors] ignored a malformed \`${method}\` notification from the client: ${problem}${more}`);
      }
    },
  };
  return {
    strategy,
    rejected,
    attach(connection) {
      log = (msg) => connection.console.log(msg);
      connection.onRequest(INVALID_PARAMS_METHOD, (params: unknown) => {
        const p = params as { method?: unknown; problem?: unknown } | null;
        throw new ResponseError(
          ErrorCodes.InvalidParams,
          typeof p?.method === 'string' && typeof p.problem === 'string'
            ? `Invalid params for \`${p.method}\`: ${p.problem}.`
            : 'Invalid params.',
        );
      });
    },
  };
}
