#!/usr/bin/env bash
# Mounts the studio NAS (wedding archive share) on an editing workstation
# and makes the mount permanent across reboots.
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.20}"
NAS_EXPORT="${NAS_EXPORT:-/volume1/weddings}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/studio-nas}"
FSTAB_LINE="${NAS_HOST}:${NAS_EXPORT} ${MOUNT_POINT} nfs4 rw,noatime,_netdev,nofail,x-systemd.automount 0 0"
DRY_RUN=0

usage() {
    echo "Usage: $0 [--dry-run] [--unmount]"
}

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        echo "would run: $*"
    else
        "$@"
    fi
}

check_reachable() {
    if ! ping -c 1 -W 2 "$NAS_HOST" >/dev/null 2>&1; then
        echo "NAS $NAS_HOST is not reachable, are you on the studio network?"
        exit 1
    fi
}

ensure_nfs_client() {
    if ! command -v mount.nfs4 >/dev/null; then
        echo "installing NFS client"
        run sudo apt-get install -y nfs-common
    fi
}

do_mount() {
    run sudo mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        echo "$MOUNT_POINT already mounted"
    else
        run sudo mount -t nfs4 -o rw,noatime "${NAS_HOST}:${NAS_EXPORT}" "$MOUNT_POINT"
        echo "mounted ${NAS_HOST}:${NAS_EXPORT} on $MOUNT_POINT"
    fi
    if ! grep -qF "$MOUNT_POINT" /etc/fstab; then
        run sudo cp /etc/fstab "/etc/fstab.bak.$(date +%Y%m%d)"
        echo "$FSTAB_LINE" | run sudo tee -a /etc/fstab >/dev/null
        run sudo systemctl daemon-reload
        echo "added fstab entry"
    fi
}

do_unmount() {
    if mountpoint -q "$MOUNT_POINT"; then
        run sudo umount "$MOUNT_POINT"
        echo "unmounted $MOUNT_POINT"
    fi
}

ACTION=mount
while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --unmount) ACTION=unmount ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
    shift
done

if [[ "$ACTION" == "unmount" ]]; then
    do_unmount
    exit 0
fi

check_reachable
ensure_nfs_client
do_mount
df -h "$MOUNT_POINT" || true
