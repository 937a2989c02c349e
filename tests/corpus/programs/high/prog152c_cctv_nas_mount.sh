#!/usr/bin/env bash
# Attach the CCTV retention NAS to the kennel review workstation.
#
# Reviewers need read access to the last 31 days of pen camera footage
# when an incident report is filed. The footage lives on the retention
# NAS and is exported over NFS to the review workstations only.

set -euo pipefail

NAS_HOST="${NAS_HOST:-198.51.100.30}"
NAS_EXPORT="${NAS_EXPORT:-/volume1/cctv}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/cctv-review}"
NFS_OPTS="${NFS_OPTS:-ro,vers=4.1,hard,timeo=600,noatime}"
ACTION="${1:-attach}"

# run privileged steps through whichever helper the workstation has
if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=()
elif command -v sudo >/dev/null 2>&1; then
    AS_ROOT=(sudo)
else
    AS_ROOT=(pkexec)
fi

info() { echo "[cctv-nas] $*"; }

priv() {
    "${AS_ROOT[@]}" "$@"
}

ensure_module() {
    # some review images ship without the nfs client module loaded
    if ! grep -qw nfs /proc/filesystems; then
        info "loading nfs client module"
        priv modprobe nfs
        priv modprobe nfsv4 || true
    fi
}

tune_writeback() {
    # large sequential reads of footage stall the desktop with default ratios
    priv sysctl -q -w vm.dirty_background_ratio=5
    priv sysctl -q -w vm.dirty_ratio=10
}

attach() {
    if mountpoint -q "$MOUNT_POINT"; then
        info "already mounted at $MOUNT_POINT"
        return 0
    fi
    if ! ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1; then
        info "NAS $NAS_HOST not reachable"
        return 1
    fi
    ensure_module
    tune_writeback
    priv mkdir -p "$MOUNT_POINT"
    priv mount -t nfs4 -o "$NFS_OPTS" "${NAS_HOST}:${NAS_EXPORT}" "$MOUNT_POINT"
    info "footage available at $MOUNT_POINT"
}

detach() {
    if mountpoint -q "$MOUNT_POINT"; then
        priv umount "$MOUNT_POINT"
        info "detached $MOUNT_POINT"
    else
        info "nothing mounted at $MOUNT_POINT"
    fi
}

status() {
    if mountpoint -q "$MOUNT_POINT"; then
        df -h "$MOUNT_POINT"
        find "$MOUNT_POINT" -maxdepth 1 -type d -name 'pen*' | sort
    else
        info "not mounted"
    fi
}

case "$ACTION" in
    attach) attach ;;
    detach) detach ;;
    status) status ;;
    *)
        echo "usage: $0 [attach|detach|status]" >&2
        exit 2
        ;;
esac
