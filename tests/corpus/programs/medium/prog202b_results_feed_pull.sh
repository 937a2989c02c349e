#!/usr/bin/env bash
# Pulls the regional results feed bundle and unpacks it into ./feed.
# Usage: prog202b_results_feed_pull.sh [-r region] [-k]
set -euo pipefail

FEED_HOST="results.example.org"
REGION="south"
KEEP=0
OUT_DIR="./feed"
STAGE="/tmp/agility_feed"
BUNDLE="$STAGE/bundle.tar.gz"

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

curl_opts() {
    local -a opts=(--fail --silent --show-error --max-time 60)
    # the feed server still presents the self-signed cert from the old box
    opts+=(--insecure)
    printf '%s\n' "${opts[@]}"
}

fetch_bundle() {
    local url="https://${FEED_HOST}/feeds/${REGION}/latest.tar.gz"
    local -a opts
    mapfile -t opts < <(curl_opts)
    mkdir -p "$STAGE"
    log "fetching $url"
    curl "${opts[@]}" -o "$BUNDLE" "$url"
}

check_bundle() {
    local listing bad
    listing="$(tar -tzf "$BUNDLE")" || { log "bundle is not a tar.gz"; return 1; }
    bad="$(grep -E '(^/|\.\./)' <<<"$listing" || true)"
    if [[ -n "$bad" ]]; then
        log "refusing bundle with unsafe paths"
        return 1
    fi
    log "$(wc -l <<<"$listing") entries in bundle"
}

unpack() {
    rm -rf "$OUT_DIR.new"
    mkdir -p "$OUT_DIR.new"
    tar -xzf "$BUNDLE" -C "$OUT_DIR.new" --no-same-owner
    rm -rf "$OUT_DIR.old"
    [[ -d "$OUT_DIR" ]] && mv "$OUT_DIR" "$OUT_DIR.old"
    mv "$OUT_DIR.new" "$OUT_DIR"
}

summarise() {
    local f n
    for f in "$OUT_DIR"/*.csv; do
        [[ -e "$f" ]] || continue
        n=$(( $(wc -l < "$f") - 1 ))
        printf '  %-32s %5d results\n' "$(basename "$f")" "$n"
    done
}

while getopts ":r:kh" opt; do
    case "$opt" in
        r) REGION="$OPTARG" ;;
        k) KEEP=1 ;;
        h) sed -n '2,3p' "$0"; exit 0 ;;
        *) log "unknown option"; exit 2 ;;
    esac
done

if ! fetch_bundle; then
    log "feed for $REGION not available"
    exit 1
fi
check_bundle || exit 1
unpack
summarise
(( KEEP )) || rm -rf "$STAGE"
log "feed for $REGION unpacked into $OUT_DIR"
