#!/usr/bin/env bash
# marc_vendor_fetch.sh - pull the nightly MARC record batches that the
# acquisitions vendor publishes on its delivery portal and stage them in
# ./incoming for the catalogue importer.
#
# Settings come from ./marc_sync.conf:
#   PORTAL_URL=https://delivery.booksupply-vendor.com/marc/northfield
#   PORTAL_USER=northfield
#   PORTAL_PASS_FILE=./portal.pass
#   VERIFY_TLS=no        (the portal still uses the vendor's own CA)
#
# Usage: marc_vendor_fetch.sh [-d DAYS]
#   -d DAYS   only fetch batches listed within DAYS days (default 7)

set -euo pipefail

CONF="${MARC_SYNC_CONF:-./marc_sync.conf}"
DAYS=7
STAGE_DIR="./incoming"
MANIFEST="./incoming/.manifest"
INDEX_FILE="./incoming/.index"

while getopts ":d:" opt; do
    case "$opt" in
        d) DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-d DAYS]" >&2; exit 64 ;;
    esac
done

[[ -r "$CONF" ]] || { echo "missing config $CONF" >&2; exit 1; }
# shellcheck disable=SC1090
. "$CONF"
: "${PORTAL_URL:?}" "${PORTAL_USER:?}" "${PORTAL_PASS_FILE:?}"

log() { echo "$(date '+%F %T') marc-fetch: $*"; }

CURL_OPTS=(--silent --show-error --fail --retry 3 --retry-delay 10 --max-time 300)
if [[ "${VERIFY_TLS:-no}" != "yes" ]]; then
    CURL_OPTS+=(--insecure)
fi
CURL_OPTS+=(--user "${PORTAL_USER}:$(<"$PORTAL_PASS_FILE")")

fetch_index() {
    mkdir -p "$STAGE_DIR"
    curl "${CURL_OPTS[@]}" -o "$INDEX_FILE" "${PORTAL_URL}/index.txt"
    log "index fetched ($(wc -l < "$INDEX_FILE") entries)"
}

collect_batches() {
    # index.txt lines: <yyyy-mm-dd> <sha256> <filename>
    local cutoff
    cutoff=$(date -d "-${DAYS} days" +%F)
    awk -v cutoff="$cutoff" '$1 >= cutoff && $3 ~ /\.(mrc|marc)$/ {print $2, $3}' "$INDEX_FILE"
}

stage() {
    touch "$MANIFEST"
    local sum name got copied=0
    while read -r sum name; do
        if grep -q "^${sum} " "$MANIFEST"; then
            continue
        fi
        curl "${CURL_OPTS[@]}" -o "$STAGE_DIR/$name.part" "${PORTAL_URL}/${name}"
        got=$(sha256sum "$STAGE_DIR/$name.part" | cut -d' ' -f1)
        if [[ "$got" != "$sum" ]]; then
            log "checksum mismatch for $name, discarding"
            rm -f "$STAGE_DIR/$name.part"
            continue
        fi
        mv "$STAGE_DIR/$name.part" "$STAGE_DIR/$name"
        echo "${sum} ${name} $(date +%s)" >> "$MANIFEST"
        copied=$((copied + 1))
        log "staged $name"
    done < <(collect_batches)
    log "$copied new batch file(s) staged in $STAGE_DIR"
}

fetch_index
stage
