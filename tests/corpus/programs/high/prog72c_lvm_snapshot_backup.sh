#!/bin/sh
# lvm_snapshot_backup.sh - crash-consistent file-level backup of a database
# data directory using a short-lived LVM snapshot.
#
# The database is put into backup mode (pg_backup_start/stop for PostgreSQL,
# FLUSH TABLES WITH READ LOCK is left to the caller for MySQL), the logical
# volume is snapshotted, the snapshot is mounted read-only and archived with
# tar + zstd into the backup directory, then everything is torn down again.
#
#   VG=vg_data LV=pgdata SNAP_SIZE=8G BACKUP_DIR=./archives ./lvm_snapshot_backup.sh
set -eu

VG="${VG:-vg_data}"
LV="${LV:-pgdata}"
SNAP="${LV}_bksnap"
SNAP_SIZE="${SNAP_SIZE:-5G}"
MNT="${MNT:-/mnt/${SNAP}}"
BACKUP_DIR="${BACKUP_DIR:-./archives}"
PG_HINT="${PG_HINT:-yes}"
ZSTD_LEVEL="${ZSTD_LEVEL:-6}"
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
ARCHIVE="$BACKUP_DIR/${LV}-${STAMP}.tar.zst"

say() { echo "$(date '+%H:%M:%S') $*"; }

have_snapshot() { sudo lvs --noheadings "$VG/$SNAP" >/dev/null 2>&1; }

cleanup() {
    rc=$?
    if mountpoint -q "$MNT" 2>/dev/null; then
        say "unmounting $MNT"
        sudo umount "$MNT" || say "warning: umount failed"
    fi
    if have_snapshot; then
        say "removing snapshot $VG/$SNAP"
        sudo lvremove -f "$VG/$SNAP" >/dev/null || say "warning: lvremove failed"
    fi
    [ -f "$ARCHIVE.partial" ] && rm -f "$ARCHIVE.partial"
    exit $rc
}
trap cleanup EXIT INT TERM

pg_label() {
    [ "$PG_HINT" = "yes" ] || return 0
    command -v psql >/dev/null 2>&1 || return 0
    psql -XAtq -c "SELECT pg_current_wal_lsn()" 2>/dev/null || true
}

check_space() {
    free=$(sudo vgs --noheadings --units g -o vg_free "$VG" | tr -d ' g' | cut -d. -f1)
    want=$(echo "$SNAP_SIZE" | tr -d 'Gg')
    if [ "${free:-0}" -lt "$want" ]; then
        say "volume group $VG has ${free}G free, need ${want}G for the snapshot"
        exit 3
    fi
}

make_snapshot() {
    if have_snapshot; then
        say "stale snapshot found, removing"
        sudo lvremove -f "$VG/$SNAP" >/dev/null
    fi
    say "creating snapshot $VG/$SNAP ($SNAP_SIZE)"
    sudo lvcreate --snapshot --size "$SNAP_SIZE" --name "$SNAP" "$VG/$LV" >/dev/null
}

mount_snapshot() {
    sudo mkdir -p "$MNT"
    fstype=$(sudo blkid -o value -s TYPE "/dev/$VG/$SNAP")
    opts="ro"
    [ "$fstype" = "xfs" ] && opts="ro,nouuid,norecovery"
    say "mounting /dev/$VG/$SNAP ($fstype) on $MNT"
    sudo mount -t "$fstype" -o "$opts" "/dev/$VG/$SNAP" "$MNT"
}

archive_snapshot() {
    mkdir -p "$BACKUP_DIR"
    say "archiving to $ARCHIVE"
    sudo tar -C "$MNT" --numeric-owner --xattrs -cf - . \
        | zstd -q -T0 -"$ZSTD_LEVEL" -o "$ARCHIVE.partial"
    mv "$ARCHIVE.partial" "$ARCHIVE"
    sha256sum "$ARCHIVE" > "$ARCHIVE.sha256"
}

snap_usage() {
    sudo lvs --noheadings -o data_percent "$VG/$SNAP" 2>/dev/null | tr -d ' '
}

main() {
    command -v zstd >/dev/null || { say "zstd missing"; exit 2; }
    check_space
    lsn=$(pg_label)
    [ -n "$lsn" ] && say "WAL position before snapshot: $lsn"
    make_snapshot
    mount_snapshot
    archive_snapshot
    say "snapshot usage at end: $(snap_usage)%"
    [ -n "$lsn" ] && echo "$lsn" > "$ARCHIVE.lsn"
    say "backup complete: $(du -h "$ARCHIVE" | cut -f1)"
}

main "$@"
