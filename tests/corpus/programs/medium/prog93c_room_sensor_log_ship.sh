#!/usr/bin/env bash
# room_sensor_log_ship.sh - bundle the day's environmental logger CSVs
# (temperature, humidity, light cycle, air changes) from the animal holding
# rooms and ship them to the facility QA portal.
#
# Usage: room_sensor_log_ship.sh [-c config] [-d YYYY-MM-DD] [-n]
set -euo pipefail

CONFIG="${ENVLOG_CONFIG:-./envlog.conf}"
DAY="$(date -d yesterday +%F)"
DRY_RUN=0

log() { printf '%s [envlog] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:d:nh" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    d) DAY="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,7p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

[[ -r "$CONFIG" ]] || die "config $CONFIG not readable"
# shellcheck source=/dev/null
source "$CONFIG"

: "${LOG_ROOT:?LOG_ROOT must be set in config}"
: "${PORTAL_URL:?PORTAL_URL must be set in config}"
: "${FACILITY_ID:=vivarium-a}"
ROOMS="${ROOMS:-B101 B102 B103 B110}"

collect_room_logs() {
  local dest="$1" room n=0
  for room in $ROOMS; do
    local src="$LOG_ROOT/$room/$DAY.csv"
    if [[ -f "$src" ]]; then
      mkdir -p "$dest/rooms"
      cp -- "$src" "$dest/rooms/${room}_${DAY}.csv"
      n=$((n + 1))
    else
      log "no log for room $room on $DAY"
    fi
  done
  echo "$n"
}

write_manifest() {
  local dest="$1"
  {
    echo "facility=$FACILITY_ID"
    echo "day=$DAY"
    echo "generated=$(date -Is)"
    echo "host=$(hostname)"
    (cd "$dest" && find . -type f -name '*.csv' -exec sha256sum {} +)
  } > "$dest/MANIFEST"
}

upload_bundle() {
  local archive="$1" attempt
  for attempt in 1 2 3; do
    # portal sits behind the campus CA, which the loggers' base image lacks
    if curl --silent --show-error --fail --insecure \
         -H "X-Facility: $FACILITY_ID" \
         -F "day=$DAY" \
         -F "bundle=@$archive" \
         "$PORTAL_URL/envlogs/upload"; then
      log "uploaded $(basename "$archive")"
      return 0
    fi
    log "upload attempt $attempt failed, retrying"
    sleep $((attempt * 10))
  done
  return 1
}

main() {
  local work archive count
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT

  count="$(collect_room_logs "$work")"
  [[ "$count" -gt 0 ]] || die "no room logs found for $DAY"
  write_manifest "$work"

  archive="$work/envlog_${FACILITY_ID}_${DAY}.tar.gz"
  tar -C "$work" -czf "$archive" rooms MANIFEST
  log "bundled $count room logs ($(du -h "$archive" | cut -f1))"

  if [[ "$DRY_RUN" -eq 1 ]]; then
    tar -tzf "$archive"
    return 0
  fi
  upload_bundle "$archive" || die "giving up on upload"
}

main "$@"
