#!/usr/bin/env bash
# The `try` suite: `npm run try` (try.sh) starts, prints a loopback address that serves the
# workbench with the example folder, and Ctrl+C (SIGINT) stops it and its code-server.
# Exit 0 = pass, 1 = fail, 77 = skipped.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
run=${E2E_RUN_DIR:-$repo/e2e/.run}/try
[ -x "$here/node_modules/.bin/code-server" ] || { echo "SKIP: code-server not installed (bash e2e/vscode/install.sh)"; exit 77; }
command -v curl >/dev/null || { echo "SKIP: curl not found"; exit 77; }
rm -rf "$run"; mkdir -p "$run"
log=$run/try.log

# A background command of a script starts with SIGINT ignored (bash does that without job control),
# and a signal ignored at start cannot be trapped: env --default-signal gives try.sh the SIGINT a
# terminal's Ctrl+C delivers.
LM_TRY_DIR=$run/session env --default-signal=INT setsid bash "$here/try.sh" >"$log" 2>&1 </dev/null &
pid=$!
cleanup() {
  # As Ctrl+C would, then by force: try.sh, and the code-server group it started (its own session).
  kill -INT "$pid" 2>/dev/null && for _ in $(seq 1 25); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- "-$pid" 2>/dev/null || true
  local g; g=$(cat "$run/session/code-server.pgid" 2>/dev/null) && kill -KILL -- "-$g" 2>/dev/null || true
}
trap cleanup EXIT
url=
for _ in $(seq 1 900); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/?folder=[^ ]*' "$log" | head -1)
  [ -n "$url" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.2
done
[ -n "$url" ] || { cat "$log"; echo "not ok - try.sh printed no address"; exit 1; }
echo "ok - try.sh printed $url"
case "$url" in *"folder=$run/session/video-streamer") ;; *) echo "not ok - the folder is not the example copy"; exit 1 ;; esac
[ -f "$run/session/video-streamer/Descriptor/assembly.yml" ] || { echo "not ok - no example copy"; exit 1; }
code=$(curl -s -o "$run/page.html" -w '%{http_code}' "$url")
[ "$code" = 200 ] && grep -q 'workbench' "$run/page.html" \
  || { echo "not ok - GET $url answered $code"; exit 1; }
echo "ok - GET $url serves the workbench"
ls -d "$run/session/ext/lm-descriptors.lm-descriptors-"* >/dev/null 2>&1 \
  || { echo "not ok - the extension is not installed in the try profile"; exit 1; }
echo "ok - the extension is installed from lm-descriptors.vsix"
port=$(echo "$url" | sed -E 's|http://127\.0\.0\.1:([0-9]+)/.*|\1|')
kill -INT "$pid"
for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
kill -0 "$pid" 2>/dev/null && { echo "not ok - try.sh still running 10 s after SIGINT"; exit 1; }
for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$port/healthz" || break; sleep 0.2; done
curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && { echo "not ok - code-server still answers after Ctrl+C"; exit 1; }
grep -q 'stopping code-server' "$log" || { cat "$log"; echo "not ok - no stop message"; exit 1; }
echo "ok - Ctrl+C (SIGINT) stopped try.sh and its code-server"
