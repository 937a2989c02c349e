#!/bin/sh
# Daily backup of the trip logs kept in the ops folder.
# Originals are never touched; archives go to ./backups and the newest
# KEEP archives made by this script are kept.

set -eu

SRC_DIR="${SRC_DIR:-./trip_logs}"
DEST_DIR="${DEST_DIR:-./backups}"
KEEP="${KEEP:-14}"
PREFIX="triplogs"

info() {
    printf '%s %s\n' "$(date '+%F %T')" "$*"
}

fail() {
    info "ERROR: $*" >&2
    exit 1
}

check_source() {
    [ -d "$SRC_DIR" ] || fail "source folder $SRC_DIR not found"
    count=$(find "$SRC_DIR" -type f | wc -l)
    [ "$count" -gt 0 ] || fail "no files in $SRC_DIR"
    info "found $count files in $SRC_DIR"
}

make_archive() {
    mkdir -p "$DEST_DIR"
    stamp=$(date +%Y%m%d-%H%M%S)
    archive="$DEST_DIR/${PREFIX}-${stamp}.tar.gz"
    tar -czf "$archive" -C "$(dirname "$SRC_DIR")" "$(basename "$SRC_DIR")"
    echo "$archive"
}

verify_archive() {
    archive="$1"
    if ! tar -tzf "$archive" >/dev/null 2>&1; then
        fail "archive $archive is unreadable"
    fi
    listed=$(tar -tzf "$archive" | grep -vc '/$' || true)
    info "archive holds $listed files"
    sha256sum "$archive" > "$archive.sha256"
    chmod 0600 "$archive" "$archive.sha256"
}

prune_old() {
    total=$(ls -1 "$DEST_DIR"/${PREFIX}-*.tar.gz 2>/dev/null | wc -l)
    if [ "$total" -le "$KEEP" ]; then
        return
    fi
    excess=$((total - KEEP))
    ls -1 "$DEST_DIR"/${PREFIX}-*.tar.gz | sort | head -n "$excess" | while read -r old; do
        info "removing old archive $(basename "$old")"
        rm -f "$old" "$old.sha256"
    done
}

main() {
    check_source
    archive=$(make_archive)
    info "created $archive"
    verify_archive "$archive"
    prune_old
    info "backup complete; originals left in $SRC_DIR"
}

main "$@"
