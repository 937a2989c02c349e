#!/usr/bin/env bash
# dcp_ingest_mount.sh - ingest a distributor DCP drive into the screening library
#
# Distributors ship features on CRU-caddy drives formatted ext3 or NTFS.
# Plug the drive into the ingest dock and run this: it finds the drive,
# mounts it read-only, copies every package (ASSETMAP + CPL/PKL/MXF) into
# the library, checks sizes and unmounts so the drive can go back in the
# courier bag.
#
# Usage: dcp_ingest_mount.sh [-d /dev/sdX1] [-l LIBRARY] [-k]
set -euo pipefail

LIBRARY="${DCP_LIBRARY:-/srv/dcp}"
MOUNTPOINT="${INGEST_MOUNT:-/mnt/dcp-ingest}"
DEVICE=""
KEEP_MOUNTED=0
LOGFILE="./ingest-$(date +%Y%m%d-%H%M).log"

while getopts ":d:l:kh" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        l) LIBRARY="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        *) sed -n '2,11p' "$0"; exit 1 ;;
    esac
done

log() { echo "$(date '+%T') $*" | tee -a "$LOGFILE"; }

find_drive() {
    [ -n "$DEVICE" ] && return
    # newest removable partition with a filesystem we can read
    DEVICE=$(lsblk -rpno NAME,RM,FSTYPE,TYPE | awk '$2==1 && $4=="part" && ($3=="ext3" || $3=="ext2" || $3=="ntfs") {print $1}' | tail -n1)
    [ -n "$DEVICE" ] || { log "no distributor drive detected; pass -d"; exit 1; }
}

fs_type() {
    lsblk -no FSTYPE "$DEVICE" | head -n1
}

load_driver() {
    local fs="$1"
    case "$fs" in
        ntfs) grep -qw ntfs3 /proc/filesystems || sudo modprobe ntfs3 ;;
        ext2|ext3) grep -qw "$fs" /proc/filesystems || sudo modprobe ext4 ;;
    esac
}

mount_drive() {
    local fs opts="ro,noexec,nosuid,nodev"
    fs=$(fs_type)
    log "drive $DEVICE ($fs)"
    load_driver "$fs"
    sudo mkdir -p "$MOUNTPOINT"
    if mountpoint -q "$MOUNTPOINT"; then
        log "$MOUNTPOINT already mounted, unmounting first"
        sudo umount "$MOUNTPOINT"
    fi
    [ "$fs" = "ntfs" ] && fs=ntfs3
    sudo mount -t "$fs" -o "$opts" "$DEVICE" "$MOUNTPOINT"
    log "mounted read-only on $MOUNTPOINT"
}

unmount_drive() {
    if [ "$KEEP_MOUNTED" -eq 0 ] && mountpoint -q "$MOUNTPOINT"; then
        sync
        sudo umount "$MOUNTPOINT" && log "drive unmounted - ready to remove"
    fi
}
trap unmount_drive EXIT

copy_packages() {
    local found=0 assetmap pkg_dir name dest
    while IFS= read -r -d '' assetmap; do
        pkg_dir=$(dirname "$assetmap")
        name=$(basename "$pkg_dir")
        dest="$LIBRARY/$name"
        found=$((found + 1))
        if [ -d "$dest" ]; then
            log "skip $name (already in library)"
            continue
        fi
        log "copying $name"
        rsync -a --info=progress2 --partial "$pkg_dir/" "$dest.partial/" 2>>"$LOGFILE"
        local src_size dst_size
        src_size=$(du -sb "$pkg_dir" | cut -f1)
        dst_size=$(du -sb "$dest.partial" | cut -f1)
        if [ "$src_size" = "$dst_size" ]; then
            mv "$dest.partial" "$dest"
            log "ok $name ($(numfmt --to=iec "$dst_size"))"
        else
            log "SIZE MISMATCH for $name: $src_size vs $dst_size - left as $dest.partial"
        fi
    done < <(find "$MOUNTPOINT" -maxdepth 3 \( -name ASSETMAP -o -name ASSETMAP.xml \) -print0)
    log "$found package(s) on drive"
}

main() {
    command -v rsync >/dev/null || { echo "rsync required" >&2; exit 2; }
    [ -d "$LIBRARY" ] || { echo "library $LIBRARY missing" >&2; exit 2; }
    find_drive
    mount_drive
    copy_packages
}

main
