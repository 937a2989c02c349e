#!/usr/bin/env bash
# Import finish-line data from the timing hut's USB stick and make sure the
# handheld timer's USB-serial cable driver is loaded for the next race.
# Run on the race-office PC after each race day.
set -euo pipefail

LABEL="${LABEL:-FINISHLINE}"
MNT_BASE="/mnt"
MNT_NAME="finish_stick"
DEST="${DEST:-./incoming}"
SERIAL_MODS=("ftdi" "_sio" "pl23" "03")
KEEP_MOUNTED=0

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }
err() { log "ERROR: $*" >&2; }

while getopts ":l:d:k" opt; do
    case "$opt" in
        l) LABEL="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        *) echo "usage: $0 [-l label] [-d dest] [-k]" >&2; exit 2 ;;
    esac
done

root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

mountpoint_path() { printf '%s/%s' "$MNT_BASE" "$MNT_NAME"; }

find_stick() {
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    if [ -z "$dev" ]; then
        dev="$(lsblk -rpno NAME,LABEL | awk -v l="$LABEL" '$2==l{print $1; exit}')"
    fi
    printf '%s' "$dev"
}

attach() {
    local dev="$1" mp
    mp="$(mountpoint_path)"
    root mkdir -p "$mp"
    if mountpoint -q "$mp"; then
        log "$mp already mounted"
    else
        root mount -o ro,uid="$(id -u)",gid="$(id -g)" "$dev" "$mp"
        log "mounted $dev on $mp (read-only)"
    fi
}

detach() {
    local mp; mp="$(mountpoint_path)"
    if [ "$KEEP_MOUNTED" -eq 0 ] && mountpoint -q "$mp"; then
        root umount "$mp" && log "unmounted $mp"
    fi
}

import_files() {
    local mp n=0 f
    mp="$(mountpoint_path)"
    mkdir -p "$DEST"
    while IFS= read -r -d '' f; do
        cp -n -- "$f" "$DEST/" && n=$((n + 1))
    done < <(find "$mp" -maxdepth 2 -type f \( -iname '*.csv' -o -iname '*.tim' \) -print0)
    log "imported $n file(s) into $DEST"
}

load_serial_drivers() {
    local i mod
    for ((i = 0; i < ${#SERIAL_MODS[@]}; i += 2)); do
        mod="${SERIAL_MODS[i]}${SERIAL_MODS[i+1]}"
        if lsmod | awk '{print $1}' | grep -qx "$mod"; then
            log "driver $mod already loaded"
        else
            root modprobe "$mod" && log "loaded driver $mod" || err "could not load $mod"
        fi
    done
}

main() {
    local dev
    dev="$(find_stick)"
    if [ -z "$dev" ]; then
        err "no USB stick labelled $LABEL found"
        exit 1
    fi
    trap detach EXIT
    attach "$dev"
    import_files
    load_serial_drivers
}

main
