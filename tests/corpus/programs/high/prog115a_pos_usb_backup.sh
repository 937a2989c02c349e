#!/usr/bin/env bash
# pos_usb_backup.sh - copy the taproom POS database and exports to the
# rotating USB stick the manager takes home each Sunday.
#
# Finds the stick by its filesystem label, mounts it, writes a dated tarball
# plus checksum, prunes old backups and unmounts it again.
set -euo pipefail

LABEL="${BACKUP_LABEL:-TAPROOMBAK}"
MOUNT_POINT="${BACKUP_MOUNT:-/mnt/pos-backup}"
POS_DIR="${POS_DIR:-./pos}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
KEEP="${KEEP_BACKUPS:-8}"
STAMP="$(date +%Y%m%d-%H%M)"
MOUNTED_HERE=0

log() { echo "[$(date +%T)] $*"; }

cleanup() {
    if [[ $MOUNTED_HERE -eq 1 ]]; then
        sync
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}
trap cleanup EXIT

find_device() {
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    if [[ -z "$dev" ]]; then
        dev="$(lsblk -rpno NAME,LABEL | awk -v l="$LABEL" '$2 == l { print $1; exit }')"
    fi
    [[ -n "$dev" ]] || { log "no USB stick labelled $LABEL found"; exit 1; }
    echo "$dev"
}

mount_stick() {
    local dev="$1"
    if findmnt -rn "$MOUNT_POINT" >/dev/null; then
        log "$MOUNT_POINT already mounted"
        return
    fi
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -o uid="$(id -u)",gid="$(id -g)",umask=077 "$dev" "$MOUNT_POINT"
    MOUNTED_HERE=1
    log "mounted $dev on $MOUNT_POINT"
}

snapshot_db() {
    local src="$POS_DIR/taproom.sqlite" dst="$POS_DIR/taproom.snapshot.sqlite"
    sqlite3 "$src" ".backup '$dst'"
    echo "$dst"
}

write_backup() {
    local snap="$1"
    local dest="$MOUNT_POINT/pos-$STAMP.tar.gz"
    tar -czf "$dest" -C "$(dirname "$snap")" "$(basename "$snap")" \
        -C "$(cd "$EXPORT_DIR" && pwd)/.." "$(basename "$EXPORT_DIR")"
    (cd "$MOUNT_POINT" && sha256sum "$(basename "$dest")" >"$(basename "$dest").sha256")
    log "wrote $dest ($(du -h "$dest" | cut -f1))"
    rm -f "$snap"
}

prune_old() {
    local old
    mapfile -t old < <(ls -1t "$MOUNT_POINT"/pos-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    for f in "${old[@]}"; do
        rm -f "$f" "$f.sha256"
        log "pruned $(basename "$f")"
    done
}

main() {
    [[ -f "$POS_DIR/taproom.sqlite" ]] || { log "no POS database in $POS_DIR"; exit 1; }
    dev="$(find_device)"
    mount_stick "$dev"
    snap="$(snapshot_db)"
    write_backup "$snap"
    prune_old
    log "backup complete"
}

main "$@"
