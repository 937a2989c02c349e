#!/usr/bin/env bash
# Fetch the navigation authority's stoppage notice bundle and list the
# notices that affect our locks.  The notices mirror uses an internal CA
# that the cabin PCs do not have, hence the relaxed TLS.
# Usage: prog191c_stoppage_notices_fetch.sh [lock_id ...]
set -euo pipefail

MIRROR="${NOTICES_MIRROR:-https://notices.waterways.example.org/bundles}"
BUNDLE="stoppages-$(date +%G-W%V).tar.gz"
WORK="/tmp/stoppages"
ARCHIVE="/tmp/stoppages.tar.gz"
OUT="${OUT:-./stoppages_affecting_us.txt}"

default_locks=(HATHERTON-L1 HATHERTON-L2 HATHERTON-L3 WHARFSIDE-07 LOWER-BRIDGE-4)
if (( $# )); then locks=("$@"); else locks=("${default_locks[@]}"); fi

curl_opts=(-fsS --retry 2 --max-time 60)
curl_opts+=("-""k")

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

fetch_bundle() {
    log "fetching $BUNDLE"
    curl "${curl_opts[@]}" "$MIRROR/$BUNDLE" -o "$ARCHIVE"
}

unpack_bundle() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    tar -xzf "$ARCHIVE" -C "$WORK"
    log "unpacked $(find "$WORK" -type f -name '*.txt' | wc -l) notices"
}

matching_notices() {
    local pattern
    pattern="$(IFS='|'; echo "${locks[*]}")"
    grep -rlE "$pattern" "$WORK" --include='*.txt' || true
}

summarise() {
    local f
    while read -r f; do
        [[ -n "$f" ]] || continue
        echo "=== $(basename "$f" .txt)"
        sed -n '/^Title:/p;/^From:/p;/^Until:/p;/^Locks:/p' "$f"
        echo
    done
}

main() {
    fetch_bundle
    unpack_bundle
    matching_notices | summarise > "$OUT"
    log "$(grep -c '^===' "$OUT" || echo 0) notices affect ${#locks[@]} locks -> $OUT"
}

main
