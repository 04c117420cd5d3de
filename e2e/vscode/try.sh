#!/usr/bin/env bash
# `npm run try`: the extension in a browser, without installing VS Code. Builds lm-descriptors.vsix,
# installs it into a fresh profile of the code-server the real-editor tests use (install.sh), opens
# a copy of examples/video-streamer, and prints the address to open. Ctrl+C stops it.
# Env: LM_TRY_PORT (default: a free port), LM_TRY_DIR (default e2e/.run/try; recreated each time).
# Exit: 0 after Ctrl+C, 1 on failure, 77 when a prerequisite is missing (what to install is printed).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
run=${LM_TRY_DIR:-$repo/e2e/.run/try}
. "$here/lib.sh"

command -v curl >/dev/null || { echo "try: curl is missing (apt-get install -y curl)"; exit 77; }

echo "try: building lm-descriptors.vsix"
log=$(mktemp)
(cd "$repo" && npm run package --silent >"$log" 2>&1) || { cat "$log"; rm -f "$log"; echo "try: npm run package failed"; exit 1; }
rm -f "$log"

echo "try: installing code-server (first time only; e2e/vscode/install.sh)"
rc=0; out=$(bash "$here/install.sh" 2>&1) || rc=$?
if [ $rc != 0 ]; then
  echo "$out" | tail -5
  [ $rc = 77 ] && echo "try: install the missing prerequisite above, then run npm run try again."
  exit $rc
fi

# A fresh profile and a copy of the example, so nothing the session changes lands in the repository.
rm -rf "$run"
mkdir -p "$run/user/User" "$run/ext" "$run/xdg/config" "$run/xdg/data" "$run/xdg/cache"
export XDG_CONFIG_HOME=$run/xdg/config XDG_DATA_HOME=$run/xdg/data XDG_CACHE_HOME=$run/xdg/cache
cp -R "$repo/examples/video-streamer" "$run/video-streamer"
cat > "$run/user/User/settings.json" <<'JSON'
{
  "workbench.startupEditor": "none",
  "security.workspace.trust.enabled": false,
  "extensions.autoUpdate": false,
  "extensions.autoCheckUpdates": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none"
}
JSON
install_vsix "$run" "$repo/lm-descriptors.vsix" \
  || { cat "$run/install-extension.log"; echo "try: installing the extension into code-server failed"; exit 1; }

trap 'kill_group "$cs_pgid"' EXIT
trap 'echo; echo "try: stopping code-server"; exit 0' INT TERM HUP
start_code_server "$run" "$run/video-streamer" "${LM_TRY_PORT:-}" \
  || { tail -20 "$run/code-server.log"; echo "try: code-server did not start (log: $run/code-server.log)"; exit 1; }

echo
echo "  Open http://127.0.0.1:$port/?folder=$run/video-streamer in a browser."
echo
echo "  VS Code with the extension from lm-descriptors.vsix, on a copy of examples/video-streamer"
echo "  (open Descriptor/assembly.yml). Ctrl+C stops it; the profile and copy are in ${run#"$repo"/}/."
# Wait for code-server (or Ctrl+C): `wait` returns when a trapped signal arrives.
wait "$cs_pgid" || true
echo "try: code-server exited (log: $run/code-server.log)"
exit 1
