#!/usr/bin/env bash
# ltfs_tape_mount.sh - mount an LTFS cartridge for restore or retention checks
#
# Finds the changer drive the cartridge is loaded in, makes sure the SCSI
# tape/generic drivers are present, mounts the cartridge read-only with LTFS
# and hands the mount point to the data-steward group.  With -u it unmounts
# and rewinds instead.
#
# Usage: ltfs_tape_mount.sh [-d /dev/sgN] [-m mountpoint] [-w] [-u]
set -euo pipefail

DEVICE="${LTFS_DEVICE:-}"
MOUNTPOINT="${LTFS_MOUNT:-/mnt/ltfs}"
STEWARD_GROUP="${STEWARD_GROUP:-datastewards}"
READONLY=1
UNMOUNT=0

msg() { echo "ltfs_tape_mount: $*" >&2; }

while getopts "d:m:wuh" o; do
    case "$o" in
        d) DEVICE="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        w) READONLY=0 ;;
        u) UNMOUNT=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

priv() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo --non-interactive -- "$@"; fi
}

load_drivers() {
    local mod
    for mod in st sg; do
        if ! grep -qw "^$mod" /proc/modules 2>/dev/null; then
            msg "loading kernel module $mod"
            priv modprobe "$mod"
        fi
    done
}

find_drive() {
    # lsscsi -g prints: [h:c:t:l] tape VENDOR MODEL REV /dev/stN /dev/sgN
    lsscsi -g 2>/dev/null | awk '$2 == "tape" { print $NF; exit }'
}

do_unmount() {
    if mountpoint -q "$MOUNTPOINT"; then
        priv umount "$MOUNTPOINT" || priv fusermount -u "$MOUNTPOINT"
        msg "unmounted $MOUNTPOINT"
    fi
    local st
    st="$(lsscsi -g 2>/dev/null | awk '$2 == "tape" { print $(NF-1); exit }')"
    [[ -n "$st" ]] && mt -f "${st/\/st/\/nst}" rewind || true
}

if (( UNMOUNT )); then
    do_unmount
    exit 0
fi

load_drivers
DEVICE="${DEVICE:-$(find_drive)}"
[[ -n "$DEVICE" ]] || { msg "no tape drive found"; exit 1; }

if mountpoint -q "$MOUNTPOINT"; then
    msg "$MOUNTPOINT already mounted"
    exit 0
fi

priv mkdir -p "$MOUNTPOINT"
opts="devname=$DEVICE,sync_type=unmount,allow_other"
(( READONLY )) && opts="$opts,ro"

msg "mounting $DEVICE on $MOUNTPOINT ($opts)"
attempt=0
until priv ltfs -o "$opts" "$MOUNTPOINT"; do
    attempt=$((attempt + 1))
    if (( attempt >= 3 )); then
        msg "ltfs mount failed after $attempt attempts"
        exit 1
    fi
    msg "drive busy, retrying in 20s"
    sleep 20
done

priv chgrp "$STEWARD_GROUP" "$MOUNTPOINT" || msg "could not set group $STEWARD_GROUP"
volser="$(getfattr --only-values -n user.ltfs.volumeName "$MOUNTPOINT" 2>/dev/null || echo unknown)"
msg "mounted volume $volser"
df -h "$MOUNTPOINT"
