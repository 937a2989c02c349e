#!/bin/sh
# Nightly backup of the collection catalogue folder (object records,
# condition reports and photographs). Originals are left untouched;
# compressed copies go into ./backups with a checksum alongside.

set -eu

SOURCE_DIR="${SOURCE_DIR:-./catalogue}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-14}"
STAMP="$(date +%Y%m%d-%H%M%S)"
ARCHIVE="$BACKUP_DIR/catalogue-$STAMP.tar.gz"

log() {
    printf '%s [catalogue-backup] %s\n' "$(date '+%F %T')" "$*"
}

check_source() {
    if [ ! -d "$SOURCE_DIR" ]; then
        log "source folder $SOURCE_DIR not found"
        exit 1
    fi
    count="$(find "$SOURCE_DIR" -type f | wc -l | tr -d ' ')"
    if [ "$count" -eq 0 ]; then
        log "source folder is empty, nothing to back up"
        exit 0
    fi
    log "backing up $count files from $SOURCE_DIR"
}

make_archive() {
    mkdir -p "$BACKUP_DIR"
    tar -czf "$ARCHIVE" -C "$(dirname "$SOURCE_DIR")" "$(basename "$SOURCE_DIR")"
    if command -v sha256sum >/dev/null 2>&1; then
        (cd "$BACKUP_DIR" && sha256sum "$(basename "$ARCHIVE")" > "$(basename "$ARCHIVE").sha256")
    fi
    log "wrote $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1))"
}

verify_archive() {
    if tar -tzf "$ARCHIVE" >/dev/null 2>&1; then
        log "archive lists cleanly"
    else
        log "archive failed verification"
        exit 1
    fi
}

prune_old() {
    total="$(ls -1 "$BACKUP_DIR"/catalogue-*.tar.gz 2>/dev/null | wc -l | tr -d ' ')"
    if [ "$total" -le "$KEEP" ]; then
        return 0
    fi
    excess=$((total - KEEP))
    ls -1 "$BACKUP_DIR"/catalogue-*.tar.gz | sort | head -n "$excess" | while read -r old; do
        log "removing old backup $old"
        rm -f "$old" "$old.sha256"
    done
}

main() {
    check_source
    make_archive
    verify_archive
    prune_old
    log "backup complete; originals unchanged in $SOURCE_DIR"
}

main "$@"
