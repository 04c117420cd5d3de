#!/usr/bin/env bash
# Real-editor end-to-end tests for lm-descriptors. One entry point:
#   bash e2e/run.sh                 all suites: vscode-api, vscode-ui, vscode-web, try, neovim, vim
#   bash e2e/run.sh neovim ui       only some (names: api|vscode-api, ui|vscode-ui, web|vscode-web, try, neovim, vim)
# What it does:
#   1. builds lm-descriptors.vsix (npm run package) when it is missing or older than the sources
#      (E2E_REBUILD=0: only when missing), and dist/server.js when missing;
#   2. installs what is missing: Debian packages (chromium ripgrep neovim vim libkrb5-dev curl) only when
#      running as root with CI or E2E_INSTALL=1 set, and the code-server/playwright-core harness
#      (e2e/vscode/install.sh, npm registry only; E2E_INSTALL=0 skips it). A missing tool makes the
#      suites that need it print `SKIP: <reason>` and count as skipped;
#   3. runs each suite in its own process group (setsid) with a time limit, kills the group when it
#      ends (also on failure, timeout or Ctrl-C), prints its time, and ends with the line
#      `e2e: N passed, N failed, N skipped` (counts are suites). Exit 1 if a suite that ran failed.
# Env: E2E_RUN_DIR (default e2e/.run), E2E_SUITE_TIMEOUT (s, default 180 per suite),
#      E2E_VSIX (test this .vsix instead of building lm-descriptors.vsix),
#      E2E_UPDATE_SCREENSHOTS=1 (copy the UI screenshots to docs/screenshots/), E2E_VERBOSE=1.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
export E2E_RUN_DIR=${E2E_RUN_DIR:-$here/.run}
export E2E_SUITE_TIMEOUT=${E2E_SUITE_TIMEOUT:-180}
export E2E_VSIX
mkdir -p "$E2E_RUN_DIR"

suites=()
for a in "$@"; do
  case "$a" in
    api|vscode-api) suites+=(vscode-api) ;;
    ui|vscode-ui) suites+=(vscode-ui) ;;
    web|vscode-web) suites+=(vscode-web) ;;
    try) suites+=(try) ;;
    neovim|nvim) suites+=(neovim) ;;
    vim) suites+=(vim) ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "e2e/run.sh: unknown suite '$a' (api, ui, web, try, neovim, vim)" >&2; exit 2 ;;
  esac
