#!/bin/sh
# Mounts the geology survey share from the office NAS on the estimating
# workstation and optionally makes the mount permanent.
set -eu

NAS_HOST="${NAS_HOST:-192.0.2.20}"
NAS_EXPORT="${NAS_EXPORT:-/export/surveys}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/surveys}"
MOUNT_OPTS="${MOUNT_OPTS:-ro,soft,timeo=50,retrans=3,_netdev}"
FSTAB="/etc/fstab"

usage() {
    echo "usage: $0 [mount|umount|persist|status]" >&2
    exit 2
}

info() {
    printf '[surveys] %s\n' "$*"
}

is_mounted() {
    grep -qs " $MOUNT_POINT " /proc/mounts
}

reachable() {
    if command -v showmount >/dev/null 2>&1; then
        showmount -e "$NAS_HOST" 2>/dev/null | grep -q "^$NAS_EXPORT "
    else
        ping -c 1 -W 2 "$NAS_HOST" >/dev/null 2>&1
    fi
}

do_mount() {
    if is_mounted; then
        info "already mounted at $MOUNT_POINT"
        return 0
    fi
    if ! reachable; then
        info "NAS $NAS_HOST not reachable, is the VPN up?"
        return 1
    fi
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -t nfs -o "$MOUNT_OPTS" "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT"
    info "mounted $NAS_HOST:$NAS_EXPORT at $MOUNT_POINT"
}

do_umount() {
    if is_mounted; then
        sudo umount "$MOUNT_POINT"
        info "unmounted $MOUNT_POINT"
    else
        info "not mounted"
    fi
}

do_persist() {
    entry="$NAS_HOST:$NAS_EXPORT $MOUNT_POINT nfs $MOUNT_OPTS 0 0"
    if grep -qs "^$NAS_HOST:$NAS_EXPORT " "$FSTAB"; then
        info "fstab already has an entry for the survey share"
        return 0
    fi
    sudo cp "$FSTAB" "$FSTAB.bak.$(date +%Y%m%d)"
    printf '%s\n' "$entry" | sudo tee -a "$FSTAB" >/dev/null
    info "added survey share to $FSTAB"
}

do_status() {
    if is_mounted; then
        info "mounted:"
        df -h "$MOUNT_POINT"
        find "$MOUNT_POINT" -maxdepth 1 -type d | head -n 20
    else
        info "not mounted"
    fi
}

main() {
    action="${1:-mount}"
    case "$action" in
        mount) do_mount ;;
        umount|unmount) do_umount ;;
        persist) do_mount && do_persist ;;
        status) do_status ;;
        *) usage ;;
    esac
}

main "$@"
