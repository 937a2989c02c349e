#!/usr/bin/env bash
# Submit a batch of sample labels to the label printing service.
# Reads the sample manifest (CSV), builds the batch JSON with an embedded
# Python step and posts it to the label service API using the key from
# LABEL_API_KEY.  The site logo is embedded as base64 image data.
set -euo pipefail

MANIFEST="./label_manifest.csv"
LOGO="./site_logo.png"
PRINTER="QC-ZEBRA-02"
API_URL="https://labels.example.org/api/v2/batches"
RESPONSE_FILE="./label_batch_response.json"
DRY_RUN=0

log() { echo "$(date '+%T') label-batch: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "Usage: $0 [-m manifest.csv] [-p printer] [-l logo.png] [-n]" >&2
}

while getopts "m:p:l:nh" opt; do
    case "$opt" in
        m) MANIFEST="$OPTARG" ;;
        p) PRINTER="$OPTARG" ;;
        l) LOGO="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$MANIFEST" ]] || die "manifest $MANIFEST not readable"
if [[ $DRY_RUN -eq 0 && -z "${LABEL_API_KEY:-}" ]]; then
    die "LABEL_API_KEY is not set"
fi

logo_b64() {
    if [[ -r "$LOGO" ]]; then
        base64 -w0 "$LOGO"
    else
        log "logo $LOGO not found, printing without logo"
        echo ""
    fi
}

build_batch() {
    MANIFEST_PATH="$MANIFEST" LABEL_PRINTER="$PRINTER" LOGO_B64="$(logo_b64)" \
        python3 - <<'PY'
import csv
import json
import os
import sys

labels = []
with open(os.environ["MANIFEST_PATH"], newline="", encoding="utf-8") as fh:
    for lineno, row in enumerate(csv.DictReader(fh), start=2):
        sample = (row.get("sample_id") or "").strip()
        if not sample:
            print(f"line {lineno}: missing sample_id, skipped", file=sys.stderr)
            continue
        labels.append({
            "sample_id": sample,
            "product": row.get("product", "").strip(),
            "lot": row.get("lot", "").strip(),
            "storage": row.get("storage", "2-8 C").strip(),
            "copies": int(row.get("copies") or 1),
            "barcode": {"type": "datamatrix", "value": sample},
        })
if not labels:
    sys.exit("no labels in manifest")
batch = {
    "printer": os.environ["LABEL_PRINTER"],
    "template": "sample-small-v3",
    "logo_png_base64": os.environ.get("LOGO_B64") or None,
    "labels": labels,
}
json.dump(batch, sys.stdout)
PY
}

submit() {
    curl -fsS --max-time 30 \
        -H "Authorization: Bearer ${LABEL_API_KEY}" \
        -H "Content-Type: application/json" \
        --data-binary @- \
        -o "$RESPONSE_FILE" \
        "$API_URL"
}

main() {
    local batch count
    batch=$(build_batch) || die "could not build batch"
    count=$(printf '%s' "$batch" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["labels"]))')
    log "$count labels for printer $PRINTER"
    if [[ $DRY_RUN -eq 1 ]]; then
        printf '%s\n' "$batch" > ./label_batch_preview.json
        log "dry run: batch written to ./label_batch_preview.json"
        return 0
    fi
    printf '%s' "$batch" | submit || die "submission failed"
    log "submitted; response saved to $RESPONSE_FILE"
    chmod 0600 "$RESPONSE_FILE"
}

main
