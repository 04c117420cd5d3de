#!/usr/bin/env bash
# Vim headless suite: Vim 9's own LSP channel (job_start with in_mode/out_mode 'lsp', no plugin)
# runs `node dist/server.js --stdio` through the user snippet e2e/vim/lm-descriptors.vim, on a fresh
# seeded copy of examples/video-streamer. Exit 0 = pass, 1 = fail, 77 = skipped (vim without
# channels, or dist/server.js missing).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
run=${E2E_RUN_DIR:-$repo/e2e/.run}/vim
budget=${E2E_VIM_TIMEOUT:-60}

command -v vim >/dev/null || { echo "SKIP: vim not found (apt-get install -y vim)"; exit 77; }
# vim-tiny has no +channel/+job; the LSP channel mode came in 8.2.4684 (9.0 has it).
has_lsp='if has("channel") && has("job") && has("patch-8.2.4684") | qall! | else | cquit 1 | endif'
vim -N -u NONE -i NONE -n -es -c "$has_lsp" </dev/null \
  || { echo "SKIP: this vim has no LSP channel (needs Vim 9 with +channel +job: apt-get install -y vim)"; exit 77; }
command -v node >/dev/null || { echo "SKIP: node not found"; exit 77; }
[ -f "$repo/dist/server.js" ] || { echo "SKIP: $repo/dist/server.js missing (npm run build)"; exit 77; }

rm -rf "$run"; mkdir -p "$run/home"
bash "$repo/e2e/lib/seed-workspace.sh" "$run/ws"
echo "vim: $(vim --version | head -1), node $(node --version)"

source "$repo/e2e/lib/process-group.sh"

# setsid: vim gets its own process group (pgid = its pid) that cleanup kills as a whole. HOME is a
# fresh folder so no user vimrc or viminfo takes part; XDG_CACHE_HOME keeps the server's cache there.
HOME=$run/home XDG_CACHE_HOME=$run/home/.cache LM_E2E_WS=$run/ws LM_E2E_CONFIG=$here/lm-descriptors.vim \
LM_E2E_OUT=$run/out.txt LM_DESCRIPTORS_SERVER=$repo/dist/server.js \
  setsid timeout -k 5 "$budget" vim -N -u NONE -i NONE -n -es -S "$here/harness.vim" \
  </dev/null >"$run/vim.txt" 2>&1 &
pgid=$!
rc=0; wait "$pgid" || rc=$?
[ -f "$run/out.txt" ] && cat "$run/out.txt"
[ -s "$run/vim.txt" ] && { echo "--- vim output:"; cat "$run/vim.txt"; }
if [ "$rc" = 124 ]; then echo "not ok - vim harness timed out after ${budget}s"; fi
[ "$rc" = 0 ] || exit 1
grep -q '^vim: [0-9]* passed, 0 failed' "$run/out.txt" || { echo "not ok - harness printed no summary"; exit 1; }
