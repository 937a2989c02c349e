#!/bin/sh
# Weekly backup of the office documents folder (house rules, staff rota,
# supplier invoices). Makes a compressed, checksummed copy next to the
# project and leaves the original files exactly where they are.

set -eu

SRC_DIR="${DOCS_DIR:-./office-docs}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
NAME_PREFIX="office_docs"
STAMP="$(date +%Y%m%d_%H%M%S)"
ARCHIVE="$BACKUP_DIR/${NAME_PREFIX}_$STAMP.tar.gz"
MANIFEST="$BACKUP_DIR/${NAME_PREFIX}_$STAMP.files"
VERIFY=1

log() {
    printf '%s backup: %s\n' "$(date '+%F %T')" "$*"
}

usage() {
    cat <<EOF
usage: $0 [--no-verify] [--list]
  --no-verify   skip the test extraction listing
  --list        show existing backups and exit
EOF
}

list_backups() {
    if [ -d "$BACKUP_DIR" ]; then
        ls -lh "$BACKUP_DIR"/${NAME_PREFIX}_*.tar.gz 2>/dev/null || log "no backups yet"
    else
        log "no backup directory at $BACKUP_DIR"
    fi
}

make_manifest() {
    log "building file list"
    (cd "$SRC_DIR" && find . -type f | sort) > "$MANIFEST"
    count=$(wc -l < "$MANIFEST")
    log "$count files to back up"
}

make_archive() {
    log "writing $ARCHIVE"
    tar -czf "$ARCHIVE" -C "$SRC_DIR" .
    chmod 600 "$ARCHIVE" "$MANIFEST"
}

write_checksum() {
    if command -v sha256sum >/dev/null 2>&1; then
        (cd "$BACKUP_DIR" && sha256sum "$(basename "$ARCHIVE")" > "$(basename "$ARCHIVE").sha256")
        log "checksum written"
    else
        log "sha256sum not available, skipping checksum"
    fi
}

verify_archive() {
    log "verifying archive contents"
    archived=$(tar -tzf "$ARCHIVE" | grep -v '/$' | wc -l)
    expected=$(wc -l < "$MANIFEST")
    if [ "$archived" -ne "$expected" ]; then
        log "mismatch: $archived in archive, $expected on disk"
        return 1
    fi
    log "archive holds all $expected files"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --no-verify) VERIFY=0 ;;
        --list) list_backups; exit 0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

if [ ! -d "$SRC_DIR" ]; then
    log "source folder $SRC_DIR does not exist"
    exit 1
fi

mkdir -p "$BACKUP_DIR"
make_manifest
make_archive
write_checksum
if [ "$VERIFY" -eq 1 ]; then
    verify_archive
fi
du -sh "$ARCHIVE" | awk '{print "backup size: " $1}'
log "originals left untouched in $SRC_DIR"
