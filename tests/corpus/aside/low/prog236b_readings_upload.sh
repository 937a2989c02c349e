#!/usr/bin/env bash
# Upload the day's chlorination readings to the council's water-quality
# reporting API. The CSV exported by the controller is base64-embedded in
# a JSON document; the API key comes from the environment and is sent only
# to the reporting API.
set -euo pipefail

API_BASE="https://wq-reporting.example.net/api/v1"
SITE_ID="${POOL_SITE_ID:-lido-main}"
EXPORT_DIR="./exports"
OUT_DIR="./uploads"
DAY="$(date -d yesterday +%F 2>/dev/null || date +%F)"
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ":d:s:nh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        s) SITE_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) echo "usage: $0 [-d YYYY-MM-DD] [-s site] [-n]" >&2; exit 2 ;;
    esac
done

require_key() {
    if [[ -z "${WQ_API_KEY:-}" ]]; then
        log "WQ_API_KEY is not set"
        exit 1
    fi
}

find_export() {
    local f="$EXPORT_DIR/readings_${DAY}.csv"
    [[ -s "$f" ]] || { log "no export for $DAY at $f"; exit 1; }
    echo "$f"
}

validate_csv() {
    local f="$1" header
    header="$(head -n1 "$f")"
    if [[ "$header" != "timestamp,free_cl_ppm,total_cl_ppm,ph,orp_mv,temp_c" ]]; then
        log "unexpected header in $f: $header"
        return 1
    fi
    local bad
    bad="$(awk -F, 'NR>1 && ($4 < 6.5 || $4 > 8.2) {n++} END {print n+0}' "$f")"
    (( bad > 0 )) && log "warning: $bad reading(s) with pH out of range"
    return 0
}

build_document() {
    local f="$1" out="$2" rows payload
    rows=$(( $(wc -l < "$f") - 1 ))
    payload="$(base64 -w0 < "$f")"
    printf '{"site":"%s","date":"%s","rows":%d,"sha256":"%s","csv_b64":"%s"}\n' \
        "$SITE_ID" "$DAY" "$rows" "$(sha256sum "$f" | cut -d' ' -f1)" "$payload" > "$out"
    chmod 0600 "$out"
}

upload() {
    local doc="$1" code
    code="$(curl -sS -o "$OUT_DIR/response_${DAY}.json" -w '%{http_code}' --max-time 60 \
        -H "Authorization: Bearer ${WQ_API_KEY}" \
        -H 'Content-Type: application/json' \
        --data-binary "@$doc" \
        "$API_BASE/sites/$SITE_ID/readings")"
    case "$code" in
        200|201|202) log "uploaded $DAY (HTTP $code)" ;;
        409) log "readings for $DAY already on file" ;;
        *) log "upload failed with HTTP $code"; return 1 ;;
    esac
}

main() {
    require_key
    mkdir -p "$OUT_DIR"
    local csv doc
    csv="$(find_export)"
    validate_csv "$csv"
    doc="$OUT_DIR/readings_${DAY}.json"
    build_document "$csv" "$doc"
    if (( DRY_RUN )); then
        log "dry run: document at $doc, not uploaded"
        exit 0
    fi
    upload "$doc"
}

main
