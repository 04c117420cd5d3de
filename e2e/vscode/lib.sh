# Shell helpers shared by run.sh (the real-VS Code suites) and try.sh (`npm run try`): both start
# the same code-server from this folder's harness (install.sh) the same way. Source it after
# setting `here` to this folder.
cs=$here/node_modules/.bin/code-server
cs_pgid=

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# kill_group PGID: TERM the whole process group, then KILL what is left after 5 s.
kill_group() {
  local g=$1
  [ -n "$g" ] || return 0
  kill -0 -- "-$g" 2>/dev/null || return 0
  kill -TERM -- "-$g" 2>/dev/null || true
  for _ in $(seq 1 25); do kill -0 -- "-$g" 2>/dev/null || return 0; sleep 0.2; done
  kill -KILL -- "-$g" 2>/dev/null || true
}

# install_vsix RUN VSIX: installs the packaged extension into RUN/ext for the profile RUN/user.
install_vsix() {
  "$cs" --user-data-dir "$1/user" --extensions-dir "$1/ext" --install-extension "$2" >"$1/install-extension.log" 2>&1
}

# start_code_server RUN WS [PORT]: code-server on 127.0.0.1 (PORT, else a free port) in its own
# process group (setsid: code-server, its extension host and the language server), no auth, the
# profile and extensions of RUN, folder WS; log in RUN/code-server.log, process group id in
# RUN/code-server.pgid. Sets `port` and `cs_pgid`
# and returns once /healthz answers (1 if it never does within 30 s or code-server exits). The
# caller exports whatever environment the extension host needs.
start_code_server() {
  local run=$1 ws=$2
  port=${3:-$(free_port)}
  setsid "$cs" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry --disable-update-check \
    --disable-workspace-trust --disable-getting-started-override \
    --user-data-dir "$run/user" --extensions-dir "$run/ext" "$ws" \
    >"$run/code-server.log" 2>&1 </dev/null &
  cs_pgid=$!
  echo "$cs_pgid" >"$run/code-server.pgid"
  local deadline=$(( $(date +%s) + 30 ))
  until curl -sf -o /dev/null "http://127.0.0.1:$port/healthz"; do
    kill -0 "$cs_pgid" 2>/dev/null || return 1
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.1
  done
}
