#!/usr/bin/env bash
# catalogue_feed_fetch.sh - pull the published lot feed for a sale from the
# catalogue partner so the web team can check it against our lot sheet.
#
# The partner's staging feed server uses a certificate issued by their
# internal CA, so certificate checks are turned off for that host.
set -euo pipefail

FEED_BASE="${FEED_BASE:-https://feed-staging.example.com/v1/sales}"
OUT_DIR="${OUT_DIR:-./feeds}"
SALE=""
FORMAT="json"
RETRIES=3

log() { echo "$(date '+%F %T') feed-fetch: $*" >&2; }

usage() {
    cat >&2 <<EOF
Usage: $0 -s SALE [-f json|csv] [-o out_dir]
EOF
}

while getopts "s:f:o:h" opt; do
    case "$opt" in
        s) SALE="$OPTARG" ;;
        f) FORMAT="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "$SALE" ]] || { usage; exit 2; }
case "$FORMAT" in
    json|csv) ;;
    *) log "unsupported format ${FORMAT}"; exit 2 ;;
esac

mkdir -p "$OUT_DIR"
TARGET="${OUT_DIR}/${SALE}.${FORMAT}"
PARTIAL="${TARGET}.part"

fetch() {
    local attempt
    for ((attempt = 1; attempt <= RETRIES; attempt++)); do
        if curl -k -fsS --max-time 30 \
                -H "Accept: application/${FORMAT}" \
                -o "$PARTIAL" "${FEED_BASE}/${SALE}/lots.${FORMAT}"; then
            mv "$PARTIAL" "$TARGET"
            return 0
        fi
        log "attempt ${attempt} failed; retrying"
        sleep $((attempt * 3))
    done
    rm -f "$PARTIAL"
    return 1
}

count_lots() {
    if [[ "$FORMAT" == "json" ]] && command -v jq >/dev/null 2>&1; then
        jq '.lots | length' "$TARGET"
    else
        echo $(( $(wc -l < "$TARGET") - 1 ))
    fi
}

if fetch; then
    log "saved ${TARGET} ($(count_lots) lots)"
    sha256sum "$TARGET" > "${TARGET}.sha256"
else
    log "could not fetch feed for ${SALE}"
    exit 1
fi
