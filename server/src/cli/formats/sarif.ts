/**
 * SARIF 2.1.0 (OASIS), as GitHub code scanning and other result viewers read it: one run; the
 * tool with every rule the checker has (description, help text, link to its documentation,
 * default level), so a viewer can explain a code that did not occur; one result per finding with
 * its region. Paths relative to the current folder are written relative to `%SRCROOT%` (the
 * current folder, given in originalUriBaseIds); others as absolute file URIs.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Severity } from '../../features/types.js';
import { INFORMATION_URI, TOOL_NAME, VERSION } from '../about.js';
import type { Report } from '../report.js';
import { knownCodes, ruleInfo } from '../rules.js';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  information: 'note',
  hint: 'note',
};

export const SARIF_SCHEMA_URI =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** A relative path as a URI reference: each segment percent-encoded, `/` between them. */
function relativeUri(file: string): string {
  return file.split(path.sep).map(encodeURIComponent).join('/');
}

function artifactLocation(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  if (!path.isAbsolute(file) && !file.split(path.sep).includes('..')) {
    return { uri: relativeUri(file), uriBaseId: '%SRCROOT%' };
  }
  return { uri: pathToFileURL(path.resolve(cwd, file)).href };
}

export function sarifLog(r: Report): object {
  const rules = knownCodes().map((code) => {
    const info = ruleInfo(code);
    return {
      id: code,
      shortDescription: { text: info.short },
      fullDescription: { text: info.text },
      help: { text: info.text, markdown: info.markdown },
      helpUri: info.helpUri,
      defaultConfiguration: { level: LEVEL[info.defaultSeverity] },
      properties: { tags: [code.startsWith('TOSCA') ? 'tosca' : 'lm-descriptor'] },
    };
  });
  const index = new Map(knownCodes().map((c, i) => [c, i]));
  const results = r.rows.map((x) => ({
    ruleId: x.code,
    ...(index.has(x.code) ? { ruleIndex: index.get(x.code) } : {}),
    level: LEVEL[x.severity],
    message: { text: x.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: artifactLocation(x.file, r.cwd),
          region: { startLine: x.line, startColumn: x.column, endLine: x.endLine, endColumn: x.endColumn },
        },
      },
    ],
  }));
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: TOOL_NAME,
            version: VERSION,
            semanticVersion: VERSION,
            informationUri: INFORMATION_URI,
            rules,
          },
        },
        originalUriBaseIds: {
          '%SRCROOT%': { uri: pathToFileURL(r.cwd.endsWith(path.sep) ? r.cwd : r.cwd + path.sep).href },
        },
        // Columns count UTF-16 code units, as the language server's positions do.
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

export function formatSarif(r: Report): string {
  return JSON.stringify(sarifLog(r), null, 2) + '\n';
}
