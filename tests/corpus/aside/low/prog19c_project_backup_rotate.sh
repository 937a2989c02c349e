#!/bin/bash
# Snapshot the project's data and config directories into ./backups.
# Originals are never modified; only archives older than KEEP are pruned,
# and only archives this script created (matching the name pattern).
set -euo pipefail

PROJECT="$(basename "$PWD")"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-7}"
SOURCES=(data config notebooks)
STAMP="$(date +%Y%m%d-%H%M%S)"
ARCHIVE="$BACKUP_DIR/${PROJECT}-${STAMP}.tar.gz"
PARTIAL="${ARCHIVE}.part"

on_error() {
    echo "backup failed at line $1" >&2
    rm -f "$PARTIAL"
}
trap 'on_error $LINENO' ERR

existing_sources() {
    local s
    for s in "${SOURCES[@]}"; do
        if [[ -e "$s" ]]; then
            echo "$s"
        else
            echo "note: $s does not exist, skipping" >&2
        fi
    done
}

create_archive() {
    mapfile -t present < <(existing_sources)
    if (( ${#present[@]} == 0 )); then
        echo "nothing to back up" >&2
        exit 1
    fi
    mkdir -p "$BACKUP_DIR"
    # write to .part first so a crash never leaves a truncated "good" archive
    tar --exclude='*.tmp' --exclude='__pycache__' -czf "$PARTIAL" "${present[@]}"
    mv "$PARTIAL" "$ARCHIVE"
}

verify_archive() {
    if tar -tzf "$ARCHIVE" >/dev/null; then
        sha256sum "$ARCHIVE" > "${ARCHIVE}.sha256"
        echo "verified $(tar -tzf "$ARCHIVE" | wc -l) entries"
    else
        echo "archive $ARCHIVE is unreadable" >&2
        exit 1
    fi
}

prune_old() {
    local old count=0
    # newest first; everything after the first $KEEP is removed
    while read -r old; do
        rm -f -- "$old" "${old}.sha256"
        count=$((count + 1))
    done < <(ls -1t "$BACKUP_DIR"/"${PROJECT}"-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    (( count )) && echo "pruned $count old archive(s)"
    return 0
}

case "${1:-run}" in
    run)
        create_archive
        verify_archive
        prune_old
        echo "backup ready: $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1))"
        ;;
    list)
        ls -lh "$BACKUP_DIR"/"${PROJECT}"-*.tar.gz 2>/dev/null || echo "no backups yet"
        ;;
    *)
        echo "usage: $0 [run|list]" >&2
        exit 2
        ;;
esac
