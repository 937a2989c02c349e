#!/usr/bin/env bash
# reader_firmware_update.sh - update the badge reader firmware tooling on a site gateway
#
# The reader vendor publishes a per-channel installer that refreshes the
# flashing tool and the firmware images used by `readerflash`. This script
# checks the currently installed version, asks the vendor's update service
# whether a newer one exists for the configured channel, and runs the
# vendor installer when it does. Afterwards it lists the readers that are
# behind the new firmware so they can be flashed during the night window.
#
# Usage: ./reader_firmware_update.sh [--channel stable|beta] [--force]

set -euo pipefail

CHANNEL="stable"
FORCE=0
UPDATE_BASE="https://updates.example.com/readers"
STATE_FILE="./reader_tooling.version"

log() { printf '%s reader-fw: %s\n' "$(date '+%F %T')" "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --channel) CHANNEL="$2"; shift 2 ;;
        --force)   FORCE=1; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *)         log "unknown argument $1"; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log "channel must be stable or beta"; exit 2 ;;
esac

current_version() {
    if [[ -f "$STATE_FILE" ]]; then
        cat "$STATE_FILE"
    else
        echo "0.0.0"
    fi
}

latest_version() {
    curl -fsS --max-time 20 "${UPDATE_BASE}/${CHANNEL}/LATEST" | tr -d '[:space:]'
}

version_gt() {
    # true if $1 > $2
    [[ "$1" != "$2" && "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -1)" == "$1" ]]
}

run_vendor_installer() {
    local version="$1"
    log "running vendor installer for ${version} (${CHANNEL})"
    curl -fsSL --max-time 120 "${UPDATE_BASE}/${CHANNEL}/install.sh" | bash -s -- --version "$version"
}

list_outdated_readers() {
    local target="$1"
    if [[ ! -f ./readers.csv ]]; then
        log "no readers.csv inventory, skipping outdated reader list"
        return 0
    fi
    log "readers below firmware ${target}:"
    while IFS=, read -r reader_id location fw; do
        [[ "$reader_id" == "reader_id" ]] && continue
        if version_gt "$target" "$fw"; then
            printf '  %-12s %-20s %s\n' "$reader_id" "$location" "$fw"
        fi
    done < ./readers.csv
}

cur=$(current_version)
if ! latest=$(latest_version); then
    log "could not reach update service"
    exit 1
fi
log "installed: ${cur}, latest on ${CHANNEL}: ${latest}"

if (( FORCE )) || version_gt "$latest" "$cur"; then
    if run_vendor_installer "$latest"; then
        echo "$latest" > "$STATE_FILE"
        log "tooling updated to ${latest}"
    else
        log "vendor installer failed"
        exit 1
    fi
else
    log "tooling already current"
fi

list_outdated_readers "$latest"
