// API tests that run inside code-server's Node extension host (extensionTestsPath), against the
// lm-descriptors extension installed from the .vsix, on a seeded copy of examples/video-streamer
// (see e2e/lib/seed-workspace.sh). Driven by e2e/vscode/api.mjs through e2e/vscode/run.sh.
// Every wait polls with a deadline; nothing sleeps for a fixed time. Results go to
// $LM_E2E_RESULTS as each check ends, and run() rejects when any check failed.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');

const WS = process.env.LM_E2E_WS;
const EXT_DIR = process.env.LM_E2E_EXTENSIONS_DIR;
const EXT_ID = process.env.LM_E2E_EXTENSION_ID || 'lm-descriptors.lm-descriptors';
const RESULTS = process.env.LM_E2E_RESULTS;
const ASSEMBLY = WS && path.join(WS, 'Descriptor', 'assembly.yml');
const BALANCER = WS && path.join(WS, 'Contains', 'balancer', 'Definitions', 'lm', 'resource.yaml');
const STORAGE = WS && path.join(WS, 'Contains', 'storage', 'Descriptor', 'assembly.yml');

const results = { started: new Date().toISOString(), checks: [] };
const save = () => RESULTS && fs.writeFileSync(RESULTS, JSON.stringify(results, null, 2));

async function check(name, fn) {
  const t = Date.now();
  try {
    const detail = await fn();
    results.checks.push({ name, ok: true, detail: detail ? String(detail) : '', ms: Date.now() - t });
  } catch (e) {
    results.checks.push({ name, ok: false, error: e instanceof Error ? e.message : String(e), ms: Date.now() - t });
    console.error(`FAILED ${name}:`, e instanceof Error ? e.stack : e);
  }
  save();
}

