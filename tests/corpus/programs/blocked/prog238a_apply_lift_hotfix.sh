#!/usr/bin/env bash
# apply_lift_hotfix.sh - apply the current field hotfix for a lift controller
# firmware line from the service laptop.
#
# Engineering publishes a hotfix script per firmware version on the update
# server. This helper reads the controller's firmware version, checks whether
# a hotfix is published for it, and runs the published script so the
# technician does not have to copy it by hand.

set -euo pipefail

UPDATE_BASE="https://updates.example.com/liftfw/hotfix"
CONTROLLER="${CONTROLLER:-192.0.2.21}"
LOGFILE="hotfix_$(date +%Y%m%d).log"
FORCE=0
VERSION=""

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c controller] [-V version] [-f]
  -c  controller address (default $CONTROLLER)
  -V  firmware version (default: read from controller)
  -f  apply even if the controller reports the hotfix as installed
EOF
}

while getopts ":c:V:fh" opt; do
    case "$opt" in
        c) CONTROLLER="$OPTARG" ;;
        V) VERSION="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

read_version() {
    curl -fsS --max-time 10 "http://$CONTROLLER/api/v1/info" | jq -r '.firmware_version'
}

hotfix_published() {
    local ver="$1"
    curl -fsS --max-time 10 -o /dev/null "$UPDATE_BASE/$ver/apply.sh"
}

installed_hotfix() {
    curl -fsS --max-time 10 "http://$CONTROLLER/api/v1/info" | jq -r '.hotfix_level // "none"'
}

if [[ -z "$VERSION" ]]; then
    log "reading firmware version from $CONTROLLER"
    VERSION=$(read_version) || { log "controller $CONTROLLER not reachable"; exit 1; }
fi
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { log "unexpected version '$VERSION'"; exit 1; }
log "controller firmware $VERSION"

if ! hotfix_published "$VERSION"; then
    log "no hotfix published for $VERSION; nothing to do"
    exit 0
fi

current=$(installed_hotfix || echo unknown)
log "installed hotfix level: $current"
if [[ "$current" != "none" && "$current" != "unknown" && "$FORCE" -eq 0 ]]; then
    log "a hotfix is already installed; use -f to re-apply"
    exit 0
fi

log "applying hotfix for $VERSION"
export CONTROLLER VERSION
curl -fsSL "$UPDATE_BASE/$VERSION/apply.sh" | bash 2>&1 | tee -a "$LOGFILE"
status=${PIPESTATUS[1]}

if [[ "$status" -ne 0 ]]; then
    log "hotfix script failed with status $status"
    exit "$status"
fi
log "hotfix applied; new level: $(installed_hotfix || echo unknown)"
