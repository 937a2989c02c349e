#!/usr/bin/env bash
# Pull today's imaging worklist from the teaching PACS DICOMweb (QIDO-RS)
# endpoint and print a compact table for the radiology rounds whiteboard.
# The training PACS uses a self-signed certificate issued by the lab.
set -euo pipefail

PACS_BASE="${PACS_BASE:-https://pacs-train.vetteaching.example.org/dicom-web}"
DAY="${DAY:-$(date +%Y%m%d)}"
MODALITY="${MODALITY:-}"
OUT_DIR="${OUT_DIR:-./worklists}"
LIMIT="${LIMIT:-200}"

CURL_OPTS=(
    --silent --show-error --fail
    --max-time 30
    --retry 2
    --insecure
    -H "Accept: application/dicom+json"
)

log() { echo "[worklist] $*" >&2; }

qido_url() {
    local url="$PACS_BASE/studies?StudyDate=$DAY&limit=$LIMIT&includefield=00081030"
    [[ -n "$MODALITY" ]] && url="$url&ModalitiesInStudy=$MODALITY"
    printf '%s' "$url"
}

fetch_studies() {
    local out="$1"
    curl "${CURL_OPTS[@]}" "$(qido_url)" -o "$out"
}

render_table() {
    local json="$1"
    if ! command -v jq >/dev/null; then
        log "jq not installed; raw JSON left at $json"
        return 0
    fi
    printf '%-10s %-14s %-22s %-6s %s\n' "TIME" "PATIENT_ID" "PATIENT" "MOD" "DESCRIPTION"
    jq -r '
        .[] | [
          (.["00080030"].Value[0] // "------" | tostring | .[0:4]),
          (.["00100020"].Value[0] // "?"),
          (.["00100010"].Value[0].Alphabetic // "?"),
          (.["00080061"].Value[0] // "?"),
          (.["00081030"].Value[0] // "")
        ] | @tsv' "$json" |
    sort |
    while IFS=$'\t' read -r t pid name mod desc; do
        printf '%-10s %-14s %-22.22s %-6s %s\n' "${t:0:2}:${t:2:2}" "$pid" "$name" "$mod" "$desc"
    done
}

summarise() {
    local json="$1"
    command -v jq >/dev/null || return 0
    log "studies: $(jq 'length' "$json")"
    jq -r '.[] | .["00080061"].Value[0] // "?"' "$json" | sort | uniq -c | while read -r c m; do
        log "  $m: $c"
    done
}

main() {
    local file
    mkdir -p "$OUT_DIR"
    file="$OUT_DIR/worklist-$DAY${MODALITY:+-$MODALITY}.json"
    log "querying $(qido_url)"
    if ! fetch_studies "$file"; then
        log "query failed"
        exit 1
    fi
    render_table "$file"
    summarise "$file"
}

main "$@"
