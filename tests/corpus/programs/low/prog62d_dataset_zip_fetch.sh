#!/usr/bin/env bash
# Fetch the published benchmark datasets (zip archives) into ./data,
# verify checksums and print a small inventory. Nothing from the archives is
# executed; they only contain CSV and JSON files.
set -euo pipefail

BASE_URL="${DATASET_BASE_URL:-https://downloads.example-research.org/bench/v3}"
DEST="./data"
CACHE="./.cache/downloads"
MANIFEST="datasets.lst"
KEEP_CACHE=0

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() {
    cat <<USAGE
usage: $0 [-m manifest] [-d dest] [-k]
  -m FILE   manifest of "name sha256" lines (default: $MANIFEST)
  -d DIR    destination directory (default: $DEST)
  -k        keep downloaded zips in $CACHE
USAGE
}

while getopts ":m:d:kh" opt; do
    case "$opt" in
        m) MANIFEST="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        k) KEEP_CACHE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$MANIFEST" ]] || { log "manifest $MANIFEST not found"; exit 1; }
mkdir -p "$DEST" "$CACHE"

fetch_one() {
    local name="$1" want="$2" zip="$CACHE/$1.zip"
    if [[ ! -s "$zip" ]]; then
        log "downloading $name"
        curl -fsSL --retry 3 --max-time 300 -o "$zip.part" "$BASE_URL/$name.zip"
        mv "$zip.part" "$zip"
    fi
    local got
    got=$(sha256sum "$zip" | awk '{print $1}')
    if [[ "$got" != "$want" ]]; then
        log "checksum mismatch for $name (got $got)"
        rm -f "$zip"
        return 1
    fi
    # list first so a malformed archive is caught before we unpack anything
    unzip -Z1 "$zip" | grep -Ev '\.(csv|json|md)$' && {
        log "$name contains unexpected file types, skipping"; return 1; }
    unzip -oq "$zip" -d "$DEST/$name"
}

inventory() {
    local dir
    printf '%-28s %8s %12s\n' DATASET FILES ROWS
    for dir in "$DEST"/*/; do
        [[ -d "$dir" ]] || continue
        local files rows
        files=$(find "$dir" -type f | wc -l)
        rows=$(find "$dir" -name '*.csv' -exec cat {} + 2>/dev/null | wc -l)
        printf '%-28s %8d %12d\n' "$(basename "$dir")" "$files" "$rows"
    done
}

failures=0
while read -r name sum; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    fetch_one "$name" "$sum" || failures=$((failures + 1))
done < "$MANIFEST"

inventory

if [[ "$KEEP_CACHE" -eq 0 ]]; then
    log "removing download cache"
    rm -rf ./.cache/downloads
fi

if (( failures > 0 )); then
    log "$failures dataset(s) failed"
    exit 1
fi
log "all datasets ready in $DEST"
