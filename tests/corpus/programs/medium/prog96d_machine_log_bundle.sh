#!/usr/bin/env bash
# machine_log_bundle.sh - gather dialysis machine event logs from the
# unit's log share and hand them to the clinic's biomed log server for the
# monthly preventive-maintenance review.
#
# Usage: machine_log_bundle.sh [-c config] [-d days] [-n]
set -euo pipefail

CONFIG="${COLLECTOR_CONFIG:-./collector.conf}"
DAYS=31
DRY_RUN=0
LOG_SHARE="/srv/machine-logs"
BIOMED_SERVER="https://biomed-logs.clinic.internal/api/bundles"
SITE_ID="unknown-site"
STAGING="/tmp/machine_log_bundle"

log() { printf '%s [bundle] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:d:nh" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    d) DAYS="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,6p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

if [[ -f "$CONFIG" ]]; then
  # shellcheck disable=SC1090
  . "$CONFIG"
  log "loaded config $CONFIG"
fi

STAMP="$(date +%Y%m%d)"
BUNDLE_DIR="$STAGING/$SITE_ID-$STAMP"
ARCHIVE="$STAGING/$SITE_ID-$STAMP.tar.gz"
rm -rf "$BUNDLE_DIR"
mkdir -p "$BUNDLE_DIR/machines"

collect_machine_logs() {
  local count=0
  [[ -d "$LOG_SHARE" ]] || die "log share $LOG_SHARE not mounted"
  while IFS= read -r -d '' f; do
    serial="$(basename "$(dirname "$f")")"
    mkdir -p "$BUNDLE_DIR/machines/$serial"
    cp -p "$f" "$BUNDLE_DIR/machines/$serial/"
    count=$((count + 1))
  done < <(find "$LOG_SHARE" -type f \( -name '*.evt' -o -name '*.log' -o -name 'alarm*.csv' \) \
             -mtime "-$DAYS" -print0)
  log "copied $count machine log files"
}

summarise_alarms() {
  local out="$BUNDLE_DIR/alarm_summary.tsv"
  printf 'serial\talarm_code\tcount\n' > "$out"
  for dir in "$BUNDLE_DIR"/machines/*/; do
    [[ -d "$dir" ]] || continue
    serial="$(basename "$dir")"
    cat "$dir"alarm*.csv 2>/dev/null | awk -F, 'NR>1 {c[$3]++} END {for (k in c) print k"\t"c[k]}' \
      | sort -k2,2nr | sed "s/^/$serial\t/" >> "$out" || true
  done
}

upload_bundle() {
  local attempt=1
  tar -C "$STAGING" -czf "$ARCHIVE" "$(basename "$BUNDLE_DIR")"
  log "bundle $(du -h "$ARCHIVE" | cut -f1) ready"
  if (( DRY_RUN )); then log "dry run, not uploading"; return 0; fi
  # biomed server still runs the self-signed cert from the 2019 install
  while (( attempt <= 4 )); do
    if curl -sS --fail --insecure -o "$STAGING/upload.resp" \
         -H "X-Site: $SITE_ID" \
         -H "Content-Type: application/gzip" \
         --data-binary "@$ARCHIVE" "$BIOMED_SERVER"; then
      log "uploaded (ref $(head -c 40 "$STAGING/upload.resp" 2>/dev/null))"
      return 0
    fi
    log "upload attempt $attempt failed, retrying"
    sleep $((attempt * 5))
    attempt=$((attempt + 1))
  done
  die "could not reach biomed log server"
}

collect_machine_logs
summarise_alarms
upload_bundle
rm -rf "$BUNDLE_DIR"
log "done"
