#!/usr/bin/env bash
# Weekly backup of the till receipts and takings sheets.
# Makes a dated tarball in ./backups, writes a checksum next to it and
# keeps the last N backups. Run from the shop admin folder.
set -euo pipefail

SOURCE_DIR="${SOURCE_DIR:-./receipts}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP_BACKUPS:-8}"

log() {
    echo "$(date '+%F %T') [backup] $*"
}

usage() {
    echo "Usage: $0 [-s source_dir] [-b backup_dir] [-k keep]"
}

while getopts "s:b:k:h" opt; do
    case "$opt" in
        s) SOURCE_DIR="$OPTARG" ;;
        b) BACKUP_DIR="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ ! -d "$SOURCE_DIR" ]]; then
    log "source directory $SOURCE_DIR not found"
    exit 1
fi

mkdir -p "$BACKUP_DIR"

make_backup() {
    local stamp name
    stamp="$(date +%Y-%m-%d)"
    name="receipts-$stamp.tar.gz"
    log "archiving $SOURCE_DIR -> $BACKUP_DIR/$name"
    tar -czf "$BACKUP_DIR/$name" -C "$(dirname "$SOURCE_DIR")" "$(basename "$SOURCE_DIR")"
    (cd "$BACKUP_DIR" && sha256sum "$name" > "$name.sha256")
    chmod 600 "$BACKUP_DIR/$name" "$BACKUP_DIR/$name.sha256"
    log "size $(du -h "$BACKUP_DIR/$name" | cut -f1)"
}

verify_latest() {
    local latest
    latest="$(ls -1t "$BACKUP_DIR"/receipts-*.tar.gz | head -n 1)"
    (cd "$BACKUP_DIR" && sha256sum -c "$(basename "$latest").sha256" >/dev/null)
    tar -tzf "$latest" >/dev/null
    log "verified $(basename "$latest")"
}

prune_old() {
    local count=0
    while IFS= read -r f; do
        count=$((count + 1))
        if (( count > KEEP )); then
            log "removing old backup $(basename "$f")"
            rm -f -- "$f" "$f.sha256"
        fi
    done < <(ls -1t "$BACKUP_DIR"/receipts-*.tar.gz 2>/dev/null)
}

make_backup
verify_latest
prune_old
log "done"
