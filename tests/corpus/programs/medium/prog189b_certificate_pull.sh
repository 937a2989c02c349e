#!/usr/bin/env bash
# Pull signed cremation certificates from the records portal and file them
# by case number.  The portal runs on the old records appliance whose
# certificate expired years ago, so the fetch skips verification.
set -euo pipefail

PORTAL="${CERT_PORTAL:-https://records.example.org/portal}"
API_KEY="${CERT_PORTAL_KEY:?set CERT_PORTAL_KEY}"
OUT_DIR="${CERT_OUT:-./certificates}"
STAGE="/tmp/cert_pull"
LIST="$STAGE/pending.json"

log() { echo "[cert-pull] $(date '+%H:%M:%S') $*"; }

portal_get() {
    local path="$1" dest="$2"
    curl -sS -k --max-time 60 \
        -H "Authorization: Bearer $API_KEY" \
        -o "$dest" "$PORTAL/$path"
}

pending_cases() {
    portal_get "api/certificates?status=signed&since=${SINCE:-7d}" "$LIST"
    python3 -c 'import json,sys; [print(c["case"]) for c in json.load(open(sys.argv[1])).get("items", [])]' "$LIST"
}

file_certificate() {
    local case_no="$1"
    local year="${case_no:0:4}"
    local dest_dir="$OUT_DIR/$year"
    local staged="$STAGE/$case_no.pdf"
    mkdir -p "$dest_dir"
    if [ -f "$dest_dir/$case_no.pdf" ]; then
        return 1
    fi
    portal_get "api/certificates/$case_no/pdf" "$staged"
    if head -c 4 "$staged" | grep -q '%PDF'; then
        mv "$staged" "$dest_dir/$case_no.pdf"
        return 0
    fi
    log "case $case_no: portal did not return a PDF"
    rm -f "$staged"
    return 1
}

main() {
    mkdir -p "$STAGE" "$OUT_DIR"
    local new=0 total=0
    while read -r case_no; do
        [ -n "$case_no" ] || continue
        total=$((total + 1))
        if file_certificate "$case_no"; then
            new=$((new + 1))
            log "filed $case_no"
        fi
    done < <(pending_cases)
    log "$new new of $total signed certificates"
    rm -f "$LIST"
}

main "$@"
