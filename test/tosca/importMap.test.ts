/**
 * Imports by URL resolved to workspace files (model/tosca/urlMap.ts, index/checkouts.ts): the import map
 * (setting / --import-map), the default for the checkout's own repository (from `.git/config`), the order
 * against the built-in SOL001 files, and what stays unresolved (TOSCA021, checks relaxed).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTosca, messageOf, severityOf } from './support.js';
import { setup } from '../support/features.js';
import { definition } from '../../server/src/features/definition.js';
import { documentLinks } from '../../server/src/features/links.js';
import { hover } from '../../server/src/features/hover.js';
import {
  mapByImportMap,
  mapByRepository,
  parseRemoteUrl,
  remotesOfGitConfig,
} from '../../server/src/model/tosca/urlMap.js';

const PROFILE = `#- /ws/profiles/acme/profile.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  acme.nodes.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      port:
        type: integer
`;

const GIT_CONFIG = `#- /ws/.git/config
[core]
	repositoryformatversion = 0
[remote "origin"]
	url = git@github.com:Acme/service-models.git
	fetch = +refs/heads/*:refs/remotes/origin/*
[branch "main"]
	remote = origin
`;

/** A service importing `url` and using a type of it with a property of the wrong type. */
const service = (url: string, annotate = '', annotateType = '') => `#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - ${url}
${annotate}topology_template:
  node_templates:
    app:
      type: acme.nodes.App
${annotateType}      properties:
        port: eighty
`;

test('urlMap: git remote URLs in their usual forms', () => {
  assert.deepEqual(parseRemoteUrl('git@github.com:Acme/repo.git'), { host: 'github.com', repo: 'Acme/repo' });
  assert.deepEqual(parseRemoteUrl('https://github.com/acme/repo'), { host: 'github.com', repo: 'acme/repo' });
  assert.deepEqual(parseRemoteUrl('https://user@GitHub.com/acme/repo.git/'), { host: 'github.com', repo: 'acme/repo' });
  assert.deepEqual(parseRemoteUrl('ssh://git@gitlab.example.com:2222/grp/sub/repo.git'), {
    host: 'gitlab.example.com',
    repo: 'grp/sub/repo',
  });
  assert.equal(parseRemoteUrl('/srv/git/repo.git'), undefined);
  assert.equal(parseRemoteUrl('file:///srv/git/repo.git'), undefined);
  assert.deepEqual(remotesOfGitConfig(GIT_CONFIG.split('\n').slice(1).join('\n')), [
    { host: 'github.com', repo: 'Acme/service-models' },
  ]);
});

test('urlMap: raw, blob and refs/heads forms map to the checkout; other repositories do not', () => {
  const remotes = [{ host: 'github.com', repo: 'acme/models' }];
  const at = (url: string) => mapByRepository(url, remotes, '/co')?.paths[0];
  assert.equal(at('https://raw.githubusercontent.com/acme/models/refs/heads/main/p/x.yaml'), '/co/p/x.yaml');
  assert.equal(at('https://raw.githubusercontent.com/ACME/models/main/p/x.yaml'), '/co/p/x.yaml');
  assert.equal(at('https://github.com/acme/models/raw/v1.2/p/x.yaml'), '/co/p/x.yaml');
  assert.equal(at('https://github.com/acme/models/blob/main/p/x.yaml'), '/co/p/x.yaml');
  assert.equal(at('https://raw.githubusercontent.com/acme/other/main/p/x.yaml'), undefined);
  assert.equal(at('https://raw.githubusercontent.com/acme/models/main/../../etc/passwd'), undefined);
  // A branch with a slash: every split is a candidate, the shortest ref first.
  assert.deepEqual(mapByRepository('https://github.com/acme/models/raw/feat/x/p.yaml', remotes, '/co')?.paths, [
    '/co/x/p.yaml',
    '/co/p.yaml',
  ]);
  const gitlab = [{ host: 'gitlab.com', repo: 'grp/models' }];
  assert.equal(
    mapByRepository('https://gitlab.com/grp/models/-/raw/main/a.yaml', gitlab, '/co')?.paths[0],
    '/co/a.yaml',
  );
});

test('urlMap: the longest matching prefix of the import map wins', () => {
  const entries = [
    { prefix: 'https://example.com/', folder: '/a' },
    { prefix: 'https://example.com/profiles/', folder: '/b' },
  ];
  assert.deepEqual(mapByImportMap('https://example.com/profiles/x/y.yaml', entries)?.paths, ['/b/x/y.yaml']);
  assert.deepEqual(mapByImportMap('https://example.com/other.yaml', entries)?.paths, ['/a/other.yaml']);
  assert.equal(mapByImportMap('https://example.org/x.yaml', entries), undefined);
});

test('default: a raw URL of the checkout own repository resolves to the local file and is checked', async () => {
  const url = 'https://raw.githubusercontent.com/acme/service-models/refs/heads/main/profiles/acme/profile.yaml';
  const d = await checkTosca(
    `${GIT_CONFIG}${PROFILE}${service(url)}#             ^^^^^^ TOSCA050
`,
    { ignore: ['TOSCA037', 'TOSCA064', 'TOSCA103'] },
  );
  assert.equal(severityOf(d, 'TOSCA021'), undefined);
});

test('default: github.com raw and blob forms, with url: in the long form', async () => {
  for (const url of [
    'https://github.com/acme/service-models/raw/main/profiles/acme/profile.yaml',
    'https://github.com/Acme/Service-Models/blob/v2/profiles/acme/profile.yaml',
  ]) {
    await checkTosca(`${GIT_CONFIG}${PROFILE}${service(`url: ${url}`)}#             ^^^^^^ TOSCA050
`);
  }
});

