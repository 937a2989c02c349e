#!/usr/bin/env bash
# supplier_catalog_sync.sh - nightly price/catalogue pull from suppliers
#
# Pulls each supplier's PRICAT catalogue export, checks it is well-formed,
# extracts the item lines into a CSV the stock system imports and keeps the
# last seven days of CSVs in ./catalog.
#
# Suppliers are listed in suppliers.conf as:  id|url|user
# Passwords come from CATALOG_PASS_<ID> in the environment.

set -uo pipefail

CONF="${1:-./suppliers.conf}"
OUT_DIR="./catalog"
WORK="/tmp/supplier_catalog"
KEEP_DAYS=7
STAMP="$(date +%Y%m%d)"
FAILED=0

log() { echo "$(date '+%F %T') $*"; }

[[ -r "$CONF" ]] || { log "cannot read $CONF"; exit 1; }
mkdir -p "$OUT_DIR" "$WORK"

# Several supplier portals still run on self-signed certificates from their
# EDI vendor, so the fetch has to tolerate that.
fetch_catalog() {
    local id="$1" url="$2" user="$3" dest="$4"
    local var="CATALOG_PASS_${id^^}"
    local pass="${!var:-}"
    local -a auth=()
    [[ -n "$user" && -n "$pass" ]] && auth=(-u "$user:$pass")

    local attempt
    for attempt in 1 2 3; do
        if curl --silent --show-error --fail --insecure --max-time 120 \
                "${auth[@]}" -o "$dest" "$url"; then
            return 0
        fi
        log "$id: download attempt $attempt failed"
        sleep $((attempt * 15))
    done
    return 1
}

to_csv() {
    local xml="$1" csv="$2"
    {
        echo "supplier_sku,gtin,description,unit_cost,pack_size"
        xmlstarlet sel -t -m '//Item' \
            -v 'SupplierSKU' -o ',' -v 'GTIN' -o ',"' -v 'translate(Description, "\"", "")' \
            -o '",' -v 'UnitCost' -o ',' -v 'PackSize' -n "$xml"
    } > "$csv"
}

sync_one() {
    local id="$1" url="$2" user="$3"
    local xml="$WORK/${id}.xml"
    local csv="$OUT_DIR/${id}_${STAMP}.csv"

    if ! fetch_catalog "$id" "$url" "$user" "$xml"; then
        log "$id: giving up"
        return 1
    fi
    if ! xmllint --noout "$xml" 2>"$WORK/${id}.lint"; then
        log "$id: catalogue is not well-formed, see $WORK/${id}.lint"
        return 1
    fi
    to_csv "$xml" "$csv"
    log "$id: $(($(wc -l < "$csv") - 1)) item(s) -> $csv"
}

while IFS='|' read -r id url user; do
    [[ -z "$id" || "$id" == \#* ]] && continue
    if ! sync_one "$id" "$url" "$user"; then
        FAILED=$((FAILED + 1))
    fi
done < "$CONF"

find "$OUT_DIR" -name '*.csv' -mtime +"$KEEP_DAYS" -print -delete | while read -r old; do
    log "pruned $old"
done

if (( FAILED > 0 )); then
    log "$FAILED supplier(s) failed"
    exit 1
fi
log "all suppliers synced"
