/** The one notice a file over the size cap gets (both packs report it with their syntax code). */
import type { DocumentModel } from '../../model/document.js';
import type { Finding } from './rule.js';

export function sizeNotice(doc: DocumentModel, code: string): Finding | undefined {
  if (!doc.tooLarge) return undefined;
  return {
    code,
    severity: 'information',
    span: { start: 0, end: 0 },
    message:
      `This file is ${(doc.text.length / 1048576).toFixed(1)} MB, larger than lmDescriptors.maxFileSizeMB: it is ` +
      'not analysed, so nothing in it is checked. Raise the setting to analyse it.',
  };
}
