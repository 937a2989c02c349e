#!/usr/bin/env bash
# replay_nas_mount.sh -- mount (or unmount) the crew NAS replay export on a
# caster or observer machine so the replay tools can read demos directly.
#
# Usage: replay_nas_mount.sh [-s server] [-e export] [-m mountpoint] [-w] [-u]
set -euo pipefail

NAS="192.0.2.20"
EXPORT="/export/replays"
MOUNTPOINT="/mnt/arena-replays"
READ_WRITE=0
UNMOUNT=0
NFS_VERS="4.1"

log() { echo "[nas-mount $(date +%T)] $*" >&2; }

while getopts ":s:e:m:wuh" opt; do
    case "$opt" in
        s) NAS="$OPTARG" ;;
        e) EXPORT="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        w) READ_WRITE=1 ;;
        u) UNMOUNT=1 ;;
        *) echo "usage: $0 [-s server] [-e export] [-m mountpoint] [-w] [-u]" >&2
           exit 2 ;;
    esac
done

is_mounted() {
    # Look the mountpoint up in /proc/mounts; prints the source if mounted.
    MP="$MOUNTPOINT" python3 -c '
import os, sys
mp = os.path.realpath(os.environ["MP"])
with open("/proc/mounts") as fh:
    for line in fh:
        src, target, fstype = line.split()[:3]
        target = target.replace("\\040", " ")
        if target == mp:
            print(src, fstype)
            sys.exit(0)
sys.exit(1)
'
}

reachable() {
    nc -z -w 3 "$NAS" 2049 2>/dev/null
}

do_mount() {
    local existing opts
    if existing="$(is_mounted)"; then
        log "already mounted: ${existing}"
        return 0
    fi
    reachable || { log "NAS ${NAS} not answering on 2049"; return 1; }
    opts="vers=${NFS_VERS},soft,timeo=50,retrans=2,noatime"
    if [ "$READ_WRITE" -eq 1 ]; then
        opts="rw,${opts}"
    else
        opts="ro,${opts}"
    fi
    sudo mkdir -p "$MOUNTPOINT"
    log "mounting ${NAS}:${EXPORT} on ${MOUNTPOINT} (${opts})"
    sudo mount -t nfs -o "$opts" "${NAS}:${EXPORT}" "$MOUNTPOINT"
    is_mounted >/dev/null && log "mount ok"
}

do_unmount() {
    if ! is_mounted >/dev/null; then
        log "${MOUNTPOINT} is not mounted"
        return 0
    fi
    if command -v fuser >/dev/null && fuser -m "$MOUNTPOINT" >/dev/null 2>&1; then
        log "mountpoint busy, trying lazy unmount"
        sudo umount -l "$MOUNTPOINT"
    else
        sudo umount "$MOUNTPOINT"
    fi
    log "unmounted ${MOUNTPOINT}"
}

summary() {
    local count
    count="$(find "$MOUNTPOINT" -maxdepth 2 -name '*.dem' 2>/dev/null | wc -l)"
    log "${count} demo files visible under ${MOUNTPOINT}"
}

if [ "$UNMOUNT" -eq 1 ]; then
    do_unmount
else
    do_mount && summary
fi
