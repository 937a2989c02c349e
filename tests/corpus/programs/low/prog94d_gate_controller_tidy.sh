#!/bin/sh
# gate_controller_tidy.sh - nightly tidy-up for the pontoon gate controller
# checkout.  Compresses and prunes the controller's logs and clears build
# leftovers so the kiosk's small SD card does not fill up.
#
#   ./gate_controller_tidy.sh [-k DAYS] [-n]
set -u

APP_DIR="$(cd "$(dirname "$0")" && pwd)"
LOG_DIR="$APP_DIR/logs"
KEEP_DAYS=14
DRY=0

while [ $# -gt 0 ]; do
  case "$1" in
    -k) KEEP_DAYS="$2"; shift 2 ;;
    -n) DRY=1; shift ;;
    *) echo "usage: $0 [-k DAYS] [-n]" >&2; exit 2 ;;
  esac
done

say() { echo "tidy: $*"; }
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

trim_state() {
  state="$APP_DIR/state/last_badges.jsonl"
  [ -f "$state" ] || return 0
  lines=$(wc -l < "$state")
  if [ "$lines" -gt 5000 ]; then
    if [ "$DRY" -eq 1 ]; then
      say "would trim $state ($lines lines)"
    else
      tail -n 5000 "$state" > "$state.new" && mv "$state.new" "$state"
      say "badge state trimmed from $lines lines"
    fi
  fi
}

disk_report() {
  df -h "$APP_DIR" | awk 'NR==2 { print "tidy: " $4 " free on " $6 }'
}

rotate_logs
clean_build
trim_state
disk_report
exit 0
