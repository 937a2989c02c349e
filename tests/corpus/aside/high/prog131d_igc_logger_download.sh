#!/usr/bin/env bash
# igc_logger_download.sh - copy flight traces off a flight recorder's USB
# storage into ./igc, renamed <date>_<glider>_<pilot>.igc, and optionally
# submit them to the club ladder.
#
# usage: igc_logger_download.sh [-d /dev/sdX1] [-u] [-k]
#   -d  block device of the logger (default: autodetect by label)
#   -u  upload new traces to the club ladder (needs LADDER_TOKEN)
#   -k  keep the logger mounted afterwards

set -euo pipefail

DEVICE=""
UPLOAD=0
KEEP_MOUNTED=0
MNT="/mnt/flightrec"
DEST="./igc"
LABELS="LXNAV FLARM OUDIE LX9000 NANO4"
LADDER_URL="https://ladder.skyfield-gliding.org.uk/api/traces"

log() { echo "[igc] $*" >&2; }

while getopts "d:uk" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        u) UPLOAD=1 ;;
        k) KEEP_MOUNTED=1 ;;
        *) exit 2 ;;
    esac
done

find_device() {
    local label dev
    for label in $LABELS; do
        dev="/dev/disk/by-label/$label"
        if [[ -e "$dev" ]]; then
            readlink -f "$dev"
            return 0
        fi
    done
    return 1
}

mount_logger() {
    if mountpoint -q "$MNT"; then
        log "$MNT already mounted"
        return
    fi
    sudo mkdir -p "$MNT"
    sudo mount -t vfat -o ro,uid="$(id -u)",gid="$(id -g)",umask=0022 "$DEVICE" "$MNT"
    log "mounted $DEVICE on $MNT"
}

unmount_logger() {
    (( KEEP_MOUNTED )) && return
    mountpoint -q "$MNT" && sudo umount "$MNT" && log "unmounted $MNT"
}

header_field() {
    grep -m1 -aE "^H[FO]$2" "$1" | cut -d: -f2- | tr -d '\r' | sed 's/^ *//; s/ *$//; s/[^A-Za-z0-9-]/_/g'
}

copy_traces() {
    mkdir -p "$DEST"
    local f date glider pilot out n=0
    while IFS= read -r -d '' f; do
        date="$(grep -m1 -aE '^HFDTE' "$f" | grep -oE '[0-9]{6}' | head -n1)"
        [[ -n "$date" ]] || { log "no date in $(basename "$f"), skipping"; continue; }
        glider="$(header_field "$f" GID)"
        pilot="$(header_field "$f" PLT)"
        out="$DEST/20${date:4:2}-${date:2:2}-${date:0:2}_${glider:-XXX}_${pilot:-unknown}.igc"
        if [[ ! -e "$out" ]]; then
            cp "$f" "$out"
            echo "$out"
            n=$((n + 1))
        fi
    done < <(find "$MNT" -iname '*.igc' -type f -print0)
    log "copied $n new trace(s)"
}

upload() {
    local f
    [[ -n "${LADDER_TOKEN:-}" ]] || { log "LADDER_TOKEN not set, skipping upload"; return; }
    for f in "$@"; do
        if curl -fsS --max-time 60 -H "Authorization: Bearer $LADDER_TOKEN" \
                -F "trace=@$f" "$LADDER_URL" >/dev/null; then
            log "submitted $(basename "$f")"
        else
            log "upload failed for $(basename "$f")"
        fi
    done
}

[[ -n "$DEVICE" ]] || DEVICE="$(find_device)" || { log "no flight recorder found"; exit 1; }
trap unmount_logger EXIT
mount_logger
mapfile -t NEW < <(copy_traces)
(( UPLOAD )) && [[ ${#NEW[@]} -gt 0 ]] && upload "${NEW[@]}"
exit 0
