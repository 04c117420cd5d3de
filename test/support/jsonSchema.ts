/**
 * A JSON-schema validator for tests (Ajv, draft-07) with the three string formats the SARIF
 * schema uses, written out here instead of pulling in another dependency.
 */
import Ajv from 'ajv';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function isUri(s: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\S*$/.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}

function isUriReference(s: string): boolean {
  if (/\s/.test(s)) return false;
  try {
    new URL(s, 'http://base.invalid/');
    return true;
  } catch {
    return false;
  }
}

export function validator(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addFormat('uri', isUri);
  ajv.addFormat('uri-reference', isUriReference);
  ajv.addFormat('date-time', (s: string) => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)));
  return ajv;
}
