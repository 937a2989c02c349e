#!/usr/bin/env bash
# Daily sales backup.
# Bundles the day's till exports into a dated archive in ./backups, records
# a checksum, and prunes archives older than the retention window.
set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-./exports}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
RETAIN="${RETAIN:-14}"
STATUS_URL="${STATUS_URL:-https://status.example.com/teashop/ping}"
DAY="$(date +%F)"

msg() { printf '%s %s\n' "$(date +%T)" "$*"; }

usage() {
    echo "Usage: $(basename "$0") [-r days] [-d export_dir]"
}

while getopts ":r:d:h" opt; do
    case "$opt" in
        r) RETAIN="$OPTARG" ;;
        d) EXPORT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

make_archive() {
    local archive="$BACKUP_DIR/sales_${DAY}.tar.gz"
    mkdir -p "$BACKUP_DIR"
    tar -czf "$archive" -C "$EXPORT_DIR" .
    chmod 600 "$archive"
    echo "$archive"
}

record_checksum() {
    local archive="$1"
    ( cd "$BACKUP_DIR" && sha256sum "$(basename "$archive")" >> SHA256SUMS )
    chmod 600 "$BACKUP_DIR/SHA256SUMS"
}

prune_old() {
    local n=0
    while IFS= read -r old; do
        rm -f -- "$old"
        n=$((n + 1))
    done < <(find "$BACKUP_DIR" -maxdepth 1 -name 'sales_*.tar.gz' -mtime +"$RETAIN")
    msg "pruned $n old archives"
}

check_status_page() {
    if curl -fsS -m 5 -o /dev/null "$STATUS_URL"; then
        msg "status page reachable"
    else
        msg "status page unreachable (not fatal)"
    fi
}

main() {
    if [ ! -d "$EXPORT_DIR" ] || [ -z "$(ls -A "$EXPORT_DIR")" ]; then
        msg "no exports in $EXPORT_DIR, nothing to do"
        exit 0
    fi
    local archive
    archive="$(make_archive)"
    record_checksum "$archive"
    msg "backed up to $archive ($(du -h "$archive" | cut -f1))"
    prune_old
    check_status_page
}

main
