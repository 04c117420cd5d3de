/**
 * `--format sarif` validated against the OASIS SARIF 2.1.0 JSON schema (test/data/sarif, see its
 * SOURCES.md), with every rule of both packs, help links into the code documents, and results
 * whose regions and paths match the JSON format's. Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../support/protocolClient.js';
import { ASSEMBLY, tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';
import { runCli } from '../support/cli.js';
import { validator } from '../support/jsonSchema.js';
import { LM_RULES } from '../../server/src/features/lm/rules/index.js';
import { TOSCA_RULES } from '../../server/src/features/tosca/rules/index.js';
import { githubAnchor } from '../../scripts/ruleDocs.js';
import type { Row } from '../../server/src/cli/report.js';

const T = { timeout: 30000 };
const schema = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'test/data/sarif/sarif-schema-2.1.0.json'), 'utf8'),
) as object;
const validate = validator().compile(schema);

interface SarifLog {
  version: string;
  runs: {
    tool: {
      driver: {
        name: string;
        version: string;
        informationUri: string;
        rules: { id: string; shortDescription: { text: string }; help: { text: string }; helpUri: string }[];
      };
    };
    originalUriBaseIds: Record<string, { uri: string }>;
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: {
        physicalLocation: {
          artifactLocation: { uri: string; uriBaseId?: string };
          region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
        };
      }[];
    }[];
  }[];
}

function parseSarif(stdout: string): SarifLog {
  const log = JSON.parse(stdout) as SarifLog;
  const ok = validate(log);
  assert.ok(ok, JSON.stringify(validate.errors?.slice(0, 5), null, 1));
  return log;
}

describe('checker: --format sarif', () => {
  let ws: TempWorkspace;
  before(() => {
    ws = tempWorkspace('cli-sarif');
    ws.write(ASSEMBLY, ws.read(ASSEMBLY).replace('${deploymentLocation}', '${deploymentLocaton}'));
    ws.write('tosca/service.yaml', 'tosca_definitions_version: tosca_simple_yaml_1_3\nnode_templates: {a: 1}\n');
  });
  after(() => ws?.cleanup());

  test('the schema check can fail (an invalid log is rejected)', () => {
    assert.equal(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] }), false);
  });

  test('valid SARIF 2.1.0: one run, the tool with every rule, help text and links', T, async () => {
    const r = await runCli(['check', 'ws', '--format', 'sarif'], { cwd: path.dirname(ws.dir) });
    assert.equal(r.code, 1, r.stderr);
    const log = parseSarif(r.stdout);
    assert.equal(log.version, '2.1.0');
    assert.equal(log.runs.length, 1);
    const driver = log.runs[0]!.tool.driver;
    assert.equal(driver.name, 'lm-descriptors');
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
      repository: { url: string };
    };
    assert.equal(driver.version, pkg.version);
    assert.equal(driver.informationUri, pkg.repository.url.replace(/\.git$/, ''));
    const ids = driver.rules.map((x) => x.id);
    for (const code of [...LM_RULES, ...TOSCA_RULES].flatMap((x) => x.codes)) assert.ok(ids.includes(code), code);
    for (const code of ['LM998', 'LM999', 'TOSCA998', 'TOSCA999']) assert.ok(ids.includes(code), code);
    const headings = new Map<string, Set<string>>();
    for (const doc of ['docs/diagnostic-codes.md', 'docs/tosca-diagnostic-codes.md']) {
      const text = readFileSync(path.join(REPO_ROOT, doc), 'utf8');
      headings.set(doc, new Set([...text.matchAll(/^##+ (.*)$/gm)].map((m) => githubAnchor(m[1]!))));
    }
    for (const rule of driver.rules) {
      assert.ok(rule.shortDescription.text.length > 3 && rule.help.text.length > 10, rule.id);
      const m = /\/blob\/HEAD\/(docs\/[\w-]+\.md)#([\w-]+)$/.exec(rule.helpUri);
      assert.ok(m, rule.helpUri);
      assert.ok(rule.helpUri.startsWith(driver.informationUri + '/'), rule.helpUri);
      assert.equal(m[1], rule.id.startsWith('TOSCA') ? 'docs/tosca-diagnostic-codes.md' : 'docs/diagnostic-codes.md');
      assert.ok(headings.get(m[1]!)!.has(m[2]!), `${rule.id}: no heading for #${m[2]}`);
    }
  });

  test('results match the JSON format: rule, level, message, relative URI and 1-based region', T, async () => {
    const cwd = path.dirname(ws.dir);
    const sarif = parseSarif((await runCli(['check', 'ws', '--format', 'sarif'], { cwd })).stdout);
    const rows = JSON.parse((await runCli(['check', 'ws', '--format', 'json'], { cwd })).stdout) as Row[];
    const run = sarif.runs[0]!;
    assert.equal(run.originalUriBaseIds['%SRCROOT%']!.uri, pathToFileURL(cwd + '/').href);
    const level = { error: 'error', warning: 'warning', information: 'note', hint: 'note' } as const;
    assert.deepEqual(
      run.results.map((x) => {
        const loc = x.locations[0]!.physicalLocation;
        assert.equal(loc.artifactLocation.uriBaseId, '%SRCROOT%');
        assert.equal(run.tool.driver.rules[x.ruleIndex]!.id, x.ruleId);
        const g = loc.region;
        return [
          x.ruleId,
          x.level,
          x.message.text,
          loc.artifactLocation.uri,
          g.startLine,
          g.startColumn,
          g.endLine,
          g.endColumn,
        ];
      }),
      rows.map((x) => [x.code, level[x.severity], x.message, x.file, x.line, x.column, x.endLine, x.endColumn]),
    );
    assert.ok(run.results.some((x) => x.ruleId === 'LM031' && x.level === 'error'));
    assert.ok(run.results.some((x) => x.ruleId.startsWith('TOSCA')));
  });

  test('a path outside the current folder is an absolute file URI; a clean run has no results', T, async () => {
    const r = await runCli(['check', ws.dir, '--format', 'sarif'], { cwd: REPO_ROOT });
    const uris = parseSarif(r.stdout).runs[0]!.results.map((x) => x.locations[0]!.physicalLocation.artifactLocation);
    assert.ok(uris.length > 0);
    for (const u of uris) {
      assert.equal(u.uriBaseId, undefined);
      assert.ok(u.uri.startsWith(pathToFileURL(ws.dir).href + '/'), u.uri);
    }
    const clean = await runCli(['check', 'examples/video-streamer', '--format', 'sarif']);
    assert.equal(clean.code, 0);
    assert.deepEqual(parseSarif(clean.stdout).runs[0]!.results, []);
  });
});
