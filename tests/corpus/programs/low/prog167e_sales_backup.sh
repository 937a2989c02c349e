#!/bin/sh
# Nightly copy of the day's till exports and stall rosters.
# Originals stay where they are; archives go into ./backups.

set -eu

SRC_DIRS="${SRC_DIRS:-exports rosters receipts}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP_DAYS="${KEEP_DAYS:-30}"
STAMP="$(date +%Y%m%d-%H%M%S)"
ARCHIVE="$BACKUP_DIR/market-$STAMP.tar.gz"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*"
}

existing_sources() {
    for d in $SRC_DIRS; do
        if [ -d "$d" ]; then
            printf '%s\n' "$d"
        else
            log "skipping missing $d" >&2
        fi
    done
}

make_archive() {
    sources="$(existing_sources | tr '\n' ' ')"
    if [ -z "$sources" ]; then
        log "nothing to back up"
        return 1
    fi
    mkdir -p "$BACKUP_DIR"
    # shellcheck disable=SC2086
    tar -czf "$ARCHIVE" $sources
    chmod 0600 "$ARCHIVE"
    log "archive written: $ARCHIVE"
}

verify_archive() {
    if tar -tzf "$ARCHIVE" >/dev/null; then
        count="$(tar -tzf "$ARCHIVE" | wc -l)"
        log "verified $count entries"
    else
        log "archive failed verification"
        rm -f "$ARCHIVE"
        return 1
    fi
}

write_checksum() {
    (cd "$BACKUP_DIR" && sha256sum "$(basename "$ARCHIVE")" > "$(basename "$ARCHIVE").sha256")
    log "checksum saved"
}

prune_old() {
    find "$BACKUP_DIR" -maxdepth 1 -type f \
        \( -name 'market-*.tar.gz' -o -name 'market-*.tar.gz.sha256' \) \
        -mtime +"$KEEP_DAYS" -print | while IFS= read -r old; do
        rm -f "$old"
        log "pruned $(basename "$old")"
    done
}

report_usage() {
    total="$(du -sh "$BACKUP_DIR" | cut -f1)"
    files="$(find "$BACKUP_DIR" -maxdepth 1 -name 'market-*.tar.gz' | wc -l)"
    log "$files archive(s) kept, $total used"
}

main() {
    make_archive || exit 0
    verify_archive
    write_checksum
    prune_old
    report_usage
}

main "$@"
