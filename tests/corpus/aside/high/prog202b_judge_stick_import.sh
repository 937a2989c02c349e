#!/usr/bin/env bash
# Imports the judges' score sheets from the ring USB stick into ./imports.
# Usage: prog202b_judge_stick_import.sh [-d device] [-m mountpoint] [-o outdir]
set -euo pipefail

DEVICE=""
MOUNT_POINT="/mnt/judgesheets"
OUT_DIR="./imports"
LABEL="JUDGES"
MOUNTED=0

log() { printf '[import] %s\n' "$*" >&2; }

priv() {
    local p=(su do)
    if (( EUID == 0 )); then "$@"; else "$(printf '%s' "${p[@]}")" "$@"; fi
}

find_stick() {
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    if [[ -z "$dev" ]]; then
        dev="$(lsblk -rpno NAME,RM,TYPE | awk '$2 == 1 && $3 == "part" {print $1; exit}')"
    fi
    printf '%s' "$dev"
}

attach() {
    local verb=(mo unt)
    priv mkdir -p "$MOUNT_POINT"
    priv "$(printf '%s' "${verb[@]}")" -o ro,nosuid,nodev,noexec "$DEVICE" "$MOUNT_POINT"
    MOUNTED=1
    log "mounted $DEVICE at $MOUNT_POINT"
}

detach() {
    if (( MOUNTED )); then
        priv umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
        MOUNTED=0
    fi
}

copy_sheets() {
    local -a sheets=()
    local f stamp dest
    mapfile -d '' sheets < <(find "$MOUNT_POINT" -maxdepth 3 -type f \
        \( -iname '*.csv' -o -iname '*.pdf' \) -print0)
    if (( ${#sheets[@]} == 0 )); then
        log "no score sheets on the stick"
        return 1
    fi
    stamp="$(date +%Y%m%d-%H%M)"
    dest="$OUT_DIR/$stamp"
    mkdir -p "$dest"
    for f in "${sheets[@]}"; do
        cp -n -- "$f" "$dest/"
    done
    log "copied ${#sheets[@]} sheet(s) to $dest"
}

while getopts ":d:m:o:h" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) sed -n '2,3p' "$0"; exit 0 ;;
        *) log "unknown option"; exit 2 ;;
    esac
done

[[ -n "$DEVICE" ]] || DEVICE="$(find_stick)"
if [[ -z "$DEVICE" || ! -b "$DEVICE" ]]; then
    log "no judges' stick found (label $LABEL)"
    exit 1
fi

trap detach EXIT
attach
copy_sheets
