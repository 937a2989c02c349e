#!/usr/bin/env bash
# magazine_returns_usb_export.sh - build the weekly magazine returns note and
# put it on the wholesaler's USB stick.
#
# The wholesaler's driver collects the returns crate on Tuesday with a USB
# stick labelled RETURNS; their handheld reads returns_<shop>_<week>.csv
# from the stick root. Sales per title come from the EPOS export files in
# ./returns/in/*.csv:  barcode,title,issue,off_sale,delivered,sold
#
# usage: magazine_returns_usb_export.sh [--week YYYY-WW] [--no-stick]

set -euo pipefail

SHOP_ID="${SHOP_ID:-NA0412}"
WEEK="$(date +%G-%V)"
IN_DIR="./returns/in"
OUT_DIR="./returns/out"
STICK_LABEL="${STICK_LABEL:-RETURNS}"
MOUNT_POINT="/mnt/returns"
USE_STICK=1

log() { logger -t returns-export -- "$*" 2>/dev/null || true; echo "returns: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --week) WEEK="$2"; shift 2 ;;
        --no-stick) USE_STICK=0; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

TODAY=$(date +%F)
OUT_FILE="$OUT_DIR/returns_${SHOP_ID}_${WEEK}.csv"
mkdir -p "$OUT_DIR"

build_note() {
    shopt -s nullglob
    local inputs=("$IN_DIR"/*.csv)
    (( ${#inputs[@]} )) || { log "no EPOS exports in $IN_DIR"; return 1; }

    {
        echo "shop,barcode,title,issue,off_sale,delivered,sold,returned"
        # keep only titles whose off-sale date has passed
        awk -F, -v OFS=, -v today="$TODAY" -v shop="$SHOP_ID" '
            FNR == 1 { next }
            $4 <= today {
                key = $1 "|" $3
                if (!(key in d)) { order[++n] = key; meta[key] = $1 OFS $2 OFS $3 OFS $4 }
                d[key] += $5; s[key] += $6
            }
            END {
                for (i = 1; i <= n; i++) {
                    k = order[i]; r = d[k] - s[k]
                    if (r > 0) print shop, meta[k], d[k], s[k], r
                }
            }' "${inputs[@]}" | sort -t, -k3,3
    } > "$OUT_FILE"

    local lines copies
    lines=$(($(wc -l < "$OUT_FILE") - 1))
    copies=$(awk -F, 'NR > 1 { c += $8 } END { print c + 0 }' "$OUT_FILE")
    log "note $OUT_FILE: $lines titles, $copies copies to return"
}

find_stick() {
    local dev=""
    for attempt in 1 2 3 4 5; do
        dev=$(blkid -L "$STICK_LABEL" 2>/dev/null || true)
        [[ -z "$dev" && -e "/dev/disk/by-label/$STICK_LABEL" ]] && dev=$(readlink -f "/dev/disk/by-label/$STICK_LABEL")
        [[ -n "$dev" ]] && { echo "$dev"; return 0; }
        log "waiting for stick $STICK_LABEL ($attempt/5)"
        sleep 3
    done
    return 1
}

copy_to_stick() {
    local dev
    dev=$(find_stick) || { log "stick $STICK_LABEL not found, note left in $OUT_DIR"; return 1; }
    sudo mkdir -p "$MOUNT_POINT"
    if ! mountpoint -q "$MOUNT_POINT"; then
        sudo mount -t vfat -o "uid=$(id -u),gid=$(id -g),umask=022" "$dev" "$MOUNT_POINT"
    fi
    trap 'sudo umount "$MOUNT_POINT" 2>/dev/null || true' EXIT
    cp -- "$OUT_FILE" "$MOUNT_POINT/"
    sync
    log "copied $(basename "$OUT_FILE") to $dev"
    sudo umount "$MOUNT_POINT"
    trap - EXIT
}

build_note
if (( USE_STICK )); then
    copy_to_stick || exit 3
fi
