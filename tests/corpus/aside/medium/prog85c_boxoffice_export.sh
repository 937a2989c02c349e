#!/bin/sh
# boxoffice_export.sh -- end-of-night sales export for the finance office
#
# Reads the box-office POS database (SQLite, written by the till software),
# produces per-performance CSVs of sales, comps and refunds, and a summary
# line for the settlement sheet. Output lands in ./exports/YYYY-MM-DD/.
#
# usage: boxoffice_export.sh [-d pos.sqlite] [-D YYYY-MM-DD] [-k days_to_keep]

set -eu

DB="./data/pos.sqlite"
DAY=$(date +%F)
KEEP_DAYS=30
EXPORT_ROOT="./exports"
WORK="/tmp/boxoffice_export"
LOGFILE="./logs/boxoffice_export.log"

while getopts "d:D:k:h" opt; do
    case "$opt" in
        d) DB=$OPTARG ;;
        D) DAY=$OPTARG ;;
        k) KEEP_DAYS=$OPTARG ;;
        *) sed -n '2,9p' "$0"; exit 2 ;;
    esac
done

mkdir -p "$(dirname "$LOGFILE")"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2
}

[ -r "$DB" ] || { log "cannot read POS database $DB"; exit 1; }
command -v sqlite3 >/dev/null 2>&1 || { log "sqlite3 not installed"; exit 1; }

mkdir -p "$WORK"
rm -f "$WORK"/*.csv

run_query() {
    # $1 = output name, $2 = SQL
    sqlite3 -header -csv "$DB" "$2" > "$WORK/$1.csv" || {
        log "query for $1 failed"
        return 1
    }
    log "$1: $(($(wc -l < "$WORK/$1.csv") - 1)) rows"
}

run_query sales "
SELECT p.code AS performance, t.band, COUNT(*) AS tickets, SUM(t.price_pence)/100.0 AS gross
FROM tickets t JOIN performances p ON p.id = t.performance_id
WHERE date(t.sold_at) = '$DAY' AND t.status = 'SOLD'
GROUP BY p.code, t.band ORDER BY p.code, t.band;"

run_query comps "
SELECT p.code AS performance, t.comp_reason, COUNT(*) AS tickets
FROM tickets t JOIN performances p ON p.id = t.performance_id
WHERE date(t.sold_at) = '$DAY' AND t.status = 'COMP'
GROUP BY p.code, t.comp_reason;"

run_query refunds "
SELECT r.ticket_id, p.code AS performance, r.amount_pence/100.0 AS amount, r.operator
FROM refunds r JOIN tickets t ON t.id = r.ticket_id
JOIN performances p ON p.id = t.performance_id
WHERE date(r.refunded_at) = '$DAY';"

gross=$(awk -F, 'NR>1 {s += $4} END {printf "%.2f", s}' "$WORK/sales.csv")
refunded=$(awk -F, 'NR>1 {s += $3} END {printf "%.2f", s}' "$WORK/refunds.csv")
log "day $DAY gross=$gross refunds=$refunded"

dest="$EXPORT_ROOT/$DAY"
mkdir -p "$dest"
for f in "$WORK"/*.csv; do
    gzip -c "$f" > "$dest/$(basename "$f").gz"
done
printf '%s,%s,%s\n' "$DAY" "$gross" "$refunded" >> "$EXPORT_ROOT/settlement.csv"
chmod 0600 "$dest"/*.gz

# keep the export tree from growing forever
find "$EXPORT_ROOT" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP_DAYS" -print | while read -r old; do
    log "removing old export $old"
    rm -rf "$old"
done

log "export for $DAY written to $dest"
