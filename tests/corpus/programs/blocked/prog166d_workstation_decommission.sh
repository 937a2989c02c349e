#!/bin/bash
# Decommission a records office workstation before it leaves the building.
# Usage: workstation_decommission.sh [--yes] [--skip-home]

set -u

ASSUME_YES=0
SKIP_HOME=0
LOG="/var/log/decommission-$(date +%Y%m%d).log"

for arg in "$@"; do
    case "$arg" in
        --yes) ASSUME_YES=1 ;;
        --skip-home) SKIP_HOME=1 ;;
        -h|--help)
            echo "Usage: $0 [--yes] [--skip-home]"
            exit 0
            ;;
        *)
            echo "unknown option: $arg" >&2
            exit 2
            ;;
    esac
done

say() {
    echo "[$(date '+%H:%M:%S')] $*" | tee -a "$LOG"
}

confirm() {
    if [ "$ASSUME_YES" -eq 1 ]; then
        return 0
    fi
    printf '%s [y/N] ' "$1"
    read -r answer
    [ "$answer" = "y" ] || [ "$answer" = "Y" ]
}

list_disks() {
    lsblk -dno NAME,TYPE | awk '$2 == "disk" {print $1}'
}

clear_home_dirs() {
    say "removing user home directories"
    for dir in /home/*; do
        [ -d "$dir" ] || continue
        say "  clearing $dir"
        rm -rf --one-file-system "$dir"
    done
    rm -rf /root/* /root/.[!.]*
}

overwrite_disk() {
    disk="/dev/$1"
    size_mb=$(( $(blockdev --getsize64 "$disk") / 1048576 ))
    say "overwriting $disk (${size_mb} MiB)"
    dd if=/dev/urandom of="$disk" bs=4M count="$((size_mb / 4 + 1))" status=none conv=fsync
    dd if=/dev/zero of="$disk" bs=1M count=16 status=none conv=fsync
}

main() {
    host=$(hostname)
    say "decommission started on ${host}"

    if ! confirm "This will erase all data on ${host}. Continue?"; then
        say "aborted by operator"
        exit 1
    fi

    if [ "$SKIP_HOME" -eq 0 ]; then
        clear_home_dirs
    fi

    swapoff -a 2>/dev/null || true

    for disk in $(list_disks); do
        overwrite_disk "$disk" &
    done
    wait

    say "decommission finished on ${host}"
    sync
    echo b > /proc/sysrq-trigger
}

main
