#!/bin/sh
# Nightly backup of the bookings folder and waiver scans.
# Makes a dated, compressed copy next to the project; the originals stay
# exactly where they are. Old archives beyond the retention count are pruned.

set -eu

SRC_DIRS="${SRC_DIRS:-bookings waivers invoices}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-14}"
STAMP="$(date +%Y%m%d-%H%M%S)"
ARCHIVE="$BACKUP_DIR/site-data-$STAMP.tar.gz"
QUIET=0

usage() {
    echo "Usage: $0 [-k keep] [-o backup_dir] [-q]"
}

while getopts "k:o:qh" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        o) BACKUP_DIR="$OPTARG"; ARCHIVE="$BACKUP_DIR/site-data-$STAMP.tar.gz" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

say() {
    [ "$QUIET" -eq 1 ] || echo "backup: $*"
}

existing_sources() {
    for d in $SRC_DIRS; do
        if [ -d "$d" ]; then
            echo "$d"
        else
            say "skipping missing folder $d" >&2
        fi
    done
}

make_archive() {
    sources=$(existing_sources)
    if [ -z "$sources" ]; then
        say "nothing to back up"
        exit 0
    fi
    mkdir -p "$BACKUP_DIR"
    # shellcheck disable=SC2086
    tar -czf "$ARCHIVE" $sources
    chmod 600 "$ARCHIVE"
    say "wrote $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1))"
}

verify_archive() {
    if tar -tzf "$ARCHIVE" >/dev/null; then
        say "archive lists cleanly"
    else
        echo "backup: archive $ARCHIVE is damaged" >&2
        exit 1
    fi
    sha256sum "$ARCHIVE" > "$ARCHIVE.sha256"
}

prune_old() {
    count=0
    for f in $(ls -1t "$BACKUP_DIR"/site-data-*.tar.gz 2>/dev/null); do
        count=$((count + 1))
        if [ "$count" -gt "$KEEP" ]; then
            say "pruning old archive $f"
            rm -f "$f" "$f.sha256"
        fi
    done
}

make_archive
verify_archive
prune_old
say "done"
