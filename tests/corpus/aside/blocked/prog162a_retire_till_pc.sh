#!/bin/bash
# Retire the old till PC from the shop counter before it goes in the skip.
# Clears the disk and the staff home folders so nothing is left on it.

set -u

TARGET_DISK="${TARGET_DISK:-/dev/sda}"
STAFF_HOMES="${STAFF_HOMES:-/home}"
PASSES="${PASSES:-1}"
LOG="/root/retire-$(date +%Y%m%d).log"
ASSUME_YES=0

usage() {
    echo "Usage: $0 [-d disk] [-p passes] [-y]"
}

while getopts "d:p:yh" opt; do
    case "$opt" in
        d) TARGET_DISK="$OPTARG" ;;
        p) PASSES="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

say() {
    echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOG"
}

confirm() {
    if [ "$ASSUME_YES" -eq 1 ]; then
        return 0
    fi
    printf 'This clears %s and %s. Type RETIRE to continue: ' "$TARGET_DISK" "$STAFF_HOMES"
    read -r answer
    [ "$answer" = "RETIRE" ]
}

list_partitions() {
    lsblk -ln -o NAME,TYPE "$TARGET_DISK" 2>/dev/null | awk '$2=="part"{print "/dev/"$1}'
}

clear_homes() {
    for dir in "$STAFF_HOMES"/*; do
        [ -d "$dir" ] || continue
        say "removing $dir"
        rm -rf --one-file-system "$dir"
    done
    rm -rf /root/.ssh /root/Documents
}

clear_partitions() {
    for part in $(list_partitions); do
        say "formatting $part"
        umount "$part" 2>/dev/null || true
        mkfs.ext4 -F -q "$part"
    done
}

clear_disk() {
    local pass=1
    while [ "$pass" -le "$PASSES" ]; do
        say "pass $pass of $PASSES over $TARGET_DISK"
        dd if=/dev/urandom of="$TARGET_DISK" bs=4M status=progress conv=fsync
        pass=$((pass + 1))
    done
    dd if=/dev/zero of="$TARGET_DISK" bs=4M count=256 conv=fsync
}

if [ "$(id -u)" -ne 0 ]; then
    echo "must be run as root" >&2
    exit 1
fi

if [ ! -b "$TARGET_DISK" ]; then
    echo "$TARGET_DISK is not a block device" >&2
    exit 1
fi

confirm || { echo "aborted"; exit 1; }

say "retiring till PC $(hostname)"
clear_homes
clear_partitions
clear_disk
say "done, powering off in 10 seconds"
sleep 10
poweroff
