#!/bin/sh
# Nightly backup of the branch sales exports.
# Archives the exports folder, verifies the archive and keeps two weeks
# of archives. The exports themselves are left untouched.

set -eu

SOURCE_DIR="${SOURCE_DIR:-./sales_exports}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP_DAYS="${KEEP_DAYS:-14}"
STAMP="$(date +%Y%m%d-%H%M%S)"
ARCHIVE="$BACKUP_DIR/sales-$STAMP.tar.gz"
LOG_FILE="$BACKUP_DIR/backup.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
}

fail() {
    log "ERROR: $*"
    echo "backup failed: $*" >&2
    exit 1
}

mkdir -p "$BACKUP_DIR"

[ -d "$SOURCE_DIR" ] || fail "source folder $SOURCE_DIR missing"

file_count=$(find "$SOURCE_DIR" -type f | wc -l)
if [ "$file_count" -eq 0 ]; then
    log "nothing to back up in $SOURCE_DIR"
    exit 0
fi

log "archiving $file_count files from $SOURCE_DIR"
tar -czf "$ARCHIVE.part" -C "$(dirname "$SOURCE_DIR")" "$(basename "$SOURCE_DIR")" \
    || fail "tar returned an error"

if ! tar -tzf "$ARCHIVE.part" >/dev/null 2>&1; then
    rm -f "$ARCHIVE.part"
    fail "archive did not verify"
fi

archived=$(tar -tzf "$ARCHIVE.part" | grep -vc '/$' || true)
if [ "$archived" -ne "$file_count" ]; then
    log "warning: $file_count files on disk but $archived in archive"
fi

mv "$ARCHIVE.part" "$ARCHIVE"
chmod 600 "$ARCHIVE"
sha256sum "$ARCHIVE" > "$ARCHIVE.sha256"
log "wrote $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1))"

pruned=0
for old in $(find "$BACKUP_DIR" -maxdepth 1 -name 'sales-*.tar.gz' -mtime +"$KEEP_DAYS"); do
    rm -f "$old" "$old.sha256"
    pruned=$((pruned + 1))
done
[ "$pruned" -gt 0 ] && log "pruned $pruned archives older than $KEEP_DAYS days"

log "backup complete"
exit 0
