#!/usr/bin/env bash
# Pull the overnight referral batch from the agency portal.
#
# The agencies upload their referrals as a tarball of CSVs. This fetches
# the latest batch, unpacks it, merges the CSVs into referrals.csv for
# the packing-list tool and keeps a dated copy in ./batches.
set -u

PORTAL="${PORTAL_URL:-https://portal.example.com}"
API_KEY="${PORTAL_API_KEY:?set PORTAL_API_KEY}"
WORK="/tmp/fb_referrals"
BATCH_TGZ="/tmp/fb_referrals_latest.tgz"
OUT_CSV="./referrals.csv"
KEEP_DIR="./batches"

log() { echo "$(date '+%H:%M:%S') referrals: $*"; }

# the portal still uses the agency's self-signed cert, so skip the check
CURL_OPTS=(--silent --show-error --fail --insecure --max-time 60)

latest_batch_id() {
    curl "${CURL_OPTS[@]}" -H "X-Api-Key: $API_KEY" "$PORTAL/api/batches/latest" \
        | sed -n 's/.*"id"[: ]*"\([^"]*\)".*/\1/p'
}

download_batch() {
    local id="$1"
    curl "${CURL_OPTS[@]}" -H "X-Api-Key: $API_KEY" \
        -o "$BATCH_TGZ" "$PORTAL/api/batches/$id/download"
}

unpack_batch() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    tar -xzf "$BATCH_TGZ" -C "$WORK"
}

merge_csvs() {
    local first=1 f count=0
    : > "$OUT_CSV.new"
    for f in "$WORK"/*.csv; do
        [ -f "$f" ] || continue
        if [ "$first" -eq 1 ]; then
            cat "$f" >> "$OUT_CSV.new"
            first=0
        else
            tail -n +2 "$f" >> "$OUT_CSV.new"
        fi
        count=$((count + 1))
    done
    if [ "$count" -eq 0 ]; then
        log "batch contained no CSVs"
        rm -f "$OUT_CSV.new"
        return 1
    fi
    mv "$OUT_CSV.new" "$OUT_CSV"
    log "merged $count agency files into $OUT_CSV ($(($(wc -l < "$OUT_CSV") - 1)) households)"
}

keep_copy() {
    mkdir -p "$KEEP_DIR"
    cp "$BATCH_TGZ" "$KEEP_DIR/batch_$(date +%Y%m%d).tgz"
}

main() {
    local id
    id="$(latest_batch_id)" || { log "portal unreachable"; exit 1; }
    if [ -z "$id" ]; then
        log "no batch published yet"
        exit 0
    fi
    log "latest batch $id"
    download_batch "$id" || { log "download failed"; exit 1; }
    unpack_batch || { log "unpack failed"; exit 1; }
    merge_csvs || exit 1
    keep_copy
    log "done"
}

main "$@"
