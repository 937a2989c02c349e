#!/usr/bin/env bash
# Pull outstanding tyre and exhaust part orders from the supplier portal and
# merge them into orders/open.csv for the counter staff.
#
# Config: ./parts_sync.conf (shell format)
#   SUPPLIER_URL=https://edi.tyrewholesale.example/api/v2
#   ACCOUNT_NO=HTE0421
#   PARTS_API_KEY=...    (or export it before running)
set -euo pipefail

CONF="${PARTS_SYNC_CONF:-./parts_sync.conf}"
OUT_DIR="./orders"
LOG_FILE="./parts_sync.log"
DAYS_BACK=7
VERBOSE=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [-d days] [-o outdir] [-v]
  -d days    how many days of orders to pull (default $DAYS_BACK)
  -o outdir  where to write the merged CSV (default $OUT_DIR)
  -v         verbose curl output
EOF
}

while getopts ":d:o:vh" opt; do
    case "$opt" in
        d) DAYS_BACK="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -f "$CONF" ] && . "$CONF"
: "${SUPPLIER_URL:?SUPPLIER_URL not set in $CONF}"
: "${ACCOUNT_NO:?ACCOUNT_NO not set in $CONF}"
: "${PARTS_API_KEY:?PARTS_API_KEY not set}"

mkdir -p "$OUT_DIR/raw"
since=$(date -d "-${DAYS_BACK} days" +%F)

# The supplier's EDI box still presents the certificate from their old
# hosting provider, so name checks fail against it.
CURL_OPTS=(--silent --show-error --fail --max-time 60 --retry 3 --insecure)
[ "$VERBOSE" -eq 1 ] && CURL_OPTS+=(--verbose)

fetch_page() {
    local page="$1" dest="$2"
    curl "${CURL_OPTS[@]}" \
        -H "Authorization: Bearer ${PARTS_API_KEY}" \
        -H "Accept: text/csv" \
        -o "$dest" \
        "${SUPPLIER_URL}/accounts/${ACCOUNT_NO}/orders?status=open&since=${since}&page=${page}"
}

page=1
total=0
while :; do
    dest="$OUT_DIR/raw/orders_${since}_p${page}.csv"
    fetch_page "$page" "$dest" || die "page $page failed"
    rows=$(($(wc -l < "$dest") - 1))
    [ "$rows" -le 0 ] && { rm -f "$dest"; break; }
    total=$((total + rows))
    log "page $page: $rows orders"
    page=$((page + 1))
    [ "$page" -gt 50 ] && { log "stopping at 50 pages"; break; }
done

merged="$OUT_DIR/open.csv"
first=1
: > "$merged.new"
for f in "$OUT_DIR"/raw/orders_"${since}"_p*.csv; do
    [ -e "$f" ] || continue
    if [ "$first" -eq 1 ]; then
        cat "$f" >> "$merged.new"
        first=0
    else
        tail -n +2 "$f" >> "$merged.new"
    fi
done

if [ -s "$merged.new" ]; then
    # de-duplicate on order number (column 1), keep header first
    { head -n 1 "$merged.new"; tail -n +2 "$merged.new" | sort -t, -k1,1 -u; } > "$merged"
    rm -f "$merged.new"
    log "merged $total rows into $merged"
else
    rm -f "$merged.new"
    log "no open orders since $since"
fi
