#!/usr/bin/env bash
# marc_share_sync.sh - pull the nightly MARC record batches that the
# consortium's acquisitions vendor drops on the shared SMB share and stage
# them in ./incoming for the catalogue importer.
#
# Settings come from ./marc_sync.conf:
#   SHARE_HOST=files.consortium.local
#   SHARE_NAME=marc-delivery
#   SHARE_SUBDIR=northfield
#   CRED_FILE=./smb.cred      (username=/password= lines)
#
# Usage: marc_share_sync.sh [-d DAYS] [-k]
#   -d DAYS   only copy batches newer than DAYS days (default 7)
#   -k        keep the share mounted afterwards

set -euo pipefail

CONF="${MARC_SYNC_CONF:-./marc_sync.conf}"
DAYS=7
KEEP_MOUNTED=0
STAGE_DIR="./incoming"
MANIFEST="./incoming/.manifest"
MOUNT_POINT="/mnt/consortium-marc"

while getopts ":d:k" opt; do
    case "$opt" in
        d) DAYS="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        *) echo "usage: $0 [-d DAYS] [-k]" >&2; exit 64 ;;
    esac
done

[[ -r "$CONF" ]] || { echo "missing config $CONF" >&2; exit 1; }
# shellcheck disable=SC1090
. "$CONF"
: "${SHARE_HOST:?}" "${SHARE_NAME:?}" "${CRED_FILE:?}"
SHARE_SUBDIR="${SHARE_SUBDIR:-}"

log() { echo "$(date '+%F %T') marc-sync: $*"; }

attach_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "share already attached at $MOUNT_POINT"
        return
    fi
    local opts="credentials=$(realpath "$CRED_FILE"),ro,vers=3.0,uid=$(id -u),gid=$(id -g)"
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -t cifs "//${SHARE_HOST}/${SHARE_NAME}" "$MOUNT_POINT" -o "$opts"
    log "attached //${SHARE_HOST}/${SHARE_NAME}"
}

detach_share() {
    if (( KEEP_MOUNTED )); then
        return
    fi
    if mountpoint -q "$MOUNT_POINT"; then
        sudo umount "$MOUNT_POINT" || log "warning: could not detach $MOUNT_POINT"
    fi
}

collect_batches() {
    local src="$MOUNT_POINT/${SHARE_SUBDIR}"
    [[ -d "$src" ]] || { log "no directory $src on share"; return 1; }
    find "$src" -maxdepth 1 -type f \( -name '*.mrc' -o -name '*.marc' \) -mtime "-${DAYS}" -print0
}

stage() {
    mkdir -p "$STAGE_DIR"
    touch "$MANIFEST"
    local f name sum copied=0
    while IFS= read -r -d '' f; do
        name=$(basename "$f")
        sum=$(sha256sum "$f" | cut -d' ' -f1)
        if grep -q "^${sum} " "$MANIFEST"; then
            continue
        fi
        cp -p "$f" "$STAGE_DIR/$name"
        echo "${sum} ${name} $(date +%s)" >> "$MANIFEST"
        copied=$((copied + 1))
        log "staged $name"
    done < <(collect_batches)
    log "$copied new batch file(s) staged in $STAGE_DIR"
}

trap detach_share EXIT
attach_share
stage
