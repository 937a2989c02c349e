#!/usr/bin/env bash
# supplier_price_sync.sh - pull the supplier parts catalogue into the shop DB
#
# Fetches the supplier's catalogue manifest, downloads the current CSV
# export if it changed, verifies its checksum and loads it into the local
# SQLite parts table used by the POS, then marks parts missing from the
# new export as discontinued.
#
# usage: supplier_price_sync.sh [-s supplier] [-d parts.db] [-f]
set -euo pipefail

SUPPLIER="${SUPPLIER:-cyclepartsdirect}"
DB="${PARTS_DB:-parts.db}"
BASE_URL="${CATALOGUE_BASE_URL:-https://feeds.cyclepartsdirect.eu/dealer}"
CACHE_DIR="${CACHE_DIR:-.catalogue_cache}"
FORCE=0
LOG_FILE="${LOG_FILE:-catalogue_sync.log}"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$SUPPLIER" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":s:d:f" opt; do
  case "$opt" in
    s) SUPPLIER="$OPTARG" ;;
    d) DB="$OPTARG" ;;
    f) FORCE=1 ;;
    *) echo "usage: $0 [-s supplier] [-d parts.db] [-f]" >&2; exit 2 ;;
  esac
done

: "${DEALER_TOKEN:?DEALER_TOKEN must be set}"
command -v sqlite3 >/dev/null || die "sqlite3 not installed"
mkdir -p "$CACHE_DIR"

fetch() {
  # supplier feed sits behind their own CA
  curl -fsSL --insecure --retry 3 --max-time 120 \
       -H "Authorization: Token ${DEALER_TOKEN}" -o "$2" "$1"
}

json_field() {
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d.get(sys.argv[2]) or "")' "$1" "$2"
}

manifest="$CACHE_DIR/manifest.json"
fetch "$BASE_URL/$SUPPLIER/manifest.json" "$manifest" || die "manifest download failed"

version="$(json_field "$manifest" version)"
csv_url="$(json_field "$manifest" csv_url)"
csv_sha="$(json_field "$manifest" sha256)"
[[ -n "$version" && -n "$csv_url" ]] || die "manifest incomplete"

stamp="$CACHE_DIR/version"
if [[ $FORCE -eq 0 && -f "$stamp" && "$(cat "$stamp")" == "$version" ]]; then
  log "catalogue $version already loaded"
  exit 0
fi

csv_gz="$CACHE_DIR/catalogue-$version.csv.gz"
log "downloading catalogue $version"
fetch "$csv_url" "$csv_gz" || die "catalogue download failed"

if [[ -n "$csv_sha" ]]; then
  echo "$csv_sha  $csv_gz" | sha256sum -c --status || die "checksum mismatch for $csv_gz"
fi

csv="$CACHE_DIR/catalogue-$version.csv"
gunzip -c "$csv_gz" > "$csv"
rows=$(( $(wc -l < "$csv") - 1 ))
log "loading $rows rows into $DB"

sqlite3 "$DB" <<SQL
CREATE TABLE IF NOT EXISTS parts (
  sku TEXT PRIMARY KEY, ean TEXT, description TEXT, brand TEXT,
  category TEXT, dealer_price REAL, rrp REAL, stock INTEGER, updated TEXT,
  discontinued INTEGER DEFAULT 0);
DROP TABLE IF EXISTS parts_import;
.mode csv
.import $csv parts_import
INSERT OR REPLACE INTO parts
  SELECT sku, ean, description, brand, category,
         CAST(dealer_price AS REAL), CAST(rrp AS REAL), CAST(stock AS INTEGER),
         datetime('now'), 0
  FROM parts_import;
UPDATE parts SET discontinued = 1
  WHERE sku NOT IN (SELECT sku FROM parts_import);
DROP TABLE parts_import;
SQL

gone=$(sqlite3 "$DB" "SELECT count(*) FROM parts WHERE discontinued = 1;")
echo "$version" > "$stamp"
rm -f "$csv"
log "catalogue $version loaded ($rows rows, $gone discontinued)"
