#!/bin/sh
# Weekly backup of the public gallery images and their captions.
# Creates a dated tar.gz in ./backups with a checksum file, verifies it,
# and keeps only the most recent archives.  Originals are never touched.
set -eu

PROJECT_DIR="$(cd "$(dirname "$0")" && pwd)"
SOURCE_DIRS="${SOURCE_DIRS:-gallery captions}"
BACKUP_DIR="${BACKUP_DIR:-$PROJECT_DIR/backups}"
KEEP="${KEEP:-8}"
STAMP="$(date +%Y%m%d-%H%M)"
ARCHIVE="$BACKUP_DIR/gallery-$STAMP.tar.gz"

info() { echo "backup: $*"; }
die() { echo "backup: $*" >&2; exit 1; }

check_sources() {
    found=""
    for d in $SOURCE_DIRS; do
        if [ -d "$PROJECT_DIR/$d" ]; then
            found="$found $d"
        else
            info "skipping missing folder $d" >&2
        fi
    done
    [ -n "$found" ] || die "nothing to back up"
    echo "$found"
}

make_archive() {
    dirs="$1"
    mkdir -p "$BACKUP_DIR"
    # shellcheck disable=SC2086
    tar -C "$PROJECT_DIR" -czf "$ARCHIVE" $dirs
    ( cd "$BACKUP_DIR" && sha256sum "$(basename "$ARCHIVE")" > "$(basename "$ARCHIVE").sha256" )
    info "wrote $(basename "$ARCHIVE") ($(du -h "$ARCHIVE" | cut -f1))"
}

verify_archive() {
    ( cd "$BACKUP_DIR" && sha256sum -c --quiet "$(basename "$ARCHIVE").sha256" ) \
        || die "checksum mismatch for $ARCHIVE"
    count="$(tar -tzf "$ARCHIVE" | grep -vc '/$' || true)"
    info "verified, $count files in archive"
}

prune_old() {
    n=0
    # newest first; only our own gallery-*.tar.gz files are considered
    for f in $(ls -1t "$BACKUP_DIR"/gallery-*.tar.gz 2>/dev/null); do
        n=$((n + 1))
        if [ "$n" -gt "$KEEP" ]; then
            rm -f "$f" "$f.sha256"
            info "pruned $(basename "$f")"
        fi
    done
}

main() {
    dirs="$(check_sources)"
    make_archive "$dirs"
    verify_archive
    prune_old
    info "done"
}

main "$@"
