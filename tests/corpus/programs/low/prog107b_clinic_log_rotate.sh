#!/usr/bin/env bash
# Rotate and prune the logs written by the clinic booking app.
#
# The booking app (appointments, reminder bot, claim exporter) writes plain
# text logs into ./logs next to the deployment. This script is run from the
# deployment directory at the end of the day:
#   - compresses yesterday's and older *.log files
#   - keeps compressed logs for KEEP_DAYS days
#   - writes a small summary line into logs/rotate.history
#
# Settings can be overridden in ./rotate.conf (sourced if present).

set -euo pipefail

APP_ROOT="${APP_ROOT:-$(pwd)}"
LOG_DIR="${LOG_DIR:-$APP_ROOT/logs}"
KEEP_DAYS="${KEEP_DAYS:-30}"
COMPRESS_AFTER_MIN="${COMPRESS_AFTER_MIN:-720}"
DRY_RUN=0
VERBOSE=0

[[ -f "$APP_ROOT/rotate.conf" ]] && . "$APP_ROOT/rotate.conf"

usage() {
  cat <<EOF
usage: $(basename "$0") [-n] [-v] [-k days] [-d logdir]
  -n   dry run, only print what would happen
  -v   verbose
  -k   days to keep compressed logs (default $KEEP_DAYS)
  -d   log directory (default $LOG_DIR)
EOF
}

while getopts ":nvk:d:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    k) KEEP_DAYS="$OPTARG" ;;
    d) LOG_DIR="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 64 ;;
  esac
done

say()  { printf '%s [rotate] %s\n' "$(date '+%F %T')" "$*"; }
vsay() { [[ $VERBOSE -eq 1 ]] && say "$@" || true; }
run()  { if [[ $DRY_RUN -eq 1 ]]; then say "would run: $*"; else "$@"; fi; }

if [[ ! -d "$LOG_DIR" ]]; then
  say "no log directory at $LOG_DIR, nothing to do"
  exit 0
fi

compress_old_logs() {
  local count=0 f
  while IFS= read -r -d '' f; do
    # skip files still held open by the app (reminder bot appends all day)
    if command -v fuser >/dev/null 2>&1 && fuser -s "$f" 2>/dev/null; then
      vsay "in use, skipping $f"
      continue
    fi
    local stamped="${f%.log}.$(date -r "$f" +%Y%m%d).log"
    run mv -- "$f" "$stamped"
    run gzip -9 -- "$stamped"
    count=$((count + 1))
  done < <(find "$LOG_DIR" -maxdepth 1 -type f -name '*.log' -mmin +"$COMPRESS_AFTER_MIN" -print0)
  echo "$count"
}

prune_compressed() {
  local count
  count=$(find "$LOG_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" | wc -l)
  if [[ $count -gt 0 ]]; then
    vsay "pruning $count archives older than $KEEP_DAYS days"
    if [[ $DRY_RUN -eq 1 ]]; then
      find "$LOG_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" -print
    else
      find "$LOG_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
    fi
  fi
  echo "$count"
}

report_usage() {
  du -sh "$LOG_DIR" 2>/dev/null | awk '{print $1}'
}

main() {
  say "rotating logs in $LOG_DIR (keep ${KEEP_DAYS}d)"
  local compressed pruned size
  compressed=$(compress_old_logs)
  pruned=$(prune_compressed)
  size=$(report_usage)
  say "compressed=$compressed pruned=$pruned size=$size"
  if [[ $DRY_RUN -eq 0 ]]; then
    printf '%s\tcompressed=%s\tpruned=%s\tsize=%s\n' \
      "$(date -Iseconds)" "$compressed" "$pruned" "$size" >> "$LOG_DIR/rotate.history"
  fi
}

main "$@"
