#!/usr/bin/env bash
# One real-VS Code suite: installs lm-descriptors.vsix into a fresh code-server profile, starts
# code-server headless on a random free loopback port in its own process group, runs the suite's
# Playwright driver against it, and kills the whole group on exit (also on failure and timeout).
#   e2e/vscode/run.sh api   API tests inside the extension host (api-tests/index.js)
#   e2e/vscode/run.sh ui    Playwright UI smoke test (ui.test.mjs), screenshots in the run folder;
#                           with E2E_UPDATE_SCREENSHOTS=1 they are also copied to docs/screenshots/
#   e2e/vscode/run.sh web   the web build (web.test.mjs): the extension forced into the browser's
#                           web-worker extension host, its server a web worker reading files through the client
# Exit 0 = pass, 1 = fail, 77 = skipped (prints SKIP: reason).
# Env: E2E_RUN_DIR (default e2e/.run), E2E_VSIX (default lm-descriptors.vsix at the repo root),
#      E2E_CHROMIUM (default /usr/bin/chromium), E2E_SUITE_TIMEOUT (seconds, default 180).
set -euo pipefail
suite=${1:?usage: run.sh api|ui|web}
case "$suite" in api|ui|web) ;; *) echo "usage: run.sh api|ui|web" >&2; exit 2 ;; esac
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
run=${E2E_RUN_DIR:-$repo/e2e/.run}/vscode-$suite
vsix=${E2E_VSIX:-$repo/lm-descriptors.vsix}
chromium=${E2E_CHROMIUM:-/usr/bin/chromium}
budget=${E2E_SUITE_TIMEOUT:-180}
. "$here/lib.sh"

[ -x "$cs" ] || { echo "SKIP: code-server not installed (bash e2e/vscode/install.sh)"; exit 77; }
[ -f "$here/node_modules/playwright-core/package.json" ] || { echo "SKIP: playwright-core not installed (bash e2e/vscode/install.sh)"; exit 77; }
[ -x "$chromium" ] || { echo "SKIP: $chromium not found (apt-get install -y chromium)"; exit 77; }
[ -f "$vsix" ] || { echo "SKIP: $vsix missing (npm run package)"; exit 77; }
command -v curl >/dev/null || { echo "SKIP: curl not found"; exit 77; }

# Fresh folders every run: profile, extensions, XDG homes, workspace copy.
rm -rf "$run"
mkdir -p "$run/user/User" "$run/ext" "$run/xdg/config" "$run/xdg/data" "$run/xdg/cache" "$run/shots"
export XDG_CONFIG_HOME=$run/xdg/config XDG_DATA_HOME=$run/xdg/data XDG_CACHE_HOME=$run/xdg/cache
bash "$repo/e2e/lib/seed-workspace.sh" "$run/ws"
cat > "$run/user/User/settings.json" <<'JSON'
{
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "security.workspace.trust.enabled": false,
  "extensions.autoUpdate": false,
  "extensions.autoCheckUpdates": false,
  "extensions.ignoreRecommendations": true,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "git.enabled": false,
  "git.autoRepositoryDetection": false,
  "editor.minimap.enabled": false,
  "editor.autoIndent": "keep",
  "editor.acceptSuggestionOnEnter": "off",
  "window.zoomLevel": 0
}
JSON

t0=$(date +%s%N)
# Install the packaged extension (the artifact users get), never the dev folder.
install_vsix "$run" "$vsix" \
  || { cat "$run/install-extension.log"; echo "not ok - code-server --install-extension $vsix failed"; exit 1; }
ext_id=$(node -p 'const p=require(process.argv[1]); p.publisher+"."+p.name' "$repo/package.json")
if [ "$suite" = web ]; then
  # Run the extension in the browser's web-worker extension host: VS Code then loads its `browser` entry.
  node -e 'const fs=require("fs");const f=process.argv[1];const s=JSON.parse(fs.readFileSync(f,"utf8"));
    s["remote.extensionKind"]={[process.argv[2]]:["web"]};fs.writeFileSync(f,JSON.stringify(s,null,2))' \
    "$run/user/User/settings.json" "$ext_id"
fi
ls -d "$run/ext/$ext_id"-* >/dev/null 2>&1 || { cat "$run/install-extension.log"; echo "not ok - $ext_id not in $run/ext after install"; exit 1; }
echo "ok - installed $(basename "$vsix") into a fresh extensions dir as $(basename "$(ls -d "$run/ext/$ext_id"-*)") ($(( ($(date +%s%N) - t0) / 1000000 )) ms)"

driver_pgid=
cleanup() {
  kill_group "$driver_pgid"
  kill_group "$cs_pgid"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# What the API tests inside the extension host read.
export LM_E2E_RUN=$run LM_E2E_WS=$run/ws LM_E2E_EXTENSIONS_DIR=$run/ext LM_E2E_EXTENSION_ID=$ext_id \
  LM_E2E_RESULTS=$run/api-results.json
t1=$(date +%s%N)
if ! start_code_server "$run" "$run/ws"; then
  # The port may have been taken between picking and binding: one retry with a new port.
  kill_group "$cs_pgid"; cs_pgid=
  start_code_server "$run" "$run/ws" || { tail -30 "$run/code-server.log"; echo "not ok - code-server did not become healthy"; exit 1; }
fi
echo "ok - code-server $("$cs" --version 2>/dev/null | grep -E '^4\.' | head -1 | cut -d' ' -f1,4-) healthy on 127.0.0.1:$port ($(( ($(date +%s%N) - t1) / 1000000 )) ms)"

driver=$here/api.mjs; [ "$suite" = ui ] && driver=$here/ui.test.mjs; [ "$suite" = web ] && driver=$here/web.test.mjs
rc=0
LM_E2E_PORT=$port LM_E2E_RUN=$run LM_E2E_WS=$run/ws LM_E2E_CHROMIUM=$chromium LM_E2E_EXTENSION_ID=$ext_id \
LM_E2E_TIMEOUT_S=$budget LM_E2E_REPO=$repo \
  setsid timeout -k 5 "$budget" node "$driver" </dev/null &
driver_pgid=$!
wait "$driver_pgid" || rc=$?
[ "$rc" = 124 ] && echo "not ok - $suite driver timed out after ${budget}s"
if [ "$rc" != 0 ]; then
  echo "--- last lines of $run/code-server.log:"; tail -15 "$run/code-server.log"
  exit 1
fi
