#!/bin/sh
# Attach the scan archive NAS to the scanning workstation.
#
# The archive lives on the studio NAS and is exported over NFS. The capture
# software writes straight into /mnt/scan_archive, so this has to be run
# before a scanning session. Detach with -u at the end of the day.
#
# Usage: scan_nas_mount.sh [-u] [-r]   (-r mounts read-only for viewing)

NAS_HOST="${NAS_HOST:-198.51.100.20}"
EXPORT="${NAS_EXPORT:-/volume1/scan_archive}"
MOUNTPOINT="${SCAN_MOUNT:-/mnt/scan_archive}"
OPTS="vers=4.1,hard,timeo=600,noatime"
ACTION=mount

while getopts "ur" opt; do
    case "$opt" in
        u) ACTION=umount ;;
        r) OPTS="$OPTS,ro" ;;
        *) echo "usage: $0 [-u] [-r]" >&2; exit 1 ;;
    esac
done

# use the elevation helper that exists on this box
elevate() {
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return $?
        fi
    done
    "$@"
}

info() { echo "[nas] $*"; }

is_mounted() {
    grep -qs " $MOUNTPOINT " /proc/mounts
}

do_mount() {
    if is_mounted; then
        info "$MOUNTPOINT already attached"
        return 0
    fi
    if ! ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1; then
        info "NAS $NAS_HOST not answering"
        return 1
    fi
    # the minimal image ships without the nfs module loaded
    elevate modprobe nfs || info "modprobe failed, trying anyway"
    elevate mkdir -p "$MOUNTPOINT"
    if elevate mount -t nfs -o "$OPTS" "$NAS_HOST:$EXPORT" "$MOUNTPOINT"; then
        info "attached $NAS_HOST:$EXPORT at $MOUNTPOINT"
        df -h "$MOUNTPOINT" | tail -n 1
    else
        info "mount failed"
        return 1
    fi
}

do_umount() {
    if ! is_mounted; then
        info "$MOUNTPOINT not attached"
        return 0
    fi
    sync
    elevate umount "$MOUNTPOINT" && info "detached $MOUNTPOINT"
}

case "$ACTION" in
    mount) do_mount ;;
    umount) do_umount ;;
esac
