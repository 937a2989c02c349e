#!/usr/bin/env bash
# truck_usb_log_import.sh
#
# The older spreader controllers (no modem) write their run logs to a USB
# stick labelled GRITLOG. At the end of a run the driver plugs the stick into
# the depot PC and this script copies the logs into ./route_logs/<truck>/,
# checks them, and unmounts the stick so it can go straight back in the cab.
#
# Usage: truck_usb_log_import.sh [-l LABEL] [-t TRUCK] [-n]
#   -l  filesystem label on the stick (default GRITLOG)
#   -t  truck id; default read from TRUCK.ID on the stick
#   -n  dry run: show what would be copied

set -euo pipefail

LABEL="GRITLOG"
TRUCK=""
DRY=0
MNT="/mnt/gritlog"
DEST_ROOT="route_logs"

log()  { echo "$(date +%T) $*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

while getopts ":l:t:nh" o; do
    case "$o" in
        l) LABEL="$OPTARG" ;;
        t) TRUCK="$OPTARG" ;;
        n) DRY=1 ;;
        h) sed -n '2,14p' "$0"; exit 0 ;;
        *) die "bad option -$OPTARG" ;;
    esac
done

find_stick() {
    local dev=""
    local tries=0
    while [[ -z "$dev" && $tries -lt 10 ]]; do
        dev="$(blkid -t LABEL="$LABEL" -o device 2>/dev/null | head -n1 || true)"
        [[ -n "$dev" ]] && break
        tries=$((tries + 1))
        log "waiting for stick labelled $LABEL ($tries/10)"
        sleep 3
    done
    [[ -n "$dev" ]] || die "no stick labelled $LABEL found"
    echo "$dev"
}

mount_stick() {
    local dev="$1"
    if findmnt -rn -S "$dev" >/dev/null; then
        MNT="$(findmnt -rn -S "$dev" -o TARGET)"
        log "$dev already mounted at $MNT"
        MOUNTED_BY_US=0
        return
    fi
    sudo mkdir -p "$MNT"
    sudo mount -o ro,noexec,nosuid,uid="$(id -u)",gid="$(id -g)" "$dev" "$MNT"
    MOUNTED_BY_US=1
    log "mounted $dev at $MNT"
}

cleanup() {
    if [[ "${MOUNTED_BY_US:-0}" -eq 1 ]]; then
        sync
        sudo umount "$MNT" && log "stick unmounted, ok to pull it out"
    fi
}
trap cleanup EXIT

check_csv() {
    local f="$1"
    head -n1 "$f" | grep -q '^timestamp,' || { log "skip $f: no header"; return 1; }
    local bad
    bad=$(awk -F, 'NR>1 && NF!=7' "$f" | wc -l)
    [[ "$bad" -eq 0 ]] || { log "warning: $f has $bad malformed rows"; }
    return 0
}

main() {
    local dev
    dev="$(find_stick)"
    mount_stick "$dev"

    if [[ -z "$TRUCK" ]]; then
        [[ -f "$MNT/TRUCK.ID" ]] || die "no TRUCK.ID on stick; pass -t"
        TRUCK="$(tr -dc 'A-Za-z0-9_-' < "$MNT/TRUCK.ID")"
    fi
    local dest="$DEST_ROOT/$TRUCK"
    mkdir -p "$dest"

    local copied=0 skipped=0 f base
    for f in "$MNT"/LOGS/*.CSV "$MNT"/LOGS/*.csv; do
        [[ -e "$f" ]] || continue
        base="$(basename "$f" | tr 'A-Z' 'a-z')"
        if [[ -f "$dest/$base" ]] && cmp -s "$f" "$dest/$base"; then
            skipped=$((skipped + 1)); continue
        fi
        check_csv "$f" || continue
        if [[ "$DRY" -eq 1 ]]; then
            log "would copy $f -> $dest/$base"
        else
            cp -p "$f" "$dest/$base"
        fi
        copied=$((copied + 1))
    done
    log "truck $TRUCK: $copied copied, $skipped unchanged"
}

main
