#!/usr/bin/env bash
# prov_order_submit.sh - submit cell-site provisioning orders from a CSV to
# the provisioning API. The API token is taken from PROV_API_TOKEN and sent
# only to the provisioning API.
#
# CSV columns: site_id,technology,carrier_mhz,sectors,oam_ip
# Usage: prov_order_submit.sh -f ORDERS.csv [-n]   (-n = dry run)
set -euo pipefail

PROV_API="${PROV_API:-https://prov.example.com/api/v1}"
ORDERS=""
DRY_RUN=0
RESULT_DIR="./orders"

log() { echo "$(date +%T) $*" >&2; }

while getopts ":f:n" opt; do
    case "$opt" in
        f) ORDERS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 -f ORDERS.csv [-n]" >&2; exit 2 ;;
    esac
done

[[ -r "$ORDERS" ]] || { log "orders file not readable: $ORDERS"; exit 2; }
if (( ! DRY_RUN )) && [[ -z "${PROV_API_TOKEN:-}" ]]; then
    log "PROV_API_TOKEN is not set"
    exit 2
fi
mkdir -p "$RESULT_DIR"

# build one JSON document per CSV row; python gets the row fields via env
row_to_json() {
    ROW_SITE="$1" ROW_TECH="$2" ROW_CARRIER="$3" ROW_SECTORS="$4" ROW_OAM="$5" \
    python3 -c '
import ipaddress, json, os, sys
try:
    order = {
        "site_id": os.environ["ROW_SITE"].strip(),
        "technology": os.environ["ROW_TECH"].strip().upper(),
        "carrier_mhz": float(os.environ["ROW_CARRIER"]),
        "sectors": int(os.environ["ROW_SECTORS"]),
        "oam_ip": str(ipaddress.ip_address(os.environ["ROW_OAM"].strip())),
    }
except (ValueError, KeyError) as exc:
    sys.exit(f"invalid row: {exc}")
if order["technology"] not in ("LTE", "NR"):
    sys.exit("technology must be LTE or NR")
print(json.dumps(order))
'
}

submit() {
    local site="$1" body="$2" out="$RESULT_DIR/$1.json" code
    if (( DRY_RUN )); then
        log "dry run $site: $body"
        return 0
    fi
    code="$(curl -sS --max-time 30 -o "$out" -w '%{http_code}' \
        -X POST "$PROV_API/orders" \
        -H "Authorization: Bearer $PROV_API_TOKEN" \
        -H 'Content-Type: application/json' \
        --data "$body")"
    chmod 0600 "$out"
    if [[ "$code" =~ ^20[01]$ ]]; then
        log "$site accepted ($code)"
        return 0
    fi
    log "$site rejected ($code), see $out"
    return 1
}

main() {
    local ok=0 bad=0 line_no=0
    local site tech carrier sectors oam body
    while IFS=, read -r site tech carrier sectors oam; do
        line_no=$((line_no + 1))
        [[ $line_no -eq 1 && "$site" == "site_id" ]] && continue
        [[ -n "$site" ]] || continue
        if ! body="$(row_to_json "$site" "$tech" "$carrier" "$sectors" "$oam")"; then
            log "line $line_no skipped"
            bad=$((bad + 1))
            continue
        fi
        if submit "$site" "$body"; then
            ok=$((ok + 1))
        else
            bad=$((bad + 1))
        fi
    done < "$ORDERS"
    log "submitted $ok order(s), $bad failed"
    (( bad == 0 ))
}

main
