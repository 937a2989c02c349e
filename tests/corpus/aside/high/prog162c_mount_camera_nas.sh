#!/bin/bash
# Attach the plate-recognition camera archive (NFS share on the yard NAS)
# to the gatehouse server and make the mount permanent.

set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.40}"
NAS_EXPORT="${NAS_EXPORT:-/volume1/anpr}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/anpr-archive}"
MOUNT_OPTS="${MOUNT_OPTS:-rw,noatime,nofail,_netdev,vers=4.1}"
FSTAB="/etc/fstab"

msg() { printf '[camera-nas] %s\n' "$*"; }

need_root_tools() {
    if ! command -v mount.nfs >/dev/null 2>&1; then
        msg "nfs client missing, installing"
        sudo apt-get install -y nfs-common
    fi
}

prepare_mount_point() {
    if [[ ! -d "$MOUNT_POINT" ]]; then
        sudo mkdir -p "$MOUNT_POINT"
        sudo chown root:adm "$MOUNT_POINT"
        sudo chmod 0775 "$MOUNT_POINT"
        msg "created $MOUNT_POINT"
    fi
}

add_fstab_entry() {
    local entry="$NAS_HOST:$NAS_EXPORT $MOUNT_POINT nfs $MOUNT_OPTS 0 0"
    if grep -qsE "[[:space:]]$MOUNT_POINT[[:space:]]" "$FSTAB"; then
        msg "fstab already has an entry for $MOUNT_POINT"
        return
    fi
    sudo cp "$FSTAB" "$FSTAB.bak.$(date +%Y%m%d%H%M%S)"
    echo "$entry" | sudo tee -a "$FSTAB" >/dev/null
    msg "added fstab entry"
    sudo systemctl daemon-reload
}

do_mount() {
    if mountpoint -q "$MOUNT_POINT"; then
        msg "$MOUNT_POINT already mounted"
        return
    fi
    sudo mount "$MOUNT_POINT"
    msg "mounted $NAS_HOST:$NAS_EXPORT on $MOUNT_POINT"
}

do_unmount() {
    if mountpoint -q "$MOUNT_POINT"; then
        sudo umount "$MOUNT_POINT"
        msg "unmounted $MOUNT_POINT"
    fi
}

check_space() {
    df -h "$MOUNT_POINT" | tail -n 1
    local count
    count=$(find "$MOUNT_POINT" -maxdepth 2 -type f -name '*.jpg' 2>/dev/null | wc -l)
    msg "recent plate images visible: $count"
}

case "${1:-attach}" in
    attach)
        need_root_tools
        prepare_mount_point
        add_fstab_entry
        do_mount
        check_space
        ;;
    detach)
        do_unmount
        ;;
    status)
        check_space
        ;;
    *)
        echo "usage: $0 [attach|detach|status]" >&2
        exit 1
        ;;
esac
