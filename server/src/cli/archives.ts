/**
 * The package archives a folder argument holds: every `.csar`, and every `.zip` laid out as an NFV
 * package (ETSI GS NFV-SOL 004: `TOSCA-Metadata/TOSCA.meta`, or one root YAML file with its `.mf`), is read
 * in place like a `.csar` argument, so `check folder/` and `check folder/pkg.csar` give the same findings.
 * A `.csar` that cannot be read is TOSCA329 on the archive itself; a `.zip` that cannot, or that is no
 * package, is left alone (a zip can hold anything).
 */
import type { FileSystem } from '../index/fileSystem.js';
import { listFolder } from '../host/packageFolder.js';
import { ZipArchive, ZipError } from '../host/zipArchive.js';
import { packageLayout } from '../model/tosca/package/files.js';
import type { Severity } from '../features/types.js';
import type { Row } from './report.js';

/** Archives opened per folder argument at most (each keeps a file descriptor open for the run). */
const MAX_ARCHIVES = 64;

export interface FoundArchive {
  /** Real path of the archive file. */
  file: string;
  zip: ZipArchive;
}

export interface ArchiveScan {
  found: FoundArchive[];
  /** `.csar` files refused, with why (reported as TOSCA329). */
  refused: { file: string; why: string }[];
}

/**
 * The package archives under `folder` (a real, `/`-separated path), opened. Folders are listed through
 * `fs`, whose listings the index then reuses instead of reading every folder a second time.
 */
export function archivesUnder(folder: string, fs?: Pick<FileSystem, 'readDirSync'>): ArchiveScan {
  const scan: ArchiveScan = { found: [], refused: [] };
  for (const rel of listFolder(folder, fs)) {
    if (!/\.(csar|zip)$/i.test(rel)) continue;
    if (scan.found.length >= MAX_ARCHIVES) break;
    const file = `${folder}/${rel}`;
    const csar = /\.csar$/i.test(rel);
    let zip: ZipArchive;
    try {
      zip = ZipArchive.open(file);
    } catch (e) {
      if (csar) scan.refused.push({ file, why: e instanceof ZipError ? e.message : String(e) });
      continue;
    }
    if (!csar && !packageLayout([...zip.entries.keys()])) {
      zip.close();
      continue;
    }
    scan.found.push({ file, zip });
  }
  return scan;
}

/** The finding for a `.csar` under a folder argument that cannot be read. */
export function refusedRow(display: string, why: string, severity: Severity): Row {
  return {
    file: display,
    ...{ line: 1, column: 1, endLine: 1, endColumn: 1 },
    severity,
    code: 'TOSCA329',
    message:
      `This CSAR cannot be read as a package archive: ${why}. Its files are not checked ` +
      '(ETSI GS NFV-SOL 004: a package is a CSAR, a ZIP archive; what this reader refuses is in docs/nfv-packages.md).',
  };
}
