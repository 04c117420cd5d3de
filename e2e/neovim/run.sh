#!/usr/bin/env bash
# Neovim headless suite: Neovim's built-in LSP client (0.7.2 from Debian) runs `node dist/server.js
# --stdio` through the user snippet e2e/neovim/lm-descriptors.lua, on a fresh seeded copy of
# examples/video-streamer. Exit 0 = pass, 1 = fail, 77 = skipped (nvim or dist/server.js missing).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
run=${E2E_RUN_DIR:-$repo/e2e/.run}/neovim
budget=${E2E_NEOVIM_TIMEOUT:-60}

command -v nvim >/dev/null || { echo "SKIP: nvim not found (apt-get install -y neovim)"; exit 77; }
command -v node >/dev/null || { echo "SKIP: node not found"; exit 77; }
[ -f "$repo/dist/server.js" ] || { echo "SKIP: $repo/dist/server.js missing (npm run build)"; exit 77; }

rm -rf "$run"; mkdir -p "$run/xdg/config" "$run/xdg/data" "$run/xdg/cache" "$run/xdg/state"
bash "$repo/e2e/lib/seed-workspace.sh" "$run/ws"
echo "neovim: $(nvim --version | head -1), node $(node --version)"

source "$repo/e2e/lib/process-group.sh"

# setsid: nvim gets its own process group (pgid = its pid) that cleanup kills as a whole.
XDG_CONFIG_HOME=$run/xdg/config XDG_DATA_HOME=$run/xdg/data XDG_CACHE_HOME=$run/xdg/cache \
XDG_STATE_HOME=$run/xdg/state LM_E2E_WS=$run/ws LM_E2E_CONFIG=$here/lm-descriptors.lua \
LM_DESCRIPTORS_SERVER=$repo/dist/server.js \
  setsid timeout -k 5 "$budget" nvim --headless -u NONE -i NONE -n -c "luafile $here/harness.lua" \
  </dev/null >"$run/out.txt" 2>"$run/err.txt" &
pgid=$!
rc=0; wait "$pgid" || rc=$?
cat "$run/out.txt"
[ -s "$run/err.txt" ] && { echo "--- nvim stderr:"; cat "$run/err.txt"; }
if [ "$rc" = 124 ]; then echo "not ok - neovim harness timed out after ${budget}s"; fi
if [ "$rc" != 0 ]; then
  log=$(find "$run/xdg" -name 'lsp.log' 2>/dev/null | head -1)
  [ -n "$log" ] && { echo "--- tail of $log:"; tail -20 "$log"; }
  exit 1
fi
grep -q '^neovim: [0-9]* passed, 0 failed' "$run/out.txt" || { echo "not ok - harness printed no summary"; exit 1; }
