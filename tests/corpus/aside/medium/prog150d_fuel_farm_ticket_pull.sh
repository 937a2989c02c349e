#!/usr/bin/env bash
# fuel_farm_ticket_pull.sh - pull the day's delivery tickets from the fuel
# farm tank monitor and drop them into ./tickets for the bookkeeper.
#
# The tank monitor (old Veeder-style unit) only offers plain FTP, and
# publishes a tarball of tickets per day.

set -u

FARM_HOST="${FARM_HOST:-198.51.100.24}"
FARM_USER="${FARM_USER:-tickets}"
FARM_PASS="${FARM_PASS:-}"
STAGE="/tmp/fuelfarm_tickets"
DEST="${DEST:-./tickets}"
DAY="${1:-$(date +%Y%m%d)}"
RETRIES=3

log() { echo "$(date '+%H:%M:%S') $*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing tool: $1"; exit 1; }
}

fetch_bundle() {
    local name="tickets_${DAY}.tgz" n=0
    mkdir -p "$STAGE"
    while [ "$n" -lt "$RETRIES" ]; do
        if curl -s --max-time 60 --user "${FARM_USER}:${FARM_PASS}" \
             "ftp://${FARM_HOST}/export/${name}" -o "$STAGE/$name"; then
            echo "$STAGE/$name"
            return 0
        fi
        n=$((n + 1))
        log "ftp attempt $n failed, retrying"
        sleep 5
    done
    return 1
}

unpack_bundle() {
    local bundle="$1"
    rm -rf "$STAGE/unpacked"
    mkdir -p "$STAGE/unpacked"
    tar -xzf "$bundle" -C "$STAGE/unpacked"
}

collect_tickets() {
    mkdir -p "$DEST/$DAY"
    local count=0 f
    for f in "$STAGE"/unpacked/*.txt "$STAGE"/unpacked/*.csv; do
        [ -e "$f" ] || continue
        cp "$f" "$DEST/$DAY/"
        count=$((count + 1))
    done
    log "$count ticket files copied to $DEST/$DAY"
}

summary() {
    local csv="$DEST/$DAY/deliveries.csv"
    if [ -f "$csv" ]; then
        awk -F, 'NR>1 {g+=$4} END {printf "total delivered: %.1f gal\n", g}' "$csv"
    fi
}

main() {
    need curl
    need tar
    if [ -z "$FARM_PASS" ]; then
        log "FARM_PASS not set"
        exit 1
    fi
    log "pulling tickets for $DAY from $FARM_HOST"
    bundle=$(fetch_bundle) || { log "could not download bundle"; exit 1; }
    unpack_bundle "$bundle" || { log "bundle corrupt"; exit 1; }
    collect_tickets
    summary
}

main
