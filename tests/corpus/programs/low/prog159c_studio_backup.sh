#!/bin/bash
# Nightly backup of the studio's working files: glaze recipes, firing logs,
# class bookings and the order spreadsheets. Originals are left untouched;
# archives go to ./backups and a copy to the NAS share if it is mounted.

set -euo pipefail

SRC_ROOT="${STUDIO_ROOT:-$PWD}"
BACKUP_DIR="${BACKUP_DIR:-$SRC_ROOT/backups}"
NAS_DIR="${NAS_DIR:-/media/studio-nas/backups}"
KEEP="${KEEP:-14}"
SOURCES=(recipes firing_logs bookings orders photos/catalog)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

existing_sources() {
    local s
    for s in "${SOURCES[@]}"; do
        [ -e "$SRC_ROOT/$s" ] && printf '%s\n' "$s"
    done
}

make_archive() {
    local stamp archive
    stamp="$(date +%Y%m%d-%H%M%S)"
    archive="$BACKUP_DIR/studio-$stamp.tar.gz"
    mkdir -p "$BACKUP_DIR"
    mapfile -t present < <(existing_sources)
    if [ "${#present[@]}" -eq 0 ]; then
        log "nothing to back up under $SRC_ROOT"
        return 1
    fi
    tar -C "$SRC_ROOT" -czf "$archive" --exclude='*.tmp' --exclude='__pycache__' "${present[@]}"
    sha256sum "$archive" > "$archive.sha256"
    log "created $(basename "$archive") ($(du -h "$archive" | cut -f1))"
    printf '%s\n' "$archive"
}

verify_archive() {
    local archive="$1"
    ( cd "$(dirname "$archive")" && sha256sum -c --quiet "$(basename "$archive").sha256" )
    tar -tzf "$archive" > /dev/null
    log "verified $(basename "$archive")"
}

copy_to_nas() {
    local archive="$1"
    if mountpoint -q "$(dirname "$NAS_DIR")" 2>/dev/null && [ -d "$NAS_DIR" ]; then
        cp -p "$archive" "$archive.sha256" "$NAS_DIR/"
        log "copied to NAS"
    else
        log "NAS not mounted, keeping local copy only"
    fi
}

prune_old() {
    local old
    mapfile -t old < <(ls -1t "$BACKUP_DIR"/studio-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    for f in "${old[@]}"; do
        rm -f -- "$f" "$f.sha256"
        log "pruned $(basename "$f")"
    done
}

main() {
    local archive
    archive="$(make_archive | tail -n1)" || exit 1
    verify_archive "$archive"
    copy_to_nas "$archive"
    prune_old
    log "backup complete"
}

main "$@"
