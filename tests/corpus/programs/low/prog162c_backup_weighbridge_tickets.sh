#!/bin/sh
# Nightly copy of weighbridge tickets and photos into a dated backup
# folder. The originals stay where they are; old backups are pruned.

set -eu

SOURCE_DIR="${SOURCE_DIR:-./tickets}"
BACKUP_ROOT="${BACKUP_ROOT:-./backups}"
KEEP_DAYS="${KEEP_DAYS:-30}"
STAMP="$(date +%Y%m%d-%H%M%S)"
TARGET="$BACKUP_ROOT/tickets-$STAMP.tar.gz"

log() {
    echo "$(date '+%F %T') backup: $*"
}

check_source() {
    if [ ! -d "$SOURCE_DIR" ]; then
        log "source $SOURCE_DIR does not exist"
        exit 1
    fi
    files=$(find "$SOURCE_DIR" -type f | wc -l)
    log "found $files files in $SOURCE_DIR"
    if [ "$files" -eq 0 ]; then
        log "nothing to back up"
        exit 0
    fi
}

make_archive() {
    mkdir -p "$BACKUP_ROOT"
    tar -czf "$TARGET" -C "$(dirname "$SOURCE_DIR")" "$(basename "$SOURCE_DIR")"
    chmod 600 "$TARGET"
    log "created $TARGET ($(du -h "$TARGET" | cut -f1))"
}

verify_archive() {
    if ! tar -tzf "$TARGET" >/dev/null 2>&1; then
        log "archive $TARGET failed verification"
        rm -f "$TARGET"
        exit 1
    fi
    sha256sum "$TARGET" > "$TARGET.sha256"
    log "verified $TARGET"
}

prune_old() {
    pruned=0
    for old in $(find "$BACKUP_ROOT" -maxdepth 1 -name 'tickets-*.tar.gz' -mtime +"$KEEP_DAYS"); do
        rm -f "$old" "$old.sha256"
        pruned=$((pruned + 1))
    done
    log "pruned $pruned backups older than $KEEP_DAYS days"
}

list_backups() {
    ls -lh "$BACKUP_ROOT"/tickets-*.tar.gz 2>/dev/null || log "no backups yet"
}

case "${1:-run}" in
    run)
        check_source
        make_archive
        verify_archive
        prune_old
        ;;
    list)
        list_backups
        ;;
    prune)
        prune_old
        ;;
    *)
        echo "usage: $0 [run|list|prune]" >&2
        exit 1
        ;;
esac