test('default: a worktree (.git is a file) finds the remotes in the common git folder', async () => {
  const url = 'https://raw.githubusercontent.com/acme/service-models/main/profiles/acme/profile.yaml';
  await checkTosca(`#- /ws/.git
gitdir: /repos/main/.git/worktrees/feature
#- /repos/main/.git/worktrees/feature/commondir
../..
#- /repos/main/.git/config
[remote "upstream"]
	url = https://github.com/acme/service-models
${PROFILE}${service(url)}#             ^^^^^^ TOSCA050
`);
});

test('unresolved: another repository stays remote (TOSCA021 once) and checks that need it are relaxed', async () => {
  const url = 'https://raw.githubusercontent.com/someone/else/main/profiles/acme/profile.yaml';
  const relaxed = '#           ^^^^^^^^^^^^^^ TOSCA030\n';
  const d = await checkTosca(
    `${GIT_CONFIG}${PROFILE}${service(url, `#   ${'^'.repeat(url.length)} TOSCA021\n`, relaxed)}`,
  );
  assert.equal(severityOf(d, 'TOSCA021'), 'warning');
  // Relaxed: the unknown type is a warning, and its property values are not checked (no TOSCA050).
  assert.equal(severityOf(d, 'TOSCA030'), 'warning');
  assert.match(messageOf(d, 'TOSCA021'), /lmDescriptors\.tosca\.importMap/);
  assert.equal(d.filter((x) => x.code === 'TOSCA021').length, 1);
});

test('unresolved: an own-repository URL the checkout lacks stays remote (another branch may have it)', async () => {
  const url = 'https://raw.githubusercontent.com/acme/service-models/dev/profiles/acme/new.yaml';
  const relaxed = '#           ^^^^^^^^^^^^^^ TOSCA030\n';
  const d = await checkTosca(
    `${GIT_CONFIG}${PROFILE}${service(url, `#   ${'^'.repeat(url.length)} TOSCA021\n`, relaxed)}`,
  );
  assert.match(messageOf(d, 'TOSCA021'), /own repository, but the checkout has no `\/ws\/profiles\/acme\/new\.yaml`/);
});

test('setting: the import map resolves other repositories, relative to the workspace root', async () => {
  const url = 'https://raw.githubusercontent.com/acme/tosca-profiles/v1/acme/profile.yaml';
  const src = `${PROFILE}${service(url)}#             ^^^^^^ TOSCA050
`;
  await checkTosca(src, {
    index: { importMap: [{ prefix: 'https://raw.githubusercontent.com/acme/tosca-profiles/v1/', folder: 'profiles' }] },
  });
  // The longest prefix wins; a shorter one pointing elsewhere is not used.
  await checkTosca(src, {
    index: {
      importMap: [
        { prefix: 'https://raw.githubusercontent.com/', folder: '/nowhere' },
        { prefix: 'https://raw.githubusercontent.com/acme/tosca-profiles/v1/', folder: '/ws/profiles' },
      ],
    },
  });
});

test('setting: a mapped URL whose file is not there is a missing file (TOSCA020), naming the mapping', async () => {
  const url = 'https://example.com/profiles/acme/absent.yaml';
  const relaxed = '#           ^^^^^^^^^^^^^^ TOSCA030\n';
  const d = await checkTosca(`${PROFILE}${service(url, `#   ${'^'.repeat(url.length)} TOSCA020\n`, relaxed)}`, {
    index: { importMap: [{ prefix: 'https://example.com/profiles/', folder: '/ws/profiles' }] },
  });
  assert.match(
    messageOf(d, 'TOSCA020'),
    /import map `https:\/\/example\.com\/profiles\/`.*\/ws\/profiles\/acme\/absent\.yaml/,
  );
});

test('setting: file: URLs of another machine map too', async () => {
  await checkTosca(
    `${PROFILE}${service('file:///home/ci/checkout/profiles/acme/profile.yaml')}#             ^^^^^^ TOSCA050
`,
    { index: { importMap: [{ prefix: 'file:///home/ci/checkout/', folder: '/ws' }] } },
  );
});

test('built-ins: a SOL001 URL still resolves to the built-in file when no mapping holds it', async () => {
  await checkTosca(
    `${GIT_CONFIG}#- /ws/vnfd.yaml
tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_common_types.yaml
`,
  );
});

test('hover, definition and document link on a mapped url: go to the local file', async () => {
  const { ctx, fixture } = await setup(`${GIT_CONFIG}${PROFILE}#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - url: https://raw.githubusercontent.com/acme/$0service-models/main/profiles/acme/profile.yaml
`);
  const offset = fixture.cursor!.offset;
  const h = hover(ctx, offset)?.contents.value ?? '';
  assert.match(h, /→ `profiles\/acme\/profile\.yaml` \(this checkout of `https:\/\/github\.com\/Acme\/service-models`/);
  const defs = definition(ctx, offset);
  assert.deepEqual(
    defs.map((l) => l.targetPath),
    ['/ws/profiles/acme/profile.yaml'],
  );
  const links = documentLinks(ctx).map((l) => l.targetPath);
  assert.deepEqual(links, ['/ws/profiles/acme/profile.yaml']);
});

test('default: an import through a repository whose URL is the checkout own raw URL', async () => {
  await checkTosca(`${GIT_CONFIG}${PROFILE}#- /ws/service.yaml
tosca_definitions_version: tosca_simple_yaml_1_3
repositories:
  own: https://raw.githubusercontent.com/acme/service-models/main/
imports:
  - file: profiles/acme/profile.yaml
    repository: own
topology_template:
  node_templates:
    app:
      type: acme.nodes.App
      properties:
        port: eighty
#             ^^^^^^ TOSCA050
`);
});
