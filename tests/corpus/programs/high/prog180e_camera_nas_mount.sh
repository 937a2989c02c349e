#!/usr/bin/env bash
# camera_nas_mount.sh - mount the NAS share that the enclosure cameras record
# to and restart the motion service so it picks the share up.
#
# Run on the camera Pi after the NAS has been rebooted.
#   camera_nas_mount.sh [mount|umount|status]

set -euo pipefail

NAS_HOST="${CAM_NAS_HOST:-192.0.2.30}"
NAS_EXPORT="${CAM_NAS_EXPORT:-/volume1/vivarium-cams}"
MOUNT_POINT="${CAM_MOUNT_POINT:-/mnt/vivarium-cams}"
MOUNT_OPTS="rw,hard,timeo=600,retrans=3,vers=4.1"
SERVICE="motion"

action="${1:-mount}"

is_mounted() {
    mountpoint -q "$MOUNT_POINT"
}

nas_reachable() {
    local tries=0
    while (( tries < 5 )); do
        if ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1; then
            return 0
        fi
        tries=$((tries + 1))
        echo "NAS $NAS_HOST not answering (try $tries/5)"
        sleep 5
    done
    return 1
}

do_mount() {
    if is_mounted; then
        echo "$MOUNT_POINT already mounted"
        return 0
    fi
    nas_reachable || { echo "giving up: NAS unreachable" >&2; exit 1; }
    [[ -d "$MOUNT_POINT" ]] || sudo mkdir -p "$MOUNT_POINT"
    echo "mounting ${NAS_HOST}:${NAS_EXPORT} on $MOUNT_POINT"
    sudo mount -t nfs -o "$MOUNT_OPTS" "${NAS_HOST}:${NAS_EXPORT}" "$MOUNT_POINT"
    sudo chown motion:motion "$MOUNT_POINT" || true
    echo "restarting $SERVICE"
    sudo systemctl restart "$SERVICE"
    sudo systemctl --no-pager --lines=5 status "$SERVICE" || true
}

do_umount() {
    if ! is_mounted; then
        echo "$MOUNT_POINT not mounted"
        return 0
    fi
    echo "stopping $SERVICE before unmount"
    sudo systemctl stop "$SERVICE"
    sudo umount "$MOUNT_POINT"
    echo "unmounted"
}

do_status() {
    if is_mounted; then
        df -h "$MOUNT_POINT"
        find "$MOUNT_POINT" -maxdepth 2 -name '*.mkv' -mmin -30 | wc -l | \
            xargs -I{} echo "{} recordings in the last 30 minutes"
    else
        echo "not mounted"
    fi
    systemctl is-active "$SERVICE" || true
}

case "$action" in
    mount)  do_mount ;;
    umount) do_umount ;;
    status) do_status ;;
    *) echo "usage: $0 [mount|umount|status]" >&2; exit 1 ;;
esac
