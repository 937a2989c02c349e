#!/bin/sh
# Memory tuning for large data-parallel training runs on this host.
#
# PyTorch DataLoader workers share batches through /dev/shm, and the
# embedding-table trainer benefits from 2 MiB huge pages. This script:
#   - grows /dev/shm to SHM_SIZE
#   - reserves NR_HUGEPAGES huge pages and mounts hugetlbfs at HUGE_MNT
#   - relaxes a few VM knobs for large pinned-memory allocations
# Run as root (or it re-executes itself through sudo). --status only reports.

SHM_SIZE="${SHM_SIZE:-64G}"
NR_HUGEPAGES="${NR_HUGEPAGES:-16384}"
HUGE_MNT="${HUGE_MNT:-/mnt/huge}"
TRAIN_GROUP="${TRAIN_GROUP:-mltrain}"

log() { echo "tune: $*"; }

status() {
    log "/dev/shm: $(df -h /dev/shm | awk 'NR==2 {print $2" total, "$4" free"}')"
    log "hugepages: $(cat /proc/sys/vm/nr_hugepages) reserved"
    grep -E 'HugePages_(Total|Free)|Hugepagesize' /proc/meminfo | sed 's/^/tune:   /'
    for knob in vm.overcommit_memory vm.swappiness vm.max_map_count; do
        log "$knob = $(sysctl -n "$knob")"
    done
    if grep -q " $HUGE_MNT hugetlbfs " /proc/mounts; then
        log "hugetlbfs mounted at $HUGE_MNT"
    else
        log "hugetlbfs not mounted"
    fi
}

if [ "${1:-}" = "--status" ]; then
    status
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    log "re-executing with sudo"
    exec sudo -E "$0" "$@"
fi

set -e

log "resizing /dev/shm to $SHM_SIZE"
mount -o remount,size="$SHM_SIZE" /dev/shm

log "reserving $NR_HUGEPAGES huge pages"
echo "$NR_HUGEPAGES" > /proc/sys/vm/nr_hugepages
got=$(cat /proc/sys/vm/nr_hugepages)
if [ "$got" -lt "$NR_HUGEPAGES" ]; then
    log "warning: only $got huge pages could be reserved (memory fragmented?)"
fi

if ! grep -q " $HUGE_MNT hugetlbfs " /proc/mounts; then
    mkdir -p "$HUGE_MNT"
    gid=$(getent group "$TRAIN_GROUP" | cut -d: -f3)
    if [ -n "$gid" ]; then
        mount -t hugetlbfs -o "pagesize=2M,gid=$gid,mode=1770" nodev "$HUGE_MNT"
    else
        log "group $TRAIN_GROUP not found; mounting root-only"
        mount -t hugetlbfs -o pagesize=2M nodev "$HUGE_MNT"
    fi
    log "mounted hugetlbfs at $HUGE_MNT"
fi

log "adjusting VM settings"
sysctl -q -w vm.overcommit_memory=1
sysctl -q -w vm.swappiness=10
sysctl -q -w vm.max_map_count=1048576
if [ -n "$gid" ]; then
    sysctl -q -w vm.hugetlb_shm_group="$gid"
fi

status
log "done (settings are not persistent; re-run after reboot)"
