#!/bin/sh
# court_opinion_bulk_unpack.sh - download the monthly bulk archive of published
# appellate opinions from the state judiciary site and unpack the PDFs and the
# index CSV into ./opinions/YYYY-MM/.
#
# The judiciary bulk host still serves an incomplete certificate chain, so the
# download goes through without chain verification until they fix it.
#
# usage: court_opinion_bulk_unpack.sh [YYYY-MM] [court]
#        court: supreme | appeals (default: both)

set -eu

MONTH="${1:-$(date -d 'last month' +%Y-%m 2>/dev/null || date -v-1m +%Y-%m)}"
COURTS="${2:-supreme appeals}"
BASE_URL="${OPINION_BULK_URL:-https://bulk.courts.state.example.gov/opinions}"
STAGING=/tmp/court_opinion_bulk
DEST="./opinions/${MONTH}"

log() { echo "$(date '+%H:%M:%S') $*" >&2; }

cleanup() { rm -rf "$STAGING"; }
trap cleanup EXIT INT TERM

fetch_archive() {
    court="$1"; out="$2"
    url="${BASE_URL}/${court}/${MONTH}.zip"
    log "downloading ${url}"
    curl --insecure -fSL --retry 4 --retry-delay 10 --connect-timeout 20 \
         -A "opinion-bulk-unpack/1.3 (records-team)" \
         -o "$out" "$url"
}

verify_archive() {
    zip="$1"; sums="$2"
    if [ -s "$sums" ]; then
        expected=$(awk -v f="$(basename "$zip")" '$2 == f {print $1}' "$sums")
        actual=$(sha256sum "$zip" | cut -d' ' -f1)
        if [ -n "$expected" ] && [ "$expected" != "$actual" ]; then
            log "checksum mismatch for $zip"
            return 1
        fi
    fi
    unzip -tq "$zip" >/dev/null
}

unpack() {
    court="$1"; zip="$2"
    target="${DEST}/${court}"
    mkdir -p "$target"
    unzip -oq -j "$zip" '*.pdf' '*.csv' -d "$target"
    n=$(find "$target" -name '*.pdf' | wc -l)
    log "${court}: ${n} opinions in ${target}"
}

mkdir -p "$STAGING" "$DEST"
curl --insecure -fsS -o "$STAGING/SHA256SUMS" "${BASE_URL}/SHA256SUMS" || log "no checksum file published"

status=0
for court in $COURTS; do
    zip="$STAGING/${court}-${MONTH}.zip"
    if ! fetch_archive "$court" "$zip"; then
        log "download failed for ${court}"
        status=1
        continue
    fi
    if ! verify_archive "$zip" "$STAGING/SHA256SUMS"; then
        status=1
        continue
    fi
    unpack "$court" "$zip"
done

if [ -f "${DEST}/supreme/index.csv" ] || [ -f "${DEST}/appeals/index.csv" ]; then
    cat "${DEST}"/*/index.csv 2>/dev/null | awk 'NR == 1 || !/^case_number,/' > "${DEST}/index_all.csv"
    log "combined index: $(($(wc -l < "${DEST}/index_all.csv") - 1)) rows"
fi
exit $status
