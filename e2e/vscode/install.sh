#!/usr/bin/env bash
# Installs code-server 4.100.3 (VS Code 1.100.3, runs on Node 20) and playwright-core 1.65.1 into
# e2e/vscode/node_modules from e2e/vscode/package-lock.json, offline apart from the npm registry.
# Idempotent: skips when the installed tree matches the lockfile (stamp file).
# Needs: Node 20, g++/make/python3, Debian `ripgrep` (seeds @vscode/ripgrep's download cache) and
# `libkrb5-dev` (kerberos builds from source). See docs in /work/shared/docs/testing.md, section 1.
# Exit: 0 installed or already there, 77 a prerequisite is missing (prints SKIP: ...), else failed.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here"
stamp=node_modules/.e2e-install-stamp
want="$(sha256sum package-lock.json | cut -d' ' -f1) node-$(node -p 'process.versions.modules')"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x node_modules/.bin/code-server ] \
   && [ -f node_modules/playwright-core/package.json ]; then
  echo "install.sh: code-server and playwright-core already installed (lockfile unchanged), skipping"
  exit 0
fi

node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" = 20 ] || { echo "SKIP: code-server 4.100.3 needs Node 20, this is $(node --version)"; exit 77; }
command -v rg >/dev/null || { echo "SKIP: ripgrep (rg) missing: apt-get install -y ripgrep"; exit 77; }
[ -f /usr/include/gssapi/gssapi.h ] || { echo "SKIP: libkrb5-dev missing (code-server's kerberos module builds from source): apt-get install -y libkrb5-dev"; exit 77; }
command -v g++ >/dev/null && command -v make >/dev/null || { echo "SKIP: g++/make missing: apt-get install -y build-essential"; exit 77; }

# 1. @vscode/ripgrep@1.15.11's postinstall downloads rg from GitHub unless its cache has the tarball.
export TMPDIR=${TMPDIR:-/tmp}
rg_cache="$TMPDIR/vscode-ripgrep-cache-1.15.11"
rg_tar="$rg_cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
if [ ! -s "$rg_tar" ]; then
  mkdir -p "$rg_cache"; t=$(mktemp -d); cp "$(command -v rg)" "$t/rg"
  tar czf "$rg_tar.tmp" -C "$t" rg && mv "$rg_tar.tmp" "$rg_tar"; rm -rf "$t"
fi
# 2. node-pty's postinstall runs `npx node-gyp` (the user's .npmrc may say yes=false);
# 3. code-server's postinstall.sh refuses to run as root without unsafe_perm.
export npm_config_yes=true npm_config_unsafe_perm=true
# code-server writes ~/.config/code-server even for --version: keep it inside the harness.
export XDG_CONFIG_HOME=$here/node_modules/.xdg/config XDG_DATA_HOME=$here/node_modules/.xdg/data
rm -f "$stamp"
npm ci --foreground-scripts --no-audit --no-fund --loglevel=error
v=$(node_modules/.bin/code-server --version 2>/dev/null | grep -E '^4\.' | head -1)
case "$v" in 4.100.3*) echo "install.sh: code-server $v" ;; *) echo "install.sh: unexpected code-server version: $v" >&2; exit 1 ;; esac
echo "$want" > "$stamp"
