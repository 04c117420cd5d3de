/**
 * Existence checks for one check of one document (one feature context): the package-layout rules ask
 * for many paths under a few folders, most of them absent (a resource without `Lifecycle/` is asked
 * for its `lifecycle.mf` twice, then for `Lifecycle/openstack/heat.yaml`, `tosca.yaml`, `discover.yaml`).
 *
 * - Each answer is kept for the rest of the check (several rules ask for the same path).
 * - Before a path, its folder is asked (once per check), unless that folder holds the document itself:
 *   a path under an absent folder is absent too (resolving it needs the folder), so it is answered
 *   without asking the disk (paths with `.`, `..` or empty segments aside). Only absence is ever
 *   derived; the document's own folders only end the walk up, they answer nothing.
 *
 * What the disk is asked is also what the persisted findings record (host/recordingFileSystem.ts): an
 * absent `Lifecycle/` instead of each path under it, which is as strict (anything created under it
 * creates it first).
 */
/**
 * Empty, `.` or `..` segments: such a path is asked as it is. A file system may normalise them away before
 * looking (the in-memory ones do), so `a/b/..` can be there with `a/b` absent.
 */
const DOTS = /\/(\.\.?)?(\/|$)/;

export function checkExistence(
  docPath: string,
  /** The index (its files exist without asking). */
  index: { get(path: string): unknown },
  existsSync: (path: string) => boolean,
): (path: string) => boolean {
  const known = new Map<string, boolean>();
  const exists = (p: string): boolean => {
    if (index.get(p) !== undefined) return true;
    let found = known.get(p);
    if (found !== undefined) return found;
    const cut = p.lastIndexOf('/');
    const folder = cut > 0 && !DOTS.test(p) ? p.slice(0, cut) : undefined;
    // A folder without a slash ('c:') or one holding the document is not asked first.
    const askFolder = folder !== undefined && folder.includes('/') && !docPath.startsWith(folder + '/');
    found = (!askFolder || exists(folder)) && existsSync(p);
    known.set(p, found);
    return found;
  };
  return exists;
}
