#!/usr/bin/env bash
# donation_db_usb_backup.sh - weekly copy of the donations database to the
# encrypted-at-rest USB stick that the shop manager takes home.
#
# The stick is labelled SHOPBACKUP. The script finds it by label, mounts it
# at a fixed point, copies a consistent snapshot of donations.sqlite plus the
# gift-aid exports, keeps the last 8 weekly copies and unmounts again.
#
# Usage: donation_db_usb_backup.sh [-d data_dir] [-l label] [-k keep]

set -Eeuo pipefail

DATA_DIR="${DONATIONS_HOME:-$HOME/shop-tools}"
LABEL="SHOPBACKUP"
KEEP=8
MOUNT_POINT="/mnt/shopbackup"

usage() { sed -n '2,9p' "$0"; }

while getopts ":d:l:k:h" o; do
    case $o in
        d) DATA_DIR=$OPTARG ;;
        l) LABEL=$OPTARG ;;
        k) KEEP=$OPTARG ;;
        h) usage; exit 0 ;;
        :) echo "-$OPTARG needs a value" >&2; exit 64 ;;
        *) usage >&2; exit 64 ;;
    esac
done

log() { logger -t donation-backup -- "$*" 2>/dev/null || true; echo "[backup] $*"; }

MOUNTED_BY_US=0
SNAPSHOT=""

cleanup() {
    local rc=$?
    [[ -n "$SNAPSHOT" && -f "$SNAPSHOT" ]] && rm -f "$SNAPSHOT"
    if [[ $MOUNTED_BY_US -eq 1 ]]; then
        sync
        pkexec umount "$MOUNT_POINT" && log "stick unmounted, OK to remove" \
            || log "could not unmount $MOUNT_POINT - do not pull the stick yet"
    fi
    exit $rc
}
trap cleanup EXIT

find_device() {
    local dev
    dev=$(blkid -L "$LABEL" 2>/dev/null || true)
    if [[ -z "$dev" ]]; then
        dev=$(lsblk -rno NAME,LABEL | awk -v l="$LABEL" '$2==l {print "/dev/"$1; exit}')
    fi
    [[ -n "$dev" ]] || { log "no USB stick labelled $LABEL found"; exit 2; }
    echo "$dev"
}

mount_stick() {
    local dev=$1
    if findmnt -rn "$MOUNT_POINT" >/dev/null; then
        log "$MOUNT_POINT already mounted"
        return
    fi
    log "mounting $dev on $MOUNT_POINT"
    pkexec sh -c "mkdir -p '$MOUNT_POINT' && mount -o uid=$(id -u),gid=$(id -g),umask=077 '$dev' '$MOUNT_POINT'"
    MOUNTED_BY_US=1
}

snapshot_db() {
    local db="$DATA_DIR/donations.sqlite"
    [[ -f "$db" ]] || { log "database $db not found"; exit 3; }
    SNAPSHOT="$DATA_DIR/.donations-snapshot.sqlite"
    sqlite3 "$db" ".backup '$SNAPSHOT'"
    sqlite3 "$SNAPSHOT" "PRAGMA integrity_check;" | grep -qx ok \
        || { log "snapshot failed integrity check"; exit 4; }
}

copy_to_stick() {
    local week dest
    week=$(date +%G-W%V)
    dest="$MOUNT_POINT/donations/$week"
    mkdir -p "$dest"
    cp "$SNAPSHOT" "$dest/donations.sqlite"
    if [[ -d "$DATA_DIR/exports" ]]; then
        rsync -a --delete "$DATA_DIR/exports/" "$dest/exports/"
    fi
    (cd "$dest" && sha256sum donations.sqlite > SHA256SUMS)
    log "copied to $dest"
}

prune_old() {
    local n=0
    while read -r old; do
        n=$((n + 1))
        if (( n > KEEP )); then
            rm -rf -- "$old"
            log "pruned $(basename "$old")"
        fi
    done < <(find "$MOUNT_POINT/donations" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort -r)
}

dev=$(find_device)
mount_stick "$dev"
snapshot_db
copy_to_stick
prune_old
log "backup complete"
