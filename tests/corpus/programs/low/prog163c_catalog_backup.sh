#!/usr/bin/env bash
# Make a dated, compressed copy of the seed catalogue and grower records.
# The originals are left exactly where they are; only old archives in the
# project's own backups folder are pruned.
set -euo pipefail

SOURCES="${SOURCES:-catalog growers germination}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-14}"
STAMP="$(date +%Y%m%d-%H%M%S)"

log() {
    printf '%s  %s\n' "$(date '+%H:%M:%S')" "$*"
}

existing_sources() {
    for src in $SOURCES; do
        if [ -d "$src" ]; then
            printf '%s\n' "$src"
        else
            log "skipping missing folder: $src" >&2
        fi
    done
}

make_archive() {
    archive="$BACKUP_DIR/seedbank-$STAMP.tar.gz"
    mapfile -t dirs < <(existing_sources)
    if [ "${#dirs[@]}" -eq 0 ]; then
        log "nothing to back up"
        return 1
    fi
    tar -czf "$archive" "${dirs[@]}"
    printf '%s\n' "$archive"
}

verify_archive() {
    archive="$1"
    if ! tar -tzf "$archive" >/dev/null; then
        log "archive $archive failed verification"
        return 1
    fi
    sha256sum "$archive" > "$archive.sha256"
    chmod 0600 "$archive" "$archive.sha256"
    log "verified $(basename "$archive") ($(du -h "$archive" | cut -f1))"
}

prune_old() {
    count=0
    while read -r old; do
        [ -n "$old" ] || continue
        rm -f -- "$old" "$old.sha256"
        count=$((count + 1))
    done < <(ls -1t "$BACKUP_DIR"/seedbank-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    log "pruned $count old archives (keeping $KEEP)"
}

list_backups() {
    ls -lh "$BACKUP_DIR"/seedbank-*.tar.gz 2>/dev/null || log "no backups yet"
}

main() {
    mkdir -p "$BACKUP_DIR"
    case "${1:-run}" in
        run)
            archive="$(make_archive)" || exit 0
            verify_archive "$archive"
            prune_old
            ;;
        list)
            list_backups
            ;;
        *)
            echo "usage: $0 [run|list]" >&2
            exit 2
            ;;
    esac
}

main "$@"
