#!/bin/sh
# Backs up contest and jam-night photos from the shop camera cards folder
# into dated archives on the backup drive.  Originals stay where they are;
# the photographer clears the cards by hand once the backup is checked.

set -eu

SRC_DIR="${SRC_DIR:-./photos/incoming}"
DEST_DIR="${DEST_DIR:-./backup/photos}"
KEEP_ARCHIVES="${KEEP_ARCHIVES:-12}"
STAMP="$(date +%Y%m%d-%H%M)"

info() {
    printf '[photo-backup] %s\n' "$*"
}

count_files() {
    find "$1" -type f \( -iname '*.jpg' -o -iname '*.cr2' -o -iname '*.mp4' \) | wc -l
}

make_archive() {
    archive="$DEST_DIR/photos-$STAMP.tar.gz"
    tar -czf "$archive" -C "$SRC_DIR" .
    echo "$archive"
}

write_checksum() {
    archive="$1"
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$archive" > "$archive.sha256"
    else
        shasum -a 256 "$archive" > "$archive.sha256"
    fi
}

verify_archive() {
    archive="$1"
    listed="$(tar -tzf "$archive" | grep -ciE '\.(jpg|cr2|mp4)$' || true)"
    expected="$(count_files "$SRC_DIR")"
    if [ "$listed" -ne "$expected" ]; then
        info "archive lists $listed files, source has $expected"
        return 1
    fi
    return 0
}

prune_old() {
    ls -1t "$DEST_DIR"/photos-*.tar.gz 2>/dev/null | tail -n +"$((KEEP_ARCHIVES + 1))" |
    while IFS= read -r old; do
        info "removing old archive $(basename "$old")"
        rm -f "$old" "$old.sha256"
    done
}

main() {
    if [ ! -d "$SRC_DIR" ]; then
        info "nothing to back up ($SRC_DIR missing)"
        exit 0
    fi
    total="$(count_files "$SRC_DIR")"
    if [ "$total" -eq 0 ]; then
        info "no photos to back up"
        exit 0
    fi
    mkdir -p "$DEST_DIR"
    info "backing up $total files"
    archive="$(make_archive)"
    write_checksum "$archive"
    if verify_archive "$archive"; then
        info "archive ok: $archive"
    else
        info "verification failed, keeping everything as is"
        exit 1
    fi
    prune_old
    info "originals left in $SRC_DIR"
}

main "$@"
