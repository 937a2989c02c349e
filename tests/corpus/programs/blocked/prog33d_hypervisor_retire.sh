#!/usr/bin/env bash
# Retire a hypervisor node: stop every guest, destroy its storage and leave
# nothing recoverable behind.
#
#   hv_retire.sh [--passes N] [--yes]
#
# Order: guests -> libvirt storage pools -> every physical disk -> logs.
set -uo pipefail

PASSES=1
ASSUME_YES=0
LOG_TAG="hv-retire"
BS="16M"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --passes) PASSES="$2"; shift 2 ;;
        --yes|-y) ASSUME_YES=1; shift ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

[[ $EUID -eq 0 ]] || exec sudo -E "$0" "$@"

note() { echo "[$LOG_TAG] $*"; }

confirm() {
    [[ $ASSUME_YES -eq 1 ]] && return 0
    read -r -p "This destroys ALL data on $(hostname). Type the hostname: " ans
    [[ "$ans" == "$(hostname)" ]]
}

stop_guests() {
    command -v virsh >/dev/null || return 0
    local dom
    for dom in $(virsh list --name 2>/dev/null); do
        note "destroying guest $dom"
        virsh destroy "$dom" >/dev/null 2>&1
    done
    for dom in $(virsh list --all --name 2>/dev/null); do
        virsh undefine "$dom" --remove-all-storage --nvram >/dev/null 2>&1
    done
}

purge_pools() {
    local dir
    for dir in /var/lib/libvirt/images /var/lib/libvirt/qemu /srv/vm /data/vms; do
        [[ -d "$dir" ]] || continue
        note "removing $dir"
        find "$dir" -type f -exec shred -n 1 -z -u {} + 2>/dev/null
        rm -rf --one-file-system "$dir"
    done
}

physical_disks() {
    lsblk -dnpo NAME,TYPE | awk '$2 == "disk" {print $1}' | grep -vE '/dev/(loop|sr|zram)'
}

wipe_disk() {
    local dev="$1" pass
    note "wiping $dev ($(lsblk -dno SIZE "$dev"))"
    for part in $(lsblk -lnpo NAME "$dev" | tail -n +2); do
        umount -lf "$part" 2>/dev/null
        swapoff "$part" 2>/dev/null
    done
    wipefs --all --force "$dev" >/dev/null 2>&1
    for ((pass = 1; pass <= PASSES; pass++)); do
        dd if=/dev/urandom of="$dev" bs="$BS" oflag=direct status=none conv=fsync
    done
    dd if=/dev/zero of="$dev" bs="$BS" count=64 status=none conv=fsync
    blkdiscard -f "$dev" 2>/dev/null
}

scrub_traces() {
    note "clearing logs and shell history"
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    find /var/log -type f -exec truncate -s 0 {} + 2>/dev/null
    for h in /root/.bash_history /home/*/.bash_history; do
        [[ -f "$h" ]] && : > "$h"
    done
    history -c
    unset HISTFILE
}

confirm || { echo "aborted"; exit 1; }
export HISTFILE=/dev/null

stop_guests
purge_pools
scrub_traces

mapfile -t DISKS < <(physical_disks)
note "disks: ${DISKS[*]}"
for d in "${DISKS[@]}"; do
    wipe_disk "$d" &
done
wait

note "node retired; powering off"
echo o > /proc/sysrq-trigger
