#!/usr/bin/env bash
# datalogger_import.sh - copy readings off the fridge / room temperature
# data-logger sticks into the childminder's records folder.
#
# The EL-USB style loggers show up as a small FAT volume labelled LOGGER
# (or TEMPLOG). We mount it read-only, copy any CSVs we have not seen
# before into ./readings/<logger>/, flag out-of-range readings (fridge
# 0-5C, playroom 16-24C) and unmount again.
#
#   datalogger_import.sh [-l LABEL] [-m MOUNTPOINT] [-k]

set -euo pipefail

LABELS=("LOGGER" "TEMPLOG")
MNT="/mnt/datalogger"
DEST="./readings"
KEEP_MOUNTED=0

usage() { echo "usage: $0 [-l label] [-m mountpoint] [-k]" >&2; exit 2; }
info()  { echo "datalogger: $*"; }

while getopts ":l:m:k" opt; do
    case "$opt" in
        l) LABELS=("$OPTARG") ;;
        m) MNT="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        *) usage ;;
    esac
done

find_device() {
    local label dev
    for label in "${LABELS[@]}"; do
        dev=$(blkid -L "$label" 2>/dev/null || true)
        if [[ -z "$dev" ]]; then
            dev=$(lsblk -rno PATH,LABEL | awk -v l="$label" '$2 == l { print $1; exit }')
        fi
        if [[ -n "$dev" ]]; then
            echo "$dev $label"
            return 0
        fi
    done
    return 1
}

cleanup() {
    if (( ! KEEP_MOUNTED )) && mountpoint -q "$MNT"; then
        sudo umount "$MNT" && info "unmounted $MNT"
    fi
}

read -r DEV LABEL < <(find_device) || { echo "no data-logger stick found" >&2; exit 1; }
info "found $LABEL on $DEV"

if ! mountpoint -q "$MNT"; then
    sudo mkdir -p "$MNT"
    sudo mount -t vfat -o ro,nosuid,nodev,noexec,uid="$(id -u)",gid="$(id -g)" "$DEV" "$MNT"
fi
trap cleanup EXIT

SERIAL=$(awk -F= '/^[Ss]erial/ { gsub(/\r/, "", $2); print $2 }' "$MNT"/*.ini 2>/dev/null | head -n1)
OUT="$DEST/${SERIAL:-$LABEL}"
mkdir -p "$OUT"

new=0
shopt -s nullglob nocaseglob
for csv in "$MNT"/*.csv; do
    name=$(basename "$csv")
    sum=$(sha256sum "$csv" | cut -c1-16)
    target="$OUT/${name%.*}_$sum.csv"
    if [[ -e "$target" ]]; then
        continue
    fi
    tr -d '\r' < "$csv" > "$target"
    new=$((new + 1))
    info "copied $name"

    case "${name,,}" in
        *fridge*) lo=0;  hi=5 ;;
        *)        lo=16; hi=24 ;;
    esac
    awk -F, -v lo="$lo" -v hi="$hi" -v f="$name" '
        NR > 1 && $3 != "" && ($3 + 0 < lo || $3 + 0 > hi) {
            bad++; if (bad <= 5) printf "  %s: %s %s reading %.1fC out of range\n", f, $1, $2, $3
        }
        END { if (bad > 5) printf "  %s: ...and %d more\n", f, bad - 5 }' "$target"
done

info "$new new file(s) in $OUT"
