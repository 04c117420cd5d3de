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
 *
 * Every answer kept is a fact about the disk, not about the document (a derived absence holds for any
 * document), so the workspace pass passes one `known` map to the checks of many files: a project's
 * resource and its assembly ask for the same `Contains/<r>/Lifecycle` (on the bench 64,032 questions to the disk,
 * 7,980 of them asked before by another file's check). The pass starts a new map
 * every 1,000 files (lsp/workspaceDiagnostics.ts), so an answer is as old as a few hundred ms of the pass.
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
  /** Answers kept so far (by path): one check's own by default, or shared by the checks of a workspace pass. */
  known: Map<string, boolean> = new Map(),
  /**
   * True for a folder that holds files the index read from the disk (the workspace pass's answer, `diskFolders`):
   * it is there as surely as those files are. An assembly's check asks for its project's `Contains/`, each
   * `Contains/<r>/` and its `Definitions/` (18,009 of the bench pass's 56,795 questions to the disk).
   */
  holdsFiles?: (folder: string) => boolean,
): (path: string) => boolean {
  /**
   * `p` asked of the kept answers, then of the disk. A folder asked before its child is not looked up in the index
   * (it holds files, some only open in the editor): the child's answer is the same either way, since nothing is
   * under a file or under an absent path (80,000 of the bench pass's 194,000 look-ups). The index still answers
   * first whenever a path is asked for itself.
   */
  const ask = (p: string): boolean => {
    let found = known.get(p);
    if (found !== undefined) return found;
    if (holdsFiles?.(p)) return true;
    const cut = p.lastIndexOf('/');
    const folder = cut > 0 && !DOTS.test(p) ? p.slice(0, cut) : undefined;
    // A folder without a slash ('c:') or one holding the document is not asked first (`docPath` starts with
    // `folder + '/'`, tested without building that string).
    const askFolder =
      folder !== undefined && folder.includes('/') && !(docPath.charCodeAt(cut) === 47 && docPath.startsWith(folder));
    found = (!askFolder || ask(folder)) && existsSync(p);
    known.set(p, found);
    return found;
  };
  const exists = (p: string): boolean => index.get(p) !== undefined || ask(p);
  return exists;
}