done
[ ${#suites[@]} -eq 0 ] && suites=(vscode-api vscode-ui vscode-web try neovim vim)
wants() { local s; for s in "${suites[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
wants_vscode() { wants vscode-api || wants vscode-ui || wants vscode-web || wants try; }

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
secs() { awk -v ms="$1" 'BEGIN { printf "%.1f s", ms / 1000 }'; }
T0=$(now_ms)

current_pgid=
cleanup() {
  local g=$current_pgid
  if [ -n "$g" ] && kill -0 -- "-$g" 2>/dev/null; then
    kill -TERM -- "-$g" 2>/dev/null || true
    for _ in $(seq 1 25); do kill -0 -- "-$g" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$g" 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'echo "e2e: interrupted"; exit 130' INT TERM HUP

declare -A skip_reason=()
step() { echo; echo "=== $*"; }

# --- 1. Debian packages ------------------------------------------------------------------------
step "prerequisites"
need_pkgs=()
if wants_vscode; then
  [ -x /usr/bin/chromium ] || need_pkgs+=(chromium)
  command -v rg >/dev/null || need_pkgs+=(ripgrep)
  [ -f /usr/include/gssapi/gssapi.h ] || need_pkgs+=(libkrb5-dev)
  command -v curl >/dev/null || need_pkgs+=(curl)
fi
wants neovim && ! command -v nvim >/dev/null && need_pkgs+=(neovim)
# Debian's vim (not vim-tiny, which has no channels) brings the LSP channel mode.
wants vim && ! vim --version 2>/dev/null | grep -q '+channel' && need_pkgs+=(vim)
if [ ${#need_pkgs[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && { [ -n "${CI:-}" ] || [ "${E2E_INSTALL:-}" = 1 ]; }; then
    t=$(now_ms)
    echo "apt-get install -y ${need_pkgs[*]}"
    if DEBIAN_FRONTEND=noninteractive timeout 300 apt-get update -q >"$E2E_RUN_DIR/apt.log" 2>&1 \
       && DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -q "${need_pkgs[@]}" >>"$E2E_RUN_DIR/apt.log" 2>&1; then
      echo "apt: installed ${need_pkgs[*]} in $(secs $(( $(now_ms) - t )))"
    else
      echo "apt: install failed (log: $E2E_RUN_DIR/apt.log):"; tail -5 "$E2E_RUN_DIR/apt.log"
    fi
  else
    echo "missing Debian packages: ${need_pkgs[*]}; the suites that need them are skipped."
    echo "To run them, install the packages (as root: apt-get install -y ${need_pkgs[*]}), or run this script as root with E2E_INSTALL=1."
  fi
else
  echo "Debian packages: all present"
fi
command -v nvim >/dev/null && wants neovim && echo "neovim: $(nvim --version | head -1)"
command -v vim >/dev/null && wants vim && echo "vim: $(vim --version | head -1)"
[ -x /usr/bin/chromium ] && wants_vscode && echo "chromium: $(/usr/bin/chromium --version 2>/dev/null | tail -1)"

# --- 2. build ----------------------------------------------------------------------------------
step "build"
t=$(now_ms)
cd "$repo"
build_failed=
if [ ! -x node_modules/.bin/vsce ] || [ ! -x node_modules/.bin/esbuild ]; then
  echo "root node_modules missing: installing them (npm ci)"
  timeout 600 npm ci --no-audit --no-fund --loglevel=error || build_failed="npm ci failed"
fi
vsix=${E2E_VSIX:-$repo/lm-descriptors.vsix}
if [ -n "${E2E_VSIX:-}" ]; then
  [ -f "$vsix" ] || build_failed="E2E_VSIX=$vsix does not exist"
elif [ -z "$build_failed" ] && wants_vscode; then
  stale=
  if [ ! -f "$vsix" ]; then stale="missing"
  elif [ "${E2E_REBUILD:-1}" != 0 ] && [ -n "$(find client/src client/webview server/src syntaxes package.json .vscodeignore esbuild.mjs -newer "$vsix" -print -quit 2>/dev/null)" ]; then
    stale="older than the sources"
  fi
  if [ -n "$stale" ]; then
    echo "lm-descriptors.vsix $stale: building it (npm run package)"
    timeout 300 npm run package --silent >"$E2E_RUN_DIR/package.log" 2>&1 || { tail -20 "$E2E_RUN_DIR/package.log"; build_failed="npm run package failed"; }
  fi
fi
if [ -z "$build_failed" ] && [ ! -f dist/server.js ]; then
  echo "dist/server.js missing: building it (npm run build)"
  timeout 300 npm run build --silent || build_failed="npm run build failed"
fi
[ -f "$vsix" ] && echo "vsix: $(basename "$vsix") $(du -k "$vsix" | cut -f1) KB, $(date -r "$vsix" '+%F %T')"
echo "build: $(secs $(( $(now_ms) - t )))${build_failed:+ ($build_failed)}"

# --- 3. code-server + playwright-core harness --------------------------------------------------
if wants_vscode && [ -z "$build_failed" ]; then
  step "install e2e/vscode (code-server 4.100.3, playwright-core 1.65.1)"
  t=$(now_ms)
  if [ "${E2E_INSTALL:-}" = 0 ]; then
    echo "E2E_INSTALL=0: not installing"
  else
    out=$(setsid timeout -k 5 900 bash "$here/vscode/install.sh" 2>&1); rc=$?
    echo "$out" | tail -8
    if [ $rc = 77 ]; then
      reason=$(echo "$out" | grep -m1 '^SKIP:' | sed 's/^SKIP: //')
      skip_reason[vscode-api]=$reason; skip_reason[vscode-ui]=$reason; skip_reason[vscode-web]=$reason
      skip_reason[try]=$reason
    elif [ $rc != 0 ]; then
      build_failed="e2e/vscode/install.sh failed (rc=$rc)"
    fi
  fi
  echo "install: $(secs $(( $(now_ms) - t )))"
fi

# --- 4. suites ---------------------------------------------------------------------------------
passed=0 failed=0 skipped=0
summary=()
for s in "${suites[@]}"; do
  step "suite $s"
  case "$s" in
    vscode-api) cmd=(bash "$here/vscode/run.sh" api) ;;
    vscode-ui) cmd=(bash "$here/vscode/run.sh" ui) ;;
    vscode-web) cmd=(bash "$here/vscode/run.sh" web) ;;
    try) cmd=(bash "$here/vscode/try.test.sh") ;;
    neovim) cmd=(bash "$here/neovim/run.sh") ;;
    vim) cmd=(bash "$here/vim/run.sh") ;;
  esac
  t=$(now_ms)
  if [ -n "${skip_reason[$s]:-}" ]; then
    echo "SKIP: ${skip_reason[$s]}"; rc=77
  elif [ -n "$build_failed" ] && { [ "$s" != neovim ] && [ "$s" != vim ] || [ ! -f "$repo/dist/server.js" ]; }; then
    echo "not ok - $build_failed"; rc=1
  else
    # Own process group, with an outer limit a little above the suite's own.
    setsid timeout -k 10 $(( E2E_SUITE_TIMEOUT + 60 )) "${cmd[@]}" </dev/null &
    current_pgid=$!
    rc=0; wait "$current_pgid" || rc=$?
    cleanup; current_pgid=
    [ $rc = 124 ] && echo "not ok - suite $s timed out"
  fi
  d=$(secs $(( $(now_ms) - t )))
  case $rc in
    0) passed=$((passed + 1)); r=PASS ;;
    77) skipped=$((skipped + 1)); r=SKIP ;;
    *) failed=$((failed + 1)); r=FAIL ;;
  esac
  echo "--- $s: $r in $d"
  summary+=("$(printf '  %-11s %-4s %8s' "$s" "$r" "$d")")
done

echo
echo "=== summary (total $(secs $(( $(now_ms) - T0 ))); run folders in ${E2E_RUN_DIR#"$repo"/}/)"
printf '%s\n' "${summary[@]}"
echo "e2e: $passed passed, $failed failed, $skipped skipped"
[ $failed = 0 ]
