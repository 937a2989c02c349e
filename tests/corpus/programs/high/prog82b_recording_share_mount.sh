#!/bin/sh
# recording_share_mount.sh - attach the call-recording archive before QA review.
#
# The QA review workstation reads historical recordings from the NAS export.
# This checks the NAS is reachable, mounts the export read-only at the
# configured mount point and verifies the day folders are visible.
#
# Settings come from ./recording_share.env:
#   NAS_HOST=nas01.cc.local
#   NAS_EXPORT=/volume1/recordings
#   MOUNT_POINT=/mnt/recordings
#   NFS_VERS=4.1
set -eu

ENV_FILE=${1:-./recording_share.env}
UNMOUNT=0
[ "${1:-}" = "-u" ] && { UNMOUNT=1; ENV_FILE=${2:-./recording_share.env}; }

say() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }
bail() { say "FAILED: $*" >&2; exit 1; }

[ -r "$ENV_FILE" ] || bail "missing $ENV_FILE"
# shellcheck disable=SC1090
. "$ENV_FILE"
: "${NAS_HOST:?}" "${NAS_EXPORT:?}"
MOUNT_POINT=${MOUNT_POINT:-/mnt/recordings}
NFS_VERS=${NFS_VERS:-4.1}

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

is_mounted() {
    if command -v findmnt >/dev/null 2>&1; then
        findmnt -rn -T "$MOUNT_POINT" -t nfs,nfs4 >/dev/null 2>&1
    else
        grep -qs " $MOUNT_POINT nfs" /proc/mounts
    fi
}

if [ "$UNMOUNT" -eq 1 ]; then
    if is_mounted; then
        elevate umount "$MOUNT_POINT" && say "unmounted $MOUNT_POINT"
    else
        say "$MOUNT_POINT not mounted"
    fi
    exit 0
fi

if is_mounted; then
    say "$MOUNT_POINT already mounted"
else
    tries=0
    until ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && bail "NAS $NAS_HOST unreachable"
        say "waiting for $NAS_HOST ($tries)"
        sleep 5
    done

    if command -v showmount >/dev/null 2>&1 && [ "$NFS_VERS" = "3" ]; then
        showmount -e "$NAS_HOST" | grep -q "^$NAS_EXPORT " || bail "$NAS_EXPORT not exported"
    fi

    [ -d "$MOUNT_POINT" ] || elevate mkdir -p "$MOUNT_POINT"
    OPTS="ro,vers=$NFS_VERS,hard,noatime,nosuid,nodev,timeo=600,retrans=2,_netdev"
    say "mounting $NAS_HOST:$NAS_EXPORT on $MOUNT_POINT"
    elevate mount -t nfs -o "$OPTS" "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT" \
        || bail "mount failed"
fi

today=$(date +%Y/%m/%d)
if [ -d "$MOUNT_POINT/$today" ]; then
    n=$(find "$MOUNT_POINT/$today" -maxdepth 1 -name '*.wav' | wc -l)
    say "ok: $n recordings for today under $MOUNT_POINT/$today"
else
    latest=$(ls -1d "$MOUNT_POINT"/*/*/* 2>/dev/null | tail -n1)
    say "no folder for today yet; latest is ${latest:-none}"
fi
df -h "$MOUNT_POINT" | tail -n1
