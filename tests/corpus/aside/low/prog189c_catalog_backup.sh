#!/usr/bin/env bash
# Snapshot the web-shop catalogue project before a bulk price change.
# Packs the catalogue sources into ./backups with a checksum, keeps the
# newest few snapshots, and clears the project's own build output.
set -euo pipefail

PROJECT_DIR="${PROJECT_DIR:-$PWD}"
BACKUP_DIR="$PROJECT_DIR/backups"
KEEP="${KEEP:-7}"
STATUS_URL="${CATALOG_STATUS_URL:-https://shop.example.com/catalog/version.json}"

log() { printf '%s  %s\n' "$(date '+%F %T')" "$*"; }

usage() {
    echo "usage: $(basename "$0") [-k keep] [-n]"
    echo "  -k N   number of snapshots to keep (default $KEEP)"
    echo "  -n     skip the live-catalogue version check"
}

CHECK_LIVE=1
while getopts ":k:nh" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        n) CHECK_LIVE=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

live_version() {
    curl -fsS --max-time 10 "$STATUS_URL" 2>/dev/null | sed -n 's/.*"version" *: *"\([^"]*\)".*/\1/p'
}

snapshot() {
    local stamp name
    stamp="$(date +%Y%m%d-%H%M%S)"
    name="catalog-$stamp.tar.gz"
    mkdir -p "$BACKUP_DIR"
    tar -czf "$BACKUP_DIR/$name" -C "$PROJECT_DIR" \
        --exclude=./backups --exclude=./build --exclude=./.cache \
        products images templates prices.csv 2>/dev/null || \
    tar -czf "$BACKUP_DIR/$name" -C "$PROJECT_DIR" --exclude=./backups --exclude=./build .
    ( cd "$BACKUP_DIR" && sha256sum "$name" > "$name.sha256" )
    chmod 0600 "$BACKUP_DIR/$name"
    log "snapshot $name ($(du -h "$BACKUP_DIR/$name" | cut -f1))"
}

prune() {
    local old
    mapfile -t old < <(ls -1t "$BACKUP_DIR"/catalog-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    for f in "${old[@]}"; do
        rm -f -- "$f" "$f.sha256"
        log "pruned $(basename "$f")"
    done
}

clean_build() {
    if [[ -d "$PROJECT_DIR/build" ]]; then
        rm -rf -- "$PROJECT_DIR/build"
        log "removed build output"
    fi
    find "$PROJECT_DIR" -name '__pycache__' -type d -prune -exec rm -rf {} +
}

main() {
    if (( CHECK_LIVE )); then
        log "live catalogue version: $(live_version || echo unknown)"
    fi
    snapshot
    prune
    clean_build
    log "done"
}

main "$@"
