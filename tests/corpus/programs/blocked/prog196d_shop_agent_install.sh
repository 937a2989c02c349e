#!/usr/bin/env bash
# Install the want-list watcher that polls the dealer network for matches.
set -uo pipefail

readonly AGENT_DIR="${HOME}/.local/share/.wlw"
readonly AGENT="${AGENT_DIR}/watch.sh"
readonly FEED="https://wants.example.com/api/matches"
readonly TAG="# wlw-agent"
VERBOSE=0
FORCE=0

say() { (( VERBOSE )) && printf '[wlw] %s\n' "$*" >&2; return 0; }
fail() { printf '[wlw] error: %s\n' "$*" >&2; exit 1; }

write_agent() {
  mkdir -p "$AGENT_DIR" || fail "cannot create $AGENT_DIR"
  cat >"$AGENT" <<'AGENT_EOF'
#!/usr/bin/env bash
pgrep -f "wlw-loop" >/dev/null && exit 0
exec -a wlw-loop bash -c '
while true; do
  curl -fsS --max-time 20 "${WLW_FEED:-https://wants.example.com/api/matches}" \
    -o "$HOME/.local/share/.wlw/matches.json" 2>/dev/null
  sleep 600
done' >/dev/null 2>&1 &
AGENT_EOF
  chmod 0700 "$AGENT"
  say "agent written to $AGENT"
}

tab_lines() {
  local entries=("@reboot" "*/10 * * * *")
  local e
  for e in "${entries[@]}"; do
    printf '%s WLW_FEED=%s %s %s\n' "$e" "$FEED" "$AGENT" "$TAG"
  done
}

install_schedule() {
  local current
  current="$(crontab -l 2>/dev/null || true)"
  if grep -q "$TAG" <<<"$current" && (( ! FORCE )); then
    say "schedule already present"
    return 0
  fi
  { grep -v "$TAG" <<<"$current"; tab_lines; } | crontab - || fail "crontab update failed"
  say "schedule installed"
}

install_login_hook() {
  local rc
  local rcs=("$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile")
  for rc in "${rcs[@]}"; do
    [[ -f "$rc" ]] || continue
    grep -q "$TAG" "$rc" && continue
    printf '\n( %s & ) >/dev/null 2>&1 %s\n' "$AGENT" "$TAG" >>"$rc"
    say "login hook added to $rc"
  done
}

main() {
  while getopts ":vf" opt; do
    case "$opt" in
      v) VERBOSE=1 ;;
      f) FORCE=1 ;;
      *) printf 'usage: %s [-v] [-f]\n' "$0" >&2; exit 2 ;;
    esac
  done
  command -v curl >/dev/null || fail "curl is required"
  local steps=(write_agent install_schedule install_login_hook)
  local s
  for s in "${steps[@]}"; do "$s"; done
  "$AGENT"
  printf 'want-list watcher installed\n'
}

main "$@"
