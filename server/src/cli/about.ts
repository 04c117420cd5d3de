/**
 * What the tool says about itself (`--version`, SARIF's tool.driver, help links), read from the
 * package manifest so a release never has to edit two places.
 */
import manifest from '../../../package.json' with { type: 'json' };

export const TOOL_NAME = 'lm-descriptors';
export const VERSION: string = manifest.version;

/** The repository's web address: `repository.url` without `git+` and `.git`. */
export function repositoryWebUrl(url: string = manifest.repository.url): string {
  return url
    .replace(/^git\+/, '')
    .replace(/\.git$/, '')
    .replace(/\/$/, '');
}

export const INFORMATION_URI = repositoryWebUrl();

/** A link to a file of the repository as GitHub-style hosts serve it (`blob/HEAD/<path>`). */
export function repositoryFileUrl(file: string, anchor?: string): string {
  return `${INFORMATION_URI}/blob/HEAD/${file}${anchor ? `#${anchor}` : ''}`;
}
