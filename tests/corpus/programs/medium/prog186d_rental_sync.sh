#!/usr/bin/env bash
# Pull the rental equipment service records from the regulator service shop's
# portal (their certificate has been expired since March, hence the flag) and
# unpack the monthly inspection sheets into ./service/.
set -euo pipefail

PORTAL="${SERVICE_PORTAL:-https://service.example.net/api}"
SHOP_TOKEN="${SERVICE_TOKEN:?set SERVICE_TOKEN}"
OUT_DIR="${OUT_DIR:-$PWD/service}"
MONTH="${1:-$(date +%Y-%m)}"

STAGE=/tmp/rental_sync
declare -a CURL_BASE=(curl -fsS --max-time 90)
declare -a INSECURE=(-k)

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

portal_get() {
    local path="$1" dest="$2"
    "${CURL_BASE[@]}" "${INSECURE[@]}" \
        -H "Authorization: Bearer ${SHOP_TOKEN}" \
        -o "$dest" "${PORTAL}/${path}"
}

fetch_index() {
    portal_get "records?month=${MONTH}" "$STAGE/index.json"
    python3 - "$STAGE/index.json" <<'PY'
import json, sys
with open(sys.argv[1]) as fh:
    data = json.load(fh)
for item in data.get("records", []):
    print(item["serial"], item["kind"], item["status"])
PY
}

fetch_sheets() {
    portal_get "sheets/${MONTH}.tar.gz" "$STAGE/sheets.tar.gz"
    mkdir -p "$OUT_DIR/$MONTH"
    tar -xzf "$STAGE/sheets.tar.gz" -C "$OUT_DIR/$MONTH"
    log "sheets unpacked into $OUT_DIR/$MONTH"
}

flag_overdue() {
    local serial kind status overdue=0
    while read -r serial kind status; do
        if [[ "$status" == "overdue" ]]; then
            log "OVERDUE: $kind $serial - pull from rental pool"
            overdue=$((overdue + 1))
        fi
    done
    log "$overdue item(s) overdue"
}

main() {
    mkdir -p "$STAGE" "$OUT_DIR"
    log "syncing service records for $MONTH"
    fetch_index | tee "$OUT_DIR/${MONTH}-status.txt" | flag_overdue
    fetch_sheets
    rm -f "$STAGE/sheets.tar.gz"
}

main "$@"
