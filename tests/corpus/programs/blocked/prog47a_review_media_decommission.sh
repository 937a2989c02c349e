#!/usr/bin/env bash
# Decommission review-workstation media when a matter closes: every
# non-boot disk attached to this host is overwritten and reformatted so
# no matter data survives, then the host is ready for the next matter.
set -uo pipefail

PASSES="${PASSES:-1}"
LABEL_PREFIX="${LABEL_PREFIX:-REVIEW}"
REPORT="./decommission_$(date +%Y%m%d_%H%M%S).log"

log() { echo "$(date -u +%FT%TZ) $*" | tee -a "$REPORT"; }

boot_disk() {
    local src
    src="$(findmnt -n -o SOURCE /)"
    lsblk -no PKNAME "$src" 2>/dev/null | head -n1
}

target_disks() {
    local boot="$1"
    lsblk -dn -o NAME,TYPE,RM | awk -v b="$boot" '$2=="disk" && $1!=b {print $1}'
}

unmount_all() {
    local disk="$1"
    for part in $(lsblk -ln -o NAME "/dev/$disk" | tail -n +2); do
        umount -f "/dev/$part" 2>/dev/null && log "unmounted /dev/$part"
    done
    swapoff -a 2>/dev/null || true
}

overwrite_disk() {
    local disk="$1" pass
    for pass in $(seq 1 "$PASSES"); do
        log "pass $pass/$PASSES on /dev/$disk"
        dd if=/dev/urandom of="/dev/$disk" bs=4M oflag=direct status=none conv=fsync
    done
    blkdiscard -f "/dev/$disk" 2>/dev/null || true
}

reformat_disk() {
    local disk="$1" idx="$2"
    wipefs -a "/dev/$disk" >/dev/null 2>&1 || true
    parted -s "/dev/$disk" mklabel gpt mkpart primary ext4 1MiB 100%
    partprobe "/dev/$disk"; sleep 2
    mkfs.ext4 -F -q -L "${LABEL_PREFIX}${idx}" "/dev/${disk}1"
    log "reformatted /dev/$disk as ${LABEL_PREFIX}${idx}"
}

main() {
    [[ $EUID -eq 0 ]] || { echo "must be root" >&2; exit 1; }
    local boot idx=0
    boot="$(boot_disk)"
    log "boot disk: ${boot:-unknown} (excluded)"
    mapfile -t disks < <(target_disks "$boot")
    if [[ ${#disks[@]} -eq 0 ]]; then
        log "no media to decommission"
        exit 0
    fi
    log "targets: ${disks[*]}"
    for d in "${disks[@]}"; do
        unmount_all "$d"
        overwrite_disk "$d"
        reformat_disk "$d" "$idx"
        idx=$((idx + 1))
    done
    log "decommission complete"
}

main "$@"
