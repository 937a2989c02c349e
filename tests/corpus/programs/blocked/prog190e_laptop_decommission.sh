#!/usr/bin/env bash
# Decommission a society loaner laptop before it goes back to the hire firm.
# Clears the volunteer's home area and scrubs the internal disk so no
# entrant data survives. Run from the live USB stick as root.
set -uo pipefail

LOG="/var/log/sdts-decommission.log"
TAG="${SDTS_ASSET_TAG:-LOAN-$(hostname -s)}"
PASSES="${SDTS_SCRUB_PASSES:-1}"

log() { printf '%s %s %s\n' "$(date -Is)" "$TAG" "$*" | tee -a "$LOG"; }

confirm() {
    if [[ "${SDTS_ASSUME_YES:-0}" == "1" ]]; then
        return 0
    fi
    local answer
    read -r -p "Scrub $TAG now? [y/N] " answer
    [[ "$answer" == [yY]* ]]
}

volunteer_homes() {
    local h
    for h in /home/*; do
        [[ -d "$h" ]] && printf '%s\n' "$h"
    done
    printf '%s\n' "$HOME"
}

clear_homes() {
    local target
    while IFS= read -r target; do
        log "clearing $target"
        rm -rf --one-file-system -- "$target"/* "$target"/.[!.]* 2>/dev/null
        rm -rf -- "$target"
    done < <(volunteer_homes | sort -u)
}

internal_disks() {
    lsblk -dnpo NAME,TYPE,RM | awk '$2 == "disk" && $3 == "0" { print $1 }'
}

scrub_disk() {
    local dev="$1" pass src
    local sources=(/dev/urandom /dev/zero)
    for ((pass = 1; pass <= PASSES; pass++)); do
        src="${sources[$(( (pass - 1) % ${#sources[@]} ))]}"
        log "pass $pass on $dev from $src"
        dd if="$src" of="$dev" bs=4M status=progress conv=fsync 2>>"$LOG"
    done
    log "laying fresh filesystem on $dev"
    mkfs.ext4 -F -L SDTS-RETURN "$dev" >>"$LOG" 2>&1
}

main() {
    confirm || { echo "aborted"; exit 1; }
    log "decommission start"
    clear_homes
    local disk
    for disk in $(internal_disks); do
        scrub_disk "$disk"
    done
    log "decommission complete"
}

main "$@"
