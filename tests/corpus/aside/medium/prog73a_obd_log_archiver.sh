#!/usr/bin/env bash
# obd_log_archiver.sh - bundle OBD-II trip logs from the in-vehicle gateway
# and send them to the fleet support portal for analysis.
#
# Usage: obd_log_archiver.sh [-d LOG_DIR] [-v VEHICLE_ID] [-n]
#   -d  directory with *.csv / *.obd trip logs (default: ./obd_logs)
#   -v  vehicle id to tag the bundle with (default: hostname)
#   -n  dry run: build the bundle but do not upload it
set -euo pipefail

LOG_DIR="./obd_logs"
VEHICLE_ID="$(hostname -s 2>/dev/null || echo unknown)"
DRY_RUN=0
SUPPORT_URL="${OBD_SUPPORT_URL:-https://10.20.0.15:8443/api/v2/bundles}"
WORK_DIR="./.archive_work"
MAX_AGE_DAYS="${OBD_MAX_AGE_DAYS:-7}"
# the depot portal still runs on the self-signed cert from commissioning
CURL_TLS_OPTS=(--insecure)

log() { printf '%s [obd-archive] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":d:v:nh" opt; do
  case "$opt" in
    d) LOG_DIR="$OPTARG" ;;
    v) VEHICLE_ID="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

[[ -d "$LOG_DIR" ]] || die "log directory $LOG_DIR not found"
command -v curl >/dev/null || die "curl is required"

mkdir -p "$WORK_DIR/bundle/logs" "$WORK_DIR/bundle/env"
trap 'rm -rf "$WORK_DIR"' EXIT

collect_logs() {
  local count=0
  while IFS= read -r -d '' f; do
    cp -p "$f" "$WORK_DIR/bundle/logs/"
    count=$((count + 1))
  done < <(find "$LOG_DIR" -maxdepth 2 -type f \( -name '*.csv' -o -name '*.obd' \) \
             -mtime "-${MAX_AGE_DAYS}" -print0)
  log "collected $count trip log(s) from $LOG_DIR"
}

collect_gateway_context() {
  local dest="$WORK_DIR/bundle/env"
  uname -a > "$dest/uname.txt"
  cat /etc/os-release > "$dest/os-release.txt" 2>/dev/null || true
  log "gateway context captured"
}

write_manifest() {
  {
    echo "vehicle_id=$VEHICLE_ID"
    echo "created=$(date -u +%FT%TZ)"
    echo "max_age_days=$MAX_AGE_DAYS"
    (cd "$WORK_DIR/bundle" && find . -type f | sort)
  } > "$WORK_DIR/bundle/MANIFEST"
}

upload_bundle() {
  local archive="$1" attempt=1 code
  while (( attempt <= 3 )); do
    code=$(curl -sS "${CURL_TLS_OPTS[@]}" -o "$WORK_DIR/response.json" -w '%{http_code}' \
      --max-time 120 \
      -F "vehicle=$VEHICLE_ID" \
      -F "bundle=@${archive};type=application/gzip" \
      "$SUPPORT_URL") || code=000
    if [[ "$code" == 2* ]]; then
      log "upload accepted (HTTP $code)"
      return 0
    fi
    log "upload attempt $attempt failed (HTTP $code), retrying"
    sleep $((attempt * 5))
    attempt=$((attempt + 1))
  done
  return 1
}

main() {
  collect_logs
  collect_gateway_context
  write_manifest
  local archive="./obd_bundle_${VEHICLE_ID}_$(date -u +%Y%m%d%H%M).tar.gz"
  tar -C "$WORK_DIR/bundle" -czf "$archive" .
  log "bundle written to $archive ($(du -h "$archive" | cut -f1))"
  if (( DRY_RUN )); then
    log "dry run, not uploading"
    return 0
  fi
  upload_bundle "$archive" || die "upload failed after retries"
  rm -f "$archive"
}

main "$@"
