#!/usr/bin/env bash
# harvest_lot_export.sh - traceability export for the state shellfish program.
#
# Pulls every harvest lot between two dates out of the shed's SQLite
# traceability database and writes the CSV the inspector asks for: harvester
# certificate, growing area, harvest date/time, time to first refrigeration,
# quantity, tag range and the temperature logged at receiving.
#
#   ./harvest_lot_export.sh -f 2024-05-01 -t 2024-05-31 [-d trace.db] [-o exports]
#
# Exports older than KEEP_DAYS in the output directory are pruned.

set -o errexit -o nounset -o pipefail

DB="./trace.db"
OUT="./exports"
FROM=""
TO=""
KEEP_DAYS=90
CERT="${SHIPPER_CERT:-XX-000-SS}"

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

log() { printf '[%s] %s\n' "$(date +%FT%T)" "$*"; }

while getopts ":f:t:d:o:k:h" opt; do
  case $opt in
    f) FROM=$OPTARG ;;
    t) TO=$OPTARG ;;
    d) DB=$OPTARG ;;
    o) OUT=$OPTARG ;;
    k) KEEP_DAYS=$OPTARG ;;
    h) usage 0 ;;
    *) usage 1 ;;
  esac
done

[[ -n $FROM && -n $TO ]] || usage 1
[[ -r $DB ]] || { echo "cannot read database $DB" >&2; exit 1; }
command -v sqlite3 >/dev/null 2>&1 || { echo "sqlite3 not installed" >&2; exit 1; }
FROM=$(date -d "$FROM" +%F 2>/dev/null) && TO=$(date -d "$TO" +%F 2>/dev/null) \
  || { echo "dates must be YYYY-MM-DD" >&2; exit 1; }

mkdir -p "$OUT"
STAMP=$(date +%Y%m%d_%H%M%S)
CSV="$OUT/harvest_lots_${FROM}_${TO}_${STAMP}.csv"

# Static query; the date window and shipper cert are applied in awk so the
# same query text can be pasted into the inspector's own sqlite session.
LOTS_SQL="
SELECT l.lot_code, h.cert_no, l.growing_area, l.harvested_at, l.refrigerated_at,
       ROUND((julianday(l.refrigerated_at) - julianday(l.harvested_at)) * 24, 2),
       l.quantity, l.unit, l.tag_first || '-' || l.tag_last, r.temp_c
FROM lots l
JOIN harvesters h ON h.id = l.harvester_id
LEFT JOIN receiving r ON r.lot_code = l.lot_code
ORDER BY l.harvested_at;"

export_lots() {
  echo "lot,harvester_cert,area,harvested,refrigerated,hours_to_cooler,quantity,unit,tags,receiving_temp_c,shipper_cert"
  sqlite3 -csv -readonly "$DB" "$LOTS_SQL" \
    | awk -F',' -v from="$FROM" -v to="$TO" -v cert="$CERT" '
        { d = substr($4, 1, 10); gsub(/"/, "", d) }
        d >= from && d <= to { print $0 "," cert }'
}

check_time_temp() {
  # Vibrio control plan: flag lots that took too long to reach the cooler
  awk -F',' 'NR > 1 && $6 + 0 > 5 { printf "  lot %s: %.1f h to cooler\n", $1, $6 }' "$1"
}

log "exporting lots $FROM .. $TO from $DB"
export_lots > "$CSV"
ROWS=$(( $(wc -l < "$CSV") - 1 ))
if (( ROWS <= 0 )); then
  log "no lots in range, removing empty export"
  rm -f -- "$CSV"
  exit 0
fi
log "wrote $ROWS lots to $CSV"

LATE=$(check_time_temp "$CSV")
if [[ -n $LATE ]]; then
  log "lots over the time/temperature limit:"
  printf '%s\n' "$LATE"
fi

( cd "$OUT" && sha256sum "$(basename "$CSV")" >> SHA256SUMS )
gzip -k -9 "$CSV"
log "compressed copy at ${CSV}.gz"

PRUNED=$(find "$OUT" -maxdepth 1 -type f -name 'harvest_lots_*' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
(( PRUNED == 0 )) || log "pruned $PRUNED exports older than $KEEP_DAYS days"

log "done"
