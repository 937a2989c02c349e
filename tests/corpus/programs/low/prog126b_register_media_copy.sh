#!/usr/bin/env bash
# register_media_copy.sh - weekly offline copy of the firearm register
#
# The licensing conditions want an offline copy of the register kept off
# the counter PC.  This copies the register database and the CSV exports
# to the labelled backup stick (filesystem label REGBACKUP, opened by the
# desktop as usual), verifies the copy and records it in
# ./backup-history.tsv.
#
# usage: register_media_copy.sh [-l label] [-s source_dir] [-k keep]

set -euo pipefail

LABEL="REGBACKUP"
SRC_DIR="$PWD"
KEEP=8
HISTORY="./backup-history.tsv"

while getopts ":l:s:k:h" opt; do
    case $opt in
        l) LABEL=$OPTARG ;;
        s) SRC_DIR=$OPTARG ;;
        k) KEEP=$OPTARG ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        \?) echo "unknown option -$OPTARG" >&2; exit 1 ;;
    esac
done

msg() { echo "$(date '+%F %T') $*"; }

# the desktop mounts removable media under /media/$USER/<label> or /run/media/$USER/<label>
MNT=""
for base in "/media/$USER" "/run/media/$USER"; do
    if [[ -d "$base/$LABEL" ]] && mountpoint -q "$base/$LABEL"; then
        MNT="$base/$LABEL"
        break
    fi
done
[[ -n "$MNT" ]] || { msg "backup stick '$LABEL' is not open - plug it in and open it in Files"; exit 1; }
[[ -w "$MNT" ]] || { msg "$MNT is read-only"; exit 1; }
msg "using backup stick at $MNT"

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

sync
msg "done - eject the stick from the desktop before removing it"
