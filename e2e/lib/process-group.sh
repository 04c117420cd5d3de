# Sourced by the editor suites (neovim, vim): the editor runs under setsid in its own process group,
# whose id the suite stores in $pgid; on exit the whole group goes (the editor and the server it
# started): TERM first, KILL after two seconds.
pgid=
cleanup() {
  if [ -n "$pgid" ] && kill -0 -- "-$pgid" 2>/dev/null; then
    kill -TERM -- "-$pgid" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 -- "-$pgid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$pgid" 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
