#!/usr/bin/env bash
# qa_results_upload.sh - push finished-batch QA results (density, refractive
# index, odour panel verdict, chromatogram image) to the LIMS API.
# Input: ./results/<batch>.csv with key,value lines and an optional
# ./results/<batch>.png chromatogram.
set -euo pipefail

LIMS_URL="${LIMS_URL:-https://lims.example.com/api/v1/batch-results}"
RESULTS_DIR="${RESULTS_DIR:-./results}"
BUILD_DIR="./build"
RECEIPTS="./upload_receipts.log"
KEEP_BUILD=0

log() { echo "$(date '+%F %T') $*" >&2; }

usage() {
    echo "usage: $0 [-k] [batch ...]"
    echo "  -k  keep ./build payloads after upload"
    echo "  needs LIMS_API_KEY in the environment"
}

while getopts ":kh" o; do
    case "$o" in
        k) KEEP_BUILD=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

: "${LIMS_API_KEY:?LIMS_API_KEY is not set}"
command -v jq >/dev/null || { log "jq is required"; exit 2; }

mkdir -p "$BUILD_DIR"

batches() {
    if [ $# -gt 0 ]; then
        printf '%s\n' "$@"
    else
        find "$RESULTS_DIR" -maxdepth 1 -name '*.csv' -printf '%f\n' | sed 's/\.csv$//' | sort
    fi
}

build_payload() {
    local batch="$1" csv="$RESULTS_DIR/$1.csv" png="$RESULTS_DIR/$1.png"
    local out="$BUILD_DIR/$batch.json" image=""
    [ -f "$csv" ] || { log "$batch: no results file"; return 1; }
    if [ -f "$png" ]; then
        image=$(base64 -w0 "$png")
    fi
    jq -Rn --arg batch "$batch" --arg image "$image" '
        [inputs | select(length > 0) | split(",") | {(.[0]): .[1]}] | add as $r
        | {batch: $batch, results: $r, chromatogram_png_b64: ($image | select(. != "") // null)}
    ' <"$csv" >"$out"
    chmod 0600 "$out"
    echo "$out"
}

upload() {
    local batch="$1" payload="$2" code
    code=$(curl -sS -o "$BUILD_DIR/$batch.resp" -w '%{http_code}' --max-time 60 \
        -H "Authorization: Bearer ${LIMS_API_KEY}" \
        -H "Content-Type: application/json" \
        --data-binary "@$payload" \
        "$LIMS_URL") || code="000"
    echo "$code"
}

ok=0; failed=0
while read -r batch; do
    [ -n "$batch" ] || continue
    payload=$(build_payload "$batch") || { failed=$((failed + 1)); continue; }
    code=$(upload "$batch" "$payload")
    if [ "$code" = "200" ] || [ "$code" = "201" ]; then
        echo "$(date -Is) $batch $code" >>"$RECEIPTS"
        log "$batch uploaded"
        ok=$((ok + 1))
    else
        log "$batch failed (HTTP $code)"
        failed=$((failed + 1))
    fi
done < <(batches "$@")

if [ "$KEEP_BUILD" -eq 0 ] && [ "$failed" -eq 0 ]; then
    rm -rf -- "$BUILD_DIR"
fi
log "$ok uploaded, $failed failed"
[ "$failed" -eq 0 ]
