#!/usr/bin/env bash
# Send approved memorial plaque proofs to the foundry and fetch their
# production status sheet.
#
# The foundry only offers FTP for artwork drop-off. Proofs are renamed to
# the foundry's convention (ORDERNO_surname.pdf), zipped per batch and
# uploaded; the status sheet is downloaded from their web portal.
#
# Usage: plaque_proof_ftp.sh PROOF_DIR [BATCH_NAME]

set -euo pipefail

PROOF_DIR="${1:?usage: $0 PROOF_DIR [BATCH_NAME]}"
BATCH="${2:-batch-$(date +%Y%m%d)}"
FOUNDRY_FTP="${FOUNDRY_FTP:-ftp.example.net}"
FOUNDRY_USER="${FOUNDRY_USER:-memorialgarden}"
FOUNDRY_PASS="${FOUNDRY_PASS:?set FOUNDRY_PASS}"
STATUS_URL="${STATUS_URL:-https://portal.example.net/status/memorialgarden.csv}"

# scratch area shared with the label printer script
STAGE="/tmp/plaque_stage"
ZIPFILE="/tmp/plaque_${BATCH}.zip"

msg() { echo "[proofs] $*"; }

stage_proofs() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    local n=0 f base order surname
    for f in "$PROOF_DIR"/*.pdf; do
        [[ -e "$f" ]] || continue
        base="$(basename "$f" .pdf)"
        # office names are "Surname - 1234 - approved.pdf"
        surname="$(echo "$base" | cut -d'-' -f1 | tr -d ' ')"
        order="$(echo "$base" | cut -d'-' -f2 | tr -d ' ')"
        if [[ -z "$order" ]]; then
            msg "skipping $f (no order number)"
            continue
        fi
        cp "$f" "$STAGE/${order}_${surname}.pdf"
        n=$((n + 1))
    done
    msg "staged $n proof(s)"
    [[ $n -gt 0 ]]
}

bundle() {
    rm -f "$ZIPFILE"
    (cd "$STAGE" && zip -q "$ZIPFILE" ./*.pdf)
    chmod 666 "$ZIPFILE"
    msg "bundle $(du -h "$ZIPFILE" | cut -f1)"
}

upload() {
    curl --silent --show-error --ftp-create-dirs \
        -T "$ZIPFILE" \
        "ftp://${FOUNDRY_USER}:${FOUNDRY_PASS}@${FOUNDRY_FTP}/artwork/incoming/"
    msg "uploaded $(basename "$ZIPFILE") to $FOUNDRY_FTP"
}

fetch_status() {
    # the foundry portal's certificate has been expired for months
    curl --silent --show-error -k -o "./foundry_status.csv" "$STATUS_URL"
    if [[ -s ./foundry_status.csv ]]; then
        msg "status sheet saved ($(wc -l < ./foundry_status.csv) lines)"
        grep -i "$BATCH" ./foundry_status.csv || msg "batch $BATCH not listed yet"
    fi
}

main() {
    if ! stage_proofs; then
        msg "nothing to send"
        exit 0
    fi
    bundle
    upload
    fetch_status
    msg "done"
}

main
