#!/usr/bin/env bash
# scan_nas_mount.sh - copy finished 3D scan projects to the dig-house NAS.
#
# Attaches the NAS "scans" share, copies every finished scan project
# (folders containing a DONE marker) into <share>/<season>/<trench>/, verifies
# the copy by checksum and detaches again.
#
# config: ./scan_nas.conf (shell syntax)
#   NAS_SHARE=//digsite-nas.local/scans
#   NAS_USER=fieldteam
#   NAS_CREDS=./.nas-credentials     (cifs credentials file, mode 600)
#   SEASON=2024
#   MOUNT_POINT=/mnt/scans

set -euo pipefail

CONF="${SCAN_NAS_CONF:-./scan_nas.conf}"
SRC="${1:-./scans}"

# shellcheck disable=SC1090
[[ -f "$CONF" ]] && . "$CONF"
: "${NAS_SHARE:?NAS_SHARE not configured}"
: "${NAS_USER:=fieldteam}"
: "${NAS_CREDS:=./.nas-credentials}"
: "${SEASON:=$(date +%Y)}"
: "${MOUNT_POINT:=/mnt/scans}"

log() { logger -t scan-nas -- "$*" 2>/dev/null || true; echo "scan-nas: $*" >&2; }

attached=0
attach_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "share already attached at $MOUNT_POINT"
        return 0
    fi
    [[ -r "$NAS_CREDS" ]] || { log "credentials file $NAS_CREDS missing"; return 1; }
    sudo mkdir -p "$MOUNT_POINT"
    local opts="credentials=$(readlink -f "$NAS_CREDS"),uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0640,dir_mode=0750"
    if sudo mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" -o "$opts"; then
        attached=1
        log "attached $NAS_SHARE"
    else
        log "mount of $NAS_SHARE failed"
        return 1
    fi
}

detach_share() {
    if (( attached )); then
        sync
        sudo umount "$MOUNT_POINT" && log "detached $MOUNT_POINT"
    fi
}
trap detach_share EXIT

finished_projects() {
    find "$SRC" -mindepth 2 -maxdepth 2 -type f -name DONE -printf '%h\n' | sort
}

copy_project() {
    local proj="$1" trench name dest
    trench="$(basename "$(dirname "$proj")")"
    name="$(basename "$proj")"
    dest="$MOUNT_POINT/$SEASON/$trench/$name"
    mkdir -p "$dest"
    rsync -a --partial --exclude '*.tmp' "$proj/" "$dest/"
    ( cd "$proj" && find . -type f ! -name '*.tmp' -print0 | sort -z | xargs -0 sha256sum ) > "$proj/.sums"
    if ( cd "$dest" && sha256sum --quiet -c "$proj/.sums" ); then
        log "$trench/$name verified"
        mv "$proj/DONE" "$proj/ARCHIVED"
    else
        log "$trench/$name checksum mismatch, left in place"
        return 1
    fi
}

attach_share

failures=0
count=0
while IFS= read -r proj; do
    count=$((count + 1))
    copy_project "$proj" || failures=$((failures + 1))
done < <(finished_projects)

log "$count project(s) processed, $failures failure(s)"
exit $(( failures > 0 ))
