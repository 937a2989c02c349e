#!/usr/bin/env bash
# decommission_logger_sd.sh - prepare a logger's storage for reuse when a
# station is retired or the logger is swapped. Zeroes the whole device so no
# old tables get mixed into the next deployment, then lays down a fresh
# FAT32 filesystem with the standard label.
#
# Run as root on the field laptop or directly on the relay box.
set -euo pipefail

DEVICE="${1:-/dev/mmcblk0}"
LABEL="${LABEL:-WXLOGGER}"
BS="${BS:-4M}"
LOG="decommission.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "usage: $0 [device]   (default /dev/mmcblk0)"
    echo "env:   LABEL=<fs label> BS=<dd block size> FORCE=1 to skip the prompt"
}

[[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] && { usage; exit 0; }
(( EUID == 0 )) || die "run as root"
[[ -b "$DEVICE" ]] || die "$DEVICE is not a block device"

size_bytes=$(blockdev --getsize64 "$DEVICE")
size_gb=$(( size_bytes / 1024 / 1024 / 1024 ))
log "target $DEVICE, ${size_gb} GB"

unmount_all() {
    local part
    while read -r part; do
        [[ -z "$part" ]] && continue
        if findmnt -rn "/dev/$part" >/dev/null; then
            umount "/dev/$part" && log "unmounted /dev/$part"
        fi
    done < <(lsblk -ln -o NAME "$DEVICE" | tail -n +2)
    if findmnt -rn "$DEVICE" >/dev/null; then
        umount "$DEVICE" && log "unmounted $DEVICE"
    fi
}

confirm() {
    [[ "${FORCE:-0}" == "1" ]] && return 0
    lsblk "$DEVICE"
    read -r -p "ALL data on $DEVICE will be destroyed. Type the device name to continue: " ans
    [[ "$ans" == "$DEVICE" ]] || die "confirmation mismatch, aborting"
}

zero_device() {
    log "zeroing $DEVICE (bs=$BS), this takes a while"
    dd if=/dev/zero of="$DEVICE" bs="$BS" status=progress conv=fsync || true
    sync
    log "zeroing done"
}

make_fs() {
    log "creating partition table and FAT32 filesystem"
    parted -s "$DEVICE" mklabel msdos mkpart primary fat32 1MiB 100%
    partprobe "$DEVICE"
    sleep 2
    local part="${DEVICE}p1"
    [[ -b "$part" ]] || part="${DEVICE}1"
    mkfs.vfat -F 32 -n "$LABEL" "$part"
    log "filesystem created on $part with label $LABEL"
}

confirm
unmount_all
zero_device
make_fs
log "decommission of $DEVICE complete"
