#!/bin/bash
# Nightly port movements report.  Extracts yesterday's arrivals and
# departures from the office database and drops the CSV on the port
# authority's file exchange.

set -eu

DB="${HARBOUR_DB:-$HOME/harbour/harbour.db}"
REPORT=/tmp/port_movements.csv
WORK=/tmp/port_report_work
EXCHANGE="${PORT_EXCHANGE:-ftp://ftp.port-authority.example/incoming/}"
DAY="${1:-$(date -d yesterday +%F)}"

log() { echo "$(date '+%T') $*"; }

if [ ! -f "$DB" ]; then
    echo "database $DB not found" >&2
    exit 1
fi

mkdir -p "$WORK"
rm -f "$WORK"/*.part

extract() {
    local kind="$1" column="$2"
    sqlite3 -csv -header "$DB" \
        "SELECT '$kind' AS movement, vessel, imo, berth, $column AS time
           FROM movements
          WHERE date($column) = '$DAY'
          ORDER BY $column;" > "$WORK/$kind.part"
    log "$kind: $(($(wc -l < "$WORK/$kind.part") - 1)) rows"
}

combine() {
    head -n 1 "$WORK/arrival.part" > "$REPORT"
    for part in "$WORK"/arrival.part "$WORK"/departure.part; do
        tail -n +2 "$part" >> "$REPORT"
    done
}

summary() {
    awk -F, 'NR > 1 { n[$1]++ } END { for (k in n) printf "  %-10s %d\n", k, n[k] }' "$REPORT"
}

upload() {
    local target="${EXCHANGE}harbour_movements_${DAY}.csv"
    log "uploading to $target"
    if curl -sS --ftp-create-dirs -T "$REPORT" "$target"; then
        log "upload ok"
    else
        log "upload failed; report kept at $REPORT"
        return 1
    fi
}

log "building movements report for $DAY"
extract arrival arrived_at
extract departure departed_at
combine
summary
upload
log "done"
