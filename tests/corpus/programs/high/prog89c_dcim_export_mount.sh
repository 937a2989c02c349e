#!/usr/bin/env bash
# dcim_export_mount.sh - pull the nightly DCIM exports (rack elevations, power
# budgets, customer cage lists) off the facilities filer into ./dcim_snapshots.
#
# The filer only exports over NFSv4 to the ops subnet, so the share is mounted
# read-only for the copy and unmounted again afterwards.
#
#   DCIM_FILER=filer02.colo-ops.example.net:/exports/dcim ./dcim_export_mount.sh 2024-05-01
set -Eeuo pipefail

FILER="${DCIM_FILER:-filer02.colo-ops.example.net:/exports/dcim}"
MOUNT_POINT="${DCIM_MOUNT_POINT:-/mnt/dcim_exports}"
DEST="${DCIM_DEST:-./dcim_snapshots}"
NFS_OPTS="ro,vers=4.1,soft,timeo=100,retrans=3,noexec,nosuid"
DAY="${1:-$(date -d yesterday +%F)}"
KEEP_DAYS="${KEEP_DAYS:-14}"
MOUNTED_BY_US=0

log() { logger -t dcim-export -- "$*" 2>/dev/null || true; echo "[dcim-export] $*"; }

cleanup() {
    local rc=$?
    if (( MOUNTED_BY_US )); then
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT" \
            || log "warning: could not unmount $MOUNT_POINT"
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'log "failed at line $LINENO"' ERR

ensure_mounted() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted, reusing"
        return
    fi
    [[ -d "$MOUNT_POINT" ]] || sudo mkdir -p "$MOUNT_POINT"
    local attempt
    for attempt in 1 2 3; do
        if sudo mount -t nfs4 -o "$NFS_OPTS" "$FILER" "$MOUNT_POINT"; then
            MOUNTED_BY_US=1
            log "mounted $FILER on $MOUNT_POINT (attempt $attempt)"
            return
        fi
        sleep $((attempt * 10))
    done
    log "giving up on mounting $FILER"
    return 1
}

copy_day() {
    local src="$MOUNT_POINT/$DAY"
    if [[ ! -d "$src" ]]; then
        log "no export for $DAY on the filer"
        return 1
    fi
    mkdir -p "$DEST/$DAY"
    rsync -a --delete --include='*/' \
        --include='*.csv' --include='*.json' --include='*.pdf' --exclude='*' \
        "$src/" "$DEST/$DAY/"
    (cd "$DEST/$DAY" && find . -type f ! -name SHA256SUMS -print0 | sort -z \
        | xargs -0 sha256sum > SHA256SUMS)
    log "copied $(find "$DEST/$DAY" -type f | wc -l) files for $DAY"
}

verify_against_filer() {
    local manifest="$MOUNT_POINT/$DAY/MANIFEST.sha256"
    [[ -f "$manifest" ]] || { log "filer has no manifest for $DAY, skipping verify"; return 0; }
    (cd "$DEST/$DAY" && sha256sum --quiet -c "$manifest")
}

prune_old() {
    find "$DEST" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP_DAYS" -print -exec rm -rf {} + \
        | sed 's/^/pruned /'
}

ensure_mounted
copy_day
verify_against_filer && log "checksums match filer manifest"
prune_old
