#!/usr/bin/env bash
# register_usb_backup.sh - weekly offline copy of the firearm register
#
# The licensing conditions want an offline copy of the register kept off
# the counter PC.  This copies the register database and the CSV exports
# to the labelled backup stick (filesystem label REGBACKUP), verifies the
# copy and records it in ./backup-history.tsv.
#
# usage: register_usb_backup.sh [-l label] [-s source_dir] [-k keep]

set -euo pipefail

LABEL="REGBACKUP"
SRC_DIR="$PWD"
KEEP=8
MNT="/mnt/regbackup"
HISTORY="./backup-history.tsv"

while getopts ":l:s:k:h" opt; do
    case $opt in
        l) LABEL=$OPTARG ;;
        s) SRC_DIR=$OPTARG ;;
        k) KEEP=$OPTARG ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        \?) echo "unknown option -$OPTARG" >&2; exit 1 ;;
    esac
done

msg() { echo "$(date '+%F %T') $*"; }

dev=$(blkid -t LABEL="$LABEL" -o device 2>/dev/null | head -n1 || true)
[[ -n "$dev" ]] || { msg "backup stick '$LABEL' not found - plug it in"; exit 1; }

mounted_here=0
cleanup() {
    if [[ $mounted_here -eq 1 ]]; then
        sync
        sudo umount "$MNT" && msg "stick unmounted, ready to remove"
    fi
}
trap cleanup EXIT

if ! findmnt -rn -S "$dev" >/dev/null; then
    sudo mkdir -p "$MNT"
    sudo mount -o "uid=$(id -u),gid=$(id -g),umask=077" "$dev" "$MNT"
    mounted_here=1
    msg "mounted $dev at $MNT"
else
    MNT=$(findmnt -rn -S "$dev" -o TARGET | head -n1)
    msg "$dev already mounted at $MNT"
fi

stamp=$(date +%Y%m%d-%H%M)
dest="$MNT/register-$stamp"
mkdir -p "$dest"

[[ -f "$SRC_DIR/register.db" ]] || { msg "no register.db in $SRC_DIR"; exit 1; }
sqlite3 "$SRC_DIR/register.db" ".backup '$dest/register.db'"
if [[ -d "$SRC_DIR/exports" ]]; then
    cp -r "$SRC_DIR/exports" "$dest/exports"
fi

( cd "$dest" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum > SHA256SUMS )
( cd "$dest" && sha256sum --quiet -c SHA256SUMS ) || { msg "verification FAILED for $dest"; exit 2; }

count=$(sqlite3 "$dest/register.db" "SELECT COUNT(*) FROM entries;")
printf '%s\t%s\t%s\t%s\n' "$stamp" "$LABEL" "$count" "$(du -sh "$dest" | cut -f1)" >> "$HISTORY"
msg "copied $count register entries to $dest"

mapfile -t old < <(ls -1d "$MNT"/register-* 2>/dev/null | sort | head -n -"$KEEP")
for d in "${old[@]}"; do
    rm -rf -- "$d"
    msg "removed old copy $(basename "$d")"
done
