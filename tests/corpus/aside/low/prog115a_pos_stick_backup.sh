#!/usr/bin/env bash
# pos_stick_backup.sh - copy the taproom POS database and exports to the
# rotating USB stick the manager takes home each Sunday.
#
# The desktop auto-mounts the stick under /media/$USER/<label>; this script
# writes a dated tarball plus checksum there and prunes old backups.
set -euo pipefail

LABEL="${BACKUP_LABEL:-TAPROOMBAK}"
STICK_DIR="${BACKUP_DIR:-/media/$USER/$LABEL}"
POS_DIR="${POS_DIR:-./pos}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
KEEP="${KEEP_BACKUPS:-8}"
STAMP="$(date +%Y%m%d-%H%M)"

log() { echo "[$(date +%T)] $*"; }

find_stick() {
    if [[ -d "$STICK_DIR" && -w "$STICK_DIR" ]]; then
        echo "$STICK_DIR"
        return
    fi
    local alt
    alt="$(findmnt -rn -o TARGET -S LABEL="$LABEL" 2>/dev/null || true)"
    if [[ -n "$alt" && -w "$alt" ]]; then
        echo "$alt"
        return
    fi
    log "USB stick $LABEL is not mounted - plug it in and open it in the file manager"
    exit 1
}

snapshot_db() {
    local src="$POS_DIR/taproom.sqlite" dst="$POS_DIR/taproom.snapshot.sqlite"
    sqlite3 "$src" ".backup '$dst'"
    echo "$dst"
}

write_backup() {
    local snap="$1" target="$2"
    local dest="$target/pos-$STAMP.tar.gz"
    tar -czf "$dest" -C "$(dirname "$snap")" "$(basename "$snap")" \
        -C "$(cd "$EXPORT_DIR" && pwd)/.." "$(basename "$EXPORT_DIR")"
    (cd "$target" && sha256sum "$(basename "$dest")" >"$(basename "$dest").sha256")
    log "wrote $dest ($(du -h "$dest" | cut -f1))"
    rm -f "$snap"
}

prune_old() {
    local target="$1" old
    mapfile -t old < <(ls -1t "$target"/pos-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    for f in "${old[@]}"; do
        rm -f "$f" "$f.sha256"
        log "pruned $(basename "$f")"
    done
}

main() {
    [[ -f "$POS_DIR/taproom.sqlite" ]] || { log "no POS database in $POS_DIR"; exit 1; }
    target="$(find_stick)"
    snap="$(snapshot_db)"
    write_backup "$snap" "$target"
    prune_old "$target"
    sync
    log "backup complete - safe to eject $LABEL"
}

main "$@"
