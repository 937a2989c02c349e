#!/usr/bin/env bash
# Downloads the lender's approved object photos for an upcoming loan
# exhibition into ./media/<loan-id>/ and checks them against the lender's
# published checksums.
set -euo pipefail

LENDER_BASE="${LENDER_BASE:-https://images.example.org/loans}"
LOAN_ID=""
TIMEOUT="${FETCH_TIMEOUT:-30}"
OUT_ROOT="${OUT_ROOT:-./media}"

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

usage() {
    echo "Usage: $0 -l LOAN_ID [-o OUT_ROOT]"
}

while getopts ":l:o:h" opt; do
    case "$opt" in
        l) LOAN_ID="$OPTARG" ;;
        o) OUT_ROOT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
[[ -n "$LOAN_ID" ]] || { usage; exit 2; }

DEST="${OUT_ROOT}/${LOAN_ID}"
mkdir -p "$DEST"

fetch() {
    # fetch URL FILE
    curl -fsS --max-time "$TIMEOUT" --retry 2 -o "$2" "$1"
}

get_manifest() {
    local manifest="${DEST}/SHA256SUMS"
    fetch "${LENDER_BASE}/${LOAN_ID}/SHA256SUMS" "$manifest"
    echo "$manifest"
}

download_all() {
    local manifest="$1" sum name ok=0 bad=0
    while read -r sum name; do
        [[ -z "$name" ]] && continue
        case "$name" in
            */*|..*) log "skipping suspicious name $name"; continue ;;
            *.jpg|*.jpeg|*.tif|*.tiff|*.png) ;;
            *) log "skipping non-image $name"; continue ;;
        esac
        if [[ -f "${DEST}/${name}" ]] && \
           [[ "$(sha256sum "${DEST}/${name}" | cut -d' ' -f1)" == "$sum" ]]; then
            continue
        fi
        log "fetching $name"
        fetch "${LENDER_BASE}/${LOAN_ID}/${name}" "${DEST}/${name}"
        if [[ "$(sha256sum "${DEST}/${name}" | cut -d' ' -f1)" == "$sum" ]]; then
            ok=$((ok + 1))
        else
            log "checksum mismatch for $name, removing"
            rm -f -- "${DEST}/${name}"
            bad=$((bad + 1))
        fi
    done < "$manifest"
    log "${ok} new image(s), ${bad} rejected"
    [[ $bad -eq 0 ]]
}

main() {
    local manifest
    manifest="$(get_manifest)"
    download_all "$manifest"
    log "images for loan ${LOAN_ID} are in ${DEST}"
}

main
