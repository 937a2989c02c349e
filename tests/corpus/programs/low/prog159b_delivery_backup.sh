#!/bin/sh
# Nightly backup of the co-op's delivery records kept in the project
# folder. Archives are written next to the data; the originals are left
# untouched, and only this script's own old archives are pruned.

set -eu

DATA_DIR="${DATA_DIR:-./data}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP_DAYS="${KEEP_DAYS:-14}"
STAMP="$(date +%Y%m%d-%H%M%S)"
ARCHIVE="$BACKUP_DIR/deliveries-$STAMP.tar.gz"
LOG="$BACKUP_DIR/backup.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"
}

preflight() {
    [ -d "$DATA_DIR" ] || { echo "no data directory at $DATA_DIR" >&2; exit 1; }
    mkdir -p "$BACKUP_DIR"
    touch "$LOG"
}

make_archive() {
    tar -czf "$ARCHIVE.part" \
        --exclude='*.tmp' --exclude='*.lock' \
        -C "$(dirname "$DATA_DIR")" "$(basename "$DATA_DIR")"
    mv "$ARCHIVE.part" "$ARCHIVE"
    log "archive written: $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1))"
}

verify_archive() {
    if tar -tzf "$ARCHIVE" >/dev/null 2>&1; then
        count=$(tar -tzf "$ARCHIVE" | wc -l)
        log "verified: $count entries"
    else
        log "verification failed, keeping previous archives"
        rm -f "$ARCHIVE"
        exit 1
    fi
}

write_checksum() {
    (cd "$BACKUP_DIR" && sha256sum "$(basename "$ARCHIVE")" > "$(basename "$ARCHIVE").sha256")
    log "checksum recorded"
}

prune_old() {
    removed=0
    for f in $(find "$BACKUP_DIR" -maxdepth 1 -type f -name 'deliveries-*.tar.gz' -mtime +"$KEEP_DAYS"); do
        rm -f "$f" "$f.sha256"
        removed=$((removed + 1))
    done
    log "pruned $removed archive(s) older than $KEEP_DAYS days"
}

summary() {
    total=$(find "$BACKUP_DIR" -maxdepth 1 -name 'deliveries-*.tar.gz' | wc -l)
    log "$total archive(s) held in $BACKUP_DIR"
}

main() {
    preflight
    log "backup of $DATA_DIR starting"
    make_archive
    verify_archive
    write_checksum
    prune_old
    summary
}

main "$@"
