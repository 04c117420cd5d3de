/**
 * The files generated from other sources of truth, committed so they ship and can be linked:
 * the rule help the checker bundles (from the diagnostic-code documents) and the JSON Schemas
 * (from the LM grammar). `npm run generate` writes them; test/cli/generated.test.ts fails when a
 * committed copy differs from what these functions produce.
 */
import { SCHEMA_KINDS, schemaText, type SchemaKind } from '../server/src/cli/schema.js';
import { parseRuleDocs } from './ruleDocs.js';

export function generatedFiles(repo: string): Map<string, string> {
  const files = new Map<string, string>();
  files.set('server/src/cli/rule-help.json', JSON.stringify(parseRuleDocs(repo), null, 2) + '\n');
  for (const kind of Object.keys(SCHEMA_KINDS) as SchemaKind[]) {
    files.set(`schemas/${kind}.schema.json`, schemaText(kind));
  }
  return files;
}
