/**
 * The package checks of a checker run (ETSI GS NFV-SOL 004, TOSCA300–TOSCA339): every package a
 * folder argument holds (a folder with `TOSCA-Metadata/TOSCA.meta`, or the argument itself when it
 * is a package without TOSCA-Metadata, and the package archives in it), and every `.csar`/`.zip`
 * argument, read in place. Hashes
 * are computed before the checks run: streamed from disk, or inflated from the archive.
 */
import { checkPackage, hashRequests, type PackageFinding } from '../features/tosca/package/check.js';
import { packageLayout, type PackageFiles } from '../model/tosca/package/files.js';
import { folderPackage, packageRootsUnder, rootFiles } from '../host/packageFolder.js';
import { archivePackage } from '../host/archiveFileSystem.js';
import type { ZipArchive } from '../host/zipArchive.js';
import type { Severity } from '../features/types.js';
import { displayUnder, isInside, type Target } from './paths.js';
import type { Row } from './report.js';
import type { FileSystem } from '../index/fileSystem.js';

export interface PackageRun {
  rows: Row[];
  /** Targets that held a package. */
  matched: Set<Target>;
  packages: number;
}

export async function packageRows(
  targets: readonly Target[],
  archives: ReadonlyMap<string, ZipArchive>,
  severityOf: (code: string, base: Severity) => Severity | undefined,
  /** Lists folders (the run's file system, which keeps the listings the index made). */
  fs?: Pick<FileSystem, 'readDirSync'>,
): Promise<PackageRun> {
  const run: PackageRun = { rows: [], matched: new Set(), packages: 0 };
  const seen = new Set<string>();
  for (const t of targets) {
    if (!t.isDir) continue;
    const zip = archives.get(t.real);
    const found: { root: string; pkg: PackageFiles }[] = [];
    if (zip) {
      const pkg = await zipPackage(zip);
      if (!pkg) continue;
      found.push({ root: t.real, pkg });
    } else {
      const roots = packageRootsUnder(t.real, undefined, fs);
      // A package without TOSCA-Metadata is recognised only when it is the argument itself.
      if (!roots.includes(t.real)) {
        if (packageLayout(rootFiles(t.real, fs))?.kind === 'single')
          found.push({ root: t.real, pkg: folderPackage(t.real) });
      }
      for (const root of roots) found.push({ root, pkg: folderPackage(root) });
      // Archives found in the folder (cli/archives.ts), mounted as `<archive>!`.
      for (const [root, z] of archives) {
        if (root === t.real || !isInside(root, t.real) || seen.has(root)) continue;
        const pkg = await zipPackage(z);
        if (pkg) found.push({ root, pkg });
      }
    }
    for (const { root, pkg } of found) {
      if (seen.has(root)) continue;
      seen.add(root);
      run.packages++;
      run.matched.add(t);
      for (const f of checkPackage(pkg)) {
        const row = toRow(displayUnder(t, `${root}/${f.file}`), f, severityOf);
        if (row) run.rows.push(row);
      }
    }
  }
  return run;
}

/** An archive's package with the hashes its manifest asks for computed; undefined when it is not a package. */
async function zipPackage(zip: ZipArchive): Promise<PackageFiles | undefined> {
  const hashes = new Map<string, string>();
  const pkg = archivePackage(zip, hashes);
  if (!packageLayout(pkg.files)) return undefined;
  for (const r of hashRequests(pkg)) {
    const key = `${r.file}\0${r.algorithm}`;
    if (hashes.has(key)) continue;
    const d = await zip.hashOf(r.file, r.algorithm);
    if (d) hashes.set(key, d);
  }
  return pkg;
}

function toRow(
  file: string,
  f: PackageFinding,
  severityOf: (code: string, base: Severity) => Severity | undefined,
): Row | undefined {
  const d = f.diagnostic;
  const severity = severityOf(d.code, d.severity);
  if (!severity) return undefined;
  return {
    file,
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
    severity,
    code: d.code,
    message: d.message,
  };
}
