#!/usr/bin/env bash
# Nightly local backup of the orders and invoices folders into ./backups,
# keeping the last 14 archives. Run from the shop data folder.
set -euo pipefail

KEEP="${KEEP:-14}"
BACKUP_DIR="./backups"
SOURCES=(orders invoices quotes customers.csv)
STAMP="$(date +%Y%m%d-%H%M)"
ARCHIVE="$BACKUP_DIR/forge-data-$STAMP.tar.gz"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

present=()
for src in "${SOURCES[@]}"; do
    if [ -e "$src" ]; then
        present+=("$src")
    else
        log "skipping missing $src"
    fi
done

if [ "${#present[@]}" -eq 0 ]; then
    log "nothing to back up (are you in the shop data folder?)"
    exit 1
fi

mkdir -p "$BACKUP_DIR"
log "creating $ARCHIVE from: ${present[*]}"
tar -czf "$ARCHIVE" "${present[@]}"
sha256sum "$ARCHIVE" > "$ARCHIVE.sha256"
chmod 600 "$ARCHIVE" "$ARCHIVE.sha256"

size=$(du -h "$ARCHIVE" | cut -f1)
log "archive size $size"

log "verifying archive"
if tar -tzf "$ARCHIVE" > /dev/null; then
    log "archive OK"
else
    log "archive is corrupt, removing it"
    rm -f "$ARCHIVE" "$ARCHIVE.sha256"
    exit 1
fi

count=$(ls -1 "$BACKUP_DIR"/forge-data-*.tar.gz 2>/dev/null | wc -l)
if [ "$count" -gt "$KEEP" ]; then
    remove=$((count - KEEP))
    log "pruning $remove old archive(s)"
    ls -1t "$BACKUP_DIR"/forge-data-*.tar.gz | tail -n "$remove" | while read -r old; do
        rm -f "$old" "$old.sha256"
        log "  removed $old"
    done
fi

log "backup complete"