async function until(what, fn, ms = 20000, every = 100) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end)
      throw new Error(`${what}: not within ${ms} ms${last ? ` (last error: ${last.message})` : ''}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

const codeOf = (d) => (d.code && typeof d.code === 'object' ? String(d.code.value) : String(d.code));
const diagsOf = (uri) => vscode.languages.getDiagnostics(uri);
const find = (doc, needle, plus = 0) => {
  const i = doc.getText().indexOf(needle);
  assert.ok(i >= 0, `text not found: ${needle}`);
  return doc.positionAt(i + plus);
};
const hoverText = (hovers) =>
  (hovers || []).flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
/** Top-level `properties:` keys of a descriptor, read with a line scan (no YAML library here). */
function propertyNames(file) {
  const names = [];
  let inside = false;
  for (const l of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (/^properties:\s*$/.test(l)) inside = true;
    else if (/^\S/.test(l)) inside = false;
    else if (inside) {
      const m = /^ {2}([\w-]+):\s*$/.exec(l);
      if (m) names.push(m[1]);
    }
  }
  return names;
}
/** Pids of this extension host's children that run dist/server.js (the language server it forked). */
function serverPids() {
  const pids = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const cmd = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cmd.includes(`${path.sep}dist${path.sep}server.js`)) pids.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}
const lineOf = (file, re) =>
  fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .findIndex((l) => re.test(l));

exports.run = async function run() {
  assert.ok(WS && fs.existsSync(ASSEMBLY), `LM_E2E_WS not set or no ${ASSEMBLY}`);
  let ext;
  let doc;

  await check('extension is the one installed from the .vsix', () => {
    ext = vscode.extensions.getExtension(EXT_ID);
    assert.ok(
      ext,
      `${EXT_ID} is not installed; have: ${vscode.extensions.all
        .map((e) => e.id)
        .filter((i) => !i.startsWith('vscode.'))
        .join(', ')}`,
    );
    assert.ok(
      EXT_DIR && ext.extensionPath.startsWith(EXT_DIR + path.sep),
      `loaded from ${ext.extensionPath}, not from ${EXT_DIR}`,
    );
    assert.ok(
      fs.existsSync(path.join(ext.extensionPath, 'dist', 'server.js')),
      'dist/server.js not in the installed extension',
    );
    return `${ext.id} ${ext.packageJSON.version} from ${path.basename(ext.extensionPath)}`;
  });

  await check(
    'extension activates on its own (workspaceContains:**/lmproject.yml), before any YAML file is opened',
    async () => {
      const yamlOpen = vscode.workspace.textDocuments.filter(
        (d) => d.languageId === 'yaml' || d.fileName.endsWith('.yml'),
      );
      assert.equal(
        yamlOpen.length,
        0,
        `a YAML document is already open: ${yamlOpen.map((d) => d.fileName).join(', ')}`,
      );
      await until('extension active', () => ext && ext.isActive, 20000);
      return `active, activationEvents ${JSON.stringify(ext.packageJSON.activationEvents)}`;
    },
  );

  await check('Descriptor/assembly.yml opens as YAML', async () => {
    doc = await vscode.workspace.openTextDocument(ASSEMBLY);
    await vscode.window.showTextDocument(doc);
    assert.ok(['yaml', 'lm-descriptor'].includes(doc.languageId), `languageId ${doc.languageId}`);
    if (!ext.isActive)
      await until('extension active after opening a YAML file (onLanguage:yaml)', () => ext.isActive, 15000);
    return `languageId ${doc.languageId}`;
  });
  if (!doc) throw new Error('cannot continue without the assembly document');

  await check(
    'diagnostics: LM031 error on ${deploymentLocaton}, LM032 warning on ${balancer.privateIP} (cross-file)',
    async () => {
      const ds = await until(
        'LM031 and LM032 on the assembly',
        () => {
          const all = diagsOf(doc.uri);
          return all.some((d) => codeOf(d) === 'LM031') && all.some((d) => codeOf(d) === 'LM032') && all;
        },
        30000,
      );
      const d31 = ds.find((d) => codeOf(d) === 'LM031');
      const d32 = ds.find((d) => codeOf(d) === 'LM032');
      assert.equal(d31.severity, vscode.DiagnosticSeverity.Error, 'LM031 severity');
      assert.equal(d32.severity, vscode.DiagnosticSeverity.Warning, 'LM032 severity');
      assert.deepEqual(d31.range.start, find(doc, 'deploymentLocaton}'), 'LM031 range');
      assert.deepEqual(d32.range.start, find(doc, 'privateIP}'), 'LM032 range');
      assert.equal(doc.getText(d32.range), 'privateIP');
      assert.match(d32.message, /Did you mean `privateIp`\?/);
      assert.match(d31.message, /deploymentLocation/);
      const extra = ds.filter((d) => !['LM031', 'LM032'].includes(codeOf(d)));
      assert.equal(extra.length, 0, `unexpected: ${extra.map((d) => `${codeOf(d)} ${d.message}`).join('; ')}`);
      const at31 = `${d31.range.start.line + 1}:${d31.range.start.character + 1}`;
      const at32 = `${d32.range.start.line + 1}:${d32.range.start.character + 1}`;
      return `${d31.source || '?'}: ${at31} LM031, ${at32} LM032 "${d32.message}"`;
    },
  );

  await check(
    'completion after ${balancer. lists every property of Contains/balancer/Definitions/lm/resource.yaml',
    async () => {
      const after = find(doc, 'value: ${balancer.privateIP}');
      const at = new vscode.Position(after.line + 1, 0);
      const edit = new vscode.WorkspaceEdit();
      edit.insert(doc.uri, at, '  balancer_port:\n    type: integer\n    value: ${balancer.\n');
      assert.ok(await vscode.workspace.applyEdit(edit), 'applyEdit failed');
      try {
        const pos = new vscode.Position(at.line + 2, '    value: ${balancer.'.length);
        const expected = propertyNames(BALANCER);
        assert.ok(expected.length >= 5, `could not read the properties of ${BALANCER}`);
        const list = await until(
          'completion items with the balancer properties',
          async () => {
            const l = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', doc.uri, pos, '.');
            const labels = new Set(l.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label)));
            return expected.every((n) => labels.has(n)) && l;
          },
          10000,
          200,
        );
        const pub = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'publicIp');
        const docText = pub.documentation
          ? typeof pub.documentation === 'string'
            ? pub.documentation
            : pub.documentation.value
          : '';
        return `${list.items.length} items incl. ${expected.join(', ')}; publicIp: ${pub.detail || ''} ${docText.replace(/\s+/g, ' ').slice(0, 60)}`;
      } finally {
        const undo = new vscode.WorkspaceEdit();
        undo.delete(doc.uri, new vscode.Range(at, new vscode.Position(at.line + 3, 0)));
        await vscode.workspace.applyEdit(undo);
      }
    },
  );

  await check('hover on ${balancer.publicIp} shows the property docs as markdown', async () => {
    const pos = find(doc, '${balancer.publicIp}', '${balancer.'.length + 2);
    const hovers = await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, pos);
    const text = hoverText(hovers);
    assert.match(text, /publicIp/);
    assert.match(text, /Floating address published to viewers\./);
    assert.ok(
      hovers[0].contents.some((c) => c instanceof vscode.MarkdownString || typeof c.value === 'string'),
      'not markdown',
    );
    return text.replace(/\s+/g, ' ').slice(0, 110);
  });

  await check('go to definition of ${balancer.publicIp} crosses into the balancer resource.yaml', async () => {
    const pos = find(doc, '${balancer.publicIp}', '${balancer.'.length + 2);
    const locs = await vscode.commands.executeCommand('vscode.executeDefinitionProvider', doc.uri, pos);
    assert.ok(locs && locs.length > 0, 'no definition');
    const l = locs[0];
    const uri = l.targetUri || l.uri;
    const range = l.targetSelectionRange || l.targetRange || l.range;
    assert.equal(uri.fsPath, BALANCER);
    const want = lineOf(BALANCER, /^ {2}publicIp:/);
    assert.equal(range.start.line, want, 'target line');
    return `${path.relative(WS, uri.fsPath)}:${range.start.line + 1}:${range.start.character + 1}`;
  });

  await check('fixing the typo in the editor clears LM031 (didChange), LM032 stays', async () => {
    const edit = new vscode.WorkspaceEdit();
    const start = find(doc, 'deploymentLocaton}');
    edit.replace(
      doc.uri,
      new vscode.Range(start, start.translate(0, 'deploymentLocaton'.length)),
      'deploymentLocation',
    );
    assert.ok(await vscode.workspace.applyEdit(edit), 'applyEdit failed');
    await until(
      'LM031 gone',
      () => {
        const ds = diagsOf(doc.uri);
        return !ds.some((d) => codeOf(d) === 'LM031') && ds.some((d) => codeOf(d) === 'LM032');
      },
      15000,
    );
    return diagsOf(doc.uri).map(codeOf).join(', ');
  });

  await check('a change on disk to another file (file watcher) re-checks the open assembly: LM032 clears', async () => {
    const text = fs.readFileSync(BALANCER, 'utf8');
    const added = text.replace(
      /^properties:\s*\n/m,
      (m) => `${m}  privateIP:\n    type: string\n    description: Added by the e2e test.\n`,
    );
    assert.notEqual(added, text, 'could not add a property');
    fs.writeFileSync(BALANCER, added);
    await until(
      'LM032 gone after the balancer descriptor changed on disk',
      () => !diagsOf(doc.uri).some((d) => codeOf(d) === 'LM032'),
      20000,
    );
    return `diagnostics now: [${diagsOf(doc.uri).map(codeOf).join(', ')}]`;
  });

  await check(
    'Problems panel: the storage assembly nobody opened shows its LM031 (workspace diagnostics)',
    async () => {
      const uri = vscode.Uri.file(STORAGE);
      const open = vscode.workspace.textDocuments.some((d) => d.uri.fsPath === STORAGE);
      assert.equal(open, false, 'the storage assembly must not be open');
      const ds = await until(
        'LM031 on the unopened storage assembly',
        () => diagsOf(uri).some((d) => codeOf(d) === 'LM031') && diagsOf(uri),
        30000,
      );
      const d = ds.find((x) => codeOf(x) === 'LM031');
      return `${path.relative(WS, STORAGE)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`;
    },
  );

  await check('Outline: the assembly lists its properties, components with their types, relationships', async () => {
    const symbols = await until(
      'document symbols',
      async () => {
        const s = await vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', doc.uri);
        return s && s.length > 0 && s;
      },
      10000,
      200,
    );
    const flat = [];
    const walk = (list, depth) => {
      for (const s of list) {
        flat.push(`${'  '.repeat(depth)}${s.name}${s.detail ? ` (${s.detail})` : ''}`);
        walk(s.children || [], depth + 1);
      }
    };
    walk(symbols, 0);
    const text = flat.join('\n');
    for (const name of ['balancer', 'streamer', 'storage']) assert.match(text, new RegExp(`\\b${name}\\b`), text);
    assert.match(text, /resource::balancer-streamer-cluster::1\.0|\$lmctl/, text);
    return `${flat.length} symbols: ${flat
      .slice(0, 6)
      .map((s) => s.trim())
      .join(', ')}…`;
  });

  await check('Find All References on balancer publicIp reaches the assembly that maps it', async () => {
    const res = await vscode.workspace.openTextDocument(BALANCER);
    const pos = find(res, '\n  publicIp:', 3);
    const locs = await until(
      'references',
      async () => {
        const l = await vscode.commands.executeCommand('vscode.executeReferenceProvider', res.uri, pos);
        return l && l.some((x) => x.uri.fsPath === ASSEMBLY) && l;
      },
      10000,
      200,
    );
    const inAssembly = locs.filter((l) => l.uri.fsPath === ASSEMBLY);
    for (const l of inAssembly) assert.equal(doc.getText(l.range), 'publicIp');
    return locs.map((l) => `${path.relative(WS, l.uri.fsPath)}:${l.range.start.line + 1}`).join(', ');
  });

  await check('Rename balancer publicIp to floatingIp edits the resource and the assembly in one go', async () => {
    const res = await vscode.workspace.openTextDocument(BALANCER);
    const pos = find(res, '\n  publicIp:', 3);
    const edit = await vscode.commands.executeCommand(
      'vscode.executeDocumentRenameProvider',
      res.uri,
      pos,
      'floatingIp',
    );
    assert.ok(edit, 'no WorkspaceEdit');
    const files = edit
      .entries()
      .map(([u]) => u.fsPath)
      .sort();
    assert.deepEqual(files, [ASSEMBLY, BALANCER].sort());
    assert.ok(await vscode.workspace.applyEdit(edit), 'applyEdit failed');
    try {
      assert.match(doc.getText(), /\$\{balancer\.floatingIp\}/);
      assert.doesNotMatch(doc.getText(), /\$\{balancer\.publicIp\}/);
      await until(
        'no LM032 about floatingIp',
        () => !diagsOf(doc.uri).some((d) => /floatingIp/.test(d.message)),
        10000,
      );
    } finally {
      // Put both files back as they are on disk (the rename left them unsaved), for the checks after.
      const back = new vscode.WorkspaceEdit();
      for (const f of files) {
        const d = await vscode.workspace.openTextDocument(f);
        back.replace(d.uri, new vscode.Range(0, 0, d.lineCount, 0), fs.readFileSync(f, 'utf8'));
      }
      await vscode.workspace.applyEdit(back);
      for (const f of files) await (await vscode.workspace.openTextDocument(f)).save();
      doc = await vscode.workspace.openTextDocument(ASSEMBLY);
      await vscode.window.showTextDocument(doc);
    }
    return `edited ${files.map((f) => path.relative(WS, f)).join(' and ')}`;
  });

  await check('Go to Symbol in Workspace finds the balancer resource without opening it', async () => {
    const symbols = await until(
      'workspace symbols',
      async () => {
        const s = await vscode.commands.executeCommand('vscode.executeWorkspaceSymbolProvider', 'balancer');
        return s && s.some((x) => x.location.uri.fsPath === BALANCER) && s;
      },
      10000,
      200,
    );
    return symbols
      .slice(0, 5)
      .map((s) => `${s.name} (${path.relative(WS, s.location.uri.fsPath)})`)
      .join(', ');
  });

  await check('a crashed server (SIGKILL) is restarted by the client and answers again', async () => {
    const before = serverPids();
    assert.equal(before.length, 1, `expected one dist/server.js child of the extension host, found [${before}]`);
    process.kill(before[0], 'SIGKILL');
    const pos = find(doc, '${balancer.publicIp}', '${balancer.'.length + 2);
    const t = Date.now();
    await until('a new server process', () => serverPids().some((p) => !before.includes(p)), 15000, 100);
    await until(
      'hover after the crash',
      async () =>
        /Floating address/.test(
          hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, pos)),
        ),
      20000,
      200,
    );
    results.killedServerPid = before[0];
    return `killed pid ${before[0]}, new pid ${serverPids().join(',')}, hover answered after ${Date.now() - t} ms`;
  });

  await check(
    'commands "Restart server" and "Show output" work; the server answers again after a restart',
    async () => {
      const cmds = await vscode.commands.getCommands(true);
      for (const c of ['lmDescriptors.restartServer', 'lmDescriptors.showOutput'])
        assert.ok(cmds.includes(c), `${c} not registered`);
      await vscode.commands.executeCommand('lmDescriptors.showOutput');
      const t = Date.now();
      await vscode.commands.executeCommand('lmDescriptors.restartServer');
      const pos = find(doc, '${balancer.publicIp}', '${balancer.'.length + 2);
      await until(
        'hover after restart',
        async () =>
          /Floating address/.test(
            hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, pos)),
          ),
        20000,
        200,
      );
      return `hover answered ${Date.now() - t} ms after restart`;
    },
  );

  await check(
    '"Show deployment plan" takes a protocol URI string (the code lens) and a Uri; one view is reused',
    async () => {
      const file = path.join(WS, 'tosca', 'three-tier.yaml');
      const planTabs = () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('lmDescriptors.plan'));
      assert.ok((await vscode.commands.getCommands(true)).includes('lmDescriptors.showPlan'), 'command not registered');
      // As the lens sends it: the file's URI as a string, from an editor showing another file.
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('lmDescriptors.showPlan', vscode.Uri.file(file).toString());
      await until('a plan view tab', () => planTabs().length === 1, 20000);
      // A Uri and an unknown plan kind (ignored: build) reuse the same view.
      await vscode.commands.executeCommand('lmDescriptors.showPlan', doc.uri, 'bogus');
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(planTabs().length, 1, 'a second plan view was opened');
      const tab = planTabs()[0];
      const group = vscode.window.tabGroups.all.find((g) => g.tabs.includes(tab));
      const editorGroup = vscode.window.tabGroups.all.find((g) =>
        g.tabs.some((t) => t.input?.uri?.fsPath === ASSEMBLY),
      );
      assert.notEqual(group, editorGroup, 'the view is not beside the editor');
      await vscode.commands
        .executeCommand('workbench.action.closeEditorsInGroup', group.viewColumn)
        .then(undefined, () => {});
      return `one "${tab.label}" tab in column ${group.viewColumn}, the assembly in column ${editorGroup?.viewColumn}`;
    },
  );

  await check(
    'a Cloudify blueprint: no TOSCA error; a target typed wrong is TOSCA500; get_input goes to the input',
    async () => {
      const file = path.join(WS, 'tosca', 'cloudify', 'blueprint.yaml');
      const bp = await vscode.workspace.openTextDocument(file);
      await vscode.window.showTextDocument(bp);
      const edit = new vscode.WorkspaceEdit();
      // The entry's own line (the file's comment quotes it too).
      const start = find(bp, '        target: vm', '        target: '.length);
      edit.insert(bp.uri, start.translate(0, 2), 'm');
      assert.ok(await vscode.workspace.applyEdit(edit), 'applyEdit failed');
      await until('TOSCA500 on the target', () => diagsOf(bp.uri).some((d) => codeOf(d) === 'TOSCA500'), 20000);
      const ds = diagsOf(bp.uri);
      assert.deepEqual(ds.map(codeOf), ['TOSCA500'], ds.map((d) => d.message).join(' | '));
      assert.match(ds[0].message, /did you mean `vm`/);
      const pos = find(bp, '{ get_input: image }', '{ get_input: '.length + 1);
      const locs = await vscode.commands.executeCommand('vscode.executeDefinitionProvider', bp.uri, pos);
      assert.ok(locs && locs.length === 1, 'no definition');
      const range = locs[0].targetSelectionRange || locs[0].targetRange || locs[0].range;
      assert.equal(range.start.line, lineOf(file, /^ {2}image:/), 'the input');
      return `${ds[0].code} "${ds[0].message.slice(0, 60)}…"; get_input -> line ${range.start.line + 1}`;
    },
  );

  await vscode.commands.executeCommand('workbench.action.files.revertAll').then(undefined, () => {});
  results.finished = new Date().toISOString();
  save();
  const failed = results.checks.filter((c) => !c.ok);
  if (failed.length) throw new Error(`${failed.length} check(s) failed: ${failed.map((c) => c.name).join('; ')}`);
};
