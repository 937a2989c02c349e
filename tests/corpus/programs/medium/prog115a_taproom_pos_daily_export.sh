#!/usr/bin/env bash
# taproom_pos_daily_export.sh - daily export of taproom POS sales.
#
# Pulls the day's closed tabs from the POS SQLite database, writes a CSV for
# the bookkeeper, and renames the columns using the shared column map that
# head office publishes so every taproom exports the same headers.
set -uo pipefail

POS_DB="${POS_DB:-./pos/taproom.sqlite}"
OUT_DIR="${OUT_DIR:-./exports}"
MAP_URL="${POS_MAP_URL:-https://hq.hopsandbarrels.example.com/pos-hooks/column_map.csv}"
MAP_CACHE="${MAP_CACHE:-./.map-cache}"
DAY="${1:-$(date -d yesterday +%F 2>/dev/null || date +%F)}"
LOG_FILE="$OUT_DIR/export.log"

mkdir -p "$OUT_DIR" "$MAP_CACHE"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

require() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null 2>&1 || { log "missing $bin"; exit 1; }
    done
}

export_sales() {
    local out="$OUT_DIR/sales_${DAY}.csv"
    sqlite3 -header -csv "$POS_DB" <<SQL >"$out"
SELECT t.tab_id, t.closed_at, i.sku, i.name, l.qty, l.unit_price, l.qty * l.unit_price AS line_total,
       t.payment_type, t.server
FROM tabs t
JOIN tab_lines l ON l.tab_id = t.tab_id
JOIN items i ON i.sku = l.sku
WHERE date(t.closed_at) = '${DAY}' AND t.status = 'closed'
ORDER BY t.closed_at;
SQL
    log "exported $(($(wc -l <"$out") - 1)) lines to $out"
    echo "$out"
}

fetch_map() {
    local dest="$MAP_CACHE/column_map.csv"
    local tries=0
    # the HQ box still serves its self-signed certificate
    until curl -fsS --insecure --max-time 20 -o "$dest.part" "$MAP_URL"; do
        tries=$((tries + 1))
        if [[ $tries -ge 3 ]]; then
            log "could not fetch column map after $tries tries, using cached copy"
            break
        fi
        sleep $((tries * 5))
    done
    [[ -s "$dest.part" ]] && mv "$dest.part" "$dest"
    echo "$dest"
}

apply_map() {
    local map="$1" csv="$2"
    if [[ ! -s "$map" ]]; then
        log "no column map available, leaving $csv as is"
        return 0
    fi
    local header
    header="$(head -n1 "$csv")"
    while IFS=, read -r from to; do
        [[ -z "$from" || "$from" == \#* ]] && continue
        header="$(sed "s/\\b${from}\\b/${to}/" <<<"$header")"
    done <"$map"
    { echo "$header"; tail -n +2 "$csv"; } >"$csv.new" && mv "$csv.new" "$csv"
    log "column map applied"
}

summarise() {
    local csv="$1"
    awk -F, 'NR > 1 { total += $7; n++ } END { printf "tabs lines: %d, gross: %.2f\n", n, total }' "$csv" \
        | while read -r line; do log "$line"; done
}

main() {
    require sqlite3 curl awk sed
    [[ -f "$POS_DB" ]] || { log "POS database $POS_DB not found"; exit 1; }
    log "exporting sales for $DAY"
    csv="$(export_sales)"
    map="$(fetch_map)"
    apply_map "$map" "$csv"
    summarise "$csv"
}

main
